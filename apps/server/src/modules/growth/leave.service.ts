import { parseShanghaiDate, shanghaiDate } from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { badInput, conflict, notFound } from '../../platform/http/errors.ts';
import { sendMessage } from '../messages/messages.service.ts';
import { daysBetween, growthEvent } from './growth.service.ts';
import type { LeaveRuleTable } from './growth.tables.ts';

/**
 * Leave requests (vacation-manage, askleave): whole Asia/Shanghai days, never in the past, never
 * overlapping another live request, within the brand's monthly quota for the author's level.
 * Approved leave days bridge update streaks (growth.service) and are read by the income module's
 * attendance rules through `leaveDaysOf`.
 */

type Executor = Db | Tx;
interface Who {
  clientId: number;
  accountId: number;
}

/** The rules a brand has until its console sets others. */
export const DEFAULT_LEAVE_RULES = { quotas: { default: 4 } as Record<string, number>, auto_approve: 0, max_days: 7 };

export async function leaveRulesOf(db: Executor, clientId: number) {
  const row = await db.selectFrom('leave_rules').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  if (!row) return DEFAULT_LEAVE_RULES;
  return {
    quotas: JSON.parse(row.quotas) as Record<string, number>,
    auto_approve: row.auto_approve,
    max_days: row.max_days,
  };
}

export function quotaFor(quotas: Record<string, number>, level: number): number {
  return quotas[String(level)] ?? quotas.default ?? 0;
}

export async function saveLeaveRules(
  db: Executor,
  clientId: number,
  rules: { quotas: Record<string, number>; auto_approve: number; max_days: number },
  now = Date.now(),
) {
  const values: LeaveRuleTable = {
    client_id: clientId,
    quotas: JSON.stringify(rules.quotas),
    auto_approve: rules.auto_approve,
    max_days: rules.max_days,
    updated_at: now,
  };
  await db
    .insertInto('leave_rules')
    .values(values)
    .onConflict((oc) =>
      oc.column('client_id').doUpdateSet({
        quotas: values.quotas,
        auto_approve: values.auto_approve,
        max_days: values.max_days,
        updated_at: now,
      }),
    )
    .execute();
}

/** Approved leave days of an author account within an inclusive range of 'YYYY-MM-DD' days, sorted. */
export async function leaveDaysOf(
  db: Executor,
  clientId: number,
  accountId: number,
  fromDay: string,
  toDay: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('leave_requests')
    .select(['start_day', 'end_day'])
    .where('client_id', '=', clientId)
    .where('account_id', '=', accountId)
    .where('status', '=', 'approved')
    .where('start_day', '<=', toDay)
    .where('end_day', '>=', fromDay)
    .execute();
  const days = new Set<string>();
  for (const r of rows) {
    for (const d of daysBetween(r.start_day > fromDay ? r.start_day : fromDay, r.end_day < toDay ? r.end_day : toDay)) {
      days.add(d);
    }
  }
  return [...days].sort();
}

/** `leaveDaysOf` for many pen names at once (monthly settlement): account id → its approved leave days. */
export async function leaveDaysOfAccounts(
  db: Executor,
  clientId: number,
  accountIds: number[],
  fromDay: string,
  toDay: string,
): Promise<Map<number, Set<string>>> {
  const days = new Map<number, Set<string>>();
  for (let i = 0; i < accountIds.length; i += 500) {
    const rows = await db
      .selectFrom('leave_requests')
      .select(['account_id', 'start_day', 'end_day'])
      .where('client_id', '=', clientId)
      .where('account_id', 'in', accountIds.slice(i, i + 500))
      .where('status', '=', 'approved')
      .where('start_day', '<=', toDay)
      .where('end_day', '>=', fromDay)
      .execute();
    for (const r of rows) {
      const mine = days.get(r.account_id) ?? new Set<string>();
      days.set(r.account_id, mine);
      for (const d of daysBetween(r.start_day > fromDay ? r.start_day : fromDay, r.end_day < toDay ? r.end_day : toDay))
        mine.add(d);
    }
  }
  return days;
}

const month = (day: string) => day.slice(0, 7);

