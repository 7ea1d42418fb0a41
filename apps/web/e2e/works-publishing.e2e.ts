import { parseShanghaiDate, shanghaiDate } from '@author-centre/shared/dates';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser } from './browser.ts';
import { createBook, logInAuthor, serverChapterText, serverRow } from './works-session.ts';

/**
 * Scheduling and the checks before publishing, in Chromium as an author would, from a computer in
 * New York: a one-off time is picked and shown in Beijing time; the findings of the checks are listed
 * (with their place) when scheduling too, and "schedule anyway" is offered only when every finding
 * is a warning; a typo can be ignored and the ignored word removed again from the settings; a
 * scheduled chapter is moved and cancelled from the chapter list and the drafts box.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const HOUR = 3_600_000;

const scheduledAt = (chapterId: number) =>
  serverRow<{ scheduled_at: number | null; status: string }>(
    'select scheduled_at, status from chapters where id = ?',
    chapterId,
  );

async function newContextIn(timezoneId: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId });
  return { context, page: await context.newPage() };
}

const status = (page: Page) => page.getByTestId('save-status');
const scheduleDialog = (page: Page) => page.locator('.ant-modal').filter({ hasText: '发布时间（北京时间）' });
const okButton = (page: Page) =>
  scheduleDialog(page)
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /^确\s?定$/ });

/** Types a date and time into the schedule dialog's picker (as Beijing wall time). */
async function pickTime(page: Page, value: string) {
  const input = scheduleDialog(page).locator('.ant-picker input');
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(value);
  await input.press('Enter');
  await scheduleDialog(page).getByText('发布时间（北京时间）').first().click();
  await expect.poll(() => input.inputValue()).toBe(value);
}

