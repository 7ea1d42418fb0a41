import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser } from './browser.ts';
import { createBook, logInAuthor, openNewChapter, serverRow } from './works-session.ts';

/**
 * The cover maker and interactive images in Chromium against the real server: a cover made from a
 * template is the book's cover, the browser's preview and the server's render agree pixel for pixel
 * within a small tolerance, and a chapter's paragraph gets an illustration.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/**
 * How far two same-sized RGB images are apart: the mean absolute difference per channel (0–255) and
 * the share of pixels where some channel differs by more than 64 (anti-aliasing of glyph edges).
 */
async function difference(a: Buffer, b: Buffer) {
  const [ra, rb] = await Promise.all(
    [a, b].map((x) => sharp(x).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  expect([ra.info.width, ra.info.height]).toEqual([rb.info.width, rb.info.height]);
  let sum = 0;
  let far = 0;
  for (let i = 0; i < ra.data.length; i += 3) {
    let worst = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(ra.data[i + c] - rb.data[i + c]);
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > 64) far++;
  }
  const pixels = ra.data.length / 3;
  return { mean: sum / ra.data.length, farShare: far / pixels };
}

describe('cover maker', () => {
  it('makes a cover from a template that matches its preview and shows on the book’s information page', async () => {
    // Device scale 2: the 300×400 preview is drawn at 600×800 pixels, the cover's own size.
    const context = await browser.newContext({
      viewport: { width: 1440, height: 1000 },
      locale: 'zh-CN',
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await logInAuthor(context);
    const title = `星河${Date.now().toString(36).slice(-4)}`;
    const bookId = await createBook(page, title);

    // From the book's information page to the cover maker.
    await page.goto(appUrl(`/front/book-manage/information?book_id=${bookId}`));
    await page.getByTestId('make-cover').click();
    await page.waitForURL(/\/front\/custom-picture\?book_id=\d+/);
    const preview = page.getByTestId('cover-preview');
    await preview.waitFor();
    // The title and pen name are filled in from the book.
    expect(await page.getByTestId('cover-text-title').inputValue()).toBe(title);
    await page.getByTestId('cover-text-subtitle').fill('一段关于远方的故事');
    await page.getByRole('radio', { name: '烈焰' }).click();
    await expect.poll(() => preview.getAttribute('data-fonts-ready'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => preview.locator('text').count()).toBe(4);
    // Let the browser draw with the fonts just added before taking the picture.
    await page.evaluate(() =>
      document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => r(null)))),
    );
    const shot = await preview.screenshot({ animations: 'disabled' });

    await page.getByTestId('cover-save').click();
    await page.getByText('封面已保存，已成为作品封面').waitFor();
    const design = serverRow<{ cover_image: string; tpl_setting: string }>(
      'select cover_image, tpl_setting from cover_designs where book_id = ?',
      bookId,
    );
    expect(design?.cover_image).toMatch(/^\/uploads\/covers\/.+\.jpg$/);
    expect(JSON.parse(design?.tpl_setting ?? '{}').texts.subtitle).toBe('一段关于远方的故事');
    expect(serverRow<{ cover: string }>('select cover from books where id = ?', bookId)?.cover).toBe(
      design?.cover_image,
    );

    // What the author saw is what readers get: the server's 600×800 cover against the preview.
    const served = Buffer.from(await (await page.request.get(appUrl(design?.cover_image ?? ''))).body());
    expect((await sharp(shot).metadata()).width).toBe(600);
    const { mean, farShare } = await difference(shot, served);
    // Tolerance: mean difference under 3/255 per channel, under 1.5% of pixels far apart (glyph edges,
    // JPEG). Measured: 1.3 and 0.35%; the same cover shifted 2 px measures 7.1 and 5.3%.
    expect(mean).toBeLessThan(3);
    expect(farShare).toBeLessThan(0.015);

    // The book's information page shows the new cover.
    await page.getByRole('link', { name: '查看作品信息' }).click();
    await page.waitForURL(/\/front\/book-manage\/information/);
    await expect
      .poll(() => page.locator('.ant-form-item').filter({ hasText: '作品封面' }).locator('img').getAttribute('src'))
      .toBe(design?.cover_image);
    await context.close();
  });
});

describe('interactive images', () => {
  it('attaches an uploaded picture with a caption to a paragraph, and says plainly that AI pictures are not available', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await logInAuthor(context);
    const bookId = await createBook(page, `山门${Date.now().toString(36).slice(-4)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章山门');
    await page.getByTestId('chapter-body').click();
    await page.keyboard.type('山门前的石阶上落满了枫叶。');
    await page.keyboard.press('Enter');
    await page.keyboard.type('少年背着剑，一步一步走上去。');
    await expect
      .poll(() => page.getByTestId('save-status').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('saved');

    await page.goto(appUrl(`/front/interactive-images?book_id=${bookId}`));
    await page
      .getByTestId('ai-unavailable')
      .getByText('AI配图暂未开放：平台还没有配置图片生成服务，您可以上传自己的图片。')
      .waitFor();
    await page
      .getByRole('row', { name: /第一章山门/ })
      .getByRole('link', { name: '配图' })
      .click();
    await page.waitForURL(/\/front\/interactive-images\/detail\?chapter_id=\d+/);

    const second = page.getByTestId('paragraph-1');
    await second.getByText('少年背着剑，一步一步走上去。').waitFor();
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a7' } })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await second.getByRole('button', { name: '上传图片' }).click();
    await (await chooser).setFiles({ name: '插图.png', mimeType: 'image/png', buffer: png });
    await second.getByTestId('illustration').waitFor();
    await second.getByPlaceholder('图片说明（选填）').fill('少年上山');
    await page.getByTestId('images-save').click();
    await page.getByText('插图已保存').waitFor();

    const row = serverRow<{ paragraph_index: number; caption: string; image_url: string }>(
      'select paragraph_index, caption, image_url from chapter_illustrations where chapter_id = ?',
      chapterId,
    );
    expect(row).toMatchObject({ paragraph_index: 1, caption: '少年上山' });
    expect(row?.image_url).toMatch(/^\/uploads\/illustrations\/.+\.jpg$/);
    // Back on the list the chapter counts its picture.
    await page.getByRole('link', { name: '返回章节列表' }).click();
    await expect.poll(() => page.getByRole('row', { name: /第一章山门/ }).innerText()).toMatch(/\b1\b/);
    await context.close();
  });
});
