import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idCardCheckChar } from '@author-centre/shared/validation-rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/src/modules/contracts/contracts.tables.ts';
import { PROVINCES } from '../../server/src/modules/contracts/regions.ts';
import { appUrl, launchBrowser, newPage } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { logIn, newAuthor, serverDb } from './home-session.ts';
import { createBook, logInAuthor, serverRow } from './works-session.ts';

/**
 * The whole online-signing journey in Chromium against the real server: an author fills identity,
 * bank card and address, applies for a book at its brand's threshold, walks the steps and signs by
 * hand; the editor refuses with a reason; the author fixes and reapplies; the editor approves and
 * stamps; the author downloads the signed PDF from my-contract and it verifies at /sign-detail,
 * while a copy with one byte changed does not.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const okButton = (page: Page, name: RegExp) => page.locator('.ant-modal:visible').getByRole('button', { name });

let idSerial = 0;
/** A valid ID number; the sequence digits count up, so this file's authors never share one. */
function idNumber(): string {
  idSerial += 1;
  const first17 = `11010119880512${String(100 + idSerial)}`;
  return first17 + idCardCheckChar(first17);
}

/** Saves the step on screen and waits for the next one to be shown. */
async function next(page: Page, nextStep: string) {
  await page.getByTestId('sign-next').click();
  await page.locator('.ant-steps-item-process').filter({ hasText: nextStep }).waitFor();
}

/** Walks the four form steps (going back once: what was entered stays), signs by hand and submits. */
async function walkStepsAndSign(page: Page, share: string) {
  await page.getByTestId('sign-form').waitFor();
  await next(page, '银行卡信息');
  await next(page, '确认关键条款');
  await page.getByText(share).click();
  await page.getByText('48个月').click();
  await page.getByRole('checkbox', { name: '我已阅读并确认以上关键条款' }).check();
  await next(page, '补充信息');
  await page.getByRole('button', { name: /上一步/ }).click();
  await expect.poll(() => page.getByRole('radio', { name: share }).isChecked()).toBe(true);
  await next(page, '补充信息');
  await next(page, '签名确认'); // supply info: the default address is chosen
  const pad = page.getByTestId('signature-pad');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 30, box.y + box.height / 2 + (i % 2 ? -30 : 30));
  await page.mouse.up();
  await page.getByTestId('sign-submit').click();
  await okButton(page, /确\s?定|OK/).click();
  await page.getByTestId('sign-success').waitFor();
}

