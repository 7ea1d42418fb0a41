import type { Db } from '../../platform/db/database.ts';
import type { NoticeAudience } from './messages.tables.ts';

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

/** What decides which notices an account sees and which count as read. */
export interface NoticeViewer extends Scope {
  /**
   * Notices published up to this instant (the later of the account's creation and its last "mark
   * all read") count as read; later ones the account has not opened are unread.
   */
  watermark: number;
  signed: boolean;
  learner: boolean;
}

export async function noticeViewer(db: Db, s: Scope): Promise<NoticeViewer> {
  const account = await db
    .selectFrom('accounts')
    .select(['created_at', 'sign_flag', 'is_learner'])
    .where('id', '=', s.accountId)
    .where('client_id', '=', s.clientId)
    .executeTakeFirst();
  const mark = await db
    .selectFrom('notice_read_marks')
    .select('read_before')
    .where('account_id', '=', s.accountId)
    .executeTakeFirst();
  return {
    ...s,
    watermark: Math.max(account?.created_at ?? 0, mark?.read_before ?? 0),
    signed: account?.sign_flag === 1,
    learner: account?.is_learner === 1,
  };
}

/**
 * The notices an account sees: its brand's, published by now (a scheduled one appears at its
 * time, on every instance, with nothing to run), not withdrawn, and meant for it.
 */
function publishedNotices(db: Db, v: NoticeViewer, now: number) {
  const audiences: NoticeAudience[] = ['all'];
  if (v.signed) audiences.push('signed');
  if (v.learner) audiences.push('learners');
  return db
    .selectFrom('notices as n')
    .where('n.client_id', '=', v.clientId)
    .where('n.published_at', '<=', now)
    .where('n.withdrawn_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('n.audience', 'in', audiences),
        eb.and([
          eb('n.audience', '=', 'list'),
          eb.exists(
            eb
              .selectFrom('notice_targets as t')
              .select('t.notice_id')
              .whereRef('t.notice_id', '=', 'n.id')
              .where('t.account_id', '=', v.accountId),
          ),
        ]),
      ]),
    );
}

export function countUnreadNotices(db: Db, v: NoticeViewer, now: number) {
  return publishedNotices(db, v, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('n.published_at', '>', v.watermark)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notice_reads as r')
            .select('r.notice_id')
            .whereRef('r.notice_id', '=', 'n.id')
            .where('r.account_id', '=', v.accountId),
        ),
      ),
    )
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function countNotices(db: Db, v: NoticeViewer, now: number) {
  return publishedNotices(db, v, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function listNotices(db: Db, v: NoticeViewer, now: number, offset: number, limit: number) {
  return publishedNotices(db, v, now)
    .leftJoin('notice_reads as r', (join) =>
      join.onRef('r.notice_id', '=', 'n.id').on('r.account_id', '=', v.accountId),
    )
    .select(['n.id', 'n.category', 'n.title', 'n.content', 'n.pinned', 'n.published_at', 'r.read_at'])
    .orderBy('n.pinned', 'desc')
    .orderBy('n.published_at', 'desc')
    .orderBy('n.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findNotice(db: Db, v: NoticeViewer, id: number, now: number) {
  return publishedNotices(db, v, now)
    .leftJoin('notice_reads as r', (join) =>
      join.onRef('r.notice_id', '=', 'n.id').on('r.account_id', '=', v.accountId),
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
