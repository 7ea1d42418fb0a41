import { BOOK_CATEGORIES, type BookKind } from '@author-centre/shared';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { badInput, conflict, notFound } from '../../platform/http/errors.ts';
import type { ActivityTable } from './public-pages.tables.ts';
import './public-pages.tables.ts';
import '../works/works.tables.ts';

export type ActivityStatus = 'current' | 'upcoming' | 'past';

export const statusOf = (a: { starts_at: number; ends_at: number }, now: number): ActivityStatus =>
  a.starts_at > now ? 'upcoming' : a.ends_at <= now ? 'past' : 'current';

const activityNotFound = () =>
  notFound({ 'zh-CN': '活动不存在或已下线', 'en-US': 'This activity does not exist or was taken down' });

const categoryLabel = (kind: string, value: string) =>
  BOOK_CATEGORIES[kind as BookKind]?.find((c) => c.value === value)?.label['zh-CN'] ?? value;

/** Why a book cannot enter an activity, or null when it can. */
export function ineligibility(
  activity: Pick<ActivityTable, 'book_kind' | 'min_words' | 'categories'>,
  book: { kind: string; category: string; published_words: number },
): { 'zh-CN': string; 'en-US': string } | null {
  if (activity.book_kind && activity.book_kind !== book.kind) {
    const kinds = {
      novel: ['长篇小说', 'novels'],
      short: ['短篇', 'short stories'],
      screenplay: ['剧本', 'screenplays'],
    };
    const [zh, en] = kinds[activity.book_kind as BookKind] ?? [activity.book_kind, activity.book_kind];
    return { 'zh-CN': `本活动仅限${zh}参加`, 'en-US': `Only ${en} may enter this activity` };
  }
  const categories = JSON.parse(activity.categories) as string[];
  if (categories.length > 0 && !categories.includes(book.category)) {
    const names = categories.map((c) => categoryLabel(book.kind, c)).join('、');
    return { 'zh-CN': `本活动仅限以下分类参加：${names}`, 'en-US': `Only these categories may enter: ${names}` };
  }
  if (book.published_words < activity.min_words) {
    return {
      'zh-CN': `作品已发布字数需达到${activity.min_words}字（当前${book.published_words}字）`,
      'en-US': `The book needs ${activity.min_words} published words (it has ${book.published_words})`,
    };
  }
  return null;
}

/**
 * The activity centre as authors and visitors see it: published activities of the brand whose
 * publish time has come; an author enters one of their books while an activity runs.
 */
