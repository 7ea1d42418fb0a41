import { shanghaiDate, shanghaiNextMonthStart } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, signedInClient } from '../../test/fixtures.ts';
import type { TestClient } from '../../test/test-app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSite, eid, insertBook, push } from './income.fixtures.ts';

const DAY = 86_400_000;
let t: TestApp;
let client: TestClient;
let book: Awaited<ReturnType<typeof insertBook>>;
let strangerBook: Awaited<ReturnType<typeof insertBook>>;
let pushedAt: number;
let bookOwner: number;

beforeAll(async () => {
  t = await createTestApp();
  const site = await createSite(t, 2);
  const zh = await createSite(t, 2, 'zh');
  const author = await createAuthor(t, { clientId: 2 });
  client = await signedInClient(t, author);
  bookOwner = author.accountId;
  book = await insertBook(t, author, { chapters: 4, free: 2 });
  strangerBook = await insertBook(t, await createAuthor(t, { clientId: 2 }));
  const now = Date.now();
  const events: unknown[] = [];
  // 100 readers of chapter 1, 80 of 2, 20 of 3 (the first paid chapter), 18 of 4, today; 10 fewer a week ago.
  const readers = [100, 80, 20, 18];
  for (const [i, n] of readers.entries()) {
    for (let r = 0; r < n; r++)
      events.push({
        event_id: eid(),
        kind: 'chapter_read',
        book_id: book.bookId,
        chapter_id: book.chapterIds[i],
        occurred_at: now - 1000,
      });
    for (let r = 0; r < n - 10 && r >= 0; r++)
      events.push({
        event_id: eid(),
        kind: 'chapter_read',
        book_id: book.bookId,
        chapter_id: book.chapterIds[i],
        occurred_at: now - 8 * DAY,
      });
  }
  for (let r = 0; r < 20; r++)
    events.push({
      event_id: eid(),
      kind: 'chapter_purchase',
      book_id: book.bookId,
      chapter_id: book.chapterIds[2],
      amount_fen: 13,
      occurred_at: now - DAY,
    });
  events.push({ event_id: eid(), kind: 'gift', book_id: book.bookId, amount_fen: 1000, occurred_at: now - 2 * DAY });
  events.push({ event_id: eid(), kind: 'reward', book_id: book.bookId, amount_fen: 88, occurred_at: now - 2 * DAY });
  events.push({ event_id: eid(), kind: 'favourite', book_id: book.bookId, occurred_at: now });
  events.push({
    event_id: eid(),
    kind: 'chapter_read',
    book_id: strangerBook.bookId,
    chapter_id: strangerBook.chapterIds[0],
    occurred_at: now,
  });
  for (let i = 0; i < events.length; i += 500) expect((await push(t, site, events.slice(i, i + 500))).status).toBe(200);
  expect(
    (
      await push(t, zh, [
        { event_id: eid(), kind: 'partner_revenue', book_id: book.bookId, amount_fen: 555, occurred_at: now - DAY },
      ])
    ).status,
  ).toBe(200);
  pushedAt = Date.now();
});
afterAll(async () => t.close());

const sumLines = (list: any[], key: string) => list.reduce((s, l) => s + l[key], 0);

