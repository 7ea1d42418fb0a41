import { createHash } from 'node:crypto';
import {
  isAllowedChapterTitle,
  normalizeChapterTitle,
  refusedCharsMessage,
  refusedTitleChars,
  WORKS_ERROR,
  WORKS_LIMITS,
} from '@author-centre/shared';
import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError, badInput, notFound } from '../../platform/http/errors.ts';
import type { BookTable, ChapterTable, VolumeTable } from './works.tables.ts';
import './works.tables.ts';

/** Queries shared by the works services. Portable SQL only. */

export type Executor = Db | Tx;
export type BookRow = Omit<BookTable, 'id'> & { id: number };
export type VolumeRow = Omit<VolumeTable, 'id'> & { id: number };
export type ChapterRow = Omit<ChapterTable, 'id'> & { id: number };

/** Who is asking: the brand of the request and the logged-in pen name. */
export interface Owner {
  clientId: number;
  accountId: number;
  userId: number;
}

/** A text's fingerprint, taken over its UTF-16 code units: no UTF-8 encoding pass on every autosave. */
export const textHash = (text: string) => createHash('sha1').update(text, 'utf16le').digest('hex');

/** Titles compare without case, width or spacing differences: '夜雨 ' and '夜雨' are the same book. */
export function titleKey(title: string): string {
  return title.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

/**
 * A title checked by its reading of the text rules (decisions.md): a book title by §5's pattern,
 * a chapter or volume title (`chapter`) also with single spaces and title punctuation, trimmed and
 * its space runs collapsed. A refusal names the characters refused.
 */
function checkedTitle(field: string, title: string, max: number, chapter: boolean): string {
  const value = chapter ? normalizeChapterTitle(title) : title.trim();
  if (!value) {
    throw badInput(field, { 'zh-CN': '标题不能为空', 'en-US': 'The title cannot be empty' });
  }
  if ([...value].length > max) {
    throw badInput(field, { 'zh-CN': `标题最多${max}个字`, 'en-US': `The title may have at most ${max} characters` });
  }
  const refused = refusedTitleChars(value, chapter);
  if (refused.length > 0) throw badInput(field, refusedCharsMessage(refused, chapter));
  return value;
}

/** A book title: §5's text pattern. */
export function checkTitle(field: string, title: string, max: number): string {
  return checkedTitle(field, title, max, false);
}

/** A chapter or volume title: §5's pattern plus single spaces and title punctuation. */
export function checkChapterTitle(field: string, title: string, max: number): string {
  return checkedTitle(field, title, max, true);
}

export function titleProblem(title: string): boolean {
  const value = normalizeChapterTitle(title);
  return [...value].length > WORKS_LIMITS.chapterTitleMax || !isAllowedChapterTitle(value);
}

const bookNotFound = () =>
  notFound({ 'zh-CN': '作品不存在或已删除', 'en-US': 'The book does not exist or was deleted' });
const chapterNotFound = () =>
  notFound({ 'zh-CN': '章节不存在或已删除', 'en-US': 'The chapter does not exist or was deleted' });
const volumeNotFound = () => notFound({ 'zh-CN': '分卷不存在', 'en-US': 'The volume does not exist' });

/** A book of the caller's pen name in the caller's brand; anything else is "not found". */
export async function ownedBook(db: Executor, owner: Owner, bookId: number): Promise<BookRow> {
  const book = await db
    .selectFrom('books')
    .selectAll()
    .where('id', '=', bookId)
    .where('client_id', '=', owner.clientId)
    .where('account_id', '=', owner.accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!book) throw bookNotFound();
  return book as BookRow;
}

export async function ownedChapter(
  db: Executor,
  owner: Owner,
  chapterId: number,
  options: { includeDeleted?: boolean } = {},
): Promise<{ chapter: ChapterRow; book: BookRow }> {
  const chapter = (await db
    .selectFrom('chapters')
    .selectAll()
    .where('id', '=', chapterId)
    .where('client_id', '=', owner.clientId)
    .executeTakeFirst()) as ChapterRow | undefined;
  if (!chapter || (chapter.deleted_at !== null && !options.includeDeleted)) throw chapterNotFound();
  // A book that is not the author's makes the chapter not found; a failure of the database itself
  // (a restart, an outage) is not a missing chapter and goes on as itself (503, not "deleted").
  const book = await ownedBook(db, owner, chapter.book_id).catch((error) => {
    throw error instanceof AppError ? chapterNotFound() : error;
  });
  return { chapter, book };
}

export async function volumeOf(db: Executor, bookId: number, volumeId: number): Promise<VolumeRow> {
  const volume = await db
    .selectFrom('volumes')
    .selectAll()
    .where('id', '=', volumeId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  if (!volume) throw volumeNotFound();
  return volume as VolumeRow;
}

export async function volumesOf(db: Executor, bookId: number): Promise<VolumeRow[]> {
  return (await db
    .selectFrom('volumes')
    .selectAll()
    .where('book_id', '=', bookId)
    .orderBy('sort')
    .orderBy('id')
    .execute()) as VolumeRow[];
}

/**
 * The next position in the reading sites' change feed. The counter row stays locked until the
 * transaction commits, so positions are handed out in commit order and a reader following the
 * feed never skips a change that commits late.
 */
export async function nextChangeSeq(tx: Executor): Promise<number> {
  const row = await tx
    .updateTable('works_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'chapter_change_seq')
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Puts a chapter that has been on the reading sites back into their change feed, for a change
 * outside its text (its illustrations: interactive images, issue 17). Drafts wait for publishing.
 */
export async function touchPublishedChapter(tx: Executor, chapterId: number): Promise<void> {
  const chapter = await tx
    .selectFrom('chapters')
    .select('first_published_at')
    .where('id', '=', chapterId)
    .executeTakeFirst();
  if (chapter?.first_published_at == null) return;
  await tx
    .updateTable('chapters')
    .set({ change_seq: await nextChangeSeq(tx) })
    .where('id', '=', chapterId)
    .execute();
}

/** Recounts a book's totals from its chapters (after moves, deletes, restores and imports). */
export async function recountBook(tx: Executor, bookId: number, now = Date.now()): Promise<void> {
  const totals = await tx
    .selectFrom('chapters')
    .select([
      sql<number>`coalesce(sum(case when counted = 1 then words else 0 end), 0)`.as('total_words'),
      sql<number>`coalesce(sum(case when counted = 1 and status <> 'draft' then published_words else 0 end), 0)`.as(
        'published_words',
      ),
      sql<number>`count(*)`.as('chapter_count'),
      sql<number>`coalesce(sum(case when status <> 'draft' then 1 else 0 end), 0)`.as('published_count'),
    ])
    .where('book_id', '=', bookId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('books')
    .set({
      total_words: Number(totals.total_words),
      published_words: Number(totals.published_words),
      chapter_count: Number(totals.chapter_count),
      published_count: Number(totals.published_count),
      updated_at: now,
    })
    .where('id', '=', bookId)
    .execute();
}

/** The book's live chapters in reading order: volumes by their order, chapters by theirs. */
export async function readingOrder(
  db: Executor,
  bookId: number,
): Promise<Array<{ id: number; volume_id: number; is_notice: number; status: string; vip: number; sort: number }>> {
  return db
    .selectFrom('chapters')
    .innerJoin('volumes', 'volumes.id', 'chapters.volume_id')
    .select([
      'chapters.id',
      'chapters.volume_id',
      'volumes.is_notice',
      'chapters.status',
      'chapters.vip',
      'chapters.sort',
    ])
    .where('chapters.book_id', '=', bookId)
    .where('chapters.deleted_at', 'is', null)
    .orderBy('volumes.sort')
    .orderBy('volumes.id')
    .orderBy('chapters.sort')
    .orderBy('chapters.id')
    .execute();
}

/**
 * Which chapters are paid under a pay point: the pay-point chapter and every chapter after it in
 * reading order are paid (vip 1); those before it, and every notice chapter, are free (vip 0).
 */
export function vipUnder(
  order: Array<{ id: number; is_notice: number }>,
  payPointChapterId: number | null,
): Map<number, 0 | 1> {
  const vip = new Map<number, 0 | 1>();
  let paid = false;
  for (const c of order) {
    if (payPointChapterId !== null && c.id === payPointChapterId) paid = true;
    vip.set(c.id, paid && !c.is_notice ? 1 : 0);
  }
  return vip;
}

/** Applies the pay point to every chapter whose vip flag differs; returns the ids changed. */
export async function applyVip(tx: Executor, book: { id: number; pay_point_chapter_id: number | null }) {
  const order = await readingOrder(tx, book.id);
  const vip = vipUnder(order, book.pay_point_chapter_id);
  const changed: number[] = [];
  for (const c of order) {
    const next = vip.get(c.id) ?? 0;
    if (c.vip !== next) {
      const update = tx.updateTable('chapters').set({ vip: next }).where('id', '=', c.id);
      if (c.status !== 'draft') {
        await update.set({ change_seq: await nextChangeSeq(tx) }).execute();
      } else {
        await update.execute();
      }
      changed.push(c.id);
    }
  }
  return changed;
}

/**
 * After a move, a restore or a volume reorder: a published chapter never changes between free and
 * paid (the pay point's rule), so when the new order would flip one, the change is refused naming
 * that chapter (the caller's transaction rolls back: nothing changes). Unpublished chapters take
 * their vip flag from their new position.
 */
export async function applyVipKeepingPublished(
  tx: Executor,
  book: { id: number; pay_point_chapter_id: number | null },
) {
  const order = await readingOrder(tx, book.id);
  const vip = vipUnder(order, book.pay_point_chapter_id);
  const flipped = order.find((c) => c.status !== 'draft' && (vip.get(c.id) ?? 0) !== c.vip);
  if (flipped) {
    const row = await tx.selectFrom('chapters').select('title').where('id', '=', flipped.id).executeTakeFirst();
    const title = row?.title ?? '';
    const toPaid = flipped.vip === 0;
    throw new AppError(
      WORKS_ERROR.payPointLocked,
      {
        'zh-CN': `这样调整会使已发布章节「${title}」由${toPaid ? '免费变为收费' : '收费变为免费'}，已发布章节的收费状态不能改变，未做任何修改`,
        'en-US': `This would make the published chapter "${title}" ${toPaid ? 'paid instead of free' : 'free instead of paid'}; a published chapter never changes between free and paid, so nothing was changed`,
      },
      { httpStatus: 409 },
    );
  }
  return applyVip(tx, book);
}
