import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { launchBrowser, newPage, type OpenedPage, pathAndQuery, visit } from './browser.ts';

/** The help centre (§2) as a visitor meets it: no login, per brand, real server and content. */
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

const heading = () => page.locator('main h1').first();

describe('help centre pages', () => {
  test('home lists popular questions and every category; a category lists its questions; a question opens', async () => {
    await visit(page, '/front/help-center/home');
    await page.getByRole('heading', { name: '热门问题' }).waitFor();
    const categories = page.locator('.ac-help-category');
    expect(await categories.count()).toBe(9);
    expect(await page.locator('.ac-help-popular li').count()).toBeGreaterThanOrEqual(5);

    await categories
      .filter({ hasText: '稿酬与结算' })
      .getByRole('link', { name: /查看全部/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/front/help-center/questions');
    expect(pathAndQuery(page)).toBe('/front/help-center/questions?category_id=6');
    await page.getByRole('heading', { name: '稿酬与结算' }).waitFor();
    expect(await page.locator('.ac-help__side .ant-menu-item-selected').innerText()).toContain('稿酬与结算');

    // Another category from the side menu.
    await page
      .locator('.ac-help__side')
      .getByText(/^签约与合同/)
      .click();
    await page.getByRole('heading', { name: '签约与合同' }).waitFor();
    expect(pathAndQuery(page)).toBe('/front/help-center/questions?category_id=4');

    await page.getByRole('link', { name: '线上签约提交后多久完成？' }).click();
    await page.waitForURL((url) => url.pathname === '/front/help-center/questions/4-28');
    await page.getByRole('heading', { level: 1, name: '线上签约提交后多久完成？' }).waitFor();
    expect(await page.locator('.ac-help-article__body').innerText()).toContain('1~3个工作日');
    expect(await page.locator('.ac-help__crumbs').innerText()).toMatch(
      /帮助中心[\s\S]*签约与合同[\s\S]*线上签约提交后多久完成？/,
    );
  });

  test("write-guide/65 opens questions/1-12, the new-author guide, stating each brand's own threshold", async () => {
    await visit(page, '/front/help-center/write-guide/65', 'wonder');
    await page.waitForURL((url) => url.pathname === '/front/help-center/questions/1-12');
    await page.getByRole('heading', { level: 1, name: '新人作者必读：从创建作品到领取稿酬' }).waitFor();
    const body = page.locator('.ac-help-article__body');
    expect(await body.innerText()).toContain('长篇小说写满2万字即可申请签约');
    expect(await body.innerText()).toContain('每月8日发放到您绑定的银行卡');
    expect(await body.locator('h2').count()).toBe(4);

    await visit(page, '/front/help-center/questions/1-12', 'third');
    await page.locator('.ac-help-article__body').waitFor();
    expect(await page.locator('.ac-help-article__body').innerText()).toContain('长篇小说写满1万字即可申请签约');
  });

  test('"did this solve it?" is answered once per browser and remembered', async () => {
    await visit(page, '/front/help-center/questions/9-50');
    const solve = page.locator('.ac-help-solve');
    await solve.getByText('这篇文章解决了您的问题吗？').waitFor();
    await solve.getByRole('button', { name: /未解决/ }).click();
    await solve.getByText('感谢您的反馈！').waitFor();
    expect(await solve.innerText()).toContain('抱歉没能帮到您');
    await page.reload();
    await solve.getByText('感谢您的反馈！').waitFor();
    expect(await solve.getByRole('button').count()).toBe(0);
  });

  test('each visit counts as a page view', async () => {
    const views = async (p: Page) => {
      // The view is recorded once the article shows.
      const recorded = p.waitForResponse((r) => r.url().includes('/api/pc/v1/help/pv'));
      await visit(p, '/front/help-center/questions/3-15');
      const meta = p.locator('.ac-help-article .ac-help__muted').first();
      await meta.waitFor();
      await recorded;
      return Number(/(\d+)次浏览/.exec(await meta.innerText())?.[1]);
    };
    const first = await views(page);
    const other = await newPage(browser);
    try {
      expect(await views(other.page)).toBe(first + 1);
    } finally {
      await other.context.close();
    }
  });

  test('search answers from the server, highlights the words found, and says plainly when nothing matches', async () => {
    await visit(page, '/front/help-center/home');
    const box = page.getByPlaceholder('搜索问题，例如：稿酬什么时候发放');
    await box.fill('稿费每个月几号到账');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/front/help-center/search');
    await page.getByText(/^找到 \d+ 个与「稿费每个月几号到账」相关的问题$/).waitFor();
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('稿费每个月几号到账');
    const first = page.locator('.ac-help-results li').first();
    await first.waitFor();
    expect(await first.getByRole('link').innerText()).toBe('稿酬什么时候发放？');
    expect(await first.locator('mark').count()).toBeGreaterThan(0);
    expect(await heading().innerText()).toBe('搜索结果');
    await first.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/front/help-center/questions/6-36');

    await visit(
      page,
      '/front/help-center/search?keyword=%E4%BB%8A%E5%A4%A9%E5%A4%A9%E6%B0%94%E6%80%8E%E4%B9%88%E6%A0%B7',
    );
    await page.getByText('没有找到与「今天天气怎么样」相关的问题').waitFor();
    await page.locator('.ac-help-empty').getByRole('heading', { name: '热门问题' }).waitFor();
    expect(await page.locator('.ac-help-empty li').count()).toBeGreaterThan(0);
  });

  test('a question that does not exist says so and leads back', async () => {
    await visit(page, '/front/help-center/questions/1-999');
    await page.getByText('这个问题不存在或已下线').waitFor();
    await page.getByRole('link', { name: '返回帮助中心' }).click();
    await page.waitForURL((url) => url.pathname === '/front/help-center/home');
  });

  test('reads in English for en-US (articles stay in Chinese)', async () => {
    await opened.context.addInitScript(() => localStorage.setItem('ac:language', 'en-US'));
    await visit(page, '/front/help-center/home');
    await page.getByRole('heading', { name: 'Popular questions' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Help centre' }).count()).toBe(1);
    expect(await page.locator('.ac-help-category').first().innerText()).toContain('新手指南');
  });
});