describe('online signing', () => {
  it('takes an author from identity and bank card to a stamped PDF that verifies at /sign-detail', async () => {
    const author = await newPage(browser);
    const { accountId } = await logInAuthor(author.context);
    const page = author.page;

    // Personal information: identity, bank card, delivery address.
    await page.goto(appUrl('/front/personal-information?tab=identity'));
    const form = page.getByTestId('identity-form');
    await form.getByLabel('真实姓名').fill('林小满');
    await form.getByLabel('身份证号').fill('110101198805120001');
    await form.getByRole('button', { name: /提交认证/ }).click();
    await page.getByText('请输入正确的身份证号码').waitFor();
    const id = idNumber();
    await form.getByLabel('身份证号').fill(id);
    await form.getByRole('button', { name: /提交认证/ }).click();
    await page.getByText('已实名认证').waitFor();
    expect(await page.getByTestId('identity-number').textContent()).toBe(`110***********${id.slice(-4)}`);

    await page.getByRole('tab', { name: '银行卡' }).click();
    const bank = page.getByTestId('bank-form');
    await bank.getByLabel('银行卡号').fill('6222021234567890123');
    await bank.getByLabel('开户名').fill('林小满');
    await bank.getByLabel('开户银行').fill('中国工商银行');
    await bank.getByLabel('开户支行').fill('北京东城支行');
    await bank.getByLabel('银行预留手机号').fill('13812345678');
    await bank.getByRole('button', { name: /绑定银行卡/ }).click();
    await page.getByTestId('bank-num').waitFor();
    expect(await page.getByTestId('bank-num').textContent()).toBe('6222***********0123');

    await page.getByRole('tab', { name: '收货地址' }).click();
    await page.getByRole('button', { name: '新增收货地址' }).click();
    const address = page.getByTestId('address-form');
    await address.getByLabel('收件人').fill('林小满');
    await address.getByLabel('手机号').fill('13812345678');
    await address.locator('.ant-cascader').click();
    await page.locator('.ant-cascader-menu-item', { hasText: '北京市' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '东城区' }).click();
    await address.getByLabel('详细地址').fill('东华门街道1号');
    await okButton(page, /确\s?定|OK/).click();
    await page.getByTestId('address-item').waitFor();

    // A book that reached its brand's threshold (TEST-ONLY: its published words set in the database).
    const bookId = await createBook(page, `签约之书${Date.now().toString(36)}`);
    const { db } = serverDb();
    await db.updateTable('books').set({ published_words: 19_000 }).where('id', '=', bookId).execute();
    await page.goto(appUrl(`/front/book-manage/online-sign?book_id=${bookId}`));
    expect(await page.getByTestId('words-missing').textContent()).toBe('还差1000字即可申请签约');
    await db.updateTable('books').set({ published_words: 20_000 }).where('id', '=', bookId).execute();
    await page.reload();
    await page.getByTestId('apply-sign').click();
    await walkStepsAndSign(page, '作者分成 60%');
    const brand = serverRow<{ settings: string }>('select settings from brands where client_id = 2');
    expect(await page.getByTestId('sign-success').textContent()).toBe(
      JSON.parse(brand!.settings).onlineSignSuccessText,
    );
    const contract = serverRow<{ id: number; status: string }>(
      'select id, status from contracts where account_id = ?',
      accountId,
    )!;
    expect(contract.status).toBe('reviewing');

    // The editor refuses with a reason.
    const editor = await newPage(browser);
    await openConsole(
      editor.context,
      editor.page,
      await demoStaff('wonder', 'editor'),
      `/admin/contracts/${contract.id}`,
    );
    await editor.page.getByTestId('contract-refuse').click();
    await editor.page.locator('.ant-modal:visible textarea').fill('分成比例请选择50%');
    await okButton(editor.page, /退\s?回/).click();
    await editor.page.getByTestId('contract-status').filter({ hasText: '未通过' }).waitFor();

    // The author sees why, fixes it and reapplies.
    await page.goto(appUrl('/front/my-contract'));
    await page.getByText('分成比例请选择50%').waitFor();
    await page.getByRole('link', { name: '去修改' }).click();
    await page.getByTestId('refuse-reason').waitFor();
    await page.getByRole('button', { name: /修改后重新申请/ }).click();
    await walkStepsAndSign(page, '作者分成 50%');

    // The editor approves and stamps.
    await editor.page.reload();
    await editor.page.getByTestId('contract-approve').click();
    await okButton(editor.page, /通过并盖章/).click();
    await editor.page.getByTestId('contract-status').filter({ hasText: '已签约' }).waitFor();

    // The author downloads the signed PDF from my-contract.
    await page.goto(appUrl('/front/my-contract'));
    await page.getByTestId('contract-status').filter({ hasText: '已签约' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('contract-download').first().click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/adbe.pkcs7.detached');

    // It verifies at /sign-detail; one changed byte does not.
    const code = serverRow<{ verify_code: string }>(
      'select verify_code from contracts where id = ?',
      contract.id,
    )!.verify_code;
    await page.getByRole('link', { name: code }).click();
    await page.waitForURL(/\/sign-detail\?code=/);
    await page.getByTestId('verify-status').filter({ hasText: '已签约' }).waitFor();
    const original = join(tmpdir(), `contract-${contract.id}.pdf`);
    await writeFile(original, pdf);
    await page.locator('input[type=file]').setInputFiles(original);
    await page.getByTestId('verify-match').filter({ hasText: '文件与平台签署的合同完全一致' }).waitFor();
    const changed = Buffer.from(pdf);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    const tampered = join(tmpdir(), `contract-${contract.id}-changed.pdf`);
    await writeFile(tampered, changed);
    await page.locator('input[type=file]').setInputFiles(tampered);
    await page.getByTestId('verify-match').filter({ hasText: '不一致' }).waitFor();

    await author.context.close();
    await editor.context.close();
  });

  it("checks the pen name and the permit and passport numbers in the browser with the server's messages, and shows a refused card change's reason", async () => {
    const { page, context } = await newPage(browser);
    const author = await newAuthor();
    await logIn(context, author);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (/change-pen-name|save-identity-card-info/.test(r.url())) sent.push(r.url());
    });

    await page.goto(appUrl('/front/personal-information'));
    await page.getByRole('button', { name: '修改笔名' }).click();
    const penName = page.locator('.ant-modal:visible').getByLabel('新笔名');
    await penName.fill('雪');
    await okButton(page, /确\s?定|OK/).click();
    await page.getByText('笔名需为2~12个字').first().waitFor();
    await penName.fill('雪夜@行人');
    await okButton(page, /确\s?定|OK/).click();
    await page.getByText('仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、及，：！？中文标点').first().waitFor();
    await page.keyboard.press('Escape');

    await page.goto(appUrl('/front/personal-information?tab=identity'));
    const form = page.getByTestId('identity-form');
    await form.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: '港澳台居民来往内地通行证' }).click();
    await form.getByLabel('通行证号码').fill('X1234567');
    await form.getByRole('button', { name: /提交认证/ }).click();
    await page.getByText('请输入正确的港澳台居民来往内地通行证号码').first().waitFor();
    await form.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: /^护照$/ }).click();
    await form.getByLabel('护照号码').fill('E12');
    await form.getByRole('button', { name: /提交认证/ }).click();
    await page.getByText('请输入正确的护照号码').first().waitFor();
    expect(sent).toEqual([]);

    // A bound card and a change the editor refused (TEST-ONLY: written in the database).
    const { db, personalData } = serverDb();
    const now = Date.now();
    const card = (num: string, mask: string) => ({
      client_id: author.clientId,
      user_id: author.userId,
      bank_num_enc: personalData.seal(num),
      bank_num_mask: mask,
      account_name_enc: personalData.seal('林小满'),
      bank_name: '中国工商银行',
      bank_branch: '北京东城支行',
      bank_phone_enc: personalData.seal('13812345678'),
      reviewer_account_id: null,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('bank_cards')
      .values({
        ...card('6222021234567890123', '6222***********0123'),
        status: 'active',
        state_key: `active:${author.userId}`,
        reason: null,
        review_reason: null,
        reviewed_at: null,
      })
      .execute();
    await db
      .insertInto('bank_cards')
      .values({
        ...card('6228481234567890', '6228********7890'),
        status: 'refused',
        state_key: null,
        reason: '原卡丢失',
        review_reason: '新卡开户行与支行不一致，请核对',
        reviewed_at: now,
      })
      .execute();
    await page.goto(appUrl('/front/personal-information?tab=bank'));
    expect(await page.getByTestId('bank-change-refused').textContent()).toContain(
      '换卡申请未通过：新卡开户行与支行不一致，请核对',
    );
    await context.close();
  });
});

