import { isDateDisabled, parseShanghaiDate, shanghaiDate } from '@author-centre/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import type { Db } from '../../platform/db/database.ts';
import { badInput, notFound } from '../../platform/http/errors.ts';
import { languageOf } from '../../platform/http/language.ts';
import { ReadCache, sendCached } from '../../platform/http/read-cache.ts';
import type { DayCounters } from './events.ts';

/**
 * The read side of income and book data: sums over the rollups (`book_day_stats`, never the raw
 * events), so a page costs the same at a thousand events or ten million. Every list comes with its
 * total, computed from the lines it shows, and says so (`adds_up`); every figure says whether it is
 * an estimate and when its data was cut off.
 */

export const DAY_MS = 86_400_000;
export const PERIODS = [7, 30, 90] as const;
/** The longest range a page may ask for. */
export const MAX_RANGE_DAYS = 366;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
export const RangeQuery = z.object({
  book_id: z.coerce.number().int().positive().optional(),
  days: z.coerce
    .number()
    .int()
    .refine((d) => (PERIODS as readonly number[]).includes(d), '7, 30 or 90')
    .optional(),
  start_date: day.optional(),
  end_date: day.optional(),
});
export type RangeInput = z.infer<typeof RangeQuery>;

export interface Range {
  start: string;
  end: string;
  days: string[];
}

/** A period shortcut (ending today) or a picked range (up to the end of this month, §5 'beforeMonth'), at most a year. */
export function rangeOf(q: RangeInput, now = Date.now()): Range {
  const today = shanghaiDate(now);
  let start: string;
  let end: string;
  if (q.start_date || q.end_date) {
    if (!q.start_date || !q.end_date)
      throw badInput(q.start_date ? 'end_date' : 'start_date', {
        'zh-CN': '请选择开始和结束日期',
        'en-US': 'Pick both a start and an end date',
      });
    start = q.start_date;
    end = q.end_date;
    const s = parseShanghaiDate(start);
    const e = parseShanghaiDate(end);
    if (Number.isNaN(s))
      throw badInput('start_date', { 'zh-CN': '开始日期不正确', 'en-US': 'The start date is not valid' });
    if (Number.isNaN(e))
      throw badInput('end_date', { 'zh-CN': '结束日期不正确', 'en-US': 'The end date is not valid' });
    if (e < s)
      throw badInput('end_date', {
        'zh-CN': '结束日期不能早于开始日期',
        'en-US': 'The end date is before the start date',
      });
    // §5 'beforeMonth': a range may reach the end of the current month (days not yet come are empty).
    if (isDateDisabled('beforeMonth', e, now))
      throw badInput('end_date', {
        'zh-CN': '结束日期不能晚于本月',
        'en-US': 'The end date cannot be after this month',
      });
    if ((e - s) / DAY_MS + 1 > MAX_RANGE_DAYS)
      throw badInput('start_date', { 'zh-CN': '最多可查询366天', 'en-US': 'At most 366 days can be shown' });
  } else {
    const n = q.days ?? 30;
    end = today;
    start = shanghaiDate(parseShanghaiDate(today) - (n - 1) * DAY_MS);
  }
  const days: string[] = [];
  for (let t = parseShanghaiDate(start); shanghaiDate(t) <= end; t += DAY_MS) days.push(shanghaiDate(t));
  return { start, end, days };
}

export interface Scope {
  clientId: number;
  accountId: number;
  bookId?: number;
}

/** The book, when it is one of the pen name's own in its brand; 404 otherwise (never another's data). */
export async function ownBook(db: Db, scope: Scope, bookId: number) {
  const book = await db
    .selectFrom('books')
    .select(['id', 'title', 'kind', 'created_at'])
    .where('id', '=', bookId)
    .where('client_id', '=', scope.clientId)
    .where('account_id', '=', scope.accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!book) throw notFound({ 'zh-CN': '作品不存在或已删除', 'en-US': 'The book does not exist or was deleted' });
  return book;
}

/**
 * When the data behind a page was last received: every estimate is "data up to" this time. Only
 * batches that brought new events count (a refused batch, or one of duplicates only, added nothing),
 * and only from the sites behind the page (`siteIds`: the zh page the zh sites, none given: every
 * site of the brand). `null` when none of them has sent anything yet.
 */
