import { parseShanghaiDate, shanghaiDate } from '@author-centre/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { localize } from '../../platform/http/language.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import {
  cachedReply,
  cutOffOf,
  DAY_MS,
  dayLines,
  ESTIMATE_NOTE,
  INCOME_COLUMNS,
  ownBook,
  type Range,
  RangeQuery,
  rangeOf,
  type Scope,
  totalOf,
  withLineTotal,
} from './reports.ts';

const author = { config: { auth: 'author' as const } };
const BookQuery = z.object({ book_id: z.coerce.number().int().positive() });
const TREND_COLUMNS = ['reads', 'free_reads', 'orders', 'favourites', 'comments', ...INCOME_COLUMNS] as const;

/** A book's chapters in reading order (published, not the notice volume) with their reads and orders. */
export async function chapterStats(db: Db, bookId: number) {
  const rows = await db
    .selectFrom('chapters')
    .innerJoin('volumes', 'volumes.id', 'chapters.volume_id')
    .leftJoin('chapter_read_stats', 'chapter_read_stats.chapter_id', 'chapters.id')
    .select([
      'chapters.id as chapter_id',
      'chapters.published_title as title',
      'chapters.vip',
      'chapter_read_stats.reads',
      'chapter_read_stats.orders',
    ])
    .where('chapters.book_id', '=', bookId)
    .where('chapters.first_published_at', 'is not', null)
    .where('chapters.deleted_at', 'is', null)
    .where('volumes.is_notice', '=', 0)
    .orderBy('volumes.sort')
    .orderBy('chapters.sort')
    .limit(5000)
    .execute();
  const first = Number(rows[0]?.reads ?? 0);
  return rows.map((r, i) => {
    const reads = Number(r.reads ?? 0);
    return {
      index: i + 1,
      chapter_id: r.chapter_id,
      title: r.title ?? '',
      vip: r.vip,
      reads,
      orders: Number(r.orders ?? 0),
      // Read-through: this chapter's readers per 1,000 readers of the first chapter.
      read_through_permille: first > 0 ? Math.round((reads * 1000) / first) : 0,
    };
  });
}

type Trend = Awaited<ReturnType<typeof trendLines>>;
async function trendLines(db: Db, scope: Scope, range: Range) {
  return withLineTotal(await dayLines(db, scope, range, TREND_COLUMNS), INCOME_COLUMNS).map((l) => ({
    ...l,
    income_fen: l.total_fen,
  }));
}

const sumOf = (lines: Trend, key: keyof Trend[number]) => lines.reduce((s, l) => s + Number(l[key]), 0);

/**
 * Plain statements about what changed: the period against the one before it, and where readers drop
 * off. Each names the figures behind it (`metric`, `current`, `previous`) and the view that shows
 * them (`view`: 'trends' or 'retention').
 */
export function diagnose(
  current: Trend,
  previous: Trend,
  chapters: Awaited<ReturnType<typeof chapterStats>>,
  lang: 'zh-CN' | 'en-US',
) {
  const zh = lang === 'zh-CN';
  const out: Array<{
    kind: string;
    view: 'trends' | 'retention';
    metric: string;
    current: number;
    previous: number | null;
    change_permille: number | null;
    chapter_id?: number;
    text: string;
  }> = [];
  const names: Record<string, [string, string]> = {
    reads: ['阅读', 'reads'],
    orders: ['订阅', 'subscriptions'],
    favourites: ['收藏', 'favourites'],
    comments: ['评论', 'comments'],
    income_fen: ['收入', 'income'],
  };
  for (const metric of Object.keys(names) as Array<keyof typeof names>) {
    const c = sumOf(current, metric as keyof Trend[number]);
    const p = sumOf(previous, metric as keyof Trend[number]);
    const [zhName, enName] = names[metric];
    const show = (v: number) => (metric === 'income_fen' ? `${(v / 100).toFixed(2)}${zh ? '元' : ' yuan'}` : String(v));
    if (c === 0 && p === 0) continue;
    const change = p > 0 ? Math.round(((c - p) * 1000) / p) : null;
    let text: string;
    if (change === null)
      text = zh ? `${zhName}：本期${show(c)}，上期没有数据` : `${enName}: ${show(c)} this period, none before`;
    else if (Math.abs(change) < 50)
      text = zh
        ? `${zhName}基本持平：本期${show(c)}，上期${show(p)}`
        : `${enName} about level: ${show(c)} against ${show(p)}`;
    else
      text = zh
        ? `${zhName}${change > 0 ? '上升' : '下降'}${Math.abs(change / 10).toFixed(1)}%：本期${show(c)}，上期${show(p)}`
        : `${enName} ${change > 0 ? 'up' : 'down'} ${Math.abs(change / 10).toFixed(1)}%: ${show(c)} against ${show(p)}`;
    out.push({ kind: 'change', view: 'trends', metric, current: c, previous: p, change_permille: change, text });
  }
  // The sharpest drop between two consecutive chapters (ignoring chapters read by fewer than 20).
  let worst: { at: number; drop: number } | null = null;
  for (let i = 1; i < chapters.length; i++) {
    const before = chapters[i - 1].reads;
    if (before < 20) continue;
    const drop = Math.round(((before - chapters[i].reads) * 1000) / before);
    if (!worst || drop > worst.drop) worst = { at: i, drop };
  }
  if (worst && worst.drop > 0) {
    const c = chapters[worst.at];
    const b = chapters[worst.at - 1];
    const pay = c.vip === 1 && b.vip === 0;
    out.push({
      kind: 'drop-off',
      view: 'retention',
      metric: 'reads',
      current: c.reads,
      previous: b.reads,
      change_permille: -worst.drop,
      chapter_id: c.chapter_id,
      text: zh
        ? `读者流失最多在第${c.index}章「${c.title}」：上一章${b.reads}人读，这一章${c.reads}人读（少了${(worst.drop / 10).toFixed(1)}%）${pay ? '，这是付费章节的开始' : ''}`
        : `Most readers leave at chapter ${c.index} "${c.title}": ${b.reads} read the chapter before, ${c.reads} this one (${(worst.drop / 10).toFixed(1)}% fewer)${pay ? '; the paid chapters start here' : ''}`,
    });
  }
  return out;
}

