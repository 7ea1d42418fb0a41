import { PAGINATION } from '@author-centre/shared';
import type { NewsDetail, NewsItem, NewsList, NewsType, UnreadCounts } from '@author-centre/shared/home-api';
import type { AppContext } from '../../platform/context.ts';
import { badInput, notFound } from '../../platform/http/errors.ts';
import * as repo from './messages.repository.ts';

/**
 * Messages (to one author account) and notices (to every author of a brand), with read state per
 * account. Other modules tell an author something through `sendMessage`.
 */

type Who = repo.Scope;

export const MESSAGE_CATEGORIES = ['system', 'editor', 'sign', 'income', 'activity'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
export const NOTICE_CATEGORIES = ['platform', 'activity', 'rule'] as const;

const SUMMARY_LENGTH = 80;

/** Plain text of a notice's limited HTML, for summaries. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const summarize = (text: string) => {
  const chars = [...text];
  return chars.length > SUMMARY_LENGTH ? `${chars.slice(0, SUMMARY_LENGTH).join('')}…` : text;
};

export async function unreadCounts(ctx: AppContext, who: Who, now = Date.now()): Promise<UnreadCounts> {
  const [message, notice] = await Promise.all([
    repo.countMessages(ctx.db, who, true),
    repo.noticeWatermark(ctx.db, who).then((w) => repo.countUnreadNotices(ctx.db, who, w, now)),
  ]);
  return { message, notice, total: message + notice };
}

export interface ListInput {
  type: NewsType;
  page: number;
  page_size: number;
}

export async function list(ctx: AppContext, who: Who, input: ListInput, now = Date.now()): Promise<NewsList> {
  const offset = (input.page - 1) * input.page_size;
  if (input.type === 'message') {
    const [rows, total, unread] = await Promise.all([
      repo.listMessages(ctx.db, who, offset, input.page_size),
      repo.countMessages(ctx.db, who, false),
      repo.countMessages(ctx.db, who, true),
    ]);
    return {
      list: rows.map(
        (r): NewsItem => ({
          id: r.id,
          type: 'message',
          category: r.category,
          title: r.title,
          summary: summarize(r.content.replace(/\s+/g, ' ').trim()),
          is_read: r.read_at !== null,
          pinned: false,
          created_at: r.created_at,
        }),
      ),
      total,
      page: input.page,
      page_size: input.page_size,
      unread,
    };
  }
  const watermark = await repo.noticeWatermark(ctx.db, who);
  const [rows, total, unread] = await Promise.all([
    repo.listNotices(ctx.db, who, now, offset, input.page_size),
    repo.countNotices(ctx.db, who.clientId, now),
    repo.countUnreadNotices(ctx.db, who, watermark, now),
  ]);
  return {
    list: rows.map(
      (r): NewsItem => ({
        id: r.id,
        type: 'notice',
        category: r.category,
        title: r.title,
        summary: summarize(plainText(r.content)),
        is_read: r.read_at !== null || r.published_at <= watermark,
        pinned: r.pinned === 1,
        created_at: r.published_at,
      }),
    ),
    total,
    page: input.page,
    page_size: input.page_size,
    unread,
  };
}

/** Opening a message or notice marks it read. */
export async function detail(
  ctx: AppContext,
  who: Who,
  type: NewsType,
  id: number,
  now = Date.now(),
): Promise<NewsDetail> {
  const gone = { 'zh-CN': '该消息不存在或已删除', 'en-US': 'This message does not exist or was deleted' };
  if (type === 'message') {
    const row = await repo.findMessage(ctx.db, who, id);
    if (!row) throw notFound(gone);
    if (row.read_at === null) await repo.markMessagesRead(ctx.db, who, [row.id], now);
    return {
      id: row.id,
      type,
      category: row.category,
      title: row.title,
      summary: summarize(row.content),
      content: row.content,
      link: row.link,
      sender: row.sender,
      is_read: true,
      pinned: false,
      created_at: row.created_at,
    };
  }
  const row = await repo.findNotice(ctx.db, who, id, now);
  if (!row) throw notFound({ 'zh-CN': '该公告不存在或已删除', 'en-US': 'This notice does not exist or was deleted' });
  if (row.read_at === null) await repo.markNoticeRead(ctx.db, who, row.id, now);
  return {
    id: row.id,
    type,
    category: row.category,
    title: row.title,
    summary: summarize(plainText(row.content)),
    content: row.content,
    link: '',
    sender: '',
    is_read: true,
    pinned: row.pinned === 1,
    created_at: row.published_at,
  };
}

export async function setAllRead(ctx: AppContext, who: Who, type: NewsType | 'all', now = Date.now()) {
  if (type === 'message' || type === 'all') await repo.markMessagesRead(ctx.db, who, null, now);
  if (type === 'notice' || type === 'all') await repo.markAllNoticesRead(ctx.db, who, now);
  return unreadCounts(ctx, who, now);
}

// ---- For other modules and the console ------------------------------------------------------

export interface MessageInput {
  category: MessageCategory;
  title: string;
  content: string;
  link?: string;
  sender?: string;
}

/** Tells one author account something; it shows in their message centre and header count. */
export async function sendMessage(ctx: AppContext, to: Who, input: MessageInput, now = Date.now()) {
  const row = await ctx.db
    .insertInto('messages')
    .values({
      client_id: to.clientId,
      account_id: to.accountId,
      category: input.category,
      title: input.title,
      content: input.content,
      link: input.link ?? '',
      sender: input.sender ?? '',
      created_at: now,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

export interface NoticeInput {
  category: (typeof NOTICE_CATEGORIES)[number];
  title: string;
  content: string;
  pinned?: boolean;
  /** Epoch ms; now when absent. A later time schedules the notice. */
  published_at?: number;
}

export async function publishNotice(
  ctx: AppContext,
  clientId: number,
  createdBy: number | null,
  input: NoticeInput,
  now = Date.now(),
) {
  if (input.published_at !== undefined && input.published_at < now - 365 * 86_400_000) {
    throw badInput('published_at', {
      'zh-CN': '发布时间不能早于一年前',
      'en-US': 'The publish time cannot be over a year ago',
    });
  }
  const row = await ctx.db
    .insertInto('notices')
    .values({
      client_id: clientId,
      category: input.category,
      title: input.title,
      content: input.content,
      pinned: input.pinned ? 1 : 0,
      published_at: input.published_at ?? now,
      created_by: createdBy,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

export function adminNotices(ctx: AppContext, clientId: number) {
  return ctx.db
    .selectFrom('notices')
    .select(['id', 'category', 'title', 'pinned', 'published_at', 'created_at'])
    .where('client_id', '=', clientId)
    .orderBy('published_at', 'desc')
    .limit(200)
    .execute();
}

export const DEFAULT_PAGE_SIZE = PAGINATION.defaultPageSize;
