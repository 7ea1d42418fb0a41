import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { getCode, newPhone, skipResendGap, solveCaptcha } from './auth-helpers.ts';
import { launchBrowser, newPage, type OpenedPage, visit } from './browser.ts';
import { closeServerDb, serverDb } from './home-session.ts';

/**
 * The account dialogs as the pop-up queue opens them: complete author info (pop 1) for a pen name
 * without a phone, and the pen-name phone binding ('account-split') for pen names sharing one.
 */
let browser: Browser;
let opened: OpenedPage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await opened?.context.close();
  await browser?.close();
  await closeServerDb();
});
beforeEach(async () => {
  await opened?.context.close();
  opened = await newPage(browser);
  page = opened.page;
});

async function passwordLogin(p: Page, name: string, brief: string): Promise<void> {
  await visit(p, '/front/register-login/login', brief);
  await p.getByRole('tab', { name: '密码登录' }).click();
  await p.getByLabel('笔名/手机号').fill(name);
  await p.getByLabel('密码', { exact: true }).fill('Demo@2026');
  await p.getByLabel('密码', { exact: true }).press('Enter');
  await p.waitForURL((url) => url.pathname === '/front/index');
}

/** Closes the pops that come before the one a test is about (beginner guide and others). */
async function closeUntil(p: Page, testId: string): Promise<void> {
  for (let i = 0; i < 8; i++) {
    if (await p.getByTestId(testId).isVisible()) return;
    const guide = p.getByRole('button', { name: '关闭新手指引' });
    if (await guide.isVisible()) await guide.click();
    await p.waitForTimeout(500);
  }
  await p.getByTestId(testId).waitFor();
}

describe('complete author info (pop 1)', () => {
  test('binds a verified phone; a phone of another person is refused on its field', async () => {
    await passwordLogin(page, '脑洞故事·待绑定', 'brain-hole');
    await closeUntil(page, 'complete-info-pop');
    const pop = page.getByTestId('complete-info-pop');
    await pop.getByLabel('真实姓名').fill('陈安然');

    // The editor's phone belongs to someone else: 40002005 shows on the phone field.
    await skipResendGap();
    await pop.getByLabel('手机号').fill('13800004008');
    await pop.getByTestId('verify-code-button').click();
    await solveCaptcha(page);
    await pop.getByText('该手机号已被其他账号绑定').waitFor();

    const phone = newPhone();
    await pop.getByLabel('手机号').fill(phone);
    const code = await getCode(page, phone);
    await pop.getByLabel('验证码', { exact: true }).fill(code);
    await pop.getByRole('button', { name: '提交' }).click();
    await page.getByText('手机号绑定成功').waitFor();
    await pop.waitFor({ state: 'detached' });
    const { db } = serverDb();
    const account = await db
      .selectFrom('accounts')
      .select('phone_hash')
      .where('pen_name', '=', '脑洞故事·待绑定')
      .executeTakeFirstOrThrow();
    expect(account.phone_hash).not.toBeNull();
  });
});

describe('pen-name phone binding (account split)', () => {
  test('main pen name first, row rules, confirmation of what merges, then the end text', async () => {
    await passwordLogin(page, '三号书城·夜雨', 'third');
    await closeUntil(page, 'account-split-pop');
    const pop = page.getByTestId('account-split-pop');
    await pop.getByText('三号书城·晴川').waitFor();
    const rows = pop.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toContain('三号书城·夜雨');
    expect(await rows.nth(0).locator('input').inputValue()).toBe('138****3001');
    const submit = pop.getByRole('button', { name: '提交' });
    expect(await submit.isDisabled()).toBe(true);

    const phoneInput = pop.getByLabel('三号书城·晴川 手机号');
    await phoneInput.fill('1380000');
    await pop.getByText('请输入正确的手机号码').waitFor();
    await phoneInput.fill('13800003002');
    await skipResendGap();
    const code = await getCode(page, '13800003002');
    await pop.getByLabel('三号书城·晴川 验证码').fill(code);
    await pop.getByLabel('真实姓名').fill('林小满');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();

    await pop.getByText('确认绑定信息').or(page.getByText('确认绑定信息')).first().waitFor();
    await page.getByText('晴川书友').or(page.getByText('该手机号的免费阅读账号将关联到此笔名')).first().waitFor();
    await page.getByTestId('pen-name-bind-confirm').click();
    const end = page.getByTestId('pen-name-bind-end');
    await end.waitFor();
    expect(await end.innerText()).toContain('“三号书城·晴川”已绑定138****3002');
    await page.getByRole('button', { name: '我知道了' }).click();
  });
});