describe('scheduling with the checks before publishing, in Beijing time', () => {
  it('lists the findings, schedules anyway only past warnings, and moves and cancels from the lists', async () => {
    const { context, page } = await newContextIn('America/New_York');
    const { accountId } = await logInAuthor(context);
    const bookId = await createBook(page, `定时测试${Date.now().toString(36)}`);

    // The ignored words start empty.
    await page.getByRole('tab', { name: '发布设置' }).click();
    const panel = page.getByTestId('excludes-panel');
    await panel.getByText('还没有忽略词').waitFor();
    await page.getByText('发布时间和发布日均按北京时间（UTC+8）计算，与电脑所在时区无关。').waitFor();

    await page.goto(appUrl(`/front/book-upload?book_id=${bookId}`));
    await page.waitForURL(/chapter_id=\d+/);
    const chapterId = Number(new URL(page.url()).searchParams.get('chapter_id'));
    await page.getByTestId('chapter-title').fill('第一章：出发');
    await page.getByTestId('chapter-body').click();
    await page.keyboard.type('他迫不急待地出发了。路边贴着网络赌博的广告。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');

    // Tomorrow 12:00 in Beijing is 23:00 today in New York.
    const day = shanghaiDate(Date.now() + 24 * HOUR);
    const noon = parseShanghaiDate(day) + 12 * HOUR;
    await page.getByRole('button', { name: '定时发布' }).click();
    await scheduleDialog(page).waitFor();
    await page.getByText('按北京时间（UTC+8）发布，与电脑所在时区无关').waitFor();
    await pickTime(page, `${day} 12:00`);
    await expect.poll(() => page.getByTestId('schedule-zone').textContent()).toContain('23:00');
    await okButton(page).click();

    // A sensitive word: listed in place, blocking; no "schedule anyway", no "ignore" for it.
    await scheduleDialog(page).getByText('以下问题需要修改后才能发布：').waitFor({ timeout: 10_000 });
    await scheduleDialog(page).getByText('含敏感词「网络赌博」，请修改后发布').waitFor();
    await scheduleDialog(page).getByText('「迫不急待」可能是错别字，建议改为「迫不及待」').waitFor();
    expect(await page.getByRole('button', { name: '仍然定时发布' }).count()).toBe(0);
    expect(await okButton(page).isDisabled()).toBe(true);
    expect(await scheduleDialog(page).getByRole('button', { name: '忽略此词' }).count()).toBe(1);
    expect(
      await scheduleDialog(page).locator('[data-rule="sensitive"]').getByRole('button', { name: '忽略此词' }).count(),
    ).toBe(0);
    await scheduleDialog(page).locator('[data-rule="sensitive"]').getByRole('button', { name: /定位/ }).click();
    await scheduleDialog(page)
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /^取\s?消$/ })
      .click();
    const selected = await page
      .getByTestId('chapter-body')
      .evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
    expect(selected).toBe('网络赌博');
    expect(scheduledAt(chapterId)?.scheduled_at).toBeNull();

    // Only warnings left: listed, and "schedule anyway" is offered.
    await page.getByTestId('chapter-body').fill('他迫不急待地出发了。');
    await expect.poll(() => serverChapterText(chapterId)?.body, { timeout: 10_000 }).toBe('他迫不急待地出发了。');
    await page.getByRole('button', { name: '定时发布' }).click();
    await pickTime(page, `${day} 12:00`);
    await okButton(page).click();
    await scheduleDialog(page).getByText('以下内容请确认：').waitFor({ timeout: 10_000 });
    expect(await scheduleDialog(page).getByText('以下问题需要修改后才能发布：').count()).toBe(0);
    // The typo is ignored from now on; the short-chapter warning stays.
    await scheduleDialog(page).getByRole('button', { name: '忽略此词' }).click();
    await expect
      .poll(() => scheduleDialog(page).getByText('「迫不急待」可能是错别字，建议改为「迫不及待」').count())
      .toBe(0);
    await scheduleDialog(page).getByText('章节仅').waitFor();
    expect(serverRow('select word from text_check_excludes where account_id = ?', accountId)).toEqual({
      word: '迫不急待',
    });
    await page.getByRole('button', { name: '仍然定时发布' }).click();
    await page.getByText(`将于北京时间 ${day} 12:00 发布`).waitFor({ timeout: 10_000 });
    expect(scheduledAt(chapterId)).toEqual({ scheduled_at: noon, status: 'draft' });

    // The chapter list: the tag in Beijing time, and "change time" next to it.
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    const row = page.getByTestId(`scheduled-${chapterId}`);
    await row.getByText(`定时 ${day} 12:00（北京时间）`).waitFor();
    await row.getByRole('button', { name: '改时间' }).click();
    await pickTime(page, `${day} 13:30`);
    await okButton(page).click();
    await page.getByRole('button', { name: '仍然定时发布' }).click();
    await row.getByText(`定时 ${day} 13:30（北京时间）`).waitFor({ timeout: 10_000 });
    expect(scheduledAt(chapterId)?.scheduled_at).toBe(noon + 90 * 60_000);

    // The ignored word is listed in the settings and removed after a confirmation.
    await page.getByRole('tab', { name: '发布设置' }).click();
    await panel.locator('[data-word="迫不急待"]').waitFor();
    await panel.getByRole('button', { name: '移除' }).click();
    await page.getByText('确认移除忽略词「迫不急待」？').waitFor();
    await page
      .locator('.ac-confirm-dialog')
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    await panel.getByText('还没有忽略词').waitFor({ timeout: 10_000 });
    expect(serverRow('select word from text_check_excludes where account_id = ?', accountId)).toBeUndefined();

    // The drafts box: cancel, after a confirmation; the chapter stays a draft with its text.
    await page.goto(appUrl(`/front/book-manage/draft?book_id=${bookId}`));
    const draftRow = page.getByTestId(`scheduled-${chapterId}`);
    await draftRow.getByText(`定时 ${day} 13:30（北京时间）`).waitFor();
    await draftRow.getByRole('button', { name: '取消定时' }).click();
    await page.getByText('确认取消「第一章：出发」的定时发布？').waitFor();
    // Thinking better of it changes nothing.
    await page
      .locator('.ac-confirm-dialog')
      .getByRole('button', { name: /^取\s?消$/ })
      .click();
    expect(scheduledAt(chapterId)?.scheduled_at).toBe(noon + 90 * 60_000);
    await draftRow.getByRole('button', { name: '取消定时' }).click();
    await page
      .locator('.ac-confirm-dialog')
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    await expect.poll(() => page.getByTestId(`scheduled-${chapterId}`).count(), { timeout: 10_000 }).toBe(0);
    expect(scheduledAt(chapterId)).toEqual({ scheduled_at: null, status: 'draft' });
    expect(serverChapterText(chapterId)?.body).toBe('他迫不急待地出发了。');
    await context.close();
    // One author's whole scheduling story: 45 s on the 2-core machine under load, past the 60 s of one test at times.
  }, 120_000);
});
