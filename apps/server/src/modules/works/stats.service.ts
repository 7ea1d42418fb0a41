import {
  parseShanghaiDate,
  SIGNING_GUIDE,
  shanghaiDate,
  shanghaiDayStart,
  signThresholdWords,
} from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import { badInput } from '../../platform/http/errors.ts';
import { showWordsToast } from './legacy.routes.ts';
import { type Executor, type Owner, ownedBook } from './works.repository.ts';

const DAY_MS = 86_400_000;

/** Consecutive Shanghai days with published words, ending today (or yesterday, if today has none yet). */
export function streakOf(days: ReadonlySet<string>, now: number): number {
  let at = shanghaiDayStart(now);
  if (!days.has(shanghaiDate(at))) at -= DAY_MS;
  let n = 0;
  while (days.has(shanghaiDate(at))) {
    n++;
    at -= DAY_MS;
  }
  return n;
}

/**
 * A published chapter moved into (counted 1 → 0) or out of (0 → 1) the notice volume: its first
 * publication leaves or joins the words of its Asia/Shanghai day, so daily words and update
 * streaks count exactly the chapters outside the notice volume. The words taken are those of the
 * first publication (the oldest 'publish' version), as they were added when it was published.
 */
export async function shiftDailyWords(
  tx: Executor,
  chapter: {
    id: number;
    client_id: number;
    book_id: number;
    first_published_at: number | null;
    published_words: number;
  },
  direction: 1 | -1,
): Promise<void> {
  if (chapter.first_published_at === null) return;
  const first = await tx
    .selectFrom('chapter_versions')
    .select('words')
    .where('chapter_id', '=', chapter.id)
    .where('kind', '=', 'publish')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const words = first?.words ?? chapter.published_words;
  const day = shanghaiDate(chapter.first_published_at);
  if (direction === 1) {
    const book = await tx
      .selectFrom('books')
      .select('account_id')
      .where('id', '=', chapter.book_id)
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('book_daily_words')
      .values({
        client_id: chapter.client_id,
        account_id: book.account_id,
        book_id: chapter.book_id,
        day,
        words,
        chapters: 1,
      })
      .onConflict((oc) =>
        oc.columns(['book_id', 'day']).doUpdateSet((eb) => ({
          words: eb('book_daily_words.words', '+', eb.ref('excluded.words')),
          chapters: eb('book_daily_words.chapters', '+', 1),
        })),
      )
      .execute();
    return;
  }
  await tx
    .updateTable('book_daily_words')
    .set((eb) => ({ words: eb('words', '-', words), chapters: eb('chapters', '-', 1) }))
    .where('book_id', '=', chapter.book_id)
    .where('day', '=', day)
    .execute();
  // A day left with no counted chapter is no longer a publishing day (streaks, calendar).
  await tx
    .deleteFrom('book_daily_words')
    .where('book_id', '=', chapter.book_id)
    .where('day', '=', day)
    .where('chapters', '<=', 0)
    .execute();
}

/**
 * Words published per Shanghai day (first publications outside the notice volume), per book and
 * per author, as the calendar, the stage page and other modules read them.
 */
