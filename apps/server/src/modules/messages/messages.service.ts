import { PAGINATION } from '@author-centre/shared';
import type { NewsDetail, NewsItem, NewsList, NewsType, UnreadCounts } from '@author-centre/shared/home-api';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { badInput, conflict, notFound } from '../../platform/http/errors.ts';
import type { Language } from '../../platform/http/language.ts';
import * as repo from './messages.repository.ts';
import type { NoticeAudience } from './messages.tables.ts';

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
    repo.noticeViewer(ctx.db, who).then((v) => repo.countUnreadNotices(ctx.db, v, now)),
  ]);
  return { message, notice, total: message + notice };
}

export interface ListInput {
  type: NewsType;
  page: number;
  page_size: number;
}

export async function list(
  ctx: AppContext,
  who: Who,
  input: ListInput,
  now = Date.now(),
  lang: Language = 'zh-CN',
): Promise<NewsList> {
  const offset = (input.page - 1) * input.page_size;
  if (input.type === 'message') {
    const [rows, total, unread] = await Promise.all([
      repo.listMessages(ctx.db, who, offset, input.page_size),
      repo.countMessages(ctx.db, who, false),
      repo.countMessages(ctx.db, who, true),
    ]);
    return {
      list: rows.map((r): NewsItem => {
        const { title, content } = worded(r, lang);
        return {
          id: r.id,
          type: 'message',
          category: r.category,
          title,
          summary: summarize(content.replace(/\s+/g, ' ').trim()),
          is_read: r.read_at !== null,
          pinned: false,
          created_at: r.created_at,
        };
      }),
      total,
      page: input.page,
      page_size: input.page_size,
      unread,
    };
  }
  const viewer = await repo.noticeViewer(ctx.db, who);
  const { watermark } = viewer;
  const [rows, total, unread] = await Promise.all([
    repo.listNotices(ctx.db, viewer, now, offset, input.page_size),
    repo.countNotices(ctx.db, viewer, now),
    repo.countUnreadNotices(ctx.db, viewer, now),
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
  lang: Language = 'zh-CN',
): Promise<NewsDetail> {
  const gone = { 'zh-CN': '该消息不存在或已删除', 'en-US': 'This message does not exist or was deleted' };
  if (type === 'message') {
    const row = await repo.findMessage(ctx.db, who, id);
    if (!row) throw notFound(gone);
    if (row.read_at === null) await repo.markMessagesRead(ctx.db, who, [row.id], now);
    const { title, content } = worded(row, lang);
    return {
      id: row.id,
      type,
      category: row.category,
      title,
      summary: summarize(content),
      content,
      link: row.link,
      sender: row.sender,
      is_read: true,
      pinned: false,
      created_at: row.created_at,
    };
  }
  const row = await repo.findNotice(ctx.db, await repo.noticeViewer(ctx.db, who), id, now);
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
  /**
   * A registered template and its parameters: the message is then worded in the language of whoever
   * reads it; `title` and `content` are kept as the Chinese wording.
   */
  template?: MessageTemplateRef;
}

export interface MessageTemplateRef {
  key: string;
  params: Record<string, string | number | null>;
}

type MessageWording = (params: MessageTemplateRef['params'], lang: Language) => { title: string; content: string };
const TEMPLATES = new Map<string, MessageWording>();

/** A system message's wording in each language, registered once by the module that sends it. */
export function registerMessageTemplate(key: string, wording: MessageWording): void {
  TEMPLATES.set(key, wording);
}

/** Title and content of a message row in `lang`: its template's wording when it has a known one. */
export function worded(row: { title: string; content: string; template: string | null }, lang: Language) {
  if (!row.template) return { title: row.title, content: row.content };
  try {
    const ref = JSON.parse(row.template) as MessageTemplateRef;
    const wording = TEMPLATES.get(ref.key);
    return wording ? wording(ref.params, lang) : { title: row.title, content: row.content };
  } catch {
    return { title: row.title, content: row.content };
  }
}

/**
 * Tells one author account something; it shows in their message centre and header count.
 * `sentBy` is the staff account when sent from the console; `db` lets the caller write it in its
 * own transaction (with the audit record).
 */
export async function sendMessage(
  ctx: AppContext,
  to: Who,
  input: MessageInput,
  now = Date.now(),
  options: { sentBy?: number; db?: Db } = {},
) {
  const row = await (options.db ?? ctx.db)
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
      sent_by: options.sentBy ?? null,
      template: input.template ? JSON.stringify(input.template) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

export const NOTICE_AUDIENCES = ['all', 'signed', 'learners', 'list'] as const;
/** The most accounts one notice may name. */
export const NOTICE_MAX_TARGETS = 500;

export interface AudienceInput {
  audience?: NoticeAudience;
  /** For 'list': pen names and/or account ids of the brand's authors. */
  pen_names?: string[];
  account_ids?: number[];
}

export interface NoticeInput extends AudienceInput {
  category: (typeof NOTICE_CATEGORIES)[number];
  title: string;
  content: string;
  pinned?: boolean;
  /** Epoch ms; now when absent. A later time schedules the notice. */
  published_at?: number;
}

/** The accounts a 'list' notice names, every one an author of the brand; unknown names are refused by name. */
async function resolveTargets(db: Db, clientId: number, input: AudienceInput): Promise<number[]> {
  const names = [...new Set((input.pen_names ?? []).map((n) => n.trim()).filter(Boolean))];
  const ids = [...new Set(input.account_ids ?? [])];
  if (names.length + ids.length === 0) {
    throw badInput('pen_names', {
      'zh-CN': '请至少填写一个笔名或账号ID',
      'en-US': 'Name at least one pen name or account id',
    });
  }
  if (names.length + ids.length > NOTICE_MAX_TARGETS) {
    throw badInput('pen_names', {
      'zh-CN': `一条公告最多指定${NOTICE_MAX_TARGETS}位作者`,
      'en-US': `A notice may name at most ${NOTICE_MAX_TARGETS} authors`,
    });
  }
  const found = new Map<number, string>();
  const missing: string[] = [];
  for (let i = 0; i < names.length; i += 200) {
    const chunk = names.slice(i, i + 200);
    const rows = await db
      .selectFrom('accounts')
      .select(['id', 'pen_name'])
      .where('client_id', '=', clientId)
      .where('role', '=', 'author')
      .where('pen_name', 'in', chunk)
      .execute();
    for (const r of rows) found.set(r.id, r.pen_name);
    const known = new Set(rows.map((r) => r.pen_name));
    missing.push(...chunk.filter((n) => !known.has(n)));
  }
  if (ids.length) {
    const rows = await db
      .selectFrom('accounts')
      .select(['id', 'pen_name'])
      .where('client_id', '=', clientId)
      .where('role', '=', 'author')
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) found.set(r.id, r.pen_name);
    const known = new Set(rows.map((r) => r.id));
    missing.push(...ids.filter((id) => !known.has(id)).map(String));
  }
  if (missing.length) {
    const shown = missing.slice(0, 10);
    const more = missing.length > shown.length ? `…（共${missing.length}个）` : '';
    throw badInput('pen_names', {
      'zh-CN': `本品牌没有这些作者：${shown.join('、')}${more}`,
      'en-US': `This brand has no such authors: ${shown.join(', ')}${missing.length > shown.length ? ` … (${missing.length} in all)` : ''}`,
    });
  }
  return [...found.keys()];
}

async function writeTargets(db: Db, noticeId: number, accountIds: number[]) {
  await db.deleteFrom('notice_targets').where('notice_id', '=', noticeId).execute();
  for (let i = 0; i < accountIds.length; i += 200) {
    await db
      .insertInto('notice_targets')
      .values(accountIds.slice(i, i + 200).map((account_id) => ({ notice_id: noticeId, account_id })))
      .execute();
  }
}

export async function publishNotice(
  ctx: AppContext,
  clientId: number,
  createdBy: number | null,
  input: NoticeInput,
  now = Date.now(),
  db: Db = ctx.db,
) {
  if (input.published_at !== undefined && input.published_at < now - 365 * 86_400_000) {
    throw badInput('published_at', {
      'zh-CN': '发布时间不能早于一年前',
      'en-US': 'The publish time cannot be over a year ago',
    });
  }
  const audience = input.audience ?? 'all';
  const targets = audience === 'list' ? await resolveTargets(db, clientId, input) : [];
  const row = await db
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
      audience,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (targets.length) await writeTargets(db, row.id, targets);
  return { id: row.id, published_at: input.published_at ?? now, audience, targets: targets.length };
}

export type NoticeState = 'scheduled' | 'published' | 'withdrawn';

export function noticeState(row: { published_at: number; withdrawn_at: number | null }, now: number): NoticeState {
  if (row.withdrawn_at !== null) return 'withdrawn';
  return row.published_at > now ? 'scheduled' : 'published';
}

/** How many authors each kind of audience holds today (a 'list' notice counts its own targets). */
export async function audienceSizes(db: Db, clientId: number) {
  const authors = () =>
    db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId)
      .where('role', '=', 'author');
  const [all, signed, learners] = await Promise.all([
    authors().executeTakeFirstOrThrow(),
    authors().where('sign_flag', '=', 1).executeTakeFirstOrThrow(),
    authors().where('is_learner', '=', 1).executeTakeFirstOrThrow(),
  ]);
  return { all: Number(all.n), signed: Number(signed.n), learners: Number(learners.n) };
}

/** One notice as the console sees it: its audience by name and how many of it opened the notice. */
export async function consoleNotice(db: Db, clientId: number, id: number, now = Date.now()) {
  const row = await db
    .selectFrom('notices as n')
    .selectAll('n')
    .select((eb) => [
      eb
        .selectFrom('notice_reads as r')
        .select((c) => c.fn.countAll<number>().as('c'))
        .whereRef('r.notice_id', '=', 'n.id')
        .as('read_count'),
    ])
    .where('n.client_id', '=', clientId)
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound({ 'zh-CN': '该公告不存在', 'en-US': 'No such notice' });
  const targets =
    row.audience === 'list'
      ? await db
          .selectFrom('notice_targets as t')
          .innerJoin('accounts as a', 'a.id', 't.account_id')
          .select(['a.id as account_id', 'a.pen_name'])
          .where('t.notice_id', '=', id)
          .orderBy('a.pen_name')
          .execute()
      : [];
  const sizes = await audienceSizes(db, clientId);
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    content: row.content,
    pinned: row.pinned === 1,
    audience: row.audience,
    targets,
    published_at: row.published_at,
    withdrawn_at: row.withdrawn_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    state: noticeState(row, now),
    read_count: Number(row.read_count ?? 0),
    audience_count: row.audience === 'list' ? targets.length : sizes[row.audience],
  };
}

