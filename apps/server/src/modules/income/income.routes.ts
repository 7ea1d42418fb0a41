import { ErrorCode } from '@author-centre/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError, badInput } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { localize } from '../../platform/http/language.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { addGlobalDataContributor } from '../auth/accounts.service.ts';
import { type PayeeCardMask, payeeCardMasksOf } from '../contracts/personal-info.service.ts';
import { leaveDaysOfAccounts } from '../growth/leave.service.ts';
import { entry } from './events.ts';
import type { LineKind } from './income.tables.ts';
import {
  cachedReply,
  cutOffOf,
  dayLines,
  ESTIMATE_NOTE,
  INCOME_COLUMNS,
  ownBook,
  RangeQuery,
  rangeOf,
  type Scope,
  siteIdsOf,
  totalOf,
  withLineTotal,
} from './reports.ts';
import {
  monthOf,
  paidFor,
  type SettlementTerms,
  settlementTermsOf,
  shareOf,
  welfareFor,
  welfareRuleList,
} from './settlement.ts';

const author = { config: { auth: 'author' as const } };
const MonthQuery = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, 'YYYY-MM') });

/** Payment state of a released statement, as the author reads it. */
export function payoutStatus(s: { confirmed_at: number | null; paid_at: number | null }) {
  if (s.paid_at) return { payout_status: 'paid', payout_label: '已打款' };
  if (s.confirmed_at) return { payout_status: 'due', payout_label: '待打款' };
  return { payout_status: 'to_confirm', payout_label: '待确认' };
}

/**
 * §3 global data: `income_book_list` (the pen name's books with income data or settlement terms),
 * `long_period_status` (1 once a monthly statement was released to them: the settlement pages have
 * history), `disclaimer_type`/`disclaimer_tips` (1 and the estimate note while any income is shown).
 */
async function incomeGlobalData(ctx: AppContext, auth: { clientId: number; accountId: number }) {
  const books = await ctx.db
    .selectFrom('books')
    .select(['books.id', 'books.title'])
    .where('books.client_id', '=', auth.clientId)
    .where('books.account_id', '=', auth.accountId)
    .where('books.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom('book_month_revenue').select('book_id').whereRef('book_month_revenue.book_id', '=', 'books.id'),
        ),
        eb.exists(eb.selectFrom('income_terms').select('book_id').whereRef('income_terms.book_id', '=', 'books.id')),
        eb.exists(
          eb
            .selectFrom('contracts')
            .select('book_id')
            .whereRef('contracts.book_id', '=', 'books.id')
            .where('contracts.status', 'in', ['signed', 'paper_sent']),
        ),
      ]),
    )
    .orderBy('books.id')
    .execute();
  const released = await ctx.db
    .selectFrom('settlements')
    .innerJoin('settlement_runs', 'settlement_runs.id', 'settlements.run_id')
    .select('settlements.id')
    .where('settlements.account_id', '=', auth.accountId)
    .where('settlement_runs.status', '=', 'released')
    .limit(1)
    .executeTakeFirst();
  return {
    income_book_list: books.map((b) => ({ book_id: b.id, title: b.title })),
    long_period_status: released ? 1 : 0,
    disclaimer_type: books.length ? 1 : 0,
    disclaimer_tips: books.length ? ESTIMATE_NOTE['zh-CN'] : '',
  };
}

