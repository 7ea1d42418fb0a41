import { ErrorCode } from '@author-centre/shared';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { AppError, badInput, type Localized, notFound } from '../../platform/http/errors.ts';
import type { CommentKind, CommentTable } from './comments.tables.ts';
import { sensitiveWordInText } from './sensitive-words.ts';

/** The author side of comments: every query is scoped by brand and pen name (the book's owner). */
export interface CommentOwner {
  clientId: number;
  accountId: number;
  userId: number;
}

export const REPLY_MAX = 500;
export const DEFAULT_REPLIES_MAX = 20;
export const MUTE_DAYS = [1, 3, 7, 30, 365] as const;

const gone = () => notFound({ 'zh-CN': '评论不存在或已删除', 'en-US': 'The comment does not exist or was deleted' });

/** A comment of the owner's books (any brand's other comment reads as not found). */
export async function ownedComment(db: Db | Tx, owner: CommentOwner, id: number) {
  const row = await db
    .selectFrom('comments')
    .selectAll()
    .where('id', '=', id)
    .where('client_id', '=', owner.clientId)
    .where('account_id', '=', owner.accountId)
    .executeTakeFirst();
  if (!row || row.state === 'deleted') throw gone();
  return row;
}

/** Adds an entry to the reading sites' feed of replies and moderation (pulled with a cursor). */
export async function feed(
  tx: Db | Tx,
  clientId: number,
  action: string,
  comment: { id: number; event_id?: string | null; site_id?: number | null } | null,
  payload: Record<string, unknown>,
  readerId: string | null = null,
) {
  await tx
    .insertInto('comment_feed')
    .values({
      client_id: clientId,
      action,
      comment_id: comment?.id ?? null,
      reader_id: readerId,
      payload: JSON.stringify({
        ...(comment
          ? { comment_id: comment.id, site_id: comment.site_id ?? null, event_id: comment.event_id ?? null }
          : {}),
        ...payload,
      }),
      created_at: Date.now(),
    })
    .execute();
}

export interface ListFilters {
  book_id?: number;
  chapter_id?: number;
  type?: CommentKind;
  unread?: boolean;
  folded: boolean;
  held?: boolean;
  start?: number;
  end?: number;
  page: number;
  page_size: number;
}

type Row = Pick<
  CommentTable,
  | 'book_id'
  | 'chapter_id'
  | 'kind'
  | 'paragraph_index'
  | 'paragraph_text'
  | 'rating'
  | 'root_id'
  | 'parent_id'
  | 'reader_id'
  | 'reader_name'
  | 'author_account_id'
  | 'content'
  | 'created_at'
> & {
  id: number;
  likes: number;
  liked: number;
  top: number;
  essence: string;
  folded: number;
  state: string;
  unread: number;
  replies: number;
};

export function commentItem(
  c: Row,
  names: { books: Map<number, string>; chapters: Map<number, string>; pens: Map<number, string> },
) {
  return {
    comment_id: c.id,
    book_id: c.book_id,
    book_title: names.books.get(c.book_id) ?? '',
    chapter_id: c.chapter_id,
    chapter_title: c.chapter_id ? (names.chapters.get(c.chapter_id) ?? '') : '',
    type: c.kind,
    paragraph_index: c.paragraph_index,
    paragraph_text: c.paragraph_text,
    rating: c.rating,
    root_id: c.root_id,
    parent_id: c.parent_id,
    reader_id: c.reader_id,
    reader_name: c.author_account_id ? (names.pens.get(c.author_account_id) ?? '') : c.reader_name,
    from_author: c.author_account_id !== null,
    content: c.content,
    likes: c.likes,
    liked: c.liked === 1,
    top: c.top === 1,
    essence: c.essence,
    folded: c.folded === 1,
    state: c.state,
    unread: c.unread === 1,
    replies: c.replies,
    created_at: c.created_at,
  };
}