/**
 * Edits a notice that has not gone out yet. The row changes only if it is still scheduled at the
 * instant of the write, so an edit racing the publish time never rewrites what authors have read.
 */
export async function updateScheduledNotice(
  db: Db,
  clientId: number,
  id: number,
  input: NoticeInput,
  now = Date.now(),
) {
  const before = await consoleNotice(db, clientId, id, now);
  if (before.state === 'withdrawn') {
    throw conflict({ 'zh-CN': '该公告已撤回，不能再修改', 'en-US': 'This notice was withdrawn and cannot be edited' });
  }
  if (before.state === 'published') {
    throw conflict({
      'zh-CN': '该公告已经发布，不能再修改；如有错误可以撤回后重新发布',
      'en-US': 'This notice has gone out and cannot be edited; withdraw it and publish a corrected one',
    });
  }
  const audience = input.audience ?? 'all';
  const targets = audience === 'list' ? await resolveTargets(db, clientId, input) : [];
  const changed = await db
    .updateTable('notices')
    .set({
      category: input.category,
      title: input.title,
      content: input.content,
      pinned: input.pinned ? 1 : 0,
      published_at: input.published_at ?? now,
      audience,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .where('withdrawn_at', 'is', null)
    .where('published_at', '>', now)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) {
    throw conflict({
      'zh-CN': '该公告刚刚已经发布或被撤回，未作修改',
      'en-US': 'This notice has just gone out or was withdrawn; nothing was changed',
    });
  }
  await writeTargets(db, id, targets);
  return { before, after: await consoleNotice(db, clientId, id, now) };
}

/** Withdraws a scheduled or published notice: from now on no author sees it. */
export async function withdrawNotice(db: Db, clientId: number, id: number, now = Date.now()) {
  const before = await consoleNotice(db, clientId, id, now);
  const changed = await db
    .updateTable('notices')
    .set({ withdrawn_at: now, updated_at: now })
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) {
    throw conflict({ 'zh-CN': '该公告已经撤回', 'en-US': 'This notice was already withdrawn' });
  }
  return { before, after: await consoleNotice(db, clientId, id, now) };
}

export const DEFAULT_PAGE_SIZE = PAGINATION.defaultPageSize;
