import iconv from 'iconv-lite';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage } from './browser.ts';
import { createBook, logInAuthor, serverRow, serverRows } from './works-session.ts';

/**
 * Importing in Chromium against the real server: a chapter longer than a chapter may be is split
 * at paragraphs, flagged in the preview, and every character reaches the drafts; a brand without
 * intelligent chapter division says so in the dialog.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The drafts of a book in reading order, as the server's database holds them. */
function serverDrafts(bookId: number): Array<{ title: string; body: string }> {
  return serverRows(
    'select chapters.title as title, chapter_texts.body as body from chapters join chapter_texts on chapter_texts.chapter_id = chapters.id where chapters.book_id = ? and chapters.deleted_at is null order by chapters.sort',
    bookId,
  );
}

describe('importing a long manuscript', () => {
  it('splits a 450,000-character chapter at paragraphs, flags the parts, and loses no character', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `长章导入${Date.now().toString(36)}`);
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page.getByRole('button', { name: /导入章节/ }).click();
    const paragraphs = Array.from({ length: 4500 }, (_, i) => `${String(i).padStart(5, '0')}${'夜'.repeat(94)}。`);
    const text = ['第一章 长夜', ...paragraphs, '第二章 天明', '天亮了。'].join('\n');
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: '长稿.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await expect.poll(() => page.getByTestId('import-segment').count(), { timeout: 15_000 }).toBe(4);
    // The author is told, and each part carries the flag.
    await page.getByText(/有章节超过200,000字，已在段落处拆成多章/).waitFor();
    expect(await page.getByTestId('import-size-split-tag').count()).toBe(3);
    const titles = await page
      .getByTestId('import-segment')
      .getByRole('textbox')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(titles).toEqual(['第一章 长夜', '第一章 长夜之二', '第一章 长夜之三', '第二章 天明']);
    // Merging a part back is split again by the server rather than cut.
    const recounted = page.waitForResponse((r) => r.url().includes('/api/pc/v1/book-chapter/upload-preview'));
    await page.getByTestId('import-segment').nth(2).getByRole('button', { name: '并入上一章' }).click();
    await recounted;
    await expect.poll(() => page.getByTestId('import-segment').count(), { timeout: 10_000 }).toBe(4);
    expect(await page.getByTestId('import-size-split-tag').count()).toBe(3);

    await page.getByRole('button', { name: '创建草稿' }).click();
    await page.getByText('导入完成，已创建 4 个草稿').waitFor({ timeout: 30_000 });
    const drafts = serverDrafts(bookId);
    expect(drafts.map((d) => d.title)).toEqual(['第一章 长夜', '第一章 长夜之二', '第一章 长夜之三', '第二章 天明']);
    for (const d of drafts) expect(d.body.length).toBeLessThanOrEqual(200_000);
    expect(
      drafts
        .slice(0, 3)
        .map((d) => d.body)
        .join('\n'),
    ).toBe(paragraphs.join('\n'));
    await context.close();
  });

  it('imports a GB18030 manuscript with volumes, a preface and a volume foreword without losing a line', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `分卷导入${Date.now().toString(36)}`);
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page.getByRole('button', { name: /导入章节/ }).click();
    const para = (s: string, n: number) => Array.from({ length: n }, (_, i) => `　　${s}${i + 1}，雨声落在青石板上。`);
    const source = [
      ...['序章 雨夜', ...para('序章', 2)],
      ...['第一卷 风起青萍', '　　本卷卷首语：少年离家，江湖初见。', ''],
      ...['第一章 初见', ...para('第一章', 2)],
      ...['Chapter 12 The Letter', ...para('第十二章', 2)],
      ...['第二卷 江湖', '第13章：远行', ...para('第十三章', 2)],
    ];
    await page.getByTestId('import-file').setInputFiles({
      name: '长夜.txt',
      mimeType: 'text/plain',
      buffer: iconv.encode(source.join('\r\n'), 'gb18030'),
    });
    await expect.poll(() => page.getByTestId('import-segment').count(), { timeout: 15_000 }).toBe(7);
    const titles = await page
      .getByTestId('import-segment')
      .getByRole('textbox')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    // The foreword under 第一卷 is a chapter the author sees (and may rename or skip), not text that vanishes.
    expect(titles).toEqual([
      '序章 雨夜',
      '第一卷 风起青萍',
      '卷首语',
      '第一章 初见',
      'Chapter 12 The Letter',
      '第二卷 江湖',
      '第13章：远行',
    ]);
    // A chapter right under a volume heading has no chapter above it to merge into.
    expect(await page.getByTestId('import-segment').nth(6).getByRole('button', { name: '并入上一章' }).count()).toBe(0);
    // The number said is the text's words, the one the book will show: headings are not counted.
    const said = async () => Number(/正文共 (\d+) 字/.exec(await page.locator('.ant-modal-body').innerText())?.[1]);
    const before = await said();
    await page.getByText('（章节名、分卷名不计入字数）').waitFor();
    // Skipping the foreword says how many words stay out, and the count drops by as many (13).
    const foreword = page.getByTestId('import-segment').nth(2);
    await foreword.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('跳过').click();
    await page.getByTestId('import-skipped').getByText('跳过的 13 字不会导入').waitFor();
    expect(await said()).toBe(before - 13);
    await foreword.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('章节').click();
    await expect.poll(said).toBe(before);
    await page.getByRole('button', { name: '创建草稿' }).click();
    await page.getByText('导入完成，已创建 5 个草稿').waitFor({ timeout: 30_000 });
    expect(serverRow<{ total_words: number }>('select total_words from books where id = ?', bookId)?.total_words).toBe(
      before,
    );
    const held = serverRows<{ body: string }>(
      'select chapter_texts.body as body from chapters join chapter_texts on chapter_texts.chapter_id = chapters.id join volumes on volumes.id = chapters.volume_id where chapters.book_id = ? order by volumes.sort, chapters.sort',
      bookId,
    )
      .map((d) => d.body)
      .join('\n');
    const headings = new Set([
      '序章 雨夜',
      '第一卷 风起青萍',
      '第一章 初见',
      'Chapter 12 The Letter',
      '第二卷 江湖',
      '第13章：远行',
    ]);
    const text = source.filter((l) => l.trim() && !headings.has(l)).map((l) => l.trim());
    expect(held.split('\n')).toEqual(text);
    await context.close();
  });

  it('asks before closing throws away the adjustments made to the division', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `放弃导入${Date.now().toString(36)}`);
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page.getByRole('button', { name: /导入章节/ }).click();
    await page.getByTestId('import-file').setInputFiles({
      name: '稿.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('第一章 开端\n山风吹过竹林。\n第二章 远行\n他走出了山门。'),
    });
    const firstTitle = page.getByTestId('import-segment').first().getByRole('textbox');
    await firstTitle.fill('第一章：山风');

    await page.keyboard.press('Escape');
    const ask = page.locator('.ac-confirm-dialog');
    await ask.getByText('放弃对分章的调整？').waitFor();
    await ask.getByRole('button', { name: '继续调整' }).click();
    expect(await firstTitle.inputValue()).toBe('第一章：山风');

    await page
      .getByTestId('import-dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await ask.getByRole('button', { name: '放弃并关闭' }).click();
    await expect.poll(() => page.getByTestId('import-segment').count()).toBe(0);
    expect(serverRows('select id from chapters where book_id = ?', bookId)).toEqual([]);
    await context.close();
  });

  it('names a chapter title typed against the §5 rule before anything is imported', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `改名导入${Date.now().toString(36)}`);
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page.getByRole('button', { name: /导入章节/ }).click();
    await page.getByTestId('import-file').setInputFiles({
      name: '稿.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('第一章 开端\n山风吹过竹林。\n第二章 远行\n他走出了山门。'),
    });
    const second = page.getByTestId('import-segment').nth(1).getByRole('textbox');
    await second.fill('Part 2!');
    await expect.poll(() => second.getAttribute('class')).toContain('ant-input-status-error');
    await page.getByRole('button', { name: '创建草稿' }).click();
    await page
      .getByTestId('import-dialog')
      .getByText('导入失败：「Part 2!」不能使用「!」，仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、单个空格及')
      .waitFor();
    expect(serverRows('select id from chapters where book_id = ?', bookId)).toEqual([]);
    await second.fill('第二章：远行');
    await page.getByRole('button', { name: '创建草稿' }).click();
    await page.getByText('导入完成，已创建 2 个草稿').waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('shows the whole kind of each row in English', async () => {
    const { context, page } = await newPage(browser, { locale: 'en-US' });
    await logInAuthor(context);
    const bookId = await createBook(page, `英文导入${Date.now().toString(36)}`);
    await page.evaluate(() => localStorage.setItem('ac:language', 'en-US'));
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page
      .getByRole('button', { name: /Import/ })
      .first()
      .click();
    await page.getByTestId('import-file').setInputFiles({
      name: 'draft.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Volume 1\nChapter 1 Start\nThe wind rose.'),
    });
    await expect.poll(() => page.getByTestId('import-segment').count()).toBe(2);
    const kinds = page.getByTestId('import-segment').locator('.ant-select-content');
    await expect.poll(() => kinds.allInnerTexts()).toEqual(['Volume', 'Chapter']);
    // Not cut to 'Volu…' / 'Chap…'.
    const cut = await kinds.evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth).length);
    expect(cut).toBe(0);
    await context.close();
  });

  it('says so when the brand has intelligent chapter division off', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `不分章${Date.now().toString(36)}`);
    // The brand's config as a brand with the setting off would send it.
    await page.route('**/api/pc/v1/global/config*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.intelligent_chapter_division = false;
      await route.fulfill({ response, json: body });
    });
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page.getByRole('button', { name: /导入章节/ }).click();
    await page.getByText('本站未开启智能分章：每个文件导入为一章，超过200,000字的部分按段落拆成多章。').waitFor();
    await context.close();
  });
});