async function namesFor(db: Db, rows: Row[]) {
  const bookIds = [...new Set(rows.map((r) => r.book_id))];
  const chapterIds = [...new Set(rows.map((r) => r.chapter_id).filter((c): c is number => c !== null))];
  const penIds = [...new Set(rows.map((r) => r.author_account_id).filter((c): c is number => c !== null))];
  const books = new Map<number, string>();
  const chapters = new Map<number, string>();
  const pens = new Map<number, string>();
  if (bookIds.length)
    for (const b of await db.selectFrom('books').select(['id', 'title']).where('id', 'in', bookIds).execute())
      books.set(b.id, b.title);
  if (chapterIds.length)
    for (const c of await db.selectFrom('chapters').select(['id', 'title']).where('id', 'in', chapterIds).execute())
      chapters.set(c.id, c.title);
  if (penIds.length)
    for (const a of await db.selectFrom('accounts').select(['id', 'pen_name']).where('id', 'in', penIds).execute())
      pens.set(a.id, a.pen_name);
  return { books, chapters, pens };
}

const LIST_COLUMNS = [
  'id',
  'book_id',
  'chapter_id',
  'kind',
  'paragraph_index',
  'paragraph_text',
  'rating',
  'root_id',
  'parent_id',
  'reader_id',
  'reader_name',
  'author_account_id',
  'content',
  'likes',
  'liked',
  'top',
  'essence',
  'folded',
  'state',
  'unread',
  'replies',
  'created_at',
] as const;

/**
 * The list's page and count queries (pinned first, then newest first). Their order is the order of the
 * indexes comments_account_unread_top and comments_account_readers_top (migration 202612280101), so a
 * page is read off the index instead of sorting every matching row (comments.test.ts checks the plans).
 */