export async function cutOffOf(db: Db, clientId: number, siteIds?: readonly number[]): Promise<number | null> {
  if (siteIds && siteIds.length === 0) return null;
  let q = db
    .selectFrom('integration_batches')
    .select('received_at')
    .where('client_id', '=', clientId)
    .where('accepted', '>', 0);
  if (siteIds) q = q.where('site_id', 'in', [...siteIds]);
  const row = await q.orderBy('received_at', 'desc').limit(1).executeTakeFirst();
  return row?.received_at ?? null;
}

type Column = keyof DayCounters;

/** Per-day sums of the asked columns over the scope, every day of the range present (zeros where none). */
export async function dayLines<C extends Column>(
  db: Db,
  scope: Scope,
  range: Range,
  columns: readonly C[],
  siteIds?: number[],
): Promise<Array<{ date: string } & Record<C, number>>> {
  if (siteIds && siteIds.length === 0) return range.days.map((date) => zeroLine(date, columns));
  let q = db
    .selectFrom('book_day_stats')
    .select('day')
    .select(columns.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c)))
    .where('client_id', '=', scope.clientId)
    .where('account_id', '=', scope.accountId)
    .where('day', '>=', range.start)
    .where('day', '<=', range.end);
  if (scope.bookId) q = q.where('book_id', '=', scope.bookId);
  if (siteIds) q = q.where('site_id', 'in', siteIds);
  const rows = await q.groupBy('day').execute();
  const byDay = new Map(rows.map((r) => [r.day, r as Record<string, unknown>]));
  return range.days.map((date) => {
    const r = byDay.get(date);
    const line = zeroLine(date, columns);
    if (r) for (const c of columns) (line as Record<string, number>)[c] = Number(r[c] ?? 0);
    return line;
  });
}

function zeroLine<C extends string>(date: string, columns: readonly C[]) {
  return { date, ...Object.fromEntries(columns.map((c) => [c, 0])) } as { date: string } & Record<C, number>;
}

/** The total row of a list: each column summed from the lines themselves. */
export function totalOf<L extends Record<string, unknown>>(lines: L[], columns: readonly string[]) {
  const total: Record<string, number> = {};
  for (const c of columns) total[c] = lines.reduce((s, l) => s + Number(l[c] ?? 0), 0);
  return total;
}

export const INCOME_COLUMNS = ['subscription_fen', 'gift_fen', 'reward_fen', 'partner_fen', 'free_fen'] as const;

/** Adds `total_fen` to each line: the sum of its income columns. */
export function withLineTotal<L extends Record<string, number | string>>(lines: L[], columns: readonly string[]) {
  return lines.map((l) => ({ ...l, total_fen: columns.reduce((s, c) => s + Number(l[c] ?? 0), 0) }));
}

export const ESTIMATE_NOTE = {
  'zh-CN': '预估数据，以月度结算单为准；合计为下列各行之和',
  'en-US': 'Estimated figures; the monthly statement is final. Totals are the sum of the lines below',
};

const replies = new ReadCache();

/**
 * The reply of an author's read, from the cache while this process has written nothing since (and
 * for at most 2 s): pages are read far more often than events arrive. Keyed by the caller, the
 * path, the language and the query as sent (stored only after it was validated).
 */
export async function cachedReply(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
  const auth = authOf(request);
  // The query's own parameters in a fixed order, without the signature's (`t` changes every request).
  const params = request.query as Record<string, string>;
  let query = '';
  for (const k of Object.keys(params).sort()) if (k !== 't' && k !== 'sign') query += `${k}=${params[k]}&`;
  const key = `${auth.clientId}:${auth.accountId}:${request.routeOptions.url}:${languageOf(request)}:${query}`;
  return sendCached(replies, reply, key, compute);
}

export async function siteIdsOf(db: Db, clientId: number, kind: 'reading' | 'zh' | 'free'): Promise<number[]> {
  const rows = await db
    .selectFrom('integration_sites')
    .select('id')
    .where('client_id', '=', clientId)
    .where('kind', '=', kind)
    .execute();
  return rows.map((r) => r.id);
}
