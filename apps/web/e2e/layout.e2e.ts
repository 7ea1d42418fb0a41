import { SEED_BRANDS } from '@author-centre/shared/brands';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { appUrl, launchBrowser, newPage, type OpenedPage, pathAndQuery, visit } from './browser.ts';
import { closeServerDb, serverDb } from './home-session.ts';

/** Header, footer, right bar, page titles, themes and language, for two brands. */
let browser: Browser;
let opened: OpenedPage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeServerDb();
});
beforeEach(async () => {
  await opened?.context.close();
  opened = await newPage(browser);
  page = opened.page;
});

const brand = (brief: string) => {
  const found = SEED_BRANDS.find((b) => b.brief === brief);
  if (!found) throw new Error(`no seed brand ${brief}`);
  return found;
};

describe('page titles per brand', () => {
  test.each([
    ['wonder', '/front/help-center/home', '帮助中心-奇妙小说作者中心'],
    ['brain-hole', '/front/help-center/home', '帮助中心-脑洞故事作者中心'],
    ['wonder', '/front/unknown-page', '页面不存在-奇妙小说作者中心'],
    ['brain-hole', '/front/unknown-page', '页面不存在-脑洞故事作者中心'],
  ])('%s %s is titled %s', async (brief, path, title) => {
    await visit(page, path, brief);
    await page.waitForFunction((expected) => document.title === expected, title);
    await expect.poll(() => page.title()).toBe(title);
    expect(await page.locator('.ac-header__brand').innerText()).toBe(brand(brief).platformName);
  });
});