/** Days of live (pending or approved) leave of the account in a month 'YYYY-MM'. */
async function usedInMonth(db: Executor, who: Who, ym: string): Promise<number> {
  const rows = await db
    .selectFrom('leave_requests')
    .select(['start_day', 'end_day'])
    .where('client_id', '=', who.clientId)
    .where('account_id', '=', who.accountId)
    .where('status', 'in', ['pending', 'approved'])
    .where('start_day', '<=', `${ym}-31`)
    .where('end_day', '>=', `${ym}-01`)
    .execute();
  return rows.reduce((n, r) => n + daysBetween(r.start_day, r.end_day).filter((d) => month(d) === ym).length, 0);
}

export interface LeaveInput {
  start_day: string;
  end_day: string;
  reason: string;
}

export async function requestLeave(ctx: AppContext, who: Who, input: LeaveInput, now = Date.now()) {
  const today = shanghaiDate(now);
  for (const field of ['start_day', 'end_day'] as const) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input[field]) || Number.isNaN(parseShanghaiDate(input[field]))) {
      throw badInput(field, { 'zh-CN': '请选择有效的日期', 'en-US': 'Choose a valid date' });
    }
  }
  if (input.start_day < today) {
    throw badInput('start_day', {
      'zh-CN': '不能为已经过去的日期请假',
      'en-US': 'Leave cannot be requested for days that have passed',
    });
  }
  if (input.end_day < input.start_day) {
    throw badInput('end_day', {
      'zh-CN': '结束日期不能早于开始日期',
      'en-US': 'The end date is before the start date',
    });
  }
  return inTransaction(ctx.db, async (tx) => {
    // One request of a pen name at a time, so the overlap and quota checks below count every request
    // committed before this one: on PostgreSQL the account row stays locked until the commit (two
    // requests sent at once would otherwise both see the quota free); SQLite runs one transaction at a time.
    let accountQuery = tx.selectFrom('accounts').select('level').where('id', '=', who.accountId);
    if (ctx.engine === 'postgres') accountQuery = accountQuery.forUpdate();
    const account = await accountQuery.executeTakeFirstOrThrow();
    const rules = await leaveRulesOf(tx, who.clientId);
    const days = daysBetween(input.start_day, input.end_day);
    if (days.length > rules.max_days) {
      throw badInput('end_day', {
        'zh-CN': `单次请假最多 ${rules.max_days} 天`,
        'en-US': `One request may cover at most ${rules.max_days} days`,
      });
    }
    const overlap = await tx
      .selectFrom('leave_requests')
      .select(['start_day', 'end_day'])
      .where('client_id', '=', who.clientId)
      .where('account_id', '=', who.accountId)
      .where('status', 'in', ['pending', 'approved'])
      .where('start_day', '<=', input.end_day)
      .where('end_day', '>=', input.start_day)
      .executeTakeFirst();
    if (overlap) {
      throw conflict({
        'zh-CN': `与已有的请假（${overlap.start_day} 至 ${overlap.end_day}）重叠`,
        'en-US': `Overlaps your leave from ${overlap.start_day} to ${overlap.end_day}`,
      });
    }
    const quota = quotaFor(rules.quotas, account.level);
    for (const ym of new Set(days.map(month))) {
      const asked = days.filter((d) => month(d) === ym).length;
      const used = await usedInMonth(tx, who, ym);
      if (used + asked > quota) {
        throw badInput('end_day', {
          'zh-CN': `超出请假额度：Lv${account.level} 每月可请 ${quota} 天，${ym} 已用 ${used} 天`,
          'en-US': `Beyond your quota: Lv${account.level} may take ${quota} days a month, ${used} already used in ${ym}`,
        });
      }
    }
    const status = rules.auto_approve ? 'approved' : 'pending';
    const row = await tx
      .insertInto('leave_requests')
      .values({
        client_id: who.clientId,
        account_id: who.accountId,
        start_day: input.start_day,
        end_day: input.end_day,
        days: days.length,
        reason: input.reason,
        status,
        review_note: '',
        created_at: now,
        reviewed_at: status === 'approved' ? now : null,
        noticed_at: status === 'approved' ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, status, days: days.length };
  });
}

