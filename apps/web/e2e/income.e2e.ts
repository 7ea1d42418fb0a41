import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { formatCount } from '@author-centre/shared/format';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/src/modules/contracts/contracts.tables.ts';
import '../../server/src/modules/income/income.tables.ts';
import { appUrl, launchBrowser, newPage, serverDataDir, serverPort } from './browser.ts';
import { type E2eAuthor, logIn, newAuthor, serverDb } from './home-session.ts';
import { serverRow } from './works-session.ts';

/**
 * An author reads the income and the book data that came in through the signed integration API:
 * the simulator (`npm run simulate`) plays the reading sites against the test server, then the
 * author opens the pages in Chromium, tells estimates from final figures, and confirms last
 * month's statement.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const DAY = 86_400_000;
let browser: Browser;
let author: E2eAuthor;
let bookId: number;

/** A book of the author's with 12 chapters published two weeks ago (the first 4 free) and signed terms. */
async function publishedBook(a: E2eAuthor): Promise<number> {
  const { db } = serverDb();
  const now = Date.now();
  const published = now - 14 * DAY;
  const book = await db
    .insertInto('books')
    .values({
      client_id: a.clientId,
      user_id: a.userId,
      account_id: a.accountId,
      kind: 'novel',
      title: '收入之书',
      tags: '[]',
      category: 'xuanhuan',
      intro: '一个少年在风雨飘摇的江湖中寻找真相。',
      published_count: 12,
      chapter_count: 12,
      created_at: published,
      updated_at: now,
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  const volume = await db
    .insertInto('volumes')
    .values({
      client_id: a.clientId,
      book_id: book.id,
      title: '第一卷',
      sort: 1,
      is_notice: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 12; i++)
    await db
      .insertInto('chapters')
      .values({
        client_id: a.clientId,
        book_id: book.id,
        volume_id: volume.id,
        title: `第${i + 1}章`,
        status: 'published',
        sort: i + 1,
        words: 3000,
        published_words: 3000,
        published_title: `第${i + 1}章`,
        vip: i < 4 ? 0 : 1,
        first_published_at: published,
        published_at: published,
        change_seq: 2_000_000_000 + book.id * 100 + i,
        saved_at: now,
        created_at: now,
        updated_at: now,
      } as any)
      .execute();
  // A guaranteed minimum of 2,000 yuan: last month's statement has a top-up to confirm, and so has this month's
  // estimate (the simulator's 14 days pay this book's share at most about 620 yuan, whatever its id; at 500 yuan
  // about one id in nine earned more than the guarantee, and this month had no top-up).
  await db
    .insertInto('income_terms')
    .values({ book_id: book.id, client_id: a.clientId, share_permille: 600, guarantee_fen: 200_000, updated_at: now })
    .execute();
  return book.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  author = await newAuthor();
  bookId = await publishedBook(author);
  // The author's bound bank card (as binding it in personal information leaves it).
  const { db, personalData } = serverDb();
  const now = Date.now();
  await db
    .insertInto('bank_cards')
    .values({
      client_id: author.clientId,
      user_id: author.userId,
      status: 'active',
      bank_num_enc: personalData.seal('6222020200112233445'),
      bank_num_mask: '6222 **** **** 3445',
      account_name_enc: personalData.seal('张三'),
      bank_name: '中国工商银行',
      bank_branch: '北京海淀支行',
      bank_phone_enc: personalData.seal('13800138000'),
      reason: null,
      review_reason: null,
      reviewer_account_id: null,
      reviewed_at: null,
      state_key: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'scripts/simulate.ts'),
      '--url',
      `http://localhost:${serverPort()}`,
      '--keys',
      join(serverDataDir(), 'reading-sites.json'),
      '--days',
      '14',
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
});
afterAll(async () => browser?.close());

describe('income and book data after the reading sites reported', () => {
  it('daily income: estimated, cut off at a stated time, the total the sum of the days', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, author);
    await page.goto(appUrl('/front/income-manage/daily'));
    const status = page.getByTestId('figure-status');
    await status.getByText('预估').waitFor();
    await expect(status.getByTestId('cut-off').textContent()).resolves.toMatch(
      /^数据截至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）$/,
    );
    await status.getByText('合计为下列各行之和').waitFor();
    await page.locator('.ant-segmented-item').filter({ hasText: '近7天' }).click();
    // The day rows: the table's body, without the header and the total row.
    const rows = page.getByRole('table').locator('tbody').getByRole('row');
    await rows.nth(6).waitFor();
    expect(await rows.count()).toBe(7);
    // The total row's 合计 column is the sum of the days' 合计 (integer fen, shown in yuan).
    const totals = await rows.evaluateAll((trs) =>
      trs.map((tr) => Number((tr.lastElementChild?.textContent ?? '0').replace(/,/g, '')) * 100),
    );
    const shown = await page.getByTestId('total-row').locator('td').last().textContent();
    const sum = Math.round(totals.reduce((s, v) => s + Math.round(v), 0));
    expect(Math.round(Number((shown ?? '').replace(/,/g, '')) * 100)).toBe(sum);
    const sevenDaysAgo = new Date(Date.now() - 6 * DAY + 8 * 3_600_000).toISOString().slice(0, 10);
    const held = serverRow<{ fen: number }>(
      `select coalesce(sum(subscription_fen + gift_fen + reward_fen + partner_fen + free_fen), 0) as fen
       from book_day_stats where account_id = ? and day >= ?`,
      author.accountId,
      sevenDaysAgo,
    );
    expect(sum).toBe(held?.fen);
    expect(sum).toBeGreaterThan(0);
    await context.close();
  });

  it('book data: a chart, the same numbers as a table, and a diagnosis linked to them', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, author);
    await page.goto(appUrl(`/front/book-data?book_id=${bookId}`));
    // The chart: an image named for what it shows, described by a summary, its figures in a table of their own.
    const chart = page.getByRole('img', { name: '数据趋势' });
    await chart.locator('svg path').first().waitFor();
    const summary = await page.locator(`[id="${await chart.getAttribute('aria-describedby')}"]`).textContent();
    expect(summary).toMatch(/^日期从 \d\d-\d\d 到 \d\d-\d\d，共 \d+ 个。阅读：最低 /);
    const chartDays = await page.getByTestId('chart-figures').locator('tbody tr').count();
    // One point per day on each line, as many as the table below has days.
    expect(await chart.locator('svg g[data-series="0"] circle').count()).toBe(chartDays);
    await page.getByText('表格', { exact: true }).click();
    const table = page.getByTestId('trend-table');
    await table.locator('tbody').getByRole('row').first().waitFor();
    expect(await table.locator('tbody').getByRole('row').count()).toBe(chartDays);
    const reads = serverRow<{ n: number }>(
      'select coalesce(sum(reads), 0) as n from book_day_stats where book_id = ?',
      bookId,
    );
    // The table's total of reads is what the server holds (every read of the book is within the 30 days).
    expect(Number(reads?.n)).toBeGreaterThan(0);
    await expect(table.locator('.ac-income__total td').nth(1).textContent()).resolves.toBe(
      formatCount(Number(reads?.n)),
    );
    // The header: the book's totals since it began, an estimate with its cut-off.
    const totals = page.getByTestId('book-totals');
    await totals.getByText('预估').waitFor();
    await totals.getByTestId('cut-off').waitFor();
    await expect(totals.getByTestId('book-total-reads').locator('.ant-statistic-content').textContent()).resolves.toBe(
      formatCount(Number(reads?.n)),
    );

    // Orders: a table of the days with its total (what the server holds), an estimate with its cut-off, an export.
    await page.getByRole('tab', { name: '订阅', exact: true }).click();
    const ordersPane = page.getByRole('tabpanel');
    await ordersPane.getByTestId('orders-table').locator('tbody').getByRole('row').first().waitFor();
    const orders = serverRow<{ n: number; fen: number }>(
      'select coalesce(sum(orders), 0) as n, coalesce(sum(subscription_fen), 0) as fen from book_day_stats where book_id = ?',
      bookId,
    );
    expect(Number(orders?.n)).toBeGreaterThan(0);
    const ordersTotal = ordersPane.getByTestId('orders-total').locator('td');
    await expect(ordersTotal.nth(1).textContent()).resolves.toBe(formatCount(Number(orders?.n)));
    await ordersPane.getByText('预估').waitFor();
    await ordersPane.getByTestId('cut-off').waitFor();
    await ordersPane.getByTestId('adds-up').waitFor();
    await ordersPane.getByTestId('chapter-orders').getByText('5. 第5章').waitFor();
    const download = page.waitForEvent('download');
    await ordersPane.getByTestId('export-orders').click();
    expect((await download).suggestedFilename()).toBe(`book-${bookId}-orders.csv`);

    // Retention: an estimate with its cut-off.
    await page.getByRole('tab', { name: '章节留存' }).click();
    await page.getByRole('tabpanel').getByTestId('cut-off').waitFor();

    // Diagnosis: an estimate; "see the numbers" opens the chapter behind the statement, highlighted.
    await page.getByRole('tab', { name: '数据诊断' }).click();
    await page.getByRole('tabpanel').getByTestId('cut-off').waitFor();
    const dropOff = page
      .getByTestId('diagnosis')
      .locator('li')
      .filter({ hasText: /读者流失最多在第\d+章/ });
    const chapter = ((await dropOff.textContent()) ?? '').match(/读者流失最多在第(\d+)章「(.+?)」/);
    expect(chapter).not.toBeNull();
    await dropOff.getByRole('button', { name: '查看数据' }).click();
    await page.getByRole('tab', { name: '章节留存', selected: true }).waitFor();
    const focused = page.getByTestId('retention-table').locator('tr.ac-income__focus');
    await focused.waitFor();
    expect(await focused.count()).toBe(1);
    await expect(focused.locator('td').first().textContent()).resolves.toContain(`${chapter?.[1]}. ${chapter?.[2]}`);

    // A change statement highlights its metric's column in the trend table.
    await page.getByRole('tab', { name: '数据诊断' }).click();
    await page
      .getByTestId('diagnosis')
      .locator('li')
      .filter({ hasText: /^阅读/ })
      .getByRole('button', { name: '查看数据' })
      .click();
    await page.getByRole('tab', { name: '数据趋势', selected: true }).waitFor();
    await expect(page.getByTestId('trend-table').locator('th.ac-income__focus').textContent()).resolves.toBe('阅读');
    await context.close();
  });

  it('last month’s statement: final, its lines adding up, confirmed by the author', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, author);
    await page.goto(appUrl('/front/income-manage/settlement-summary'));
    const lastMonth = new Date(Date.now() + 8 * 3_600_000);
    lastMonth.setUTCDate(0);
    const month = lastMonth.toISOString().slice(0, 7);
    await page.getByTestId(`view-${month}`).click();
    await expect(page.getByTestId('statement-total').textContent()).resolves.toBe('2,000.00');
    await page.getByText('保底补足').waitFor();
    // Which bound card it is paid to, masked — never the full number.
    await expect(page.getByTestId('payee-card').textContent()).resolves.toBe('中国工商银行 6222 **** **** 3445 张*');
    expect(await page.getByText('6222020200112233445').count()).toBe(0);
    await page.getByTestId('confirm-statement').click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.getByText('待打款').first().waitFor();
    const row = serverRow<{ confirmed_at: number | null }>(
      'select confirmed_at from settlements where account_id = ? and month = ?',
      author.accountId,
      month,
    );
    expect(row?.confirmed_at).toBeGreaterThan(0);
    await context.close();
  });
  it('settlement-summary-zh: the zh share, its total what zh reported, the guarantee top-up on its own line, and subtotals per kind that add up', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, author);
    await page.goto(appUrl('/front/income-manage/settlement-summary-zh'));
    const pageEl = page.getByTestId('settlement-zh-page');
    await pageEl.getByTestId('zh-total').waitFor();
    const zh = serverRow<{ fen: number }>(
      `select coalesce(sum(s.partner_fen), 0) as fen from book_day_stats s
       join integration_sites i on i.id = s.site_id where s.account_id = ? and i.kind = 'zh'`,
      author.accountId,
    );
    const all = serverRow<{ fen: number }>(
      `select coalesce(sum(subscription_fen + gift_fen + reward_fen + partner_fen + free_fen), 0) as fen
       from book_day_stats where account_id = ?`,
      author.accountId,
    );
    expect(Number(zh?.fen)).toBeGreaterThan(0);
    expect(Number(all?.fen)).toBeGreaterThan(Number(zh?.fen));
    const shown = await pageEl.getByTestId('zh-total').locator('td').nth(1).textContent();
    expect(Math.round(Number((shown ?? '').replace(/,/g, '')) * 100)).toBe(Number(zh?.fen));
    await pageEl.getByTestId('adds-up').waitFor();
    expect(await pageEl.getByTestId('statement-total').count()).toBe(0);
    // The guarantee of 2,000 yuan is far above this month's share: its top-up is a line of its own, as on a statement.
    await pageEl.getByRole('cell', { name: '保底补足' }).first().waitFor();
    const topUps = await pageEl.getByTestId('zh-kind-guarantee').textContent();
    expect(Number((topUps ?? '').replace(/,/g, ''))).toBeGreaterThan(0);
    // Split as a statement is — share, top-up, welfare, corrections — and the subtotals add up to the total.
    const fenOf = async (testId: string) =>
      Math.round(Number(((await pageEl.getByTestId(testId).textContent()) ?? '').replace(/,/g, '')) * 100);
    const kinds = ['share', 'guarantee', 'welfare', 'correction'];
    const subtotals = await Promise.all(kinds.map((k) => fenOf(`zh-kind-${k}`)));
    const amount = await pageEl.getByTestId('zh-total').locator('td').nth(3).textContent();
    expect(subtotals.reduce((a, b) => a + b, 0)).toBe(Math.round(Number((amount ?? '').replace(/,/g, '')) * 100));
    await context.close();
  });

  it('a statement whose lines do not add up to its total: a warning instead of “adds up”, no confirming', async () => {
    const { db } = serverDb();
    const lastMonth = new Date(Date.now() + 8 * 3_600_000);
    lastMonth.setUTCDate(0);
    const month = lastMonth.toISOString().slice(0, 7);
    const statement = await db
      .selectFrom('settlements')
      .select('id')
      .where('account_id', '=', author.accountId)
      .where('month', '=', month)
      .executeTakeFirstOrThrow();
    // The stored total is a fen off its lines (what a broken close or a hand edit would leave).
    await db
      .updateTable('settlements')
      .set({ confirmed_at: null, total_fen: 200_001 })
      .where('id', '=', statement.id)
      .execute();
    const { context, page } = await newPage(browser);
    await logIn(context, author);
    await page.goto(appUrl('/front/income-manage/settlement-summary'));
    await page.getByTestId(`view-${month}`).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByTestId('adds-up-warning').getByText('合计与下列各行之和不符').waitFor();
    expect(await drawer.getByTestId('adds-up').count()).toBe(0);
    expect(await drawer.getByTestId('confirm-statement').isDisabled()).toBe(true);
    await db.updateTable('settlements').set({ total_fen: 200_000 }).where('id', '=', statement.id).execute();
    await context.close();
  });
});
