import { BOOK_KINDS, type BookKind, shanghaiDate, shanghaiMonthStart } from '@author-centre/shared';
import type { HomeWork } from '@author-centre/shared/home-api';
import type { AppContext } from '../../platform/context.ts';
import { BooksService } from '../works/books.service.ts';
import { StatsService } from '../works/stats.service.ts';

/** How many works of each kind the home lists, most recently updated first. */
const WORKS_PER_KIND = 5;

type BookView = Awaited<ReturnType<BooksService['list']>>['list'][number];

/** A work's state as the home shows it; signing states join when the signing module lands. */
function stateOf(book: BookView): { state: string; state_txt: string } {
  if (book.kind === 'short') {
    return book.published_count > 0
      ? { state: 'published', state_txt: '已发布' }
      : { state: 'draft', state_txt: '未发布' };
  }
  if (book.finished) return { state: 'finished', state_txt: '已完结' };
  if (book.published_count > 0) return { state: 'serializing', state_txt: '连载中' };
  return { state: 'draft', state_txt: '未发布' };
}

/**
 * Words written today and this month, and the author's works, from the works module: its daily
 * words (first publications per Shanghai day, the same figures as the date calendar) and its
 * book lists.
 */
export async function worksSummary(
  ctx: AppContext,
  who: { clientId: number; accountId: number; userId: number },
  now: number,
): Promise<{ available: boolean; words: { today: number; month: number }; works: HomeWork[] }> {
  const owner = { clientId: who.clientId, accountId: who.accountId, userId: who.userId };
  const today = shanghaiDate(now);
  const daily = await new StatsService(ctx).dailyWords(owner, {
    from: shanghaiDate(shanghaiMonthStart(now)),
    to: today,
  });
  const books = new BooksService(ctx);
  const lists = await Promise.all(
    BOOK_KINDS.map((kind: BookKind) => books.list(owner, kind, 'updated', 1, WORKS_PER_KIND)),
  );
  const works = lists
    .flatMap((l) => l.list)
    .sort((a, b) => b.updated_at - a.updated_at)
    .map(
      (b): HomeWork => ({
        book_id: b.book_id,
        title: b.title,
        kind: b.kind,
        cover: b.cover ?? '',
        ...stateOf(b),
        words: b.total_words,
        chapters: b.chapter_count,
        updated_at: b.updated_at,
      }),
    );
  return {
    available: true,
    words: { today: daily.days.find((d) => d.date === today)?.words ?? 0, month: daily.total },
    works,
  };
}