export async function leaveList(db: Executor, who: Who, now = Date.now()) {
  const today = shanghaiDate(now);
  const [rows, rules, account] = await Promise.all([
    db
      .selectFrom('leave_requests')
      .selectAll()
      .where('client_id', '=', who.clientId)
      .where('account_id', '=', who.accountId)
      .orderBy('start_day', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute(),
    leaveRulesOf(db, who.clientId),
    db.selectFrom('accounts').select('level').where('id', '=', who.accountId).executeTakeFirstOrThrow(),
  ]);
  const quota = quotaFor(rules.quotas, account.level);
  return {
    list: rows.map((r) => ({
      id: r.id,
      start_day: r.start_day,
      end_day: r.end_day,
      days: r.days,
      reason: r.reason,
      status: r.status,
      review_note: r.review_note,
      created_at: r.created_at,
      can_cancel: (r.status === 'pending' || r.status === 'approved') && r.start_day > today,
    })),
    quota: { level: account.level, per_month: quota, used: await usedInMonth(db, who, month(today)) },
    max_days: rules.max_days,
    today,
  };
}

/** Cancels a request that has not begun (pending, or approved for days still to come). */
export async function cancelLeave(db: Db, who: Who, id: number, now = Date.now()) {
  const res = await db
    .updateTable('leave_requests')
    .set({ status: 'cancelled' })
    .where('id', '=', id)
    .where('client_id', '=', who.clientId)
    .where('account_id', '=', who.accountId)
    .where('status', 'in', ['pending', 'approved'])
    .where('start_day', '>', shanghaiDate(now))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    throw conflict({
      'zh-CN': '这条请假已开始或已结束，不能取消',
      'en-US': 'This leave has begun or is closed and can no longer be cancelled',
    });
  }
  return { id, status: 'cancelled' };
}

/** askleave notice: decisions the author has not seen yet. */
export async function leaveNotices(db: Executor, who: Who) {
  const rows = await db
    .selectFrom('leave_requests')
    .select(['id', 'start_day', 'end_day', 'status', 'review_note', 'reviewed_at'])
    .where('client_id', '=', who.clientId)
    .where('account_id', '=', who.accountId)
    .where('status', 'in', ['approved', 'refused'])
    .where('noticed_at', 'is', null)
    .orderBy('reviewed_at', 'desc')
    .execute();
  return { list: rows };
}

/** askleave ignore: the author dismissed the notices (all, or the ones named). */
export async function ignoreLeaveNotices(db: Executor, who: Who, ids: number[] | null, now = Date.now()) {
  let q = db
    .updateTable('leave_requests')
    .set({ noticed_at: now })
    .where('client_id', '=', who.clientId)
    .where('account_id', '=', who.accountId)
    .where('noticed_at', 'is', null)
    .where('status', 'in', ['approved', 'refused']);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** Console: approve or refuse a pending request; the author is told in the message centre. */
export async function reviewLeave(
  ctx: AppContext,
  tx: Tx,
  clientId: number,
  id: number,
  decision: 'approved' | 'refused',
  note: string,
  now = Date.now(),
) {
  const before = await tx
    .selectFrom('leave_requests')
    .selectAll()
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!before) throw notFound({ 'zh-CN': '该请假申请不存在', 'en-US': 'No such leave request' });
  const res = await tx
    .updateTable('leave_requests')
    .set({ status: decision, review_note: note, reviewed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    throw conflict({ 'zh-CN': '该申请已处理过', 'en-US': 'This request was already decided' });
  }
  const approved = decision === 'approved';
  await sendMessage(
    ctx,
    { clientId, accountId: before.account_id },
    {
      category: 'system',
      title: approved ? '请假申请已通过' : '请假申请未通过',
      content: `${before.start_day} 至 ${before.end_day} 的请假${approved ? '已通过' : `未通过：${note}`}`,
      link: '/front/vacation-manage',
    },
    now,
    { db: tx },
  );
  // Approved leave in the past (a late approval) may mend a streak.
  if (approved) await growthEvent(tx, clientId, before.account_id, now);
  return { before, after: { ...before, status: decision, review_note: note, reviewed_at: now } };
}