describe('header', () => {
  test('the login link carries the current path and query', async () => {
    await visit(page, '/front/help-center/search?keyword=%E7%AD%BE%E7%BA%A6&page=2', 'wonder');
    const login = page.getByRole('link', { name: '登录/注册' });
    expect(await login.getAttribute('href')).toBe(
      '/front/register-login/login?redirect=%2Ffront%2Fhelp-center%2Fsearch&keyword=%E7%AD%BE%E7%BA%A6&page=2',
    );
    await login.click();
    await page.waitForURL((url) => url.pathname === '/front/register-login/login');
    const query = new URL(page.url()).searchParams;
    expect(query.get('redirect')).toBe('/front/help-center/search');
    expect(query.get('keyword')).toBe('签约');
    expect(query.get('page')).toBe('2');
  });

  test('links to the forum (the embedded one: my posts) and the signing policy', async () => {
    const b = brand('brain-hole');
    await visit(page, '/front/activity/list', 'brain-hole');
    expect(await page.getByRole('link', { name: '作者论坛' }).getAttribute('href')).toBe('/front/my-post');
    // The demo seed points the signing policy at the brand's signing-policy article (issue 16): read
    // the brand's settings as stored.
    const stored = await serverDb()
      .db.selectFrom('brands')
      .select('settings')
      .where('brief', '=', 'brain-hole')
      .executeTakeFirstOrThrow();
    const policy = (JSON.parse(stored.settings) as typeof b).signingPolicyLinks[0]!;
    expect(policy.url).toMatch(/^\/front\/article\/\d+$/);
    expect(await page.getByRole('link', { name: policy.label }).getAttribute('href')).toBe(policy.url);
  });

  test('a visitor sees no pen name and no message entry', async () => {
    await visit(page, '/front/activity/list');
    await page.getByRole('link', { name: '登录/注册' }).waitFor();
    expect(await page.getByTestId('header-pen-name').count()).toBe(0);
    expect(await page.getByRole('link', { name: '消息' }).count()).toBe(0);
  });

  test('brands get their colour theme: orange for wonder, red for brain-hole', async () => {
    const background = async () =>
      page.getByTestId('header-login').evaluate((el) => getComputedStyle(el).backgroundColor);
    await visit(page, '/front/activity/list', 'wonder');
    expect(await background()).toBe('rgb(255, 125, 0)');
    await visit(page, '/front/activity/list', 'brain-hole');
    expect(await background()).toBe('rgb(232, 58, 48)');
  });

  test('the language switch turns the page English and is remembered', async () => {
    await visit(page, '/front/help-center/home', 'wonder');
    await page.getByRole('combobox', { name: '语言' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('link', { name: 'Log in / Sign up' }).waitFor();
    await expect.poll(() => page.title()).toBe('Help centre-奇妙小说作者中心');
    // The help centre's own strings follow the language too (issue 6 replaced its placeholder).
    expect(await page.locator('main').innerText()).toContain('Popular questions');

    await page.reload();
    await page.getByRole('link', { name: 'Log in / Sign up' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await page.getByRole('link', { name: 'Author forum' }).count()).toBe(1);
  });

  test('the skip link is the first stop for the keyboard and moves focus to the content', async () => {
    await visit(page, '/front/activity/list');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ac-main');
  });
});

describe('footer and right bar', () => {
  test.each(['wonder', 'brain-hole'])("the footer shows %s's links", async (brief) => {
    await visit(page, '/front/help-center/home', brief);
    const footer = page.locator('footer');
    for (const link of brand(brief).footerLinks) {
      const anchor = footer.getByRole('link', { name: link.label, exact: true });
      expect(await anchor.getAttribute('href')).toBe(link.url);
    }
    expect(await footer.innerText()).toContain(brand(brief).clientName);
  });

  test('the footer report-studio link opens the report centre without login', async () => {
    await visit(page, '/front/activity/list');
    await page.locator('footer').getByRole('link', { name: '举报中心' }).click();
    await page.waitForURL((url) => url.pathname === '/front/report-studio');
    await expect.poll(() => page.title()).toBe('举报中心-奇妙小说作者中心');
  });

  test('the right bar opens the help centre and links to feedback (forum category 8)', async () => {
    await visit(page, '/front/activity/list', 'wonder');
    const feedback = page.locator('.ac-right-toolbar').getByRole('link', { name: '意见反馈' });
    expect(await feedback.getAttribute('href')).toBe('/front/my-post?compose=8');
    await page.locator('.ac-right-toolbar').getByRole('link', { name: '帮助中心' }).click();
    await page.waitForURL((url) => url.pathname === '/front/help-center/home');
    expect(pathAndQuery(page)).toBe('/front/help-center/home');
  });

  test('back to top shows once the page is scrolled past 200 px, and takes the page back up', async () => {
    // A short window, so that the page is taller than it.
    await page.setViewportSize({ width: 1200, height: 320 });
    await visit(page, '/front/activity/list', 'wonder');
    const backTop = page.locator('.ac-right-toolbar').getByRole('button', { name: '回到顶部' });
    await page.locator('footer').waitFor();
    expect(await backTop.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForTimeout(200);
    expect(await backTop.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 260));
    await backTop.waitFor();
    await backTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await backTop.waitFor({ state: 'detached' });
  });
});

describe('shared components on the layout example page', () => {
  test('confirm dialog renders markup safely; broken images fall back; copy says 复制成功', async () => {
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await visit(page, '/front/example/layout');

    const image = page.locator('main figure img');
    await page.waitForFunction(
      () => document.querySelector('main figure img')?.getAttribute('data-fallback') === 'true',
    );
    expect(await image.getAttribute('src')).not.toContain('does-not-exist');

    await page.getByRole('button', { name: '打开确认框' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('是否清空记录').waitFor();
    expect(await dialog.locator('b').innerText()).toBe('无法查看');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已确认').waitFor();

    await page.getByRole('button', { name: '复制平台名称' }).click();
    await page.getByText('复制成功').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('奇妙小说作者中心');
  });
});

describe('start-up: brand settings and request signing', () => {
  test('when the brand settings cannot load, an error with a retry shows, and retry recovers', async () => {
    let refuse = true;
    await page.route('**/api/pc/v1/global/config**', (route) =>
      refuse ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue(),
    );
    await page.goto(appUrl('/front/help-center/home'));
    await page.getByText('平台配置加载失败').waitFor();
    refuse = false;
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await page.locator('.ac-header').waitFor();
    await expect.poll(() => page.title()).toBe('帮助中心-奇妙小说作者中心');
  });

  test('a refused signature (40001013) fetches a new secret and retries once, unseen by the author', async () => {
    let reqInfo = 0;
    let refusedOnce = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/pc/v1/global/req-info') reqInfo++;
    });
    await page.route('**/api/pc/v1/global/config**', (route) => {
      if (refusedOnce) return route.continue();
      refusedOnce = true;
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 40001013, errors: { code: 40001013, title: '请求签名不正确' } }),
      });
    });
    await visit(page, '/front/help-center/home');
    expect(refusedOnce).toBe(true);
    expect(reqInfo).toBe(2);
    expect(await page.getByText('请求签名不正确').count()).toBe(0);
  });
});