export function listQueries(db: Db, owner: CommentOwner, f: ListFilters) {
  let q = db.selectFrom('comments').where('client_id', '=', owner.clientId).where('account_id', '=', owner.accountId);
  // The author's replies are never unread: the unread list runs on its index alone.
  q = f.unread ? q.where('unread', '=', 1) : q;
  q = q.where('folded', '=', f.folded ? 1 : 0).where('state', '=', f.held ? 'held' : 'visible');
  if (!f.unread) q = q.where('author_account_id', 'is', null);
  if (f.book_id) q = q.where('book_id', '=', f.book_id);
  if (f.chapter_id) q = q.where('chapter_id', '=', f.chapter_id);
  if (f.type) q = q.where('kind', '=', f.type);
  if (f.start !== undefined) q = q.where('created_at', '>=', f.start);
  if (f.end !== undefined) q = q.where('created_at', '<', f.end);
  return {
    page: q
      .select(LIST_COLUMNS)
      .orderBy('top', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(f.page_size)
      .offset((f.page - 1) * f.page_size),
    count: q.select((eb) => eb.fn.countAll<number>().as('n')),
  };
}

export class CommentsService {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  get #db() {
    return this.#ctx.db;
  }

  /**
   * Readers' comments on the owner's books: pinned ones first, then the rest, each newest first.
   * The author's own replies are in the threads, not in the list. Folded ones are on the fold page;
   * held ones (muted or banned readers) only when asked for.
   */
  async list(owner: CommentOwner, f: ListFilters) {
    const q = listQueries(this.#db, owner, f);
    const [rows, total] = await Promise.all([q.page.execute(), q.count.executeTakeFirstOrThrow()]);
    const names = await namesFor(this.#db, rows);
    return {
      list: rows.map((r) => commentItem(r, names)),
      total: Number(total.n),
      page: f.page,
      page_size: f.page_size,
    };
  }

  /** A thread: its first comment and every reply in order (history). Opening it marks it seen. */
  async thread(owner: CommentOwner, id: number) {
    const c = await ownedComment(this.#db, owner, id);
    const rootId = c.root_id ?? c.id;
    const rows = await this.#db
      .selectFrom('comments')
      .select(LIST_COLUMNS)
      .where('account_id', '=', owner.accountId)
      .where((eb) => eb.or([eb('id', '=', rootId), eb('root_id', '=', rootId)]))
      .where('state', 'in', ['visible', 'held', 'hidden'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    await this.#db
      .updateTable('comments')
      .set({ unread: 0 })
      .where('account_id', '=', owner.accountId)
      .where((eb) => eb.or([eb('id', '=', rootId), eb('root_id', '=', rootId)]))
      .where('unread', '=', 1)
      .execute();
    const names = await namesFor(this.#db, rows);
    const items = rows.map((r) => commentItem(r, names));
    return {
      root: items.find((i) => i.comment_id === rootId) ?? null,
      replies: items.filter((i) => i.comment_id !== rootId),
    };
  }

  /**
   * The unread count of the header (GET_COMMENT_MSG_NUM), for one book or all: what the list's unread
   * filter shows (not folded, not hidden or held), on the same index.
   */
  async unreadCount(owner: CommentOwner, bookId?: number) {
    let q = this.#db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', owner.clientId)
      .where('account_id', '=', owner.accountId)
      .where('unread', '=', 1)
      .where('folded', '=', 0)
      .where('state', '=', 'visible');
    if (bookId) q = q.where('book_id', '=', bookId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** remove-msg-num: everything seen (for one book or all). */
  async markAllSeen(owner: CommentOwner, bookId?: number) {
    let q = this.#db
      .updateTable('comments')
      .set({ unread: 0 })
      .where('client_id', '=', owner.clientId)
      .where('account_id', '=', owner.accountId)
      .where('unread', '=', 1);
    if (bookId) q = q.where('book_id', '=', bookId);
    await q.execute();
    return { num: 0 };
  }

  async #checkReply(owner: CommentOwner, content: string) {
    const text = content.trim();
    if (text.length < 1 || text.length > REPLY_MAX)
      throw badInput('content', {
        'zh-CN': `回复内容需为1～${REPLY_MAX}个字`,
        'en-US': `A reply has 1–${REPLY_MAX} characters`,
      });
    const word = await sensitiveWordInText(this.#db, owner.clientId, text);
    if (word)
      throw new AppError(
        ErrorCode.commentSensitiveWord,
        {
          'zh-CN': `回复含有敏感词「${word}」，请修改后再发送`,
          'en-US': `The reply contains the sensitive word "${word}"; please change it`,
        },
        { httpStatus: 400, field: 'content' },
      );
    return text;
  }

  /** The pen name a reply is written as: the owner's, or another pen name of the same person in the brand. */
  async #penName(owner: CommentOwner, asAccountId?: number) {
    const id = asAccountId ?? owner.accountId;
    const pen = await this.#db
      .selectFrom('accounts')
      .select(['id', 'pen_name'])
      .where('id', '=', id)
      .where('user_id', '=', owner.userId)
      .where('client_id', '=', owner.clientId)
      .executeTakeFirst();
    if (!pen)
      throw badInput('account_id', {
        'zh-CN': '只能以您自己的笔名回复',
        'en-US': 'You can reply only as one of your own pen names',
      });
    return pen;
  }

  async reply(owner: CommentOwner, commentId: number, content: string, asAccountId?: number) {
    const text = await this.#checkReply(owner, content);
    const pen = await this.#penName(owner, asAccountId);
    return inTransaction(this.#db, (tx) => this.#reply(tx, owner, commentId, text, pen));
  }

  async #reply(tx: Tx, owner: CommentOwner, commentId: number, text: string, pen: { id: number; pen_name: string }) {
    const parent = await ownedComment(tx, owner, commentId);
    if (parent.state !== 'visible')
      throw badInput('comment_id', {
        'zh-CN': '该评论已被隐藏，不能回复',
        'en-US': 'This comment is hidden and cannot be answered',
      });
    const now = Date.now();
    const rootId = parent.root_id ?? parent.id;
    const row = await tx
      .insertInto('comments')
      .values({
        client_id: owner.clientId,
        account_id: owner.accountId,
        book_id: parent.book_id,
        chapter_id: parent.chapter_id,
        kind: parent.kind,
        paragraph_index: parent.paragraph_index,
        paragraph_text: null,
        rating: null,
        root_id: rootId,
        parent_id: parent.id,
        site_id: null,
        event_id: null,
        reader_id: null,
        reader_name: pen.pen_name,
        author_account_id: pen.id,
        content: text,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('comments')
      .set((eb) => ({ replies: eb('replies', '+', 1) }))
      .where('id', '=', rootId)
      .execute();
    await tx.updateTable('comments').set({ unread: 0 }).where('id', '=', parent.id).execute();
    await feed(tx, owner.clientId, 'reply', parent, {
      reply_id: row.id,
      book_id: parent.book_id,
      chapter_id: parent.chapter_id,
      pen_name: pen.pen_name,
      content: text,
      created_at: now,
    });
    return {
      comment_id: row.id,
      parent_id: parent.id,
      root_id: rootId,
      content: text,
      pen_name: pen.pen_name,
      created_at: now,
    };
  }

  /** One reply to many comments: each item says what happened to it. */
  async batchReply(
    owner: CommentOwner,
    ids: number[],
    content: string,
    say: (t: Localized | string) => string,
    asAccountId?: number,
  ) {
    const text = await this.#checkReply(owner, content);
    const pen = await this.#penName(owner, asAccountId);
    const results: Array<{ comment_id: number; ok: boolean; reply_id?: number; message?: string }> = [];
    for (const id of ids) {
      try {
        const r = await inTransaction(this.#db, (tx) => this.#reply(tx, owner, id, text, pen));
        results.push({ comment_id: id, ok: true, reply_id: r.comment_id });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ comment_id: id, ok: false, message: say(error.title) });
      }
    }
    return { results, succeeded: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length };
  }

  /**
   * Releases held comments (a muted reader's, or a banned reader's once staff lifted the ban): each becomes
   * visible and unread, as if it had just arrived, and the sites are told (`release`). Each item says what
   * happened; a comment of a reader the brand still bans stays held (staff decide on those).
   */
  async release(owner: CommentOwner, ids: number[], say: (t: Localized | string) => string) {
    const results: Array<{ comment_id: number; ok: boolean; code?: number; message?: string }> = [];
    for (const id of [...new Set(ids)]) {
      try {
        await inTransaction(this.#db, (tx) => this.#release(tx, owner, id));
        results.push({ comment_id: id, ok: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ comment_id: id, ok: false, code: error.code, message: say(error.title) });
      }
    }
    return { results, succeeded: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length };
  }

  async #release(tx: Tx, owner: CommentOwner, commentId: number) {
    const c = await ownedComment(tx, owner, commentId);
    if (c.state !== 'held')
      throw new AppError(
        ErrorCode.commentAlreadyDone,
        { 'zh-CN': '该评论没有被拦截，无需放行', 'en-US': 'This comment is not held; there is nothing to release' },
        { httpStatus: 409 },
      );
    if (c.reader_id) {
      const banned = await tx
        .selectFrom('reader_bans')
        .select('id')
        .where('client_id', '=', owner.clientId)
        .where('reader_id', '=', c.reader_id)
        .executeTakeFirst();
      if (banned)
        throw new AppError(
          ErrorCode.commentReaderBanned,
          {
            'zh-CN': '该读者已被平台封禁，其评论不能放行',
            'en-US': 'The platform has banned this reader; their comments cannot be released',
          },
          { httpStatus: 409 },
        );
    }
    await tx
      .updateTable('comments')
      .set({ state: 'visible', unread: 1, updated_at: Date.now() })
      .where('id', '=', c.id)
      .where('state', '=', 'held')
      .execute();
    await feed(tx, owner.clientId, 'release', c, { book_id: c.book_id, chapter_id: c.chapter_id }, c.reader_id);
  }

  /** like, top, fold: a flag of the author's on a reader's comment, echoed to the sites. */
  async setFlag(owner: CommentOwner, commentId: number, flag: 'liked' | 'top' | 'folded', on: boolean) {
    return inTransaction(this.#db, async (tx) => {
      const c = await ownedComment(tx, owner, commentId);
      if (c.author_account_id !== null && flag !== 'liked')
        throw badInput('comment_id', {
          'zh-CN': '只能对读者的评论操作',
          'en-US': "Only readers' comments can be changed this way",
        });
      if (flag === 'top' && on && c.root_id !== null)
        throw badInput('comment_id', {
          'zh-CN': '只有主评论可以置顶',
          'en-US': 'Only a first comment of a thread can be pinned',
        });
      const value = on ? 1 : 0;
      if (c[flag] !== value) {
        await tx
          .updateTable('comments')
          .set({
            [flag]: value,
            ...(flag === 'liked' ? { likes: sql<number>`likes + ${on ? 1 : -1}` } : {}),
            updated_at: Date.now(),
          })
          .where('id', '=', c.id)
          .execute();
        const action = { liked: on ? 'like' : 'unlike', top: on ? 'top' : 'untop', folded: on ? 'fold' : 'unfold' }[
          flag
        ];
        await feed(tx, owner.clientId, action, c, {});
      }
      return { comment_id: c.id, [flag === 'liked' ? 'liked' : flag === 'top' ? 'top' : 'folded']: on };
    });
  }

  /** Applies for essence (加精): the reading site decides; the request goes out through the feed. */
  async applyEssence(owner: CommentOwner, commentId: number) {
    return inTransaction(this.#db, async (tx) => {
      const c = await ownedComment(tx, owner, commentId);
      if (c.author_account_id !== null || c.root_id !== null)
        throw badInput('comment_id', {
          'zh-CN': '只有读者的主评论可以申请加精',
          'en-US': "Only a reader's first comment can be put forward",
        });
      if (c.essence === 'applied')
        throw new AppError(
          ErrorCode.commentAlreadyDone,
          { 'zh-CN': '已申请加精，请等待处理', 'en-US': 'Already put forward; please wait' },
          { httpStatus: 409 },
        );
      await tx
        .updateTable('comments')
        .set({ essence: 'applied', updated_at: Date.now() })
        .where('id', '=', c.id)
        .execute();
      await feed(tx, owner.clientId, 'essence_apply', c, {});
      return { comment_id: c.id, essence: 'applied' };
    });
  }

  /** Deletes one of the author's own replies (a reader's comment can be folded or reported, not deleted). */
  async deleteReply(owner: CommentOwner, commentId: number) {
    return inTransaction(this.#db, async (tx) => {
      const c = await ownedComment(tx, owner, commentId);
      if (c.author_account_id === null)
        throw badInput('comment_id', {
          'zh-CN': '只能删除您自己的回复，读者的评论可以折叠或举报',
          'en-US': "You can delete only your own replies; fold or report a reader's comment",
        });
      await tx
        .updateTable('comments')
        .set({ state: 'deleted', updated_at: Date.now() })
        .where('id', '=', c.id)
        .execute();
      if (c.root_id !== null)
        await tx
          .updateTable('comments')
          .set((eb) => ({ replies: eb('replies', '-', 1) }))
          .where('id', '=', c.root_id)
          .execute();
      await feed(tx, owner.clientId, 'delete', c, {});
      return { comment_id: c.id, deleted: true };
    });
  }

  /** Reports a reader's comment to the console's moderation queue (once while it is open). */
  async report(owner: CommentOwner, commentId: number, reason: string) {
    return inTransaction(this.#db, async (tx) => {
      const c = await ownedComment(tx, owner, commentId);
      if (c.author_account_id !== null)
        throw badInput('comment_id', { 'zh-CN': '不能举报自己的回复', 'en-US': 'You cannot report your own reply' });
      const open = await tx
        .selectFrom('comment_reports')
        .select('id')
        .where('comment_id', '=', c.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open)
        throw new AppError(
          ErrorCode.commentAlreadyDone,
          { 'zh-CN': '该评论已举报，正在处理中', 'en-US': 'This comment was already reported and is being handled' },
          { httpStatus: 409 },
        );
      const row = await tx
        .insertInto('comment_reports')
        .values({
          client_id: owner.clientId,
          comment_id: c.id,
          account_id: owner.accountId,
          reason,
          status: 'open',
          outcome: null,
          handled_by: null,
          handled_at: null,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { report_id: row.id, comment_id: c.id, status: 'open' };
    });
  }

  /** Mutes a reader on all the pen name's books until a time: their new comments are held, not lost. */
  async mute(owner: CommentOwner, commentId: number, days: number) {
    return inTransaction(this.#db, async (tx) => {
      const c = await ownedComment(tx, owner, commentId);
      if (!c.reader_id) throw badInput('comment_id', { 'zh-CN': '不能禁言自己', 'en-US': 'You cannot mute yourself' });
      const now = Date.now();
      const until = now + days * 86_400_000;
      await tx
        .insertInto('comment_mutes')
        .values({
          client_id: owner.clientId,
          account_id: owner.accountId,
          reader_id: c.reader_id,
          reader_name: c.reader_name,
          until,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['account_id', 'reader_id']).doUpdateSet({ until, reader_name: c.reader_name }))
        .execute();
      const books = await tx.selectFrom('books').select('id').where('account_id', '=', owner.accountId).execute();
      await feed(
        tx,
        owner.clientId,
        'mute',
        null,
        { reader_id: c.reader_id, book_ids: books.map((b) => b.id), until },
        c.reader_id,
      );
      return { reader_id: c.reader_id, reader_name: c.reader_name, until };
    });
  }

  async unmute(owner: CommentOwner, readerId: string) {
    return inTransaction(this.#db, async (tx) => {
      const done = await tx
        .deleteFrom('comment_mutes')
        .where('account_id', '=', owner.accountId)
        .where('reader_id', '=', readerId)
        .executeTakeFirst();
      if (done.numDeletedRows === 0n)
        throw notFound({ 'zh-CN': '该读者未被禁言', 'en-US': 'This reader is not muted' });
      const books = await tx.selectFrom('books').select('id').where('account_id', '=', owner.accountId).execute();
      await feed(
        tx,
        owner.clientId,
        'unmute',
        null,
        { reader_id: readerId, book_ids: books.map((b) => b.id) },
        readerId,
      );
      return { reader_id: readerId, muted: false };
    });
  }

  async mutes(owner: CommentOwner) {
    const list = await this.#db
      .selectFrom('comment_mutes')
      .select(['reader_id', 'reader_name', 'until', 'created_at'])
      .where('account_id', '=', owner.accountId)
      .where('until', '>', Date.now())
      .orderBy('created_at', 'desc')
      .execute();
    return { list };
  }

  async defaultReplies(owner: CommentOwner) {
    const list = await this.#db
      .selectFrom('comment_default_replies')
      .select(['id', 'content', 'created_at'])
      .where('account_id', '=', owner.accountId)
      .orderBy('id')
      .execute();
    return { list, max: DEFAULT_REPLIES_MAX };
  }

  async addDefaultReply(owner: CommentOwner, content: string) {
    const text = await this.#checkReply(owner, content);
    return inTransaction(this.#db, async (tx) => {
      const n = await tx
        .selectFrom('comment_default_replies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', owner.accountId)
        .executeTakeFirstOrThrow();
      if (Number(n.n) >= DEFAULT_REPLIES_MAX)
        throw badInput('content', {
          'zh-CN': `默认回复最多${DEFAULT_REPLIES_MAX}条`,
          'en-US': `At most ${DEFAULT_REPLIES_MAX} default replies`,
        });
      const row = await tx
        .insertInto('comment_default_replies')
        .values({ client_id: owner.clientId, account_id: owner.accountId, content: text, created_at: Date.now() })
        .returning(['id', 'content', 'created_at'])
        .executeTakeFirstOrThrow();
      return row;
    });
  }

  async removeDefaultReply(owner: CommentOwner, id: number) {
    const done = await this.#db
      .deleteFrom('comment_default_replies')
      .where('id', '=', id)
      .where('account_id', '=', owner.accountId)
      .executeTakeFirst();
    if (done.numDeletedRows === 0n) throw notFound();
    return { id, deleted: true };
  }
}

export function ownerOfRequest(request: FastifyRequest, auth: { accountId: number; userId: number }): CommentOwner {
  return { clientId: request.brand.clientId, accountId: auth.accountId, userId: auth.userId };
}
