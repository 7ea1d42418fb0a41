import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage } from './browser.ts';
import { createBook, INTRO, logInAuthor, serverRow } from './works-session.ts';

/**
 * The book information pages and the lists, in Chromium against the real server, as a new author
 * meets them: bad input is said in place and changes nothing.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The smallest valid PNG (1×1). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

describe('the book information page', () => {
  it('says under the cover why a too-large or unreadable file was refused, and keeps the book as it was', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `封面${Date.now().toString(36)}`);
    await page.goto(appUrl(`/front/book-manage/information?book_id=${bookId}`));
    const coverItem = page.locator('.ant-form-item').filter({ hasText: '作品封面' });
    const fileInput = page.locator('input[type=file]');
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/pc/v1/book/upload-cover')) uploads++;
    });

    // 6 MB: refused before it is sent, with its size.
    await fileInput.setInputFiles({ name: '大图.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
    await coverItem.getByText('这张图片有6.0MB，封面需小于5MB').waitFor();
    expect(uploads).toBe(0);

    // Named .png but not an image: the server's reason stays under the field (not a passing toast).
    await fileInput.setInputFiles({ name: '假图.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await coverItem.getByText('无法识别的图片，请上传 JPG、PNG 或 WebP 图片').waitFor();
    expect(uploads).toBe(1);
    expect(serverRow<{ cover: string | null }>('select cover from books where id = ?', bookId)?.cover).toBeNull();

    // A good image clears the message; on an existing book it is kept by 保存, and the page says so.
    await fileInput.setInputFiles({ name: '封面.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByText('封面已上传，点击“保存”后生效').waitFor();
    // (The message leaves with an animation.)
    await expect.poll(() => coverItem.locator('.ant-form-item-explain-error').count()).toBe(0);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('作品信息已保存').waitFor();
    expect(serverRow<{ cover: string | null }>('select cover from books where id = ?', bookId)?.cover).toMatch(
      /^\/uploads\/covers\/.+\.jpg$/,
    );
    await context.close();
  });
});

describe('tags', () => {
  it('says which tag is wrong and why: too long, or a character the rule does not allow', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    await page.goto(appUrl('/front/book-manage/information'));
    const tagsItem = page.locator('.ant-form-item').filter({ hasText: '作品标签' });
    const input = tagsItem.locator('input');
    await input.click();
    await page.keyboard.type('一个特别长的标签名字');
    await page.keyboard.press('Enter');
    await tagsItem.getByText('标签「一个特别长的标签名字」太长，每个标签最多8个字').waitFor();
    await tagsItem.locator('.ant-select-selection-item-remove').first().click();
    await input.click();
    await page.keyboard.type('热血!');
    await page.keyboard.press('Enter');
    await tagsItem.getByText('标签「热血!」：仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、及，：！？中文标点').waitFor();
    await context.close();
  });
});

describe('leaving the information page', () => {
  it('asks before unsaved changes are lost, and not once they are saved', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `离开${Date.now().toString(36)}`);
    await page.goto(appUrl('/front/book-manage/list'));
    await page.getByRole('button', { name: '作品信息' }).click();
    await page.waitForURL(/information\?book_id=/);
    const intro = page.getByPlaceholder('用20~500字介绍你的作品');
    await expect.poll(() => intro.inputValue()).toBe(INTRO);
    const edited = `${INTRO}他终于明白，真相从来不在远方。`;
    await intro.fill(edited);

    await page.goBack();
    const dialog = page.locator('.ac-confirm-dialog');
    await dialog.getByText('作品信息有未保存的修改，离开后这些修改将丢失。').waitFor();
    await dialog.getByRole('button', { name: '留在此页' }).click();
    expect(page.url()).toContain(`information?book_id=${bookId}`);
    expect(await intro.inputValue()).toBe(edited);

    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('作品信息已保存').waitFor();
    expect(serverRow<{ intro: string }>('select intro from books where id = ?', bookId)?.intro).toBe(edited);
    await page.goBack();
    await page.waitForURL(/\/front\/book-manage\/list$/);
    expect(await dialog.count()).toBe(0);
    await context.close();
  });
});

describe('deleting a book', () => {
  it('names the book and what goes with it, and deletes a book with text only once its title is typed', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const title = `删除${Date.now().toString(36)}`;
    const bookId = await createBook(page, title);
    await page.getByRole('button', { name: /导入章节/ }).click();
    await page.getByTestId('import-file').setInputFiles({
      name: '稿.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('第一章 开端\n山风吹过竹林。\n第二章 远行\n他走出了山门。'),
    });
    await page.getByRole('button', { name: '创建草稿' }).click();
    await page.getByText('导入完成，已创建 2 个草稿').waitFor({ timeout: 30_000 });

    await page.goto(appUrl(`/front/book-manage/information?book_id=${bookId}`));
    await page.getByRole('button', { name: /删除作品/ }).click();
    const dialog = page.locator('.ac-confirm-dialog');
    await dialog.getByText(`确认删除《${title}》？`).waitFor();
    await dialog.getByText(`《${title}》的2个章节、共12字将随作品一并删除`, { exact: false }).waitFor();
    const confirm = dialog.getByRole('button', { name: /删除作品/ });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill(`${title}x`);
    expect(await confirm.isDisabled()).toBe(true);
    expect(
      serverRow<{ deleted_at: number | null }>('select deleted_at from books where id = ?', bookId)?.deleted_at,
    ).toBeNull();
    await dialog.getByRole('textbox').fill(title);
    await confirm.click();
    await page.waitForURL(/\/front\/book-manage\/list$/);
    expect(
      serverRow<{ deleted_at: number | null }>('select deleted_at from books where id = ?', bookId)?.deleted_at,
    ).not.toBeNull();
    await context.close();
  });
});

describe('the works list', () => {
  it("keeps the author's own order chosen after a reload", async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const suffix = Date.now().toString(36);
    await createBook(page, `先写的书${suffix}`);
    await createBook(page, `后写的书${suffix}`);
    await page.goto(appUrl('/front/book-manage/list'));
    const titles = () => page.locator('.ac-book-card__title').allInnerTexts();
    await expect.poll(titles).toEqual([`后写的书${suffix} 未发布`, `先写的书${suffix} 未发布`]);
    await page.getByRole('button', { name: '编辑排序' }).click();
    await page.getByRole('button', { name: /下移/ }).first().click();
    await page.getByRole('button', { name: '保存排序' }).click();
    await page.getByText('排序已保存').waitFor();
    await expect.poll(titles).toEqual([`先写的书${suffix} 未发布`, `后写的书${suffix} 未发布`]);

    await page.reload();
    await expect.poll(titles).toEqual([`先写的书${suffix} 未发布`, `后写的书${suffix} 未发布`]);
    await page.locator('.ac-works-page__head .ant-select').getByText('自定义排序').waitFor();
    await context.close();
  });
});

describe('exporting from the list', () => {
  it('downloads a novel from its row, and an expired session leads to login instead of a raw error reply', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const title = `导出${Date.now().toString(36)}`;
    await createBook(page, title);
    await page.goto(appUrl('/front/book-manage/list'));
    const card = page.getByTestId('book-card').filter({ hasText: title });
    await card.getByTestId('export-menu').click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: '导出 TXT' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${title}.txt`);

    // The session ends (signed out elsewhere, or expired overnight); the author clicks export again.
    await context.clearCookies();
    await card.getByTestId('export-menu').click();
    await page.getByRole('menuitem', { name: '导出 ePub' }).click();
    await page.waitForURL(/\/front\/register-login\/login/);
    expect(await page.locator('body').innerText()).not.toContain('"code"');
    await context.close();
  });

  it('exports with the keyboard alone: Enter opens the menu, the arrow keys choose, Enter downloads', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const title = `键盘导出${Date.now().toString(36)}`;
    await createBook(page, title);
    await page.goto(appUrl('/front/book-manage/list'));
    await page.getByTestId('book-card').filter({ hasText: title }).getByTestId('export-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: '导出 TXT' }).waitFor();
    // The menu has the focus (the arrow keys act on it, not on the button).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.ant-dropdown-menu') !== null))
      .toBe(true);
    // The arrow keys move to 导出 ePub (whether the menu opened on its first item or on none).
    const active = () =>
      page.evaluate(() => document.activeElement?.closest('.ant-dropdown-menu-item')?.textContent ?? '');
    // Each press is seen to move the focus before the next: read too early, a press not yet handled
    // looked like one that did nothing, and a further press overshot ePub and wrapped to TXT.
    for (let i = 0; i < 4 && (await active()) !== '导出 ePub'; i++) {
      const before = await active();
      await page.keyboard.press('ArrowDown');
      await expect.poll(active).not.toBe(before);
    }
    expect(await active()).toBe('导出 ePub');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe(`${title}.epub`);
    await context.close();
  });
});