export class ActivitiesService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  #visible(clientId: number, now: number) {
    return this.#ctx.db
      .selectFrom('activities')
      .where('client_id', '=', clientId)
      .where('state', '=', 'published')
      .where('publish_at', '<=', now);
  }

  async list(clientId: number, status: ActivityStatus | 'all', page: number, pageSize: number) {
    const now = Date.now();
    let query = this.#visible(clientId, now);
    if (status === 'current') query = query.where('starts_at', '<=', now).where('ends_at', '>', now);
    if (status === 'upcoming') query = query.where('starts_at', '>', now);
    if (status === 'past') query = query.where('ends_at', '<=', now);
    const total = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await query
      .select(['id', 'title', 'summary', 'cover', 'starts_at', 'ends_at'])
      // Running first, then upcoming, then past; within each the soonest or latest first.
      .orderBy('ends_at', status === 'past' ? 'desc' : 'asc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return {
      list: rows.map((r) => ({ ...r, status: statusOf(r, now) })),
      total: Number(total?.n ?? 0),
      page,
      page_size: pageSize,
    };
  }

  async #activity(clientId: number, id: number, now: number) {
    const row = await this.#visible(clientId, now).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw activityNotFound();
    return row;
  }

  /** An activity's page: content, rules, dates, entered works, and the author's books with eligibility. */
  async detail(clientId: number, id: number, accountId: number | null) {
    const now = Date.now();
    const a = await this.#activity(clientId, id, now);
    const entries = await this.#ctx.db
      .selectFrom('activity_entries')
      .innerJoin('books', 'books.id', 'activity_entries.book_id')
      .innerJoin('accounts', 'accounts.id', 'books.account_id')
      .select(['books.id as book_id', 'books.title', 'books.cover', 'accounts.pen_name', 'activity_entries.created_at'])
      .where('activity_entries.activity_id', '=', a.id)
      .where('books.deleted_at', 'is', null)
      .orderBy('activity_entries.id', 'desc')
      .limit(100)
      .execute();
    const mine = accountId === null ? null : await this.#myBooks(clientId, accountId, a);
    return {
      id: a.id,
      title: a.title,
      summary: a.summary,
      cover: a.cover,
      content_html: a.content_html,
      rules_html: a.rules_html,
      starts_at: a.starts_at,
      ends_at: a.ends_at,
      status: statusOf(a, now),
      book_kind: a.book_kind,
      min_words: a.min_words,
      categories: JSON.parse(a.categories) as string[],
      entries,
      my_books: mine,
    };
  }

  async #myBooks(clientId: number, accountId: number, a: Selectable<ActivityTable>) {
    const books = await this.#ctx.db
      .selectFrom('books')
      .leftJoin('activity_entries', (j) =>
        j.onRef('activity_entries.book_id', '=', 'books.id').on('activity_entries.activity_id', '=', a.id),
      )
      .select([
        'books.id',
        'books.title',
        'books.kind',
        'books.category',
        'books.published_words',
        'activity_entries.id as entry_id',
      ])
      .where('books.client_id', '=', clientId)
      .where('books.account_id', '=', accountId)
      .where('books.deleted_at', 'is', null)
      .orderBy('books.updated_at', 'desc')
      .execute();
    return books.map((b) => {
      const why = ineligibility(a, b);
      return { book_id: b.id, title: b.title, entered: b.entry_id !== null, eligible: why === null, why };
    });
  }

  async enter(clientId: number, accountId: number, activityId: number, bookId: number) {
    const now = Date.now();
    return inTransaction(this.#ctx.db, async (tx) => {
      const a = await tx
        .selectFrom('activities')
        .selectAll()
        .where('id', '=', activityId)
        .where('client_id', '=', clientId)
        .where('state', '=', 'published')
        .where('publish_at', '<=', now)
        .executeTakeFirst();
      if (!a) throw activityNotFound();
      const status = statusOf(a, now);
      if (status !== 'current') {
        throw conflict(
          status === 'upcoming'
            ? { 'zh-CN': '活动尚未开始，开始后才能报名', 'en-US': 'The activity has not started yet' }
            : { 'zh-CN': '活动已结束', 'en-US': 'The activity has ended' },
        );
      }
      const book = await tx
        .selectFrom('books')
        .select(['id', 'kind', 'category', 'published_words'])
        .where('id', '=', bookId)
        .where('client_id', '=', clientId)
        .where('account_id', '=', accountId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!book) throw badInput('book_id', { 'zh-CN': '请选择您自己的作品', 'en-US': 'Choose one of your own books' });
      const why = ineligibility(a, book);
      if (why) throw badInput('book_id', why);
      const inserted = await tx
        .insertInto('activity_entries')
        .values({ client_id: clientId, activity_id: a.id, book_id: book.id, account_id: accountId, created_at: now })
        .onConflict((oc) => oc.columns(['activity_id', 'book_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        throw conflict({ 'zh-CN': '该作品已报名本活动', 'en-US': 'This book has already entered this activity' });
      }
      return { activity_id: a.id, book_id: book.id, entered: true };
    });
  }

  /**
   * The book-activity index (§7): each of the author's books with the activities it entered and the
   * running activities it may enter now (eligible, not entered yet), newest-updated book first.
   */
  async bookIndex(clientId: number, accountId: number) {
    const now = Date.now();
    const books = await this.#ctx.db
      .selectFrom('books')
      .select(['id', 'title', 'kind', 'category', 'published_words'])
      .where('client_id', '=', clientId)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const rows = await this.#ctx.db
      .selectFrom('activity_entries')
      .innerJoin('activities', 'activities.id', 'activity_entries.activity_id')
      .select([
        'activity_entries.book_id',
        'activities.id as activity_id',
        'activities.title',
        'activities.starts_at',
        'activities.ends_at',
        'activity_entries.created_at as entered_at',
      ])
      .where('activity_entries.client_id', '=', clientId)
      .where('activity_entries.account_id', '=', accountId)
      .where('activities.state', '=', 'published')
      .orderBy('activity_entries.id', 'desc')
      .execute();
    const running = await this.#visible(clientId, now)
      .select(['id', 'title', 'starts_at', 'ends_at', 'book_kind', 'min_words', 'categories'])
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .orderBy('ends_at', 'asc')
      .orderBy('id', 'desc')
      .execute();
    return {
      list: books.map((b) => {
        const entered = rows.filter((r) => r.book_id === b.id);
        const enteredIds = new Set(entered.map((r) => r.activity_id));
        return {
          book_id: b.id,
          title: b.title,
          activities: entered.map((r) => ({
            activity_id: r.activity_id,
            title: r.title,
            starts_at: r.starts_at,
            ends_at: r.ends_at,
            status: statusOf(r, now),
            entered_at: r.entered_at,
          })),
          eligible: running
            .filter((a) => !enteredIds.has(a.id) && ineligibility(a, b) === null)
            .map((a) => ({ activity_id: a.id, title: a.title, starts_at: a.starts_at, ends_at: a.ends_at })),
        };
      }),
    };
  }
}
