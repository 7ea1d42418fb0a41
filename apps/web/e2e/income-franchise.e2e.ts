import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { appUrl, launchBrowser, newPage } from './browser.ts';
import { logIn, newAuthor } from './home-session.ts';

/**
 * franchise-settle has no data source on this platform: the page says what rights settlements are,
 * why there are none, whom to ask, and leads to the monthly settlement of royalties.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('rights settlement (franchise-settle)', () => {
  it('explains its empty state and leads to the monthly settlement', async () => {
    const author = await newAuthor({ brief: 'third' });
    const { context, page } = await newPage(browser);
    await logIn(context, author);
    await page.goto(appUrl('/front/income-manage/settlement-summary/franchise-settle', 'third'));
    const franchise = page.getByTestId('franchise-settle');
    await franchise.getByRole('heading', { name: '版权结算' }).waitFor();
    await franchise.getByText('暂无版权结算记录').waitFor();
    await franchise.getByText('影视、动漫、游戏、出版、有声', { exact: false }).waitFor();
    await franchise.getByText('请联系您的责任编辑', { exact: false }).waitFor();
    await franchise.getByRole('button', { name: '查看月度结算' }).click();
    await page.waitForURL((u) => u.pathname === '/front/income-manage/settlement-summary/month-settlement');
    await context.close();
  });
});