describe('the bank card change queue in the console', () => {
  it('an editor in New York reads the submitted time in Beijing time and refuses a change with a reason', async () => {
    const author = await newAuthor();
    const { db, personalData } = serverDb();
    // TEST-ONLY: a change the author submitted at 00:30 on 20 November, Beijing time (still the 19th in New York).
    const submitted = Date.parse('2026-11-20T00:30:00+08:00');
    const change = await db
      .insertInto('bank_cards')
      .values({
        client_id: author.clientId,
        user_id: author.userId,
        status: 'pending',
        bank_num_enc: personalData.seal('6228481234567890'),
        bank_num_mask: '6228********7890',
        account_name_enc: personalData.seal('林小满'),
        bank_name: '中国农业银行',
        bank_branch: '上海浦东支行',
        bank_phone_enc: personalData.seal('13812345678'),
        reason: '原卡丢失',
        review_reason: null,
        reviewer_account_id: null,
        reviewed_at: null,
        state_key: null,
        created_at: submitted,
        updated_at: submitted,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { context, page } = await newPage(browser, { timezoneId: 'America/New_York' });
    await openConsole(context, page, await demoStaff('wonder', 'editor'), '/admin/bank-card-changes?status=pending');
    await page.getByRole('columnheader', { name: '提交时间（北京时间）' }).waitFor();
    const row = page.locator('.ant-table-row').filter({ hasText: author.penName });
    await expect(row.textContent()).resolves.toContain('2026-11-20 00:30');
    await row.getByRole('button', { name: /退\s?回/ }).click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByText('退回换卡申请？').waitFor();
    await dialog.getByRole('textbox').fill('新卡开户行与支行不一致，请核对');
    await okButton(page, /确\s?定|OK|退\s?回/).click();
    await page.getByText('已退回').first().waitFor();
    const stored = serverRow<{ status: string; review_reason: string }>(
      'select status, review_reason from bank_cards where id = ?',
      change.id,
    );
    expect(stored).toEqual({ status: 'refused', review_reason: '新卡开户行与支行不一致，请核对' });
    await context.close();
  });
});

describe('the basic data', () => {
  it('takes the region from the cascader, which downloads when first used, and shows it again after a reload', async () => {
    const { page, context } = await newPage(browser);
    const author = await newAuthor();
    await logIn(context, author);
    const downloads: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/antd-cascader-[\w-]+\.js$/.test(request.url())) downloads.push(request.url());
    });
    await page.goto(appUrl('/front/personal-information'));
    const region = page.getByRole('combobox', { name: '所在地区' });
    await expect.poll(() => region.inputValue()).toBe('');
    await page.getByText('请选择省份 / 城市').waitFor();
    expect(downloads).toEqual([]);
    await region.click();
    // The real cascader takes the stand-in's place, open.
    await page.locator('.ant-cascader-menu-item', { hasText: '北京市' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '海淀区' }).click();
    expect(downloads).toHaveLength(1);
    await page.getByRole('button', { name: '保存', exact: true }).first().click();
    await page.getByText('已保存').first().waitFor();
    const beijing = PROVINCES.find((p) => p.name === '北京市')!;
    const haidian = beijing.cities.find((c) => c.name === '海淀区')!;
    const { db } = serverDb();
    const stored = await db
      .selectFrom('author_profiles')
      .select(['province_code', 'city_code'])
      .where('user_id', '=', author.userId)
      .where('client_id', '=', author.clientId)
      .executeTakeFirst();
    expect(stored).toEqual({ province_code: beijing.code, city_code: haidian.code });
    // Reloaded, the stand-in shows the saved region by its names, without downloading the cascader.
    downloads.length = 0;
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: '所在地区' }).inputValue()).toBe('北京市 / 海淀区');
    expect(downloads).toEqual([]);
    await context.close();
  });

  it('takes the emergency contact from the keyboard alone, the relationship select downloading when first used', async () => {
    const { page, context } = await newPage(browser);
    const author = await newAuthor();
    await logIn(context, author);
    await page.goto(appUrl('/front/personal-information'));
    await page.getByLabel('联系人姓名').fill('张三');
    await page.getByLabel('联系人姓名').press('Tab');
    // The focus is on the stand-in; an arrow key opens the real select once it has downloaded, on its first option.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor();
    // Each key waits for what it did to show: the next option active, then the choice in the field.
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-item-option-active', { hasText: '配偶' }).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    await page.locator('.ant-form-item').filter({ hasText: '关系' }).filter({ hasText: '配偶' }).waitFor();
    await page.keyboard.press('Tab');
    const phone = page.getByLabel('联系人手机');
    await expect.poll(() => phone.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type('13800138000');
    await expect.poll(() => phone.inputValue()).toBe('13800138000');
    await page.keyboard.press('Enter');
    await page.getByText('已保存').first().waitFor();
    const { db } = serverDb();
    const stored = await db
      .selectFrom('author_profiles')
      .select(['relationship'])
      .where('user_id', '=', author.userId)
      .where('client_id', '=', author.clientId)
      .executeTakeFirst();
    expect(stored).toEqual({ relationship: '配偶' });
    await context.close();
  });
});