describe('income pages', () => {
  it('daily income: every day of the period, estimated, cut off at the last receipt, the total the sum of its lines', async () => {
    const res = await client.get('/api/profit/book-date-profit', { days: 7 });
    const data = res.body.data;
    expect(data.list).toHaveLength(7);
    expect(data.list[0].date).toBe(shanghaiDate(Date.now()));
    expect(data.status).toBe('estimate');
    expect(data.status_label).toBe('预估');
    expect(data.note).toBe('预估数据，以月度结算单为准；合计为下列各行之和');
    expect(data.cut_off_at).toBeGreaterThan(pushedAt - 60_000);
    expect(data.cut_off_at).toBeLessThanOrEqual(pushedAt);
    for (const key of ['subscription_fen', 'gift_fen', 'reward_fen', 'partner_fen', 'free_fen', 'total_fen'])
      expect(data.total[key]).toBe(sumLines(data.list, key));
    expect(data.total).toMatchObject({
      subscription_fen: 260,
      gift_fen: 1000,
      reward_fen: 88,
      partner_fen: 555,
      total_fen: 1903,
    });
    for (const line of data.list)
      expect(line.total_fen).toBe(
        line.subscription_fen + line.gift_fen + line.reward_fen + line.partner_fen + line.free_fen,
      );
    expect(data.adds_up).toBe(true);
  });

  it('subscription, reward, channel and zh pages add up, each from its own lines', async () => {
    const sub = (await client.get('/api/profit/sub-detail', { days: 7 })).body.data;
    expect([sub.total.orders, sub.total.subscription_fen]).toEqual([20, 260]);
    const reward = (await client.get('/api/pc/v1/income/reward', { days: 30 })).body.data;
    expect(reward.total).toMatchObject({ gifts: 1, gift_fen: 1000, rewards: 1, reward_fen: 88, total_fen: 1088 });
    const channel = (await client.get('/api/profit/cp-detail', { days: 30 })).body.data;
    expect(channel.list.map((l: any) => [l.kind, l.total_fen])).toEqual([
      ['reading', 1348],
      ['zh', 555],
    ]);
    expect(channel.total.total_fen).toBe(sumLines(channel.list, 'total_fen'));
    const zh = (await client.get('/api/pc/v1/income/zh-daily', { days: 7 })).body.data;
    expect(zh.total.partner_fen).toBe(555);
  });

  it('refuses a bad range by field, and another pen name’s book as not found', async () => {
    // §5 'beforeMonth': up to the end of this month, not into the next.
    const nextMonth = shanghaiDate(shanghaiNextMonthStart(Date.now()));
    const r1 = await client.get('/api/profit/book-date-profit', {
      start_date: shanghaiDate(Date.now()),
      end_date: nextMonth,
    });
    expect([r1.status, r1.body.errors.field, r1.body.errors.title]).toEqual([400, 'end_date', '结束日期不能晚于本月']);
    const lastDay = shanghaiDate(shanghaiNextMonthStart(Date.now()) - 1);
    const r0 = await client.get('/api/profit/book-date-profit', {
      start_date: shanghaiDate(Date.now()),
      end_date: lastDay,
    });
    expect(r0.status).toBe(200);
    expect(r0.body.data.list[0].date).toBe(lastDay);
    const r2 = await client.get('/api/profit/book-date-profit', { start_date: '2026-11-10', end_date: '2026-11-01' });
    expect(r2.body.errors).toMatchObject({ field: 'end_date', title: '结束日期不能早于开始日期' });
    const r3 = await client.get('/api/profit/book-date-profit', { days: 14 });
    expect(r3.body.errors.field).toBe('days');
    const r4 = await client.get('/api/profit/book-date-profit', { book_id: strangerBook.bookId, days: 7 });
    expect([r4.status, r4.body.errors.title]).toEqual([404, '作品不存在或已删除']);
    const r5 = await client.get('/api/pc/v1/book-statistics/trends', { book_id: strangerBook.bookId, days: 7 });
    expect(r5.status).toBe(404);
  });

  it('global data lists the books with income and the estimate disclaimer (§3)', async () => {
    const data = (await client.get('/api/author/global-data')).body.data;
    expect(data.income_book_list).toEqual([{ book_id: book.bookId, title: expect.any(String) }]);
    expect(data.disclaimer_type).toBe(1);
    expect(data.disclaimer_tips).toBe('预估数据，以月度结算单为准；合计为下列各行之和');
    expect(data.long_period_status).toBe(0);
  });

  it('welfare: the brand’s rules, and this month’s words of the books with terms', async () => {
    await t.app.ctx.db
      .insertInto('income_terms')
      .values({ book_id: book.bookId, client_id: 2, share_permille: 600, guarantee_fen: 0, updated_at: Date.now() })
      .execute();
    const today = shanghaiDate(Date.now());
    await t.app.ctx.db
      .insertInto('book_daily_words')
      .values({ client_id: 2, account_id: bookOwner, book_id: book.bookId, day: today, words: 4200, chapters: 2 })
      .execute();
    const data = (await client.get('/api/profit/welfare-detail')).body.data;
    expect(data.rules.map((r: any) => [r.name, r.amount_fen])).toEqual([
      ['全勤奖', 30_000],
      ['更新奖', 20_000],
    ]);
    expect(data.current_month).toMatchObject({
      status: 'estimate',
      books: [{ book_id: book.bookId, month_words: 4200, days_updated: 1 }],
    });
    expect(data.list).toEqual([]);
    expect((await client.get('/api/profit/book-welfare-rule-list')).body.data.list).toHaveLength(2);
  });

  it('a visitor is refused', async () => {
    expect((await t.client('localhost').get('/api/profit/book-date-profit', { days: 7 })).status).toBe(401);
  });
});

