import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage } from './browser.ts';
import { INTRO, logInAuthor, serverRows } from './works-session.ts';

/**
 * Screenplay applications and exporting short stories and screenplays, in Chromium against the
 * real server: apply, see the application under review, withdraw it; export a short story from its
 * list row and its information page, and a screenplay from its row.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const SYNOPSIS =
  '一位落魄的剑客在边城小镇遇见了失散多年的妹妹，两人联手揭开了一桩尘封二十年的旧案，最终在大雪之夜与真凶正面对决。';

/** What the server holds for the author's applications, read from its database. */
function applicationRows(accountId: number): Array<{ title: string; status: string; synopsis: string }> {
  return serverRows(
    'select title, status, synopsis from screenplay_applications where account_id = ? order by id',
    accountId,
  );
}

const selectOption = async (page: Page, placeholder: string, option: string) => {
  await page.locator('.ant-select').filter({ hasText: placeholder }).click();
  await page.getByTitle(option, { exact: true }).click();
};

/** A validation message under a form field. */
const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error').filter({ hasText: text });

const clickCreate = (page: Page) =>
  page
    .getByRole('button', { name: '创建' })
    .or(page.getByRole('button', { name: '创建' }))
    .first()
    .click();

/** Starts an export from the menu under `scope` and returns the file the browser downloaded. */
async function exportFrom(page: Page, scope: ReturnType<Page['locator']> | Page, item: string) {
  await scope.getByTestId('export-menu').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByText(item, { exact: true }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), data: await readFile(path) };
}

