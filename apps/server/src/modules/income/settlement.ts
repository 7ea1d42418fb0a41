import type { WelfareRules } from '@author-centre/shared';
import {
  DEFAULT_WELFARE_RULES,
  ErrorCode,
  parseShanghaiDate,
  shanghaiDate,
  shanghaiMonthStart,
  shanghaiNextMonthStart,
} from '@author-centre/shared';
import { sql } from 'kysely';
import { storedSettings } from '../../platform/brands/brands.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/errors.ts';
import { signedTermsOfBooks } from '../contracts/sign.service.ts';
import { leaveDaysOfAccounts } from '../growth/leave.service.ts';
import { entry } from './events.ts';
import type { LineKind } from './income.tables.ts';

/**
 * Monthly settlement (Asia/Shanghai months). For each book of the brand:
 *
 *   share      = floor(revenue × share_permille / 1000)      (fen; the fraction of a fen is not paid — stated to authors)
 *   guarantee  = max(0, guarantee_fen − share)                (the guaranteed minimum topped up)
 *   welfare    = the brand's welfare rules (its brand settings) the book met that month (full attendance, updates)
 *   correction = revenue of an earlier, closed month that arrived after its close:
 *                max(guarantee_fen, floor(revenue' × permille / 1000)) − what that month already paid
 *
 * A closed month's statement and lines never change; late revenue becomes a `correction` line of the
 * next close. A statement's total is the sum of its lines (written in the same transaction).
 */

export interface SettlementTerms {
  sharePermille: number;
  guaranteeFen: number;
  /** Whether these are a book's own terms (signed) or the default for books without. */
  signed: boolean;
}

/** The share of a book without terms of its own: half of its revenue, no guarantee, no welfare. */
export const DEFAULT_TERMS: SettlementTerms = { sharePermille: 500, guaranteeFen: 0, signed: false };

/**
 * THE one place settlement reads a book's terms: the key terms of the book's contract signed online
 * (the contracts module); for a book whose contract was signed outside the platform, the terms an
 * admin entered in the console (`income_terms`); otherwise the default.
 */
export async function settlementTermsOf(
  db: Db | Tx,
  clientId: number,
  bookIds: number[],
): Promise<Map<number, SettlementTerms>> {
  const terms = new Map<number, SettlementTerms>();
  for (let i = 0; i < bookIds.length; i += 500) {
    const rows = await db
      .selectFrom('income_terms')
      .select(['book_id', 'share_permille', 'guarantee_fen'])
      .where('client_id', '=', clientId)
      .where('book_id', 'in', bookIds.slice(i, i + 500))
      .execute();
    for (const r of rows)
      terms.set(r.book_id, { sharePermille: r.share_permille, guaranteeFen: r.guarantee_fen, signed: true });
  }
  for (const [bookId, signed] of await signedTermsOfBooks(db, clientId, bookIds))
    terms.set(bookId, { sharePermille: signed.sharePermille, guaranteeFen: signed.guaranteeFenPerMonth, signed: true });
  for (const id of bookIds) if (!terms.has(id)) terms.set(id, DEFAULT_TERMS);
  return terms;
}

/** The books with terms of their own (signed online, or entered in the console) in a brand. */
async function signedBooks(db: Db | Tx, clientId: number): Promise<number[]> {
  const rows = await db.selectFrom('income_terms').select('book_id').where('client_id', '=', clientId).execute();
  const online = await signedTermsOfBooks(db, clientId);
  return [...new Set([...rows.map((r) => r.book_id), ...online.keys()])];
}

/** The terms of a deleted book: its share stays, no guarantee and no welfare. */
const withoutGuarantee = (t: SettlementTerms): SettlementTerms => ({ ...t, guaranteeFen: 0, signed: false });

export const shareOf = (revenueFen: number, permille: number) => Math.floor((revenueFen * permille) / 1000);
/** What a month pays for a book: its share, at least the guaranteed minimum. */
export const paidFor = (revenueFen: number, terms: SettlementTerms) =>
  Math.max(terms.guaranteeFen, shareOf(revenueFen, terms.sharePermille));

export interface WelfareRule {
  key: keyof WelfareRules;
  name: string;
  condition: string;
  amount_fen: number;
  min_daily_words?: number;
  min_month_words?: number;
}