describe('book data', () => {
  it('trends over 7 days, and their totals', async () => {
    const data = (await client.get('/api/pc/v1/book-statistics/trends', { book_id: book.bookId, days: 7 })).body.data;
    expect(data.list).toHaveLength(7);
    expect(data.total).toMatchObject({ reads: 218, orders: 20, favourites: 1, income_fen: 1903 });
    expect(data.total.reads).toBe(sumLines(data.list, 'reads'));
    const ninety = (await client.get('/api/pc/v1/book-statistics/trends', { book_id: book.bookId, days: 90 })).body
      .data;
    expect(ninety.total.reads).toBe(218 + 178);
  });

  it('retention: readers per chapter in reading order, per 1,000 of the first chapter', async () => {
    const list = (await client.get('/api/pc/v1/book-statistics/retention', { book_id: book.bookId })).body.data.list;
    expect(list.map((c: any) => [c.index, c.reads, c.read_through_permille, c.vip])).toEqual([
      [1, 190, 1000, 0],
      [2, 150, 789, 0],
      [3, 30, 158, 1],
      [4, 26, 137, 1],
    ]);
  });

  it('diagnosis: what changed against the period before, and where readers leave, each with its numbers', async () => {
    const list = (await client.get('/api/pc/v1/book-statistics/diagnosis', { book_id: book.bookId, days: 7 })).body.data
      .list;
    const reads = list.find((s: any) => s.metric === 'reads' && s.kind === 'change');
    expect(reads).toMatchObject({ view: 'trends', current: 218, previous: 178, change_permille: 225 });
    expect(reads.text).toBe('阅读上升22.5%：本期218，上期178');
    const drop = list.find((s: any) => s.kind === 'drop-off');
    expect(drop).toMatchObject({ view: 'retention', chapter_id: book.chapterIds[2], current: 30, previous: 150 });
    expect(drop.text).toContain('这是付费章节的开始');
  });

  it('orders per day and per paid chapter', async () => {
    const data = (await client.get('/api/pc/v1/book-statistics/orders', { book_id: book.bookId, days: 7 })).body.data;
    expect(data.total).toEqual({ orders: 20, subscription_fen: 260 });
    expect(data.chapters.map((c: any) => c.orders)).toEqual([20, 0]);
  });
});

describe('settlement-summary-zh (zong-heng month balance)', () => {
  it('shows the zh partner platform’s lines only, not the whole month balance', async () => {
    const zh = (await client.get('/api/profit/zong-heng-month-balance')).body.data;
    expect(zh.site_kind).toBe('zh');
    // The reading site's purchases, gifts and rewards (1,348 fen) are not in it: only the zh line of 555 fen.
    expect(zh.list.map((l: any) => [l.book_id, l.kind, l.partner_fen])).toEqual([[book.bookId, 'share', 555]]);
    expect(zh.list[0]).toMatchObject({ status: 'estimate', share_permille: 600, amount_fen: 333 });
    expect(zh.total).toEqual({ partner_fen: 555, amount_fen: 333 });
    expect(zh.adds_up).toBe(true);
    expect(zh.cut_off_at).toBeGreaterThan(0);
    const all = (await client.get('/api/profit/month-balance')).body.data;
    expect(all.current.estimate_fen).toBeGreaterThan(333);
    expect(all.site_kind).toBeUndefined();
  });
});

describe('the cut-off time: the newest batch that brought events, from the sites behind the page', () => {
  it('ignores refused batches and other sites’ batches', async () => {
    // Brand 4, so no other test's batches are in it.
    const reading = await createSite(t, 4);
    const zh = await createSite(t, 4, 'zh');
    await createSite(t, 4, 'free');
    const author = await createAuthor(t, { clientId: 4 });
    const own = await signedInClient(t, author);
    const b = await insertBook(t, author);
    const pause = () => new Promise((r) => setTimeout(r, 5));
    const now = Date.now();
    const ok = (site: typeof zh, kind: string, extra: Record<string, unknown> = {}) =>
      push(t, site, [{ event_id: eid(), kind, book_id: b.bookId, occurred_at: now - 1000, ...extra }]);
    expect((await ok(zh, 'partner_revenue', { amount_fen: 100 })).status).toBe(200);
    await pause();
    expect((await ok(reading, 'favourite')).status).toBe(200);
    await pause();
    // Refused (an unknown book): nothing came in with it.
    expect(
      (await push(t, reading, [{ event_id: eid(), kind: 'favourite', book_id: 999_999, occurred_at: now }])).status,
    ).toBe(422);
    const batches = await t.app.ctx.db
      .selectFrom('integration_batches')
      .select(['site_id', 'received_at', 'accepted'])
      .where('client_id', '=', 4)
      .orderBy('received_at')
      .execute();
    expect(batches.map((x) => [x.site_id, x.accepted])).toEqual([
      [zh.siteId, 1],
      [reading.siteId, 1],
      [reading.siteId, 0],
    ]);
    const [zhAt, readingAt, refusedAt] = batches.map((x) => x.received_at);
    expect(refusedAt).toBeGreaterThan(readingAt);
    expect(readingAt).toBeGreaterThan(zhAt);
    const cutOff = async (path: string) => (await own.get(path, { days: 7 })).body.data.cut_off_at;
    expect(await cutOff('/api/pc/v1/income/daily')).toBe(readingAt);
    expect(await cutOff('/api/pc/v1/income/zh-daily')).toBe(zhAt);
    expect(await cutOff('/api/pc/v1/income/free-daily')).toBeNull();
    expect(
      (await own.get('/api/pc/v1/book-statistics/trends', { book_id: b.bookId, days: 7 })).body.data.cut_off_at,
    ).toBe(readingAt);
  });
});
