import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, launchBrowser } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { closeServerDb, demoAuthor, serverDb } from './home-session.ts';
import '../../server/src/platform/audit/audit.tables.ts';

/** The console shell: who gets in, the brand switcher, tables with filters in the address, CSV export. */
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeServerDb();
});
afterEach(async () => {
  await context?.close();
});

async function open(): Promise<Page> {
  context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    acceptDownloads: true,
  });
  page = await context.newPage();
  return page;
}

/** An audit row as a console write leaves it (TEST-ONLY insert: the shell's own screens change nothing). */
async function auditRow(clientId: number, summary: string, action = 'test.shell'): Promise<void> {
  const staff = await demoStaff(clientId === 3 ? 'third' : 'wonder', 'admin');
  await serverDb()
    .db.insertInto('audit_log')
    .values({
      client_id: clientId,
      actor_client_id: clientId,
      actor_user_id: staff.userId,
      actor_account_id: staff.accountId,
      actor_name: staff.penName,
      actor_role: 'admin',
      action,
      target_type: 'account',
      target_id: '7',
      summary,
      reason: '测试原因',
      before_json: JSON.stringify({ role: 'author' }),
      after_json: JSON.stringify({ role: 'editor' }),
      ip: '127.0.0.1',
      user_agent: 'e2e',
      created_at: Date.now(),
    })
    .execute();
}

describe('console: who gets in', () => {
  test('a visitor is sent to log in and comes back to the console page asked for', async () => {
    await open();
    await page.goto(appUrl('/admin/audit'));
    await page.waitForURL((url) => url.pathname === '/front/register-login/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/audit');
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByLabel('笔名/手机号').fill('13800002009');
    await page.getByLabel('密码', { exact: true }).fill('Demo@2026');
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/audit');
    await page.getByRole('heading', { name: '审计日志' }).waitFor();
    expect(await page.locator('.ac-console__header').innerText()).toContain('奇妙小说管理员');
  });

  test('an author gets a page that says why, not the console', async () => {
    await open();
    const author = await demoAuthor('wonder');
    await openConsole(context, page, author, '/admin/audit');
    await page.getByText('无权访问运营后台').waitFor();
    await page.getByText(`当前登录的笔名「${author.penName}」没有这项权限`, { exact: false }).waitFor();
    expect(await page.locator('.ac-console__sider').count()).toBe(0);
  });

  test("an author's pages never download the console's code", async () => {
    await open();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(appUrl('/front/register-login/login'));
    await page.getByRole('tab', { name: '密码登录' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /Console|console/.test(url))).toEqual([]);
  });
});

describe('console: tables and brands', () => {
  test('filters live in the address, and the export holds every matching row', async () => {
    await auditRow(2, '地址筛选测试甲');
    await auditRow(2, '地址筛选测试乙');
    await auditRow(2, '与筛选无关');
    await open();
    await openConsole(context, page, await demoStaff('wonder', 'editor'), '/admin/audit');
    await page.getByLabel('内容或原因').fill('地址筛选测试');
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === '地址筛选测试');
    await page.getByText('共 2 条').waitFor();

    // The same address, opened afresh, shows the same view.
    await page.reload();
    await page.getByText('共 2 条').waitFor();
    expect(await page.getByLabel('内容或原因').inputValue()).toBe('地址筛选测试');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出 CSV/ }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('操作人');
    expect(lines).toHaveLength(3);
    expect(csv).toContain('地址筛选测试甲');
    expect(csv).toContain('地址筛选测试乙');
    expect(csv).not.toContain('与筛选无关');
  });

  test("a brand's editor sees only that brand; a platform admin switches brands", async () => {
    await auditRow(3, '三号书城的操作记录');
    await open();
    await openConsole(context, page, await demoStaff('wonder', 'admin'), '/admin/audit?keyword=三号书城的操作记录');
    await page.getByText('没有符合条件的记录').waitFor();
    expect(await page.getByLabel('品牌').count()).toBe(0);
    await context.close();

    await open();
    await openConsole(context, page, await demoStaff('main', 'admin'), '/admin/audit?keyword=三号书城的操作记录');
    await page.getByText('没有符合条件的记录').waitFor();
    await page.getByLabel('品牌').click();
    await page.getByTitle('三号书城（3）').click();
    await page.getByText('已切换到 三号书城').waitFor();
    await page.getByRole('cell', { name: '三号书城的操作记录' }).waitFor();
    expect(await page.locator('.ac-console__header').innerText()).toContain('平台管理员');
  });
});
