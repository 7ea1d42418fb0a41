import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage } from './browser.ts';
import { createBook, logInAuthor, openNewChapter, serverChapterText, serverRow } from './works-session.ts';

/**
 * The author's working day, in Chromium against the real server: create a book, write with
 * autosave, lose the connection and keep typing, close the tab and come back, two tabs on one
 * chapter, import a manuscript and adjust its division.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const status = (page: Page) => page.getByTestId('save-status');

describe('writing a chapter', () => {
  it('creates a book, autosaves, keeps typing offline and after the tab was closed, and loses nothing', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `风雨江湖${Date.now().toString(36)}`);
    await page.getByText('第一卷').first().waitFor();

    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章：初见');
    const body = page.getByTestId('chapter-body');
    await body.click();
    await page.keyboard.type('山风吹过竹林，少年握紧了剑。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
    await expect.poll(() => status(page).textContent()).toContain('已保存');
    expect(serverChapterText(chapterId)?.body).toBe('山风吹过竹林，少年握紧了剑。');
    await expect.poll(() => page.getByTestId('word-count').textContent()).toBe('12字');

    // The connection drops: saves are blocked; the author keeps typing.
    await context.route('**/api/pc/v1/book-chapter/**', (route) => route.abort('internetdisconnected'));
    await page.keyboard.press('Enter');
    await page.keyboard.type('雨越下越大，他却没有回头。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toMatch(/offline|retrying/);
    const journal = await page.evaluate((id) => localStorage.getItem(`ac:works:journal:${id}`), chapterId);
    expect(JSON.parse(journal!).draft.content).toContain('雨越下越大');
    expect(serverChapterText(chapterId)?.body).not.toContain('雨越下越大');

    // Back online: the text is saved without the author doing anything.
    await context.unroute('**/api/pc/v1/book-chapter/**');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 25_000 }).toBe('saved');
    expect(serverChapterText(chapterId)?.body).toBe('山风吹过竹林，少年握紧了剑。\n雨越下越大，他却没有回头。');

    // Offline again, more text, and the tab is closed before it could be saved.
    await context.route('**/api/pc/v1/book-chapter/**', (route) => route.abort('internetdisconnected'));
    await page.keyboard.press('Enter');
    await page.keyboard.type('关掉页面之前写下的最后一句。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toMatch(/offline|retrying/);
    await page.close({ runBeforeUnload: false });
    await context.unroute('**/api/pc/v1/book-chapter/**');
    expect(serverChapterText(chapterId)?.body).not.toContain('最后一句');

    // Reopened: the journal is replayed and saved.
    const again = await context.newPage();
    await again.goto(appUrl(`/front/book-upload?book_id=${bookId}&chapter_id=${chapterId}`));
    await again.getByTestId('chapter-body').waitFor();
    await expect
      .poll(() => serverChapterText(chapterId)?.body, { timeout: 10_000 })
      .toBe('山风吹过竹林，少年握紧了剑。\n雨越下越大，他却没有回头。\n关掉页面之前写下的最后一句。');
    await expect.poll(() => status(again).getAttribute('data-status')).toBe('saved');
    expect(await again.getByTestId('chapter-body').inputValue()).toContain('最后一句');
    await context.close();
  });

  it('shows both texts when the same chapter is saved from two tabs, and keeps the chosen one', async () => {
    const { context, page: tabA } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(tabA, `双开测试${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(tabA, bookId);
    const tabB = await context.newPage();
    await tabB.goto(appUrl(`/front/book-upload?book_id=${bookId}&chapter_id=${chapterId}`));
    await tabB.getByTestId('chapter-body').waitFor();

    await tabA.getByTestId('chapter-body').click();
    await tabA.keyboard.type('标签页A写的开头。');
    await expect.poll(() => status(tabA).getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');

    await tabB.getByTestId('chapter-body').click();
    await tabB.keyboard.type('标签页B写的另一个开头。');
    await tabB.getByTestId('conflict-mine').waitFor({ timeout: 10_000 });
    await expect.poll(() => tabB.getByTestId('conflict-mine').textContent()).toBe('标签页B写的另一个开头。');
    await expect.poll(() => tabB.getByTestId('conflict-server').textContent()).toBe('标签页A写的开头。');
    // Nothing was overwritten while the author decides.
    expect(serverChapterText(chapterId)?.body).toBe('标签页A写的开头。');

    await tabB.getByRole('button', { name: '保留我的版本' }).click();
    await expect.poll(() => serverChapterText(chapterId)?.body, { timeout: 10_000 }).toBe('标签页B写的另一个开头。');
    await expect.poll(() => status(tabB).getAttribute('data-status')).toBe('saved');
    await context.close();
  });

  it('keeps saving without a conflict when the author switches the language while writing', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `换语言${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-body').click();
    await page.keyboard.type('换语言之前写的。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
    await page.getByRole('combobox', { name: '语言' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByTestId('chapter-body').click();
    await page.keyboard.press('End');
    await page.keyboard.type('换语言之后写的。');
    await expect
      .poll(() => serverChapterText(chapterId)?.body, { timeout: 10_000 })
      .toBe('换语言之前写的。换语言之后写的。');
    expect(await page.getByTestId('conflict-mine').count()).toBe(0);
    await context.close();
  });

  it('asks which text to keep when text kept on this device meets a newer one on the server', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `本机暂存${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-body').click();
    await page.keyboard.type('第一版。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
    // Offline here: the next sentence stays in this browser's journal; the tab is closed.
    await context.route('**/api/pc/v1/book-chapter/**', (route) => route.abort('internetdisconnected'));
    await page.keyboard.type('只在这台电脑上写的一句。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toMatch(/offline|retrying/);
    await page.close({ runBeforeUnload: false });
    await context.unroute('**/api/pc/v1/book-chapter/**');
    // Meanwhile the chapter is changed elsewhere (another device).
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await other.addCookies(await context.cookies());
    const elsewhere = await other.newPage();
    await elsewhere.goto(appUrl(`/front/book-upload?book_id=${bookId}&chapter_id=${chapterId}`));
    await elsewhere.getByTestId('chapter-body').waitFor();
    await elsewhere.evaluate(() => localStorage.clear());
    await elsewhere.getByTestId('chapter-body').fill('另一台设备上的版本。');
    await expect.poll(() => serverChapterText(chapterId)?.body, { timeout: 10_000 }).toBe('另一台设备上的版本。');
    await other.close();
    // Back on this computer: both texts are shown; the author keeps the one from this device.
    const again = await context.newPage();
    await again.goto(appUrl(`/front/book-upload?book_id=${bookId}&chapter_id=${chapterId}`));
    await again.getByTestId('conflict-mine').waitFor({ timeout: 10_000 });
    expect(await again.getByTestId('conflict-mine').textContent()).toBe('第一版。只在这台电脑上写的一句。');
    expect(await again.getByTestId('conflict-server').textContent()).toBe('另一台设备上的版本。');
    await again.getByRole('button', { name: '保留我的版本' }).click();
    await expect
      .poll(() => serverChapterText(chapterId)?.body, { timeout: 10_000 })
      .toBe('第一版。只在这台电脑上写的一句。');
    expect(await again.getByTestId('chapter-body').inputValue()).toBe('第一版。只在这台电脑上写的一句。');
    await context.close();
  });

  it('saves with Ctrl+S and switches the skin, remembered on the next visit', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `皮肤测试${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-body').click();
    await page.keyboard.type('按下保存');
    await page.keyboard.press('Control+s');
    await expect.poll(() => serverChapterText(chapterId)?.body, { timeout: 10_000 }).toBe('按下保存');
    await page.getByText('夜间').click();
    await expect.poll(() => page.locator('.ac-front').getAttribute('class')).toContain('skin-night');
    await page.reload();
    await page.getByTestId('chapter-body').waitFor();
    expect(await page.locator('.ac-front').getAttribute('class')).toContain('skin-night');
    await context.close();
  });
});

describe('publishing', () => {
  it('shows the checks in place, refuses a sensitive word, and publishes a short chapter anyway when asked', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `发布测试${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章：出发');
    await page.getByTestId('chapter-body').click();
    await page.keyboard.type('他迫不急待地出发了。路边贴着网络赌博的广告。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
    await page.getByTestId('publish-button').click();
    await page.getByText('以下问题需要修改后才能发布：').waitFor({ timeout: 10_000 });
    await page.getByText('含敏感词「网络赌博」，请修改后发布').waitFor();
    expect(await page.getByRole('button', { name: '仍然发布' }).count()).toBe(0);
    // "Show" selects the word in the text.
    await page.getByRole('button', { name: /定位/ }).nth(1).click();
    await page.getByRole('button', { name: '返回修改' }).click();
    const selected = await page
      .getByTestId('chapter-body')
      .evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
    expect(['网络赌博', '迫不急待']).toContain(selected);
    // The author removes the sentence; what is left is short and has a typo: warnings only.
    await page.getByTestId('chapter-body').fill('他迫不急待地出发了。');
    await expect.poll(() => serverChapterText(chapterId)?.body, { timeout: 10_000 }).toBe('他迫不急待地出发了。');
    await page.getByTestId('publish-button').click();
    await page.getByText('以下内容请确认：').waitFor({ timeout: 10_000 });
    await page.getByText('「迫不急待」可能是错别字，建议改为「迫不及待」').waitFor();
    await page.getByRole('button', { name: '仍然发布' }).click();
    await page.getByText('已发布', { exact: true }).first().waitFor({ timeout: 10_000 });
    await context.close();
  });
});

describe('importing a manuscript', () => {
  it('imports a txt, lets the author split a chapter, and creates the drafts', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `导入测试${Date.now().toString(36)}`);
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page.getByRole('button', { name: /导入章节/ }).click();
    const text = [
      '第一章 开端',
      '故事从这里开始。',
      '第二章 转折',
      '他推开了门。',
      '门外站着一个陌生人。',
      '第三章 结局',
      '一切都结束了。',
    ].join('\n');
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: '手稿.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await expect.poll(() => page.getByTestId('import-segment').count(), { timeout: 10_000 }).toBe(3);
    // Split 第二章 at its second paragraph.
    await page.getByTestId('import-segment').nth(1).getByRole('button', { name: '查看段落' }).click();
    await page.getByRole('button', { name: '在此段拆分' }).first().click();
    await expect.poll(() => page.getByTestId('import-segment').count()).toBe(4);
    const newTitle = page.getByTestId('import-segment').nth(2).getByRole('textbox');
    await newTitle.fill('第二章续');
    await page.getByRole('button', { name: '创建草稿' }).click();
    await page.getByText('导入完成，已创建 4 个草稿').waitFor({ timeout: 15_000 });
    await page.locator('.ant-modal-footer').getByRole('button').click();
    // Headings are kept as written, spaces included (issue 18).
    for (const title of ['第一章 开端', '第二章 转折', '第二章续', '第三章 结局']) {
      await page.getByRole('link', { name: title, exact: true }).first().waitFor();
    }
    await context.close();
  });
});

describe('text kept on this device', () => {
  it('keeps it in the history when the author takes the newer text from the server instead', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `暂存入史${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-body').click();
    await page.keyboard.type('第一版。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
    await context.route('**/api/pc/v1/book-chapter/**', (route) => route.abort('internetdisconnected'));
    await page.keyboard.type('只在这台电脑上写的一句。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toMatch(/offline|retrying/);
    await page.close({ runBeforeUnload: false });
    await context.unroute('**/api/pc/v1/book-chapter/**');
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await other.addCookies(await context.cookies());
    const elsewhere = await other.newPage();
    await elsewhere.goto(appUrl(`/front/book-upload?book_id=${bookId}&chapter_id=${chapterId}`));
    await elsewhere.getByTestId('chapter-body').waitFor();
    await elsewhere.evaluate(() => localStorage.clear());
    await elsewhere.getByTestId('chapter-body').fill('另一台设备上的版本。');
    await expect.poll(() => serverChapterText(chapterId)?.body, { timeout: 10_000 }).toBe('另一台设备上的版本。');
    await other.close();

    const again = await context.newPage();
    await again.goto(appUrl(`/front/book-upload?book_id=${bookId}&chapter_id=${chapterId}`));
    await again.getByTestId('conflict-mine').waitFor({ timeout: 10_000 });
    await again.getByRole('button', { name: '使用服务器版本' }).click();
    await again.getByTestId('conflict-dialog').waitFor({ state: 'detached' });
    expect(await again.getByTestId('chapter-body').inputValue()).toBe('另一台设备上的版本。');
    expect(serverChapterText(chapterId)?.body).toBe('另一台设备上的版本。');
    // The text from this device is not gone: the history holds it.
    expect(
      serverRow<{ kind: string }>(
        'select kind from chapter_versions where chapter_id = ? and body = ?',
        chapterId,
        '第一版。只在这台电脑上写的一句。',
      )?.kind,
    ).toBe('conflict');
    await again.getByRole('button', { name: /历史版本/ }).click();
    await again.locator('.ant-drawer').getByText('冲突时的内容').first().waitFor();
    await context.close();
  });
});
