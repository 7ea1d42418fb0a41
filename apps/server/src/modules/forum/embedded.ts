import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { badInput, conflict, notFound } from '../../platform/http/errors.ts';
import type { ForumAuthor, ForumMyPost, ForumProvider, ForumThread, Page } from './forum-provider.ts';
import './forum.tables.ts';

/** A thread as lists show it (forum_threads joined to its author's account): the forum's own and the staff's. */
export const THREAD_COLUMNS = [
  'forum_threads.id',
  'forum_threads.category_number as category',
  'forum_threads.title',
  'accounts.pen_name as author',
  'forum_threads.state',
  'forum_threads.reply_count',
  'forum_threads.last_post_at',
  'forum_threads.created_at',
] as const;

export const threadPath = (id: number) => `/front/my-post?thread=${id}`;

/** The categories every brand's embedded forum starts with; 8 is the footer's feedback (§2). */
export const DEFAULT_CATEGORIES = [
  { number: 1, name: '官方公告', description: '平台公告与活动通知' },
  { number: 2, name: '写作交流', description: '创作心得、技巧讨论' },
  { number: 3, name: '新人报到', description: '新作者报到与答疑' },
  { number: 8, name: '意见反馈', description: '对作者中心的建议与问题反馈' },
] as const;

const threadNotFound = () =>
  notFound({ 'zh-CN': '帖子不存在或已被删除', 'en-US': 'This thread does not exist or was removed' });

/**
 * The embedded forum (`npm start`): categories, threads and posts in our database; it shares the
 * author centre's session, so it has no sign-on and no logout of its own.
 */
export class EmbeddedForum implements ForumProvider {
  readonly name = 'embedded' as const;
  readonly #ctx: AppContext;

  readonly #ready = new Set<number>();

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** A brand's forum gets the default categories the first time it is used (any brand, any time). */
  async #ensureCategories(clientId: number): Promise<void> {
    if (this.#ready.has(clientId)) return;
    for (const c of DEFAULT_CATEGORIES) {
      await this.#ctx.db
        .insertInto('forum_categories')
        .values({ client_id: clientId, ...c })
        .onConflict((oc) => oc.columns(['client_id', 'number']).doNothing())
        .execute();
    }
    this.#ready.add(clientId);
  }

  async categories(clientId: number) {
    await this.#ensureCategories(clientId);
    return this.#ctx.db
      .selectFrom('forum_categories')
      .select(['number', 'name', 'description'])
      .where('client_id', '=', clientId)
      .orderBy('number')
      .execute();
  }