export async function bookDataRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const scopeFor = async (request: FastifyRequest, bookId: number): Promise<Scope> => {
    const auth = authOf(request);
    const scope = { clientId: auth.clientId, accountId: auth.accountId, bookId };
    await ownBook(db, scope, bookId);
    return scope;
  };

  // Trends: per day reads, subscriptions, favourites, comments and income over 7/30/90 days or a range.
  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/book-statistics/trends', '/api/pc/v1/book/statistics-trends'],
    author,
    (request, reply) =>
      cachedReply(request, reply, async () => {
        const q = parseInput(RangeQuery.extend(BookQuery.shape), request.query, request);
        const scope = await scopeFor(request, q.book_id);
        const range = rangeOf(q);
        const lines = await trendLines(db, scope, range);
        return {
          status: 'estimate',
          cut_off_at: await cutOffOf(db, scope.clientId),
          note: localize(request, ESTIMATE_NOTE),
          start_date: range.start,
          end_date: range.end,
          list: lines,
          total: totalOf(lines, [...TREND_COLUMNS, 'income_fen']),
          adds_up: true,
        };
      }),
  );

  routeAliases(app, 'GET', ['/api/pc/v1/book-statistics/retention'], author, async (request) => {
    const q = parseInput(BookQuery, request.query, request);
    const scope = await scopeFor(request, q.book_id);
    return ok({
      status: 'estimate',
      cut_off_at: await cutOffOf(db, scope.clientId),
      list: await chapterStats(db, q.book_id),
    });
  });

  // Orders: per day (count and amount) over the range, and per chapter since the book began.
  routeAliases(app, 'GET', ['/api/pc/v1/book-statistics/orders'], author, async (request) => {
    const q = parseInput(RangeQuery.extend(BookQuery.shape), request.query, request);
    const scope = await scopeFor(request, q.book_id);
    const range = rangeOf(q);
    const days = await dayLines(db, scope, range, ['orders', 'subscription_fen']);
    const chapters = (await chapterStats(db, q.book_id))
      .filter((c) => c.vip === 1)
      .map(({ index, chapter_id, title, orders }) => ({ index, chapter_id, title, orders }));
    return ok({
      status: 'estimate',
      cut_off_at: await cutOffOf(db, scope.clientId),
      start_date: range.start,
      end_date: range.end,
      list: days,
      total: totalOf(days, ['orders', 'subscription_fen']),
      adds_up: true,
      chapters,
    });
  });

  routeAliases(app, 'GET', ['/api/pc/v1/book-statistics/diagnosis'], author, async (request) => {
    const q = parseInput(RangeQuery.extend(BookQuery.shape), request.query, request);
    const scope = await scopeFor(request, q.book_id);
    const range = rangeOf(q);
    const n = range.days.length;
    const prevEnd = shanghaiDate(parseShanghaiDate(range.start) - DAY_MS);
    const prevStart = shanghaiDate(parseShanghaiDate(range.start) - n * DAY_MS);
    const previous = rangeOf({ start_date: prevStart, end_date: prevEnd });
    const [cur, prev, chapters] = await Promise.all([
      trendLines(db, scope, range),
      trendLines(db, scope, previous),
      chapterStats(db, q.book_id),
    ]);
    return ok({
      status: 'estimate',
      cut_off_at: await cutOffOf(db, scope.clientId),
      start_date: range.start,
      end_date: range.end,
      previous: { start_date: previous.start, end_date: previous.end },
      list: diagnose(cur, prev, chapters, localize(request, { 'zh-CN': 'zh-CN', 'en-US': 'en-US' }) as 'zh-CN'),
    });
  });

  // The book's totals since it began (the page's header figures).
  routeAliases(app, 'GET', ['/api/pc/v1/book-statistics/detail'], author, async (request) => {
    const q = parseInput(BookQuery, request.query, request);
    const scope = await scopeFor(request, q.book_id);
    const row = await db
      .selectFrom('book_day_stats')
      .select((eb) => TREND_COLUMNS.map((c) => eb.fn.sum<number>(c).as(c)))
      .where('book_id', '=', q.book_id)
      .executeTakeFirst();
    const totals = Object.fromEntries(TREND_COLUMNS.map((c) => [c, Number((row as any)?.[c] ?? 0)]));
    return ok({
      status: 'estimate',
      cut_off_at: await cutOffOf(db, scope.clientId),
      totals: { ...totals, income_fen: INCOME_COLUMNS.reduce((s, c) => s + totals[c], 0) },
    });
  });
}