/** A brand's welfare rules (brand settings) as book-welfare-rule-list lists them: signed books only; an amount of 0 is off. */
export function welfareRuleList(rules: WelfareRules): WelfareRule[] {
  const { full_attendance: daily, update_bonus: month } = rules;
  return [
    {
      key: 'full_attendance' as const,
      name: '全勤奖',
      condition: `当月每天更新不少于${daily.min_daily_words}字`,
      amount_fen: daily.amount_fen,
      min_daily_words: daily.min_daily_words,
    },
    {
      key: 'update_bonus' as const,
      name: '更新奖',
      condition: `当月更新不少于${month.min_month_words}字`,
      amount_fen: month.amount_fen,
      min_month_words: month.min_month_words,
    },
  ].filter((r) => r.amount_fen > 0);
}

/** The welfare rules of a brand as stored now (read in the caller's transaction: the month's close). */
export async function brandWelfareRules(db: Db | Tx, clientId: number): Promise<WelfareRule[]> {
  const row = await db
    .selectFrom('brands')
    .select(['client_id', 'settings'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return welfareRuleList(row ? storedSettings(row).welfareRules : DEFAULT_WELFARE_RULES);
}

export function monthOf(ms: number): string {
  return shanghaiDate(ms).slice(0, 7);
}
export function monthStart(month: string): number {
  return parseShanghaiDate(`${month}-01`);
}
export function nextMonth(month: string): string {
  return monthOf(shanghaiNextMonthStart(monthStart(month)));
}
export function previousMonth(month: string): string {
  return monthOf(shanghaiMonthStart(monthStart(month) - 1));
}
export function daysOf(month: string): string[] {
  const days: string[] = [];
  for (let t = monthStart(month); monthOf(t) === month; t += 86_400_000) days.push(shanghaiDate(t));
  return days;
}

/**
 * Welfare a book met in a month, from its words per day (the works module's `book_daily_words`). Days of
 * the author's approved leave (the growth module) are excepted from the daily rule.
 */
export function welfareFor(
  rules: readonly WelfareRule[],
  month: string,
  wordsByDay: Map<string, number>,
  leaveDays: ReadonlySet<string> = new Set(),
): Array<{ rule: WelfareRule; note: string }> {
  const days = daysOf(month);
  const total = days.reduce((s, d) => s + (wordsByDay.get(d) ?? 0), 0);
  const workDays = days.filter((d) => !leaveDays.has(d));
  const met: Array<{ rule: WelfareRule; note: string }> = [];
  for (const rule of rules) {
    if (rule.min_daily_words && workDays.every((d) => (wordsByDay.get(d) ?? 0) >= (rule.min_daily_words as number)))
      met.push({
        rule,
        note:
          workDays.length === days.length
            ? `${rule.name}：${days.length}天每天更新≥${rule.min_daily_words}字`
            : `${rule.name}：除请假${days.length - workDays.length}天外，${workDays.length}天每天更新≥${rule.min_daily_words}字`,
      });
    if (rule.min_month_words && total >= rule.min_month_words)
      met.push({ rule, note: `${rule.name}：当月更新${total}字` });
  }
  return met;
}

interface Line {
  account_id: number;
  book_id: number;
  for_month: string;
  kind: LineKind;
  revenue_fen: number;
  amount_fen: number;
  note: string;
  partner_fen: number | null;
  partner_share_fen: number | null;
}

/**
 * The zh (partner platform) revenue of a brand's books per month, as the rollups hold it now: the close
 * keeps the zh part of what it settles on its lines (settlement-summary-zh reads a closed month from them).
 */
async function zhRevenueOf(tx: Tx, clientId: number, months: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const zh = (
    await tx
      .selectFrom('integration_sites')
      .select('id')
      .where('client_id', '=', clientId)
      .where('kind', '=', 'zh')
      .execute()
  ).map((s) => s.id);
  if (zh.length === 0 || months.length === 0) return out;
  const month = sql<string>`substr(${sql.ref('day')}, 1, 7)`;
  for (const r of await tx
    .selectFrom('book_day_stats')
    .select(['book_id', month.as('month'), sql<number>`sum(${sql.ref('partner_fen')})`.as('partner_fen')])
    .where('client_id', '=', clientId)
    .where('site_id', 'in', zh)
    .where('day', '>=', `${[...months].sort()[0]}-01`)
    .where('day', '<=', `${[...months].sort().at(-1)}-31`)
    .groupBy(['book_id', month])
    .execute())
    if (months.includes(r.month)) out.set(`${r.month}:${r.book_id}`, Number(r.partner_fen ?? 0));
  return out;
}

const notClosable = (zh: string, en: string) =>
  new AppError(ErrorCode.monthNotClosable, { 'zh-CN': zh, 'en-US': en }, { httpStatus: 409 });

/**
 * Closes one month of a brand: writes every author's statement (status review, not shown to authors
 * until released) with its lines, and marks the revenue it settled. Refused before the month has
 * ended in Asia/Shanghai and when the month is already closed.
 */
export function closeMonth(
  db: Db,
  clientId: number,
  month: string,
  now = Date.now(),
): Promise<{ runId: number; statements: number; totalFen: number }> {
  return inTransaction(db, (tx) => closeMonthIn(tx, clientId, month, now));
}

/** The same, in the caller's transaction (the durable job's). */
export async function closeMonthIn(
  tx: Tx,
  clientId: number,
  month: string,
  now: number,
): Promise<{ runId: number; statements: number; totalFen: number }> {
  if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(monthStart(month)))
    throw notClosable('月份格式不正确', 'The month is not valid');
  if (now < shanghaiNextMonthStart(monthStart(month)))
    throw notClosable('该月尚未结束（北京时间），不能结算', 'The month has not ended yet (Beijing time)');
  {
    const existing = await tx
      .selectFrom('settlement_runs')
      .select('id')
      .where('client_id', '=', clientId)
      .where('month', '=', month)
      .executeTakeFirst();
    if (existing) throw notClosable('该月已结算', 'The month is already closed');
    const closedMonths = new Set(
      (await tx.selectFrom('settlement_runs').select('month').where('client_id', '=', clientId).execute()).map(
        (r) => r.month,
      ),
    );
    // Months close in order: a later close already settled this month's revenue as corrections.
    const latest = [...closedMonths].sort().at(-1);
    if (latest && latest > month)
      throw notClosable(
        `${latest}已结算，不能再结算更早的月份`,
        `${latest} is closed: an earlier month cannot be closed after it`,
      );

    // This month's revenue, and earlier months' revenue not yet settled (late events).
    const revenue = await tx
      .selectFrom('book_month_revenue')
      .select(['book_id', 'month', 'revenue_fen', 'settled_fen', 'settled_share_fen'])
      .where('client_id', '=', clientId)
      .where((eb) =>
        eb.or([
          eb('month', '=', month),
          eb.and([eb('month', '<', month), eb('revenue_fen', '!=', eb.ref('settled_fen'))]),
        ]),
      )
      .execute();
    const signed = await signedBooks(tx, clientId);
    const bookIds = [...new Set([...revenue.map((r) => r.book_id), ...signed])];
    const terms = await settlementTermsOf(tx, clientId, bookIds);
    const owners = new Map<number, number>();
    // A deleted book is still paid its share of revenue, but no guarantee or welfare.
    const deleted = new Set<number>();
    for (let i = 0; i < bookIds.length; i += 500) {
      for (const b of await tx
        .selectFrom('books')
        .select(['id', 'account_id', 'deleted_at'])
        .where('id', 'in', bookIds.slice(i, i + 500))
        .execute()) {
        owners.set(b.id, b.account_id);
        if (b.deleted_at !== null) deleted.add(b.id);
      }
    }
    const words = new Map<number, Map<string, number>>();
    for (let i = 0; i < signed.length; i += 500) {
      for (const w of await tx
        .selectFrom('book_daily_words')
        .select(['book_id', 'day', 'words'])
        .where('book_id', 'in', signed.slice(i, i + 500))
        .where('day', '>=', `${month}-01`)
        .where('day', '<=', `${month}-31`)
        .execute()) {
        const m = entry(words, w.book_id, () => new Map<string, number>());
        m.set(w.day, (m.get(w.day) ?? 0) + w.words);
      }
    }

    const leave = await leaveDaysOfAccounts(
      tx,
      clientId,
      [...new Set(signed.map((b) => owners.get(b)).filter((a) => a !== undefined))],
      `${month}-01`,
      `${month}-31`,
    );

    const welfareRules = await brandWelfareRules(tx, clientId);
    // The zh part of what this close settles: the month's, and the late part of earlier months (less what was settled).
    const zhNow = await zhRevenueOf(tx, clientId, [...new Set(revenue.map((r) => r.month))]);
    const zhSettled = new Map<string, number>();
    const late = revenue.filter((r) => r.month !== month);
    for (let i = 0; i < late.length; i += 500) {
      for (const l of await tx
        .selectFrom('settlement_lines')
        .select(['book_id', 'for_month', sql<number>`sum(${sql.ref('partner_fen')})`.as('partner_fen')])
        .where('client_id', '=', clientId)
        .where('book_id', 'in', [...new Set(late.slice(i, i + 500).map((r) => r.book_id))])
        .where('kind', 'in', ['share', 'correction'])
        .groupBy(['book_id', 'for_month'])
        .execute())
        zhSettled.set(`${l.for_month}:${l.book_id}`, Number(l.partner_fen ?? 0));
    }
    // Never more than the revenue the line settles (PostgreSQL reads the two tables at separate moments).
    const zhOf = (m: string, bookId: number, settling: number) =>
      Math.max(0, Math.min(settling, (zhNow.get(`${m}:${bookId}`) ?? 0) - (zhSettled.get(`${m}:${bookId}`) ?? 0)));
    const lines: Line[] = [];
    const settledUpdates: Array<{ book_id: number; month: string; settled_fen: number; settled_share_fen: number }> =
      [];
    const thisMonth = new Map(revenue.filter((r) => r.month === month).map((r) => [r.book_id, r]));
    for (const bookId of bookIds) {
      const accountId = owners.get(bookId);
      if (accountId === undefined) continue;
      const t = deleted.has(bookId)
        ? withoutGuarantee(terms.get(bookId) as SettlementTerms)
        : (terms.get(bookId) as SettlementTerms);
      const r = thisMonth.get(bookId);
      const fen = r?.revenue_fen ?? 0;
      const share = shareOf(fen, t.sharePermille);
      const topUp = Math.max(0, t.guaranteeFen - share);
      if (fen > 0 || share > 0)
        lines.push({
          account_id: accountId,
          book_id: bookId,
          for_month: month,
          kind: 'share',
          revenue_fen: fen,
          amount_fen: share,
          note: `${fen}分 × ${t.sharePermille}‰，不足1分的部分舍去`,
          partner_fen: zhOf(month, bookId, fen),
          partner_share_fen: shareOf(zhOf(month, bookId, fen), t.sharePermille),
        });
      if (topUp > 0)
        lines.push({
          account_id: accountId,
          book_id: bookId,
          for_month: month,
          kind: 'guarantee',
          revenue_fen: 0,
          amount_fen: topUp,
          note: `保底${t.guaranteeFen}分，分成${share}分，补足${topUp}分`,
          partner_fen: null,
          partner_share_fen: null,
        });
      if (t.signed) {
        for (const w of welfareFor(welfareRules, month, words.get(bookId) ?? new Map(), leave.get(accountId)))
          lines.push({
            account_id: accountId,
            book_id: bookId,
            for_month: month,
            kind: 'welfare',
            revenue_fen: 0,
            amount_fen: w.rule.amount_fen,
            note: w.note,
            partner_fen: null,
            partner_share_fen: null,
          });
      }
      settledUpdates.push({ book_id: bookId, month, settled_fen: fen, settled_share_fen: share + topUp });
    }
    for (const r of revenue) {
      if (r.month === month) continue;
      const accountId = owners.get(r.book_id);
      if (accountId === undefined) continue;
      const t = terms.get(r.book_id) as SettlementTerms;
      // A month that was closed paid at least its guarantee; one never closed (data before the first close) pays its share.
      const nowPaid = closedMonths.has(r.month) ? paidFor(r.revenue_fen, t) : shareOf(r.revenue_fen, t.sharePermille);
      const amount = nowPaid - r.settled_share_fen;
      lines.push({
        account_id: accountId,
        book_id: r.book_id,
        for_month: r.month,
        kind: 'correction',
        revenue_fen: r.revenue_fen - r.settled_fen,
        amount_fen: amount,
        note: `${r.month}结算后到账的收入${r.revenue_fen - r.settled_fen}分`,
        partner_fen: zhOf(r.month, r.book_id, r.revenue_fen - r.settled_fen),
        partner_share_fen: null,
      });
      settledUpdates.push({
        book_id: r.book_id,
        month: r.month,
        settled_fen: r.revenue_fen,
        settled_share_fen: nowPaid,
      });
    }

    const byAccount = new Map<number, Line[]>();
    for (const l of lines) entry(byAccount, l.account_id, () => []).push(l);
    const totalFen = lines.reduce((s, l) => s + l.amount_fen, 0);
    const run = await tx
      .insertInto('settlement_runs')
      .values({
        client_id: clientId,
        month,
        status: 'review',
        statements: byAccount.size,
        total_fen: totalFen,
        closed_at: now,
        released_at: null,
        released_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const due = `${nextMonth(month)}-08`;
    const accounts = [...byAccount.keys()];
    const ids = new Map<number, number>();
    for (let i = 0; i < accounts.length; i += 500) {
      const rows = await tx
        .insertInto('settlements')
        .values(
          accounts.slice(i, i + 500).map((a) => ({
            client_id: clientId,
            run_id: run.id,
            account_id: a,
            month,
            total_fen: (byAccount.get(a) as Line[]).reduce((s, l) => s + l.amount_fen, 0),
            due_date: due,
            confirmed_at: null,
            paid_at: null,
            created_at: now,
          })),
        )
        .returning(['id', 'account_id'])
        .execute();
      for (const r of rows) ids.set(r.account_id, r.id);
    }
    for (let i = 0; i < lines.length; i += 500) {
      await tx
        .insertInto('settlement_lines')
        .values(
          lines.slice(i, i + 500).map((l) => ({
            ...l,
            settlement_id: ids.get(l.account_id) as number,
            client_id: clientId,
            month,
          })),
        )
        .execute();
    }
    for (let i = 0; i < settledUpdates.length; i += 500) {
      // Upsert with the values read: revenue arriving while the close runs stays unsettled for the next one.
      await tx
        .insertInto('book_month_revenue')
        .values(
          settledUpdates.slice(i, i + 500).map((u) => ({
            client_id: clientId,
            account_id: owners.get(u.book_id) as number,
            book_id: u.book_id,
            month: u.month,
            revenue_fen: 0,
            settled_fen: u.settled_fen,
            settled_share_fen: u.settled_share_fen,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['book_id', 'month']).doUpdateSet((eb) => ({
            settled_fen: eb.ref('excluded.settled_fen'),
            settled_share_fen: eb.ref('excluded.settled_share_fen'),
          })),
        )
        .execute();
    }
    return { runId: run.id, statements: byAccount.size, totalFen };
  }
}

export const CLOSE_MONTH_JOB = 'income.close-month';
/** Months close at 02:00 Beijing time on the 1st: late events of the last evening have arrived. */
const CLOSE_DELAY_MS = 2 * 3_600_000;

/** Schedules the close of the month containing `now` (once per month, whichever instance asks first). */
export async function scheduleMonthClose(ctx: AppContext, db: Db | Tx, now = Date.now()): Promise<void> {
  const month = monthOf(now);
  const key = `${CLOSE_MONTH_JOB}:${month}`;
  const exists = await db.selectFrom('jobs').select('id').where('dedupe_key', '=', key).executeTakeFirst();
  if (exists) return;
  try {
    await ctx.jobs.schedule(db, {
      kind: CLOSE_MONTH_JOB,
      key,
      runAt: shanghaiNextMonthStart(now) + CLOSE_DELAY_MS,
      payload: { month },
    });
  } catch {
    // Another instance scheduled it at the same moment (the unique key): nothing to do.
  }
}

/** The job: closes the month for every brand that has not closed it, then schedules the next month's. */
export function defineMonthCloseJob(ctx: AppContext): void {
  // Everything in the job's own transaction: the closes and the job's done mark commit together.
  ctx.jobs.define(CLOSE_MONTH_JOB, async ({ tx, job, now }) => {
    const { month } = job.payload as { month: string };
    const brands = await tx.selectFrom('integration_sites').select('client_id').distinct().execute();
    const withTerms = await tx.selectFrom('income_terms').select('client_id').distinct().execute();
    for (const clientId of new Set([...brands, ...withTerms].map((b) => b.client_id))) {
      const done = await tx
        .selectFrom('settlement_runs')
        .select('id')
        .where('client_id', '=', clientId)
        .where('month', '=', month)
        .executeTakeFirst();
      if (!done) await closeMonthIn(tx, clientId, month, now);
    }
    // The next month's close (after downtime, the chain catches up one month at a time, each late).
    await scheduleMonthClose(ctx, tx, monthStart(nextMonth(month)));
  });
}
