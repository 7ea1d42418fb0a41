import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import '../../server/src/modules/reports/reports.tables.ts';
import '../../server/src/modules/works/works.tables.ts';
import { getCode, newPhone } from './auth-helpers.ts';
import { visit } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { browserPerFile, serverDb } from './home-session.ts';

/**
 * The report centre as a visitor and the staff use it: a visitor (not logged in) proves a phone,
 * reports a book with a screenshot, and follows the case by its number while an editor takes it
 * on, asks for more, and decides it in the console.
 */
const open = browserPerFile();

/** Does a console action: its button, the words to the informer (if any), a reason, confirm. */
async function act(page: Page, button: string, options: { note?: string; choice?: string; reason: string }) {
  // Ant Design puts a space between the two characters of a two-character button.
  const name = new RegExp(`^${[...button].join('\\s*')}$`);
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog');
  if (options.choice) await dialog.getByText(options.choice, { exact: true }).click();
  if (options.note) await dialog.getByRole('textbox').first().fill(options.note);
  await dialog.getByRole('textbox').last().fill(options.reason);
  await dialog.getByRole('button', { name }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('report centre', () => {
  test('a visitor files a report with evidence and follows it while an editor decides it in the console', async () => {
    const { db } = serverDb();
    const book = await db
      .selectFrom('books')
      .select(['id', 'title'])
      .where('client_id', '=', 2)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const phone = newPhone();
    const { page } = await open();
    await visit(page, '/front/report-studio', 'wonder');

    // Prove the phone with a type 5 code.
    await page.getByLabel('手机号').fill(phone);
    const code = await getCode(page, phone);
    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.getByRole('button', { name: /^验\s*证$/ }).click();
    await page.getByText(`已验证手机号 ${phone.slice(0, 3)}****${phone.slice(-4)}`).waitFor();

    // Report the book for infringement, with a screenshot.
    await page.getByLabel('作品ID').fill(String(book.id));
    await page.getByLabel('举报说明').fill('这本书第三章整段抄袭了我发表在别处的作品。');
    const shot = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#e44' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: shot });
    await page.locator('.ant-upload-list-item-done').waitFor();
    await page.getByRole('button', { name: '提交举报' }).click();
    await page.getByText('举报已提交').waitFor();
    const caseNo = (await page.getByText(/举报编号：JB\d+/).innerText()).replace('举报编号：', '').trim();
    const row = await db
      .selectFrom('report_cases')
      .select(['id', 'state', 'phone_enc'])
      .where('case_no', '=', caseNo)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('submitted');
    expect(row.phone_enc).not.toContain(phone);

    // The editor takes it on and asks for more.
    const editor = await demoStaff('wonder', 'editor');
    const staff = await open();
    await openConsole(staff.context, staff.page, editor, `/admin/reports/${row.id}`);
    await staff.page.getByText(book.title, { exact: false }).first().waitFor();
    await act(staff.page, '受理', { reason: '由我处理' });
    await act(staff.page, '要求补充材料', { note: '请补充原作首发页面的截图', reason: '证据不足' });

    // The visitor sees the request and adds material.
    await page.getByRole('button', { name: '查看进度' }).click();
    const caseCard = page.getByTestId('report-case');
    await caseCard.getByText('待补充材料').waitFor();
    await caseCard.getByText('请补充原作首发页面的截图').waitFor();
    await caseCard.getByRole('textbox').fill('已补充首发页面截图');
    await caseCard.locator('input[type=file]').setInputFiles({ name: '首发.png', mimeType: 'image/png', buffer: shot });
    await caseCard.locator('.ant-upload-list-item-done').waitFor();
    await caseCard.getByRole('button', { name: '提交补充材料' }).click();
    await caseCard.getByText('处理中').waitFor();

    // The editor decides; the visitor sees the decision.
    await staff.page.reload();
    await staff.page.getByText('已补充首发页面截图').waitFor();
    await act(staff.page, '作出处理结果', {
      choice: '举报成立',
      note: '经核实举报成立，已下架相关章节',
      reason: '证据充分',
    });
    await staff.page.getByText('已办结').first().waitFor();

    await page.getByRole('button', { name: /查\s*询/ }).click();
    await caseCard.getByText('举报成立', { exact: true }).waitFor();
    await caseCard.getByText('经核实举报成立，已下架相关章节').waitFor();
    const steps = await caseCard.locator('.ant-timeline-item').count();
    expect(steps).toBe(5);
  });
});