export class StatsService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  /** Every day from `from` to `to` (inclusive, 'YYYY-MM-DD'), zero where nothing was published. */
  async dailyWords(owner: Owner, q: { bookId?: number; from: string; to: string }) {
    const fromMs = parseShanghaiDate(q.from);
    const toMs = parseShanghaiDate(q.to);
    if (Number.isNaN(fromMs) || Number.isNaN(toMs) || toMs < fromMs || toMs - fromMs > 366 * DAY_MS) {
      throw badInput('from', { 'zh-CN': '日期范围无效（最长一年）', 'en-US': 'Invalid date range (at most a year)' });
    }
    let query = this.#db
      .selectFrom('book_daily_words')
      .select([
        'day',
        (eb) => eb.fn.sum<number>('words').as('words'),
        (eb) => eb.fn.sum<number>('chapters').as('chapters'),
      ])
      .where('account_id', '=', owner.accountId)
      .where('client_id', '=', owner.clientId)
      .where('day', '>=', q.from)
      .where('day', '<=', q.to)
      .groupBy('day');
    if (q.bookId) {
      const book = await ownedBook(this.#db, owner, q.bookId);
      query = query.where('book_id', '=', book.id);
    }
    const rows = await query.execute();
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const days: Array<{ date: string; words: number; chapters: number }> = [];
    for (let at = fromMs; at <= toMs; at += DAY_MS) {
      const date = shanghaiDate(at);
      const r = byDay.get(date);
      days.push({ date, words: Number(r?.words ?? 0), chapters: Number(r?.chapters ?? 0) });
    }
    return { from: q.from, to: q.to, total: days.reduce((s, d) => s + d.words, 0), days };
  }

  /** date-calendar: a month of the author's publishing days, with the current update streak. */
  async calendar(owner: Owner, month: string, now = Date.now()) {
    if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(parseShanghaiDate(`${month}-01`))) {
      throw badInput('month', { 'zh-CN': '月份格式应为YYYY-MM', 'en-US': 'The month must be YYYY-MM' });
    }
    const first = parseShanghaiDate(`${month}-01`);
    const next = new Date(first + 8 * 3_600_000);
    next.setUTCMonth(next.getUTCMonth() + 1, 1);
    const last = shanghaiDate(next.getTime() - 8 * 3_600_000 - DAY_MS);
    const daily = await this.dailyWords(owner, { from: `${month}-01`, to: last });
    const recent = await this.#db
      .selectFrom('book_daily_words')
      .select('day')
      .distinct()
      .where('account_id', '=', owner.accountId)
      .where('day', '>=', shanghaiDate(now - 400 * DAY_MS))
      .where('words', '>', 0)
      .execute();
    const today = shanghaiDate(now);
    return {
      month,
      today,
      total: daily.total,
      streak: streakOf(new Set(recent.map((r) => r.day)), now),
      days: daily.days.map((d) => ({ ...d, updated: d.words > 0, future: d.date > today })),
    };
  }

  /**
   * The stage page (growth cycle): words per day over the last 30 days, the update streak, and
   * where the book stands against its brand's sign-up threshold (§1 applySignCondition; short
   * story 4000) and the free-app listing line (§9: 30,000 words after signing).
   */
  async stage(
    owner: Owner,
    bookId: number,
    brand: { applySignCondition: string; shortStorySignCondition: number },
    now = Date.now(),
  ) {
    const book = await ownedBook(this.#db, owner, bookId);
    const to = shanghaiDate(now);
    const from = shanghaiDate(now - 29 * DAY_MS);
    const daily = await this.dailyWords(owner, { bookId: book.id, from, to });
    const all = await this.#db
      .selectFrom('book_daily_words')
      .select(['day', 'words'])
      .where('book_id', '=', book.id)
      .where('words', '>', 0)
      .execute();
    const threshold = signThresholdWords(book.kind, brand);
    const last7 = daily.days.slice(-7).reduce((s, d) => s + d.words, 0);
    const avg7 = Math.round(last7 / 7);
    const remaining = Math.max(0, threshold - book.published_words);
    const listing = book.kind === 'novel' ? SIGNING_GUIDE.novelFreeAppListingChars : null;
    const stage =
      book.published_words >= threshold
        ? listing && book.published_words >= listing
          ? 'listing'
          : 'sign'
        : book.published_words > 0
          ? 'growing'
          : 'new';
    return {
      book_id: book.id,
      kind: book.kind,
      title: book.title,
      created_at: book.created_at,
      days_since_created: Math.floor((shanghaiDayStart(now) - shanghaiDayStart(book.created_at)) / DAY_MS) + 1,
      stage,
      total_words: book.total_words,
      published_words: book.published_words,
      sign_threshold: threshold,
      sign_condition_text: book.kind === 'short' ? String(brand.shortStorySignCondition) : brand.applySignCondition,
      sign_progress: threshold ? Math.min(1, book.published_words / threshold) : 1,
      can_apply_sign: book.published_words >= threshold,
      /** The "reached the signing threshold" toast, until the author closes it (close-words-toast). */
      show_words_toast: await showWordsToast(this.#db, brand, book, owner.accountId),
      words_to_threshold: remaining,
      listing_threshold: listing,
      avg_words_7d: avg7,
      /** At the last week's pace, days until the threshold (null when nothing was published lately). */
      days_to_threshold: remaining === 0 ? 0 : avg7 > 0 ? Math.ceil(remaining / avg7) : null,
      streak: streakOf(new Set(all.map((r) => r.day)), now),
      update_days: all.length,
      daily: daily.days,
    };
  }
}
