import { parseShanghaiDate } from '@author-centre/shared';

/**
 * Realistic reader activity for the demo books, as a reading site would report it: readers arrive
 * in a daily rhythm (evenings busiest), read on chapter by chapter with each chapter losing some of
 * them (steeper at the pay point), buy paid chapters, favourite, comment, give gifts and rewards.
 * Deterministic for a seed, so a day generated twice gives the same event ids (and is counted once).
 */

export interface SimChapter {
  chapter_id: number;
  vip: number;
  /** The published text (readers comment on its paragraphs and send corrections of it), when known. */
  text?: string;
  /** When it was first published (no reads before). */
  published_at: number;
}

export interface SimBook {
  book_id: number;
  chapters: SimChapter[];
  /** Readers a day who open chapter 1 at the book's peak popularity. */
  popularity: number;
}

export interface SimEvent {
  event_id: string;
  kind: string;
  book_id: number;
  chapter_id?: number;
  amount_fen?: number;
  occurred_at: number;
  /** The fields of comments, replies and corrections (docs/comments.md). */
  [field: string]: unknown;
}

/** An event before its id and time are given. */
export type SimEventBody = {
  kind: string;
  book_id: number;
  chapter_id?: number;
  amount_fen?: number;
  [field: string]: unknown;
};

/** A small fast PRNG (mulberry32) seeded from a string. */
export function rng(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let a = (h << 13) | (h >>> 19);
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Share of a day's readers in each hour (Beijing time): quiet at night, a lunch bump, an evening peak. */
const HOURS = [2, 1, 1, 1, 1, 1, 2, 3, 4, 4, 4, 5, 7, 6, 4, 4, 4, 5, 6, 8, 10, 11, 10, 6];
const HOUR_TOTAL = HOURS.reduce((s, h) => s + h, 0);

function hourOf(r: () => number): number {
  let x = r() * HOUR_TOTAL;
  for (let h = 0; h < 24; h++) {
    x -= HOURS[h];
    if (x < 0) return h;
  }
  return 23;
}

/** Price of a paid chapter: about 5 fen per thousand words of a 2,500-word chapter, as the sites charge. */
const CHAPTER_PRICE_FEN = 13;

/**
 * One day's events of a site for the books, up to `until` (today's events stop at the present).
 * `site` makes the ids unique per site; `weekday` rhythm: weekends a fifth busier.
 */
export function dayEvents(site: string, books: SimBook[], day: string, until = Number.POSITIVE_INFINITY): SimEvent[] {
  const start = parseShanghaiDate(day);
  const weekend = [0, 6].includes(new Date(start + 8 * 3_600_000).getUTCDay());
  const events: SimEvent[] = [];
  for (const book of books) {
    const r = rng(`${site}|${book.book_id}|${day}`);
    // Comment and correction details draw from their own sequence, so reads and orders stay as they were.
    const rc = rng(`${site}|${book.book_id}|${day}|comments`);
    const comments: string[] = [];
    const live = book.chapters.filter((c) => c.published_at < start + 86_400_000);
    if (!live.length) continue;
    const readers = Math.round(book.popularity * (weekend ? 1.2 : 1) * (0.8 + r() * 0.4));
    let n = 0;
    const at = () => start + hourOf(r) * 3_600_000 + Math.floor(r() * 3_600_000);
    const push = (e: SimEventBody, time: number) => {
      // The id is taken before the cut: regenerating the day later gives earlier events the same ids.
      const id = `${site}-${book.book_id}-${day}-${n++}`;
      if (time <= until) events.push({ event_id: id, occurred_at: time, ...e });
    };
    for (let reader = 0; reader < readers; reader++) {
      // Most readers start at chapter 1; some come back where they left off.
      let i = r() < 0.7 ? 0 : Math.floor(r() * live.length);
      let time = at();
      const buyer = r() < 0.25;
      for (; i < live.length; i++) {
        const c = live[i];
        if (c.vip === 1) {
          if (!buyer) break;
          push(
            {
              kind: 'chapter_purchase',
              book_id: book.book_id,
              chapter_id: c.chapter_id,
              amount_fen: CHAPTER_PRICE_FEN,
            },
            time,
          );
        }
        push({ kind: 'chapter_read', book_id: book.book_id, chapter_id: c.chapter_id }, time);
        time += 4 * 60_000 + Math.floor(r() * 8 * 60_000);
        // Read-through decays: most readers go on to the next chapter, fewer the further they are.
        if (r() > 0.86 - i * 0.004) break;
      }
      if (r() < 0.04) push({ kind: 'favourite', book_id: book.book_id }, time);
      if (r() < 0.015) {
        const c = live[Math.min(i, live.length - 1)];
        const e = readerComment(rc, site, reader, book.book_id, c);
        push(e, time);
        comments.push(`${site}-${book.book_id}-${day}-${n - 1}`);
        // Now and then another reader answers an earlier comment of the day.
        if (comments.length > 1 && rc() < 0.3)
          push(
            {
              ...readerComment(rc, site, reader + 1, book.book_id, null),
              kind: 'comment_reply',
              parent_event_id: comments[Math.floor(rc() * (comments.length - 1))],
            },
            time + 60_000,
          );
      }
      if (rc() < 0.004) {
        const c = live[Math.min(i, live.length - 1)];
        const correction = readerCorrection(rc, site, reader, book.book_id, c);
        if (correction) push(correction, time);
      }
      if (r() < 0.006)
        push({ kind: 'gift', book_id: book.book_id, amount_fen: [100, 500, 1000, 5200][Math.floor(r() * 4)] }, time);
      if (r() < 0.01)
        push({ kind: 'reward', book_id: book.book_id, amount_fen: [10, 50, 100, 888][Math.floor(r() * 4)] }, time);
    }
  }
  return events;
}

const READER_NAMES = ['书虫小白', '夜读人', '追更狂魔', '青衫客', '月下独酌', '路过的读者', '墨染', '风起时'];
const COMMENT_TEXTS = [
  '写得真好，期待更新！',
  '这一章节奏很棒，主角终于出手了',
  '前面的伏笔收得漂亮',
  '作者大大加更吧',
  '这个配角太有意思了',
  '有点没看懂这里的安排，后面会解释吗？',
];

/** A reader's comment on the book, a chapter or one of its paragraphs, an evaluation or a check-in. */
function readerComment(
  r: () => number,
  site: string,
  reader: number,
  bookId: number,
  chapter: SimChapter | null,
): SimEventBody {
  const who = { reader_id: `${site}-reader-${reader % 400}`, reader_name: READER_NAMES[reader % READER_NAMES.length] };
  const content = COMMENT_TEXTS[Math.floor(r() * COMMENT_TEXTS.length)];
  const roll = r();
  const paragraphs = chapter?.text?.split('\n') ?? [];
  if (chapter && paragraphs.length > 1 && roll < 0.25)
    return {
      kind: 'comment',
      book_id: bookId,
      chapter_id: chapter.chapter_id,
      comment_type: 'paragraph',
      paragraph_index: Math.floor(r() * paragraphs.length),
      content,
      ...who,
    };
  if (chapter && roll < 0.7)
    return {
      kind: 'comment',
      book_id: bookId,
      chapter_id: chapter.chapter_id,
      comment_type: 'chapter',
      content,
      ...who,
    };
  if (roll < 0.8)
    return {
      kind: 'comment',
      book_id: bookId,
      comment_type: 'evaluate',
      rating: 3 + Math.floor(r() * 3),
      content,
      ...who,
    };
  if (roll < 0.9) return { kind: 'comment', book_id: bookId, comment_type: 'checkin', content: '打卡', ...who };
  return { kind: 'comment', book_id: bookId, comment_type: 'book', content, ...who };
}

/** A reader's error correction of two characters of a paragraph (they suggest them the other way round). */
function readerCorrection(r: () => number, site: string, reader: number, bookId: number, chapter: SimChapter) {
  const paragraphs = chapter.text?.split('\n') ?? [];
  const index = Math.floor(r() * paragraphs.length);
  const p = paragraphs[index] ?? '';
  if (p.length < 4) return null;
  const at = Math.floor(r() * (p.length - 2));
  const original = p.slice(at, at + 2);
  const suggestion = [...original].reverse().join('');
  if (suggestion === original || /\s/.test(original)) return null;
  return {
    kind: 'correction',
    book_id: bookId,
    chapter_id: chapter.chapter_id,
    reader_id: `${site}-reader-${reader % 400}`,
    reader_name: READER_NAMES[reader % READER_NAMES.length],
    paragraph_index: index,
    original,
    suggestion,
  };
}

/** A partner platform's daily revenue line per book (zh), and the free app's reads and ad revenue. */
export function partnerEvents(
  site: string,
  kind: 'zh' | 'free',
  books: SimBook[],
  day: string,
  until = Number.POSITIVE_INFINITY,
): SimEvent[] {
  const start = parseShanghaiDate(day);
  const events: SimEvent[] = [];
  for (const book of books) {
    const r = rng(`${site}|${book.book_id}|${day}`);
    const live = book.chapters.filter((c) => c.published_at < start + 86_400_000);
    if (!live.length) continue;
    // Partner lines are reported once a day for the day before, at 23:00.
    const time = start + 23 * 3_600_000;
    if (time > until) continue;
    if (kind === 'zh') {
      events.push({
        event_id: `${site}-${book.book_id}-${day}`,
        kind: 'partner_revenue',
        book_id: book.book_id,
        amount_fen: Math.round(book.popularity * (2 + r() * 3)),
        occurred_at: time,
      });
    } else {
      const reads = Math.round(book.popularity * 0.3 * (0.8 + r() * 0.4));
      for (let i = 0; i < reads; i++)
        events.push({
          event_id: `${site}-${book.book_id}-${day}-${i}`,
          kind: 'free_read',
          book_id: book.book_id,
          chapter_id: live[Math.min(live.length - 1, Math.floor(r() * r() * live.length))].chapter_id,
          occurred_at: start + hourOf(r) * 3_600_000,
        });
      events.push({
        event_id: `${site}-${book.book_id}-${day}-ads`,
        kind: 'free_revenue',
        book_id: book.book_id,
        amount_fen: Math.max(1, Math.round(reads * 0.8)),
        occurred_at: time,
      });
    }
  }
  return events.filter((e) => e.occurred_at <= until);
}
