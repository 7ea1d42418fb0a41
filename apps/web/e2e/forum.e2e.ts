import { describe, expect, test } from 'vitest';
import { visit } from './browser.ts';
import { browserPerFile } from './home-session.ts';
import { logInAuthor, serverRow } from './works-session.ts';

/** /front/my-post on the embedded forum: one click from the header, posting feedback, replying. */
const open = browserPerFile();

describe('my posts', () => {
  test('an author posts feedback, replies in the thread, and sees both with their state on my-post', async () => {
    const { context, page } = await open();
    const { accountId } = await logInAuthor(context);
    await visit(page, '/front/index');
    await page.getByTestId('header-pen-name').hover();
    await page.getByRole('menuitem', { name: '我的帖子' }).click();
    await page.getByRole('heading', { name: '我的帖子' }).waitFor();
    await page.getByText('还没有帖子').waitFor();

    const title = `编辑器建议${Date.now().toString(36).slice(-4)}`;
    await page.getByRole('button', { name: '意见反馈' }).click();
    const dialog = page.getByRole('dialog', { name: '发表新帖' });
    await dialog.getByText('意见反馈').first().waitFor();
    await dialog.getByLabel('标题').fill(title);
    await dialog.getByLabel('内容').fill('希望章节编辑器支持自定义字号和行距。');
    await dialog.getByRole('button', { name: '发 表' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('正常').waitFor();
    await row.getByText('意见反馈').waitFor();

    await row.getByRole('button', { name: title }).click();
    const drawer = page.getByRole('dialog', { name: title });
    await drawer.getByText('希望章节编辑器支持自定义字号和行距。').waitFor();
    await drawer.getByRole('textbox', { name: '写下你的回复' }).fill('补充：夜间模式下也需要。');
    await drawer.getByRole('button', { name: /回\s*复/ }).click();
    await drawer.getByText('补充：夜间模式下也需要。').waitFor();
    await drawer.getByRole('button', { name: 'Close' }).or(drawer.locator('.ant-drawer-close')).first().click();

    await page.getByRole('tab', { name: '我的回复' }).click();
    await page.getByRole('row').filter({ hasText: '补充：夜间模式下也需要。' }).getByText('正常').waitFor();
    const stored = serverRow<{ n: number }>('select count(*) as n from forum_posts where account_id = ?', accountId);
    expect(stored?.n).toBe(2);
  });

  test('the header forum module, the footer feedback link and the right-bar feedback land on the embedded forum', async () => {
    const { context, page } = await open();
    await logInAuthor(context);
    await visit(page, '/front/help-center/home');
    await page.locator('header').getByRole('link', { name: '作者论坛' }).click();
    await page.waitForURL((url) => url.pathname === '/front/my-post');
    await page.getByRole('heading', { name: '我的帖子' }).waitFor();
    await page.getByRole('tab', { name: '我的主题' }).waitFor();

    for (const link of [
      page.locator('footer').getByRole('link', { name: '意见反馈', exact: true }),
      page.locator('.ac-right-toolbar').getByRole('link', { name: '意见反馈' }),
    ]) {
      await visit(page, '/front/help-center/home');
      await link.click();
      await page.waitForURL((url) => url.pathname === '/front/my-post' && url.searchParams.get('compose') === '8');
      const dialog = page.getByRole('dialog', { name: '发表新帖' });
      await dialog.getByText('意见反馈').first().waitFor();
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  test('a visitor following the forum module logs in first and lands on my posts', async () => {
    const { page } = await open();
    await visit(page, '/front/help-center/home');
    await page.locator('header').getByRole('link', { name: '作者论坛' }).click();
    await page.waitForURL((url) => url.pathname === '/front/register-login/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/front/my-post');
  });
});