describe('screenplay application', () => {
  it('applies for a screenplay, lists it under review, and withdraws it behind a confirmation', async () => {
    const { context, page } = await newPage(browser);
    const { accountId } = await logInAuthor(context);
    // Reached from the screenplay list.
    await page.goto(appUrl('/front/book-manage/screenplay'));
    await page.getByRole('link', { name: '剧本申请' }).click();
    await page.waitForURL(/\/front\/book-manage\/screenplay\/application$/);
    await page.getByText('还没有提交过剧本申请').waitFor();

    // Submitting an empty form names each problem; nothing reaches the server.
    await page.getByRole('button', { name: '提交申请' }).click();
    await fieldError(page, '请填写剧本名称').waitFor();
    await fieldError(page, '剧情梗概需50~2000字').waitFor();
    await fieldError(page, '计划集数需为1~200的整数').waitFor();
    // Adapting a novel needs one chosen.
    await page.getByText('小说改编', { exact: true }).click();
    await page.getByRole('button', { name: '提交申请' }).click();
    await fieldError(page, '请选择要改编的小说').waitFor();
    expect(applicationRows(accountId)).toEqual([]);

    await page.getByText('原创剧本', { exact: true }).click();
    const title = `雪夜剑客${Date.now().toString(36)}`;
    await page.getByPlaceholder('请输入剧本名称（最多30字）').fill(title);
    await selectOption(page, '请选择剧本类型', '短剧');
    await page.getByPlaceholder('用50~2000字介绍剧情、主要人物和看点').fill(SYNOPSIS);
    await page.getByLabel('计划集数').fill('24');
    await page.getByPlaceholder('方便编辑联系你的方式或时间（选填）').fill('工作日晚上联系');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('申请已提交，请等待编辑审核').waitFor();

    const item = page.getByTestId('application-item').filter({ hasText: title });
    await item.waitFor();
    await expect.poll(() => item.getByTestId('application-status').textContent()).toBe('审核中');
    expect(await item.textContent()).toContain('24集');
    expect(applicationRows(accountId)).toEqual([{ title, status: 'pending', synopsis: SYNOPSIS }]);

    // Withdraw: the confirmation can be dismissed, then confirmed.
    await item.getByRole('button', { name: '撤销申请' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '撤销这份申请？' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(applicationRows(accountId)[0].status).toBe('pending');

    await item.getByRole('button', { name: '撤销申请' }).click();
    await dialog.getByRole('button', { name: '撤销申请' }).click();
    await page.getByText('申请已撤销').waitFor();
    await expect.poll(() => item.getByTestId('application-status').textContent()).toBe('已撤销');
    expect(await item.getByRole('button', { name: '撤销申请' }).count()).toBe(0);
    // What the author wrote is kept.
    expect(applicationRows(accountId)).toEqual([{ title, status: 'cancelled', synopsis: SYNOPSIS }]);
    await context.close();
  });
});

describe('leaving the screenplay application unsent', () => {
  it('asks before the synopsis typed so far is lost', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    await page.goto(appUrl('/front/book-manage/screenplay/application'));
    const synopsis = page.getByPlaceholder(/用50~2000字介绍剧情/);
    await synopsis.fill(SYNOPSIS);
    await page.locator('.ac-works-page__head').getByRole('link', { name: '剧本管理' }).click();
    const dialog = page.locator('.ac-confirm-dialog');
    await dialog.getByText('申请还没有提交，离开后已填写的内容将丢失。').waitFor();
    await dialog.getByRole('button', { name: '留在此页' }).click();
    expect(new URL(page.url()).pathname).toBe('/front/book-manage/screenplay/application');
    expect(await synopsis.inputValue()).toBe(SYNOPSIS);
    await page.locator('.ac-works-page__head').getByRole('link', { name: '剧本管理' }).click();
    await dialog.getByRole('button', { name: '放弃修改并离开' }).click();
    await page.waitForURL(/\/front\/book-manage\/screenplay$/);
    await context.close();
  });
});

describe('exporting short stories and screenplays', () => {
  it('exports a short story from its row (.txt) and its information page (ePub) with its text', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const title = `短篇导出${Date.now().toString(36)}`;
    await page.goto(appUrl('/front/book-manage/short/information'));
    await page.getByPlaceholder('请输入作品名称（最多30字）').fill(title);
    await page.getByText('作品名可以使用').waitFor();
    await selectOption(page, '请选择分类', '悬疑');
    await page.getByPlaceholder('用20~500字介绍你的作品').fill(INTRO);
    await clickCreate(page);
    await page.waitForURL(/\/front\/book-upload\/short\?book_id=\d+/);
    const bookId = Number(new URL(page.url()).searchParams.get('book_id'));

    const body = page.getByTestId('chapter-body');
    await body.waitFor();
    await body.click();
    await page.keyboard.type('雪落在边城的屋檐上，她终于等到了那封信。');
    await expect
      .poll(() => page.getByTestId('save-status').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('saved');

    // The success page, opened for a story with nothing published, says so rather than 发布成功.
    await page.goto(appUrl(`/front/book-upload/short/success?book_id=${bookId}`));
    await page.getByText(`短篇「${title}」还没有发布，继续编辑后即可发布。`).waitFor();
    expect(await page.getByText('发布成功').count()).toBe(0);

    await page.goto(appUrl('/front/book-manage/short'));
    const card = page.getByTestId('book-card').filter({ hasText: title });
    await card.waitFor();
    const txt = await exportFrom(page, card, '导出 TXT');
    expect(txt.name).toBe(`${title}.txt`);
    const text = txt.data.toString('utf8');
    expect(text).toContain(title);
    expect(text).toContain('雪落在边城的屋檐上，她终于等到了那封信。');

    await page.goto(appUrl(`/front/book-manage/short/information?book_id=${bookId}`));
    await page.getByRole('heading', { name: '短篇信息' }).waitFor();
    const epub = await exportFrom(page, page, '导出 ePub');
    expect(epub.name).toBe(`${title}.epub`);
    const zip = await JSZip.loadAsync(epub.data);
    const pages = await Promise.all(
      Object.values(zip.files)
        .filter((f) => f.name.endsWith('.xhtml'))
        .map((f) => f.async('string')),
    );
    expect(pages.join('\n')).toContain('雪落在边城的屋檐上，她终于等到了那封信。');
    await context.close();
  });

  it('links each screenplay to its manage page and exports it', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const title = `剧本导出${Date.now().toString(36)}`;
    await page.goto(appUrl('/front/book-manage/screenplay/information'));
    await page.getByPlaceholder('请输入作品名称（最多30字）').fill(title);
    await page.getByText('作品名可以使用').waitFor();
    await selectOption(page, '请选择分类', '短剧');
    await page.getByPlaceholder('用20~500字介绍你的作品').fill(INTRO);
    await clickCreate(page);
    await page.waitForURL(/book_id=\d+/);
    const bookId = Number(new URL(page.url()).searchParams.get('book_id'));
    // A new screenplay opens on the screenplay's own chapter page, not the novels'.
    expect(new URL(page.url()).pathname).toBe('/front/book-manage/screenplay/manage');

    await page.goto(appUrl('/front/book-manage/screenplay'));
    const card = page.getByTestId('book-card').filter({ hasText: title });
    await card.waitFor();
    const txt = await exportFrom(page, card, '导出 TXT');
    expect(txt.name).toBe(`${title}.txt`);
    expect(txt.data.toString('utf8')).toContain(title);

    await card.getByRole('link', { name: '章节管理' }).click();
    await page.waitForURL(new RegExp(`/front/book-manage/screenplay/manage\\?book_id=${bookId}$`));
    await page.getByRole('heading', { name: new RegExp(title) }).waitFor();
    await context.close();
  });
});
