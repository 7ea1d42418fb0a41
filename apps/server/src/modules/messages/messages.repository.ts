import type { Db } from '../../platform/db/database.ts';
import './messages.tables.ts';

/** Kysely queries of messages (per account) and notices (per brand, read state per account). */

export interface Scope {
  clientId: number;
  accountId: number;
}

export function countMessages(db: Db, s: Scope, unreadOnly: boolean) {
  let q = db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('client_id', '=', s.clientId)
    .where('account_id', '=', s.accountId);
  if (unreadOnly) q = q.where('read_at', 'is', null);
  return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
}

export function listMessages(db: Db, s: Scope, offset: number, limit: number) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('client_id', '=', s.clientId)
    .where('account_id', '=', s.accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findMessage(db: Db, s: Scope, id: number) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('client_id', '=', s.clientId)
    .where('account_id', '=', s.accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function markMessagesRead(db: Db, s: Scope, ids: number[] | null, now: number) {
  let q = db
    .updateTable('messages')
    .set({ read_at: now })
    .where('client_id', '=', s.clientId)
    .where('account_id', '=', s.accountId)
    .where('read_at', 'is', null);
  if (ids) q = q.where('id', 'in', ids);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Notices published after `watermark` (the later of the account's creation and its last "mark all
 * read") that the account has not opened are unread.
 */
export async function noticeWatermark(db: Db, s: Scope): Promise<number> {
  const account = await db
    .selectFrom('accounts')
    .select('created_at')
    .where('id', '=', s.accountId)
    .where('client_id', '=', s.clientId)
    .executeTakeFirst();
  const mark = await db
    .selectFrom('notice_read_marks')
    .select('read_before')
    .where('account_id', '=', s.accountId)
    .executeTakeFirst();
  return Math.max(account?.created_at ?? 0, mark?.read_before ?? 0);
}

function publishedNotices(db: Db, clientId: number, now: number) {
  return db.selectFrom('notices as n').where('n.client_id', '=', clientId).where('n.published_at', '<=', now);
}

export function countUnreadNotices(db: Db, s: Scope, watermark: number, now: number) {
  return publishedNotices(db, s.clientId, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('n.published_at', '>', watermark)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notice_reads as r')
            .select('r.notice_id')
            .whereRef('r.notice_id', '=', 'n.id')
            .where('r.account_id', '=', s.accountId),
        ),
      ),
    )
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function countNotices(db: Db, clientId: number, now: number) {
  return publishedNotices(db, clientId, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function listNotices(db: Db, s: Scope, now: number, offset: number, limit: number) {
  return publishedNotices(db, s.clientId, now)
    .leftJoin('notice_reads as r', (join) =>
      join.onRef('r.notice_id', '=', 'n.id').on('r.account_id', '=', s.accountId),
    )
    .select(['n.id', 'n.category', 'n.title', 'n.content', 'n.pinned', 'n.published_at', 'r.read_at'])
    .orderBy('n.pinned', 'desc')
    .orderBy('n.published_at', 'desc')
    .orderBy('n.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findNotice(db: Db, s: Scope, id: number, now: number) {
  return publishedNotices(db, s.clientId, now)
    .leftJoin('notice_reads as r', (join) =>
      join.onRef('r.notice_id', '=', 'n.id').on('r.account_id', '=', s.accountId),
    )
    .select(['n.id', 'n.category', 'n.title', 'n.content', 'n.pinned', 'n.published_at', 'r.read_at'])
    .where('n.id', '=', id)
    .executeTakeFirst();
}

export async function markNoticeRead(db: Db, s: Scope, noticeId: number, now: number) {
  await db
    .insertInto('notice_reads')
    .values({ account_id: s.accountId, notice_id: noticeId, read_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'notice_id']).doNothing())
    .execute();
}

export async function markAllNoticesRead(db: Db, s: Scope, now: number) {
  await db
    .insertInto('notice_read_marks')
    .values({ account_id: s.accountId, read_before: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ read_before: now }))
    .execute();
}