  #threadRows(clientId: number) {
    return this.#ctx.db
      .selectFrom('forum_threads')
      .innerJoin('accounts', 'accounts.id', 'forum_threads.account_id')
      .select(THREAD_COLUMNS)
      .where('forum_threads.client_id', '=', clientId);
  }

  async threads(clientId: number, category: number, page: number, pageSize: number): Promise<Page<ForumThread>> {
    const base = this.#threadRows(clientId)
      .where('forum_threads.category_number', '=', category)
      .where('forum_threads.state', '!=', 'hidden');
    const total = await base
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const rows = await base
      .orderBy('forum_threads.last_post_at', 'desc')
      .orderBy('forum_threads.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return {
      list: rows.map((r) => ({ ...r, url: threadPath(r.id) })),
      total: Number(total?.n ?? 0),
      page,
      page_size: pageSize,
    };
  }

  async thread(clientId: number, threadId: number) {
    const row = await this.#threadRows(clientId)
      .where('forum_threads.id', '=', threadId)
      .where('forum_threads.state', '!=', 'hidden')
      .executeTakeFirst();
    if (!row) throw threadNotFound();
    const posts = await this.#ctx.db
      .selectFrom('forum_posts')
      .innerJoin('accounts', 'accounts.id', 'forum_posts.account_id')
      .select([
        'forum_posts.id',
        'accounts.pen_name as author',
        'forum_posts.body',
        'forum_posts.state',
        'forum_posts.created_at',
      ])
      .where('forum_posts.thread_id', '=', threadId)
      .where('forum_posts.state', '=', 'visible')
      .orderBy('forum_posts.id')
      .execute();
    return { thread: { ...row, url: threadPath(row.id) }, posts };
  }

  async createThread(author: ForumAuthor, input: { category: number; title: string; body: string }) {
    await this.#ensureCategories(author.clientId);
    const category = await this.#ctx.db
      .selectFrom('forum_categories')
      .select('number')
      .where('client_id', '=', author.clientId)
      .where('number', '=', input.category)
      .executeTakeFirst();
    if (!category) throw badInput('category', { 'zh-CN': '没有这个版块', 'en-US': 'There is no such category' });
    const now = Date.now();
    return inTransaction(this.#ctx.db, async (tx) => {
      const thread = await tx
        .insertInto('forum_threads')
        .values({
          client_id: author.clientId,
          category_number: input.category,
          account_id: author.accountId,
          title: input.title,
          state: 'open',
          reply_count: 0,
          last_post_at: now,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('forum_posts')
        .values({
          client_id: author.clientId,
          thread_id: thread.id,
          account_id: author.accountId,
          body: input.body,
          is_first: 1,
          state: 'visible',
          created_at: now,
        })
        .execute();
      return { id: thread.id };
    });
  }

  async reply(author: ForumAuthor, input: { threadId: number; body: string }) {
    const now = Date.now();
    return inTransaction(this.#ctx.db, async (tx) => {
      const thread = await tx
        .selectFrom('forum_threads')
        .select(['id', 'state'])
        .where('id', '=', input.threadId)
        .where('client_id', '=', author.clientId)
        .where('state', '!=', 'hidden')
        .executeTakeFirst();
      if (!thread) throw threadNotFound();
      if (thread.state === 'closed') {
        throw conflict({ 'zh-CN': '该帖子已关闭，不能再回复', 'en-US': 'This thread is closed to replies' });
      }
      const post = await tx
        .insertInto('forum_posts')
        .values({
          client_id: author.clientId,
          thread_id: thread.id,
          account_id: author.accountId,
          body: input.body,
          is_first: 0,
          state: 'visible',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('forum_threads')
        .set((eb) => ({ reply_count: eb('reply_count', '+', 1), last_post_at: now }))
        .where('id', '=', thread.id)
        .execute();
      return { id: post.id };
    });
  }

  async myPosts(
    author: ForumAuthor,
    kind: 'thread' | 'reply',
    page: number,
    pageSize: number,
  ): Promise<Page<ForumMyPost>> {
    const { db } = this.#ctx;
    const offset = (page - 1) * pageSize;
    if (kind === 'thread') {
      const base = db
        .selectFrom('forum_threads')
        .where('client_id', '=', author.clientId)
        .where('account_id', '=', author.accountId);
      const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await base
        .select(['id', 'title', 'category_number', 'state', 'reply_count', 'created_at'])
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(offset)
        .execute();
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: 'thread' as const,
          thread_id: r.id,
          thread_title: r.title,
          category: r.category_number,
          excerpt: r.title,
          state: r.state,
          reply_count: r.reply_count,
          created_at: r.created_at,
          url: threadPath(r.id),
        })),
        total: Number(total?.n ?? 0),
        page,
        page_size: pageSize,
      };
    }
    const base = db
      .selectFrom('forum_posts')
      .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
      .where('forum_posts.client_id', '=', author.clientId)
      .where('forum_posts.account_id', '=', author.accountId)
      .where('forum_posts.is_first', '=', 0);
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await base
      .select([
        'forum_posts.id',
        'forum_posts.body',
        'forum_posts.state',
        'forum_posts.created_at',
        'forum_threads.id as thread_id',
        'forum_threads.title',
        'forum_threads.category_number',
        'forum_threads.state as thread_state',
        'forum_threads.reply_count',
      ])
      .orderBy('forum_posts.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute();
    return {
      list: rows.map((r) => ({
        id: r.id,
        kind: 'reply' as const,
        thread_id: r.thread_id,
        thread_title: r.title,
        category: r.category_number,
        excerpt: r.body.slice(0, 80),
        // A reply under a removed thread is as good as removed.
        state: r.thread_state === 'hidden' ? 'hidden' : r.state,
        reply_count: r.reply_count,
        created_at: r.created_at,
        url: threadPath(r.thread_id),
      })),
      total: Number(total?.n ?? 0),
      page,
      page_size: pageSize,
    };
  }

  async logout(): Promise<void> {
    // The embedded forum is the author centre's own session: ending it is the logout.
  }
}
