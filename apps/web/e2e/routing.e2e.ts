import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { appUrl, launchBrowser, newPage, type OpenedPage, pathAndQuery, visit } from './browser.ts';

/** The routes, redirects and login rule of spec §2, as a visitor (not logged in) meets them. */
let browser: Browser;
let opened: OpenedPage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await opened?.context.close();
  opened = await newPage(browser);
  page = opened.page;
});

const LOGIN = '/front/register-login/login';

async function heading(): Promise<string> {
  return (await page.locator('main h1').first().innerText()).trim();
}

describe('redirects', () => {
  test("'/' goes to /front/index, which sends a visitor to login with redirect=/front/index", async () => {
    await visit(page, '/');
    await page.waitForURL((url) => url.pathname === LOGIN);
    expect(pathAndQuery(page)).toBe(`${LOGIN}?redirect=%2Ffront%2Findex`);
    expect(await heading()).toBe('登录');
  });

  test('the empty path behaves like /', async () => {
    await page.goto(appUrl(''));
    await page.waitForURL((url) => url.pathname === LOGIN);
    expect(pathAndQuery(page)).toBe(`${LOGIN}?redirect=%2Ffront%2Findex`);
  });

  test('/front/register-login goes to its login child, keeping the query', async () => {
    await visit(page, '/front/register-login?redirect=%2Ffront%2Fbook-data');
    await page.waitForURL((url) => url.pathname === LOGIN);
    expect(pathAndQuery(page)).toBe(`${LOGIN}?redirect=%2Ffront%2Fbook-data`);
  });

  test.each([
    ['/front/help-center/write-guide', '/front/help-center/home'],
    ['/front/help-center/write-guide/12', '/front/help-center/home'],
    ['/front/help-center/common-question', '/front/help-center/home'],
    ['/front/help-center/common-question/3', '/front/help-center/home'],
    ['/front/help-center/write-guide/65', '/front/help-center/questions/1-12'],
  ])('%s goes to %s', async (from, to) => {
    await visit(page, from);
    await page.waitForURL((url) => url.pathname === to);
    expect(pathAndQuery(page)).toBe(to);
    await expect.poll(() => page.title()).toMatch(/^(帮助中心|问题详情)-奇妙小说作者中心$/);
  });
});

describe('login rule', () => {
  test('a protected page sends a visitor to login with redirect and the original query', async () => {
    await visit(page, '/front/book-data?book_id=12&tab=daily');
    await page.waitForURL((url) => url.pathname === LOGIN);
    expect(pathAndQuery(page)).toBe(`${LOGIN}?redirect=%2Ffront%2Fbook-data&book_id=12&tab=daily`);
    await expect.poll(() => page.title()).toBe('登录-奇妙小说作者中心');
  });

  test('a nested protected page keeps its full path in redirect', async () => {
    await visit(page, '/front/income-manage/settlement-summary/month-settlement?month=2026-10');
    await page.waitForURL((url) => url.pathname === LOGIN);
    const query = new URL(page.url()).searchParams;
    expect(query.get('redirect')).toBe('/front/income-manage/settlement-summary/month-settlement');
    expect(query.get('month')).toBe('2026-10');
  });

  // [path, route title, the page's heading]. The article and activity pages (real content by id) are
  // opened by a visitor in public-pages.e2e.ts.
  test.each([
    ['/front/register-login/register', '注册', '注册'],
    ['/front/register-login/reset-password', '找回密码', '找回密码'],
    ['/front/report-studio', '举报中心', '举报中心'],
    ['/front/activity/list', '活动中心', '活动中心'],
    ['/front/screenplay/adapt-book-list/search?keyword=x', '改编书单搜索', '改编书单'],
    ['/front/page/agreement/privacy', '隐私政策', '奇妙小说作者中心隐私政策'],
    ['/front/help-center/search?keyword=%E7%AD%BE%E7%BA%A6', '搜索结果', '搜索结果'],
  ])('%s opens without login', async (path, title, pageHeading) => {
    await visit(page, path);
    expect(await heading()).toBe(pageHeading);
    expect(pathAndQuery(page)).toBe(path);
    await expect.poll(() => page.title()).toBe(`${title}-奇妙小说作者中心`);
  });

  test('/front/example/layout is a real public page', async () => {
    await visit(page, '/front/example/layout');
    await page.getByRole('heading', { name: '布局常量' }).waitFor();
    expect(pathAndQuery(page)).toBe('/front/example/layout');
    expect(await page.locator('main').innerText()).toContain('1160px');
  });

  test('/sign-detail opens outside the front layout without login', async () => {
    await visit(page, '/sign-detail?id=5');
    expect(pathAndQuery(page)).toBe('/sign-detail?id=5');
    expect(await page.locator('.ac-header').count()).toBe(0);
    await expect.poll(() => page.title()).toBe('签约详情-奇妙小说作者中心');
  });
});

describe('not found and error pages', () => {
  test('an unknown /front/* path shows the not-found page with a way home', async () => {
    await visit(page, '/front/no-such-page/at-all');
    expect(await heading()).toBe('页面不存在');
    expect(await page.locator('main').innerText()).toContain('您访问的页面不存在');
    const home = page.getByRole('link', { name: '返回首页' });
    expect(await home.getAttribute('href')).toBe('/front/index');
    await expect.poll(() => page.title()).toBe('页面不存在-奇妙小说作者中心');
    expect(pathAndQuery(page)).toBe('/front/no-such-page/at-all');
  });

  test('an unknown path outside /front shows the not-found page too', async () => {
    await visit(page, '/no-such-thing');
    expect(await heading()).toBe('页面不存在');
  });

  test('/front/error shows the error page', async () => {
    await visit(page, '/front/error');
    expect(await heading()).toBe('出错了');
    expect(await page.locator('main').innerText()).toContain('页面遇到了问题');
    await expect.poll(() => page.title()).toBe('出错了-奇妙小说作者中心');
  });

  test('following "back home" from not-found as a visitor lands on login for /front/index', async () => {
    await visit(page, '/front/nothing-here');
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL((url) => url.pathname === LOGIN);
    expect(pathAndQuery(page)).toBe(`${LOGIN}?redirect=%2Ffront%2Findex`);
  });
});