export async function incomeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  /** The brand's welfare rules (brand settings), as book-welfare-rule-list shows them. */
  const welfareRulesOf = (clientId: number) =>
    welfareRuleList(app.ctx.brands.get(clientId).welfareRules).map(({ key, name, condition, amount_fen }) => ({
      key,
      name,
      condition,
      amount_fen,
    }));
  addGlobalDataContributor(incomeGlobalData);

  /** The caller's scope, with the book checked to be their own when one is asked for. */
  const scopeOf = async (request: FastifyRequest, bookId?: number): Promise<Scope> => {
    const auth = authOf(request);
    const scope: Scope = { clientId: auth.clientId, accountId: auth.accountId, bookId };
    if (bookId) await ownBook(db, scope, bookId);
    return scope;
  };

  /** A list of day lines with its total, the estimate label and the cut-off time. */
  const estimateReply = (
    request: FastifyRequest,
    reply: FastifyReply,
    columns: readonly string[],
    incomeColumns: readonly string[],
    siteKind?: 'reading' | 'zh' | 'free',
  ) =>
    cachedReply(request, reply, async () => {
      const q = parseInput(RangeQuery, request.query, request);
      const range = rangeOf(q);
      const scope = await scopeOf(request, q.book_id);
      const sites = siteKind ? await siteIdsOf(db, scope.clientId, siteKind) : undefined;
      const lines = withLineTotal(await dayLines(db, scope, range, columns as any, sites), incomeColumns);
      const all = [...columns, 'total_fen'];
      return {
        status: 'estimate',
        status_label: localize(request, { 'zh-CN': '预估', 'en-US': 'Estimate' }),
        cut_off_at: await cutOffOf(db, scope.clientId, sites),
        note: localize(request, ESTIMATE_NOTE),
        start_date: range.start,
        end_date: range.end,
        book_id: q.book_id ?? null,
        list: lines.reverse(),
        total: totalOf(lines, all),
        adds_up: true,
      };
    });

  // Daily income (every source) — income-manage/daily.
  routeAliases(app, 'GET', ['/api/pc/v1/income/daily', '/api/profit/book-date-profit'], author, (request, reply) =>
    estimateReply(request, reply, INCOME_COLUMNS, INCOME_COLUMNS),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/income/subscription', '/api/profit/sub-detail'], author, (request, reply) =>
    estimateReply(request, reply, ['orders', 'subscription_fen'], ['subscription_fen']),
  );
  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/income/reward', '/api/profit/reward-gift-detail', '/api/profit/reward-gold-detail'],
    author,
    (request, reply) =>
      estimateReply(request, reply, ['gifts', 'gift_fen', 'rewards', 'reward_fen'], ['gift_fen', 'reward_fen']),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/income/zh-daily', '/api/profit/zong-heng-detail'], author, (request, reply) =>
    estimateReply(request, reply, ['partner_fen'], ['partner_fen'], 'zh'),
  );
  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/income/free-daily', '/api/profit/free-cp-profit-day'],
    author,
    (request, reply) => estimateReply(request, reply, ['free_reads', 'free_fen'], ['free_fen'], 'free'),
  );

  // Channel: the range's income per reading site / partner platform.
  routeAliases(app, 'GET', ['/api/pc/v1/income/channel', '/api/profit/cp-detail'], author, async (request) => {
    const q = parseInput(RangeQuery, request.query, request);
    const range = rangeOf(q);
    const scope = await scopeOf(request, q.book_id);
    let query = db
      .selectFrom('book_day_stats')
      .innerJoin('integration_sites', 'integration_sites.id', 'book_day_stats.site_id')
      .select(['integration_sites.id as site_id', 'integration_sites.name', 'integration_sites.kind'])
      .select(INCOME_COLUMNS.map((c) => sql<number>`sum(${sql.ref(`book_day_stats.${c}`)})`.as(c)))
      .where('book_day_stats.client_id', '=', scope.clientId)
      .where('book_day_stats.account_id', '=', scope.accountId)
      .where('book_day_stats.day', '>=', range.start)
      .where('book_day_stats.day', '<=', range.end);
    if (scope.bookId) query = query.where('book_day_stats.book_id', '=', scope.bookId);
    const rows = await query
      .groupBy(['integration_sites.id', 'integration_sites.name', 'integration_sites.kind'])
      .orderBy('integration_sites.id')
      .execute();
    const lines = withLineTotal(
      rows.map((r) => ({
        site_id: r.site_id,
        name: r.name,
        kind: r.kind,
        ...Object.fromEntries(INCOME_COLUMNS.map((c) => [c, Number((r as any)[c] ?? 0)])),
      })),
      INCOME_COLUMNS,
    );
    return ok({
      status: 'estimate',
      cut_off_at: await cutOffOf(db, scope.clientId),
      note: localize(request, ESTIMATE_NOTE),
      start_date: range.start,
      end_date: range.end,
      list: lines,
      total: totalOf(lines, [...INCOME_COLUMNS, 'total_fen']),
      adds_up: true,
    });
  });

  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/income/welfare-rules', '/api/profit/book-welfare-rule-list'],
    author,
    async (request) => ok({ list: welfareRulesOf(authOf(request).clientId) }),
  );

  // Welfare: the released statements' welfare lines, and this month's progress (an estimate).
  routeAliases(app, 'GET', ['/api/pc/v1/income/welfare', '/api/profit/welfare-detail'], author, async (request) => {
    const scope = await scopeOf(request);
    const lines = await db
      .selectFrom('settlement_lines')
      .innerJoin('settlements', 'settlements.id', 'settlement_lines.settlement_id')
      .innerJoin('settlement_runs', 'settlement_runs.id', 'settlements.run_id')
      .innerJoin('books', 'books.id', 'settlement_lines.book_id')
      .select([
        'settlement_lines.month',
        'settlement_lines.book_id',
        'books.title as book_title',
        'settlement_lines.amount_fen',
        'settlement_lines.note',
      ])
      .where('settlement_lines.account_id', '=', scope.accountId)
      .where('settlement_lines.client_id', '=', scope.clientId)
      .where('settlement_lines.kind', '=', 'welfare')
      .where('settlement_runs.status', '=', 'released')
      .orderBy('settlement_lines.month', 'desc')
      .orderBy('settlement_lines.id')
      .limit(500)
      .execute();
    const month = monthOf(Date.now());
    const own = await db
      .selectFrom('books')
      .select(['books.id', 'books.title'])
      .where('books.account_id', '=', scope.accountId)
      .where('books.client_id', '=', scope.clientId)
      .where('books.deleted_at', 'is', null)
      .execute();
    const terms = await settlementTermsOf(
      db,
      scope.clientId,
      own.map((b) => b.id),
    );
    const books = own.filter((b) => terms.get(b.id)?.signed);
    const leave =
      (await leaveDaysOfAccounts(db, scope.clientId, [scope.accountId], `${month}-01`, `${month}-31`)).get(
        scope.accountId,
      ) ?? new Set<string>();
    const rules = welfareRuleList(app.ctx.brands.get(scope.clientId).welfareRules);
    const progress = [];
    for (const b of books) {
      const words = await db
        .selectFrom('book_daily_words')
        .select(['day', 'words'])
        .where('book_id', '=', b.id)
        .where('day', '>=', `${month}-01`)
        .where('day', '<=', `${month}-31`)
        .execute();
      const byDay = new Map(words.map((w) => [w.day, w.words]));
      progress.push({
        book_id: b.id,
        book_title: b.title,
        month_words: words.reduce((s, w) => s + w.words, 0),
        days_updated: words.filter((w) => w.words > 0).length,
        // Only rules already certain for the whole month could be named here; the close decides.
        met_so_far: welfareFor(rules, month, byDay, leave).map((w) => w.rule.key),
      });
    }
    return ok({
      rules: welfareRulesOf(scope.clientId),
      list: lines,
      total: totalOf(lines, ['amount_fen']),
      adds_up: true,
      current_month: { month, status: 'estimate', books: progress },
    });
  });

  // Month balance: the released statements (final) and this month so far (an estimate).
  routeAliases(app, 'GET', ['/api/pc/v1/income/monthly', '/api/profit/month-balance'], author, async (request) => {
    const scope = await scopeOf(request);
    const statements = await db
      .selectFrom('settlements')
      .innerJoin('settlement_runs', 'settlement_runs.id', 'settlements.run_id')
      .select([
        'settlements.month',
        'settlements.total_fen',
        'settlements.due_date',
        'settlements.confirmed_at',
        'settlements.paid_at',
        'settlement_runs.released_at',
      ])
      .where('settlements.account_id', '=', scope.accountId)
      .where('settlements.client_id', '=', scope.clientId)
      .where('settlement_runs.status', '=', 'released')
      .orderBy('settlements.month', 'desc')
      .limit(120)
      .execute();
    const now = Date.now();
    const month = monthOf(now);
    const revenue = await db
      .selectFrom('book_month_revenue')
      .select(['book_id', 'revenue_fen'])
      .where('account_id', '=', scope.accountId)
      .where('client_id', '=', scope.clientId)
      .where('month', '=', month)
      .execute();
    const terms = await settlementTermsOf(
      db,
      scope.clientId,
      revenue.map((r) => r.book_id),
    );
    const estimate = revenue.reduce((s, r) => s + paidFor(r.revenue_fen, terms.get(r.book_id) as any), 0);
    return ok({
      list: statements.map((s) => ({
        month: s.month,
        total_fen: s.total_fen,
        status: 'final',
        status_label: localize(request, { 'zh-CN': '已结算', 'en-US': 'Final' }),
        due_date: s.due_date,
        released_at: s.released_at,
        ...payoutStatus(s),
      })),
      total: totalOf(statements, ['total_fen']),
      adds_up: true,
      current: {
        month,
        status: 'estimate',
        status_label: localize(request, { 'zh-CN': '预估', 'en-US': 'Estimate' }),
        estimate_fen: estimate,
        cut_off_at: await cutOffOf(db, scope.clientId),
        note: localize(request, {
          'zh-CN': '本月至今的分成与保底估算，不含福利；月结后以结算单为准',
          'en-US': 'This month so far: share and guarantee, welfare not included; the statement is final',
        }),
      },
    });
  });

  /**
   * settlement-summary-zh (zong-heng month balance), per month and book the partner platform reported
   * revenue for, as the settlement summary shows a statement, each kind its own line:
   *   share      the `zh` sites' revenue at the contract's rate (fractions of a fen dropped);
   *   guarantee  the book's guarantee top-up of that month;
   *   welfare    the book's welfare of that month;
   *   correction late revenue of an earlier month with a zh part, settled on that month's statement.
   * The top-up, welfare and corrections are the book's whole month (every platform), not a part of them.
   * A month whose statement was released is final: its zh share is the zh part the close kept on the
   * share line (late zh revenue is the next statement's correction, never a change of it), its other
   * lines the statement's own. The others are estimates: the top-up from the month's revenue so far,
   * welfare only once the month is closed.
   */
  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/income/zh-monthly', '/api/profit/zong-heng-month-balance'],
    author,
    (request, reply) =>
      cachedReply(request, reply, async () => {
        const scope = await scopeOf(request);
        const zh = await siteIdsOf(db, scope.clientId, 'zh');
        const month = sql<string>`substr(${sql.ref('book_day_stats.day')}, 1, 7)`;
        const rows = (
          zh.length
            ? await db
                .selectFrom('book_day_stats')
                .innerJoin('books', 'books.id', 'book_day_stats.book_id')
                .select([
                  month.as('month'),
                  'book_day_stats.book_id',
                  'books.title as book_title',
                  sql<number>`sum(${sql.ref('book_day_stats.partner_fen')})`.as('partner_fen'),
                ])
                .where('book_day_stats.client_id', '=', scope.clientId)
                .where('book_day_stats.account_id', '=', scope.accountId)
                .where('book_day_stats.site_id', 'in', zh)
                .groupBy([month, 'book_day_stats.book_id', 'books.title'])
                .orderBy(month, 'desc')
                .orderBy('book_day_stats.book_id')
                .limit(2000)
                .execute()
            : []
        )
          .map((r) => ({ ...r, partner_fen: Number(r.partner_fen ?? 0) }))
          .filter((r) => r.partner_fen !== 0);
        const released = new Set(
          (
            await db
              .selectFrom('settlement_runs')
              .select('month')
              .where('client_id', '=', scope.clientId)
              .where('status', '=', 'released')
              .execute()
          ).map((r) => r.month),
        );
        const key = (m: string, bookId: number) => `${m}:${bookId}`;
        // Final: the released statements' lines of the books zh reported for. A share line keeps the zh part
        // it settled (partner_fen, written by the close), so late zh revenue never changes a released month
        // here: it is the next statement's correction.
        type Stated = {
          month: string;
          for_month: string;
          book_id: number;
          book_title: string;
          kind: LineKind;
          amount_fen: number;
          note: string;
          partner_fen: number | null;
          partner_share_fen: number | null;
        };
        const zhBooks = (
          await db
            .selectFrom('books')
            .select('id')
            .where('client_id', '=', scope.clientId)
            .where('account_id', '=', scope.accountId)
            .where((eb) =>
              eb.or([
                eb('id', 'in', rows.length ? [...new Set(rows.map((r) => r.book_id))] : [-1]),
                eb.exists(
                  eb
                    .selectFrom('settlement_lines')
                    .select('settlement_lines.id')
                    .whereRef('settlement_lines.book_id', '=', 'books.id')
                    .where('settlement_lines.partner_fen', '>', 0),
                ),
              ]),
            )
            .execute()
        ).map((b) => b.id);
        const stated = new Map<string, Stated[]>();
        for (let i = 0; i < zhBooks.length; i += 500) {
          for (const l of await db
            .selectFrom('settlement_lines')
            .innerJoin('settlements', 'settlements.id', 'settlement_lines.settlement_id')
            .innerJoin('settlement_runs', 'settlement_runs.id', 'settlements.run_id')
            .innerJoin('books', 'books.id', 'settlement_lines.book_id')
            .select([
              'settlement_lines.month',
              'settlement_lines.for_month',
              'settlement_lines.book_id',
              'books.title as book_title',
              'settlement_lines.kind',
              'settlement_lines.amount_fen',
              'settlement_lines.note',
              'settlement_lines.partner_fen',
              'settlement_lines.partner_share_fen',
            ])
            .where('settlement_lines.client_id', '=', scope.clientId)
            .where('settlement_lines.account_id', '=', scope.accountId)
            .where('settlement_lines.book_id', 'in', zhBooks.slice(i, i + 500))
            .where('settlement_runs.status', '=', 'released')
            .orderBy('settlement_lines.id')
            .execute())
            entry(stated, key(l.month, l.book_id), () => []).push(l);
        }
        // Every month and book to show: those zh reported for, and released months whose lines hold a zh part.
        const cells = new Map<string, { month: string; book_id: number; book_title: string; live: number }>();
        for (const r of rows) cells.set(key(r.month, r.book_id), { ...r, live: r.partner_fen });
        for (const [k, ls] of stated)
          if (!cells.has(k) && ls.some((l) => (l.partner_fen ?? 0) > 0))
            cells.set(k, { month: ls[0].month, book_id: ls[0].book_id, book_title: ls[0].book_title, live: 0 });
        const ordered = [...cells.values()].sort((a, b) =>
          a.month === b.month ? a.book_id - b.book_id : a.month < b.month ? 1 : -1,
        );
        const terms = await settlementTermsOf(db, scope.clientId, [...new Set(ordered.map((c) => c.book_id))]);
        // Estimate: a month not released yet, its top-up from the book's revenue of every platform so far.
        const open = ordered.filter((r) => !released.has(r.month));
        const revenue = new Map<string, number>();
        for (let i = 0; i < open.length; i += 500) {
          const part = open.slice(i, i + 500);
          for (const r of await db
            .selectFrom('book_month_revenue')
            .select(['book_id', 'month', 'revenue_fen'])
            .where('client_id', '=', scope.clientId)
            .where('book_id', 'in', [...new Set(part.map((p) => p.book_id))])
            .where('month', 'in', [...new Set(part.map((p) => p.month))])
            .execute())
            revenue.set(key(r.month, r.book_id), r.revenue_fen);
        }
        const label = (final: boolean) =>
          localize(request, final ? { 'zh-CN': '已结算', 'en-US': 'Final' } : { 'zh-CN': '预估', 'en-US': 'Estimate' });
        const lines = ordered.flatMap((r) => {
          const t = terms.get(r.book_id) as SettlementTerms;
          const final = released.has(r.month);
          const common = {
            month: r.month,
            book_id: r.book_id,
            book_title: r.book_title,
            status: final ? 'final' : 'estimate',
            status_label: label(final),
          };
          const shareLine = (partner: number, permille: number, amount: number) => ({
            ...common,
            kind: 'share' as LineKind,
            partner_fen: partner,
            share_permille: permille as number | null,
            amount_fen: amount,
            note: `${partner}分 × ${permille}‰，不足1分的部分舍去`,
          });
          const other = (l: { kind: LineKind; amount_fen: number; note: string }, partner = 0) => ({
            ...common,
            kind: l.kind,
            partner_fen: partner,
            share_permille: null as number | null,
            amount_fen: l.amount_fen,
            note: l.note,
          });
          if (!final) {
            const all = shareOf(revenue.get(key(r.month, r.book_id)) ?? 0, t.sharePermille);
            const topUp = Math.max(0, t.guaranteeFen - all);
            return [
              shareLine(r.live, t.sharePermille, shareOf(r.live, t.sharePermille)),
              ...(topUp > 0
                ? [
                    other({
                      kind: 'guarantee',
                      amount_fen: topUp,
                      note: `保底${t.guaranteeFen}分，各平台分成至今${all}分，预计补足${topUp}分`,
                    }),
                  ]
                : []),
            ];
          }
          const own = stated.get(key(r.month, r.book_id)) ?? [];
          const share = own.find((l) => l.kind === 'share' && l.for_month === r.month);
          // No share line: nothing of the book was settled that month (zh revenue that came later is a correction).
          const shares = !share
            ? []
            : share.partner_fen !== null
              ? share.partner_fen > 0
                ? [
                    shareLine(
                      share.partner_fen,
                      Number(/× (\d+)‰/.exec(share.note)?.[1] ?? t.sharePermille),
                      share.partner_share_fen ?? 0,
                    ),
                  ]
                : []
              : r.live > 0
                ? // Closed before the close kept the zh part: the zh revenue as reported now.
                  [shareLine(r.live, t.sharePermille, shareOf(r.live, t.sharePermille))]
                : [];
          // The book's top-up and welfare of the month (every platform), with its zh share.
          const whole =
            shares.length > 0
              ? own.filter((l) => l.kind === 'guarantee' || l.kind === 'welfare').map((l) => other(l))
              : [];
          // Corrections with a zh part: late revenue of an earlier month, settled on this statement (the whole line).
          const corrections = own
            .filter((l) => l.kind === 'correction' && (l.partner_fen ?? 0) > 0)
            .map((l) => ({
              ...other(l, l.partner_fen ?? 0),
              note: `${l.note}（其中合作平台${l.partner_fen}分）`,
            }));
          return [...shares, ...whole, ...corrections];
        });
        const kinds = ['share', 'guarantee', 'welfare', 'correction'] as const;
        return {
          site_kind: 'zh',
          list: lines,
          total: totalOf(lines, ['partner_fen', 'amount_fen']),
          by_kind: kinds.map((kind) => ({
            kind,
            amount_fen: lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.amount_fen, 0),
          })),
          adds_up: true,
          cut_off_at: await cutOffOf(db, scope.clientId, zh),
          note: localize(request, {
            'zh-CN':
              '合作平台（纵横）收入按合同比例分成，不足1分舍去；保底补足、福利与往月更正按作品整月（含所有平台）计算，各列一行，与结算汇总的结算单一致。已结算的月份取自结算单，结算后才到账的纵横收入计入下一份结算单的往月更正；其余月份为预估，福利在月结时计算',
            'en-US':
              'The partner platform (zh) revenue at the contract rate, fractions of a fen dropped; the guarantee top-up, welfare and earlier-month corrections are the book’s whole month (every platform), each on a line of its own as on the statement. Final months come from the statement, and zh revenue that arrives after a month was settled is a correction on the next statement; other months are estimates, and welfare is worked out when the month closes',
          }),
        };
      }),
  );

  // A statement's lines (released months only).
  routeAliases(app, 'GET', ['/api/pc/v1/income/statement', '/api/profit/detail'], author, async (request) => {
    const q = parseInput(MonthQuery, request.query, request);
    const scope = await scopeOf(request);
    const s = await releasedStatement(db, scope, q.month);
    const lines = await db
      .selectFrom('settlement_lines')
      .innerJoin('books', 'books.id', 'settlement_lines.book_id')
      .select([
        'settlement_lines.book_id',
        'books.title as book_title',
        'settlement_lines.kind',
        'settlement_lines.for_month',
        'settlement_lines.revenue_fen',
        'settlement_lines.amount_fen',
        'settlement_lines.note',
      ])
      .where('settlement_lines.settlement_id', '=', s.id)
      .orderBy('settlement_lines.book_id')
      .orderBy('settlement_lines.id')
      .execute();
    const sum = lines.reduce((t, l) => t + l.amount_fen, 0);
    // A paid statement names the card it was paid to, as recorded then; an unpaid one the card bound now.
    // Masked either way (the full number is only in the payout file).
    const card: PayeeCardMask | null = s.paid_at
      ? s.payee_bank_num_mask
        ? {
            bank_name: s.payee_bank_name ?? '',
            bank_num_mask: s.payee_bank_num_mask,
            holder_mask: s.payee_holder_mask ?? '',
          }
        : null
      : ((await payeeCardMasksOf(app.ctx, scope.clientId, [scope.accountId])).get(scope.accountId) ?? null);
    return ok({
      month: s.month,
      status: 'final',
      total_fen: s.total_fen,
      due_date: s.due_date,
      confirmed_at: s.confirmed_at,
      paid_at: s.paid_at,
      ...payoutStatus(s),
      payee_card: card,
      payee_card_label: card
        ? [card.bank_name, card.bank_num_mask, card.holder_mask].filter(Boolean).join(' ')
        : localize(
            request,
            s.paid_at
              ? { 'zh-CN': '打款时未记录银行卡', 'en-US': 'The card was not recorded when it was paid' }
              : { 'zh-CN': '未绑定银行卡', 'en-US': 'No bank card bound' },
          ),
      list: lines,
      adds_up: sum === s.total_fen,
      rounding: localize(request, {
        'zh-CN': '分成按分计算，不足1分的部分舍去',
        'en-US': 'Shares are counted in whole fen; fractions of a fen are dropped',
      }),
    });
  });

  routeAliases(app, 'POST', ['/api/pc/v1/income/confirm', '/api/v2/profit/profit-confirm'], author, async (request) => {
    const body = parseInput(MonthQuery, request.body, request);
    const scope = await scopeOf(request);
    const s = await releasedStatement(db, scope, body.month);
    if (s.confirmed_at !== null)
      throw new AppError(
        ErrorCode.statementNotConfirmable,
        { 'zh-CN': '该月结算单已确认', 'en-US': 'This statement is already confirmed' },
        { httpStatus: 409 },
      );
    const now = Date.now();
    const changed = await db
      .updateTable('settlements')
      .set({ confirmed_at: now })
      .where('id', '=', s.id)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0)
      throw new AppError(
        ErrorCode.statementNotConfirmable,
        { 'zh-CN': '该月结算单已确认', 'en-US': 'This statement is already confirmed' },
        { httpStatus: 409 },
      );
    return ok({
      month: s.month,
      confirmed_at: now,
      due_date: s.due_date,
      ...payoutStatus({ confirmed_at: now, paid_at: null }),
    });
  });

  // Royalty balance: what was paid, what is due, what awaits confirmation.
  routeAliases(app, 'GET', ['/api/pc/v1/income/summary', '/api/profit/royalty-balance'], author, async (request) => {
    const scope = await scopeOf(request);
    const rows = await db
      .selectFrom('settlements')
      .innerJoin('settlement_runs', 'settlement_runs.id', 'settlements.run_id')
      .select(['settlements.total_fen', 'settlements.confirmed_at', 'settlements.paid_at'])
      .where('settlements.account_id', '=', scope.accountId)
      .where('settlements.client_id', '=', scope.clientId)
      .where('settlement_runs.status', '=', 'released')
      .execute();
    const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + r.total_fen, 0);
    const lines = [
      { key: 'paid', label: '已打款', amount_fen: sum((r) => r.paid_at !== null) },
      { key: 'due', label: '待打款', amount_fen: sum((r) => r.paid_at === null && r.confirmed_at !== null) },
      { key: 'to_confirm', label: '待确认', amount_fen: sum((r) => r.confirmed_at === null) },
    ];
    return ok({ status: 'final', list: lines, total: totalOf(lines, ['amount_fen']), adds_up: true });
  });
}

async function releasedStatement(db: Db, scope: Scope, month: string) {
  const s = await db
    .selectFrom('settlements')
    .innerJoin('settlement_runs', 'settlement_runs.id', 'settlements.run_id')
    .selectAll('settlements')
    .where('settlements.account_id', '=', scope.accountId)
    .where('settlements.client_id', '=', scope.clientId)
    .where('settlements.month', '=', month)
    .where('settlement_runs.status', '=', 'released')
    .executeTakeFirst();
  if (!s)
    throw badInput('month', {
      'zh-CN': `${month}的结算单尚未发布`,
      'en-US': `The statement of ${month} is not released yet`,
    });
  return s;
}
