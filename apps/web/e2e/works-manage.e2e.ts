import { readFile } from 'node:fs/promises';
import { parseShanghaiDate, shanghaiDate } from '@author-centre/shared/dates';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage } from './browser.ts';
import { closeServerDb, serverDb } from './home-session.ts';
import { createBook, logInAuthor, openNewChapter, serverRow, serverRows } from './works-session.ts';

/**
 * The chapter list as an author works in it, in Chromium: a new chapter goes into the volume the
 * author has selected, and the editor's back link returns to that volume; the pay point is set and
 * removed only after a confirmation.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeServerDb();
});

const confirmDialog = (page: Page) => page.locator('.ac-confirm-dialog');
const payPointOf = (bookId: number) =>
  serverRow<{ pay_point_chapter_id: number | null }>('select pay_point_chapter_id from books where id = ?', bookId)
    ?.pay_point_chapter_id;

describe('the chapter list', () => {
  it('writes a new chapter into the selected volume and sets the pay point after a confirmation', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `分卷测试${Date.now().toString(36)}`);

    await page.getByRole('button', { name: '新建分卷' }).click();
    // A character outside the volume-title rule is named under the field, and nothing is sent (a space is fine).
    await page.getByPlaceholder('分卷名称').fill('第二卷 #风起');
    await page.getByRole('alert').getByText('不能使用「#」，仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、单个空格及').waitFor();
    await page.getByPlaceholder('分卷名称').press('Enter');
    expect(await page.getByRole('button', { name: /^确\s?定$/ }).isDisabled()).toBe(true);
    expect(serverRow('select id from volumes where book_id = ? and title = ?', bookId, '第二卷 #风起')).toBeUndefined();
    await page.getByPlaceholder('分卷名称').fill('第二卷：风起');
    await page.getByPlaceholder('分卷名称').press('Enter');
    await page.getByText('第二卷：风起').click();
    await page.waitForURL(/volume_id=\d+/);
    const volumeId = Number(new URL(page.url()).searchParams.get('volume_id'));
    expect(serverRow<{ title: string }>('select title from volumes where id = ?', volumeId)?.title).toBe(
      '第二卷：风起',
    );

    // The header's 新建章节 writes into the selected volume, not the last one.
    await page.getByRole('button', { name: '新建章节' }).first().click();
    await page.waitForURL(/chapter_id=\d+/);
    const chapterId = Number(new URL(page.url()).searchParams.get('chapter_id'));
    // A new chapter's empty title is not called a problem; a title against §5's pattern is, once saved.
    const titleProblem = page.locator('.ac-editor__title-problem');
    await page.getByTestId('chapter-body').waitFor();
    expect(await titleProblem.count()).toBe(0);
    await page.getByTestId('chapter-title').fill('第一章 风起#');
    await page.getByTestId('chapter-body').click();
    await page.keyboard.type('风从北方来。');
    await titleProblem.getByText('仅支持中英文').waitFor({ timeout: 10_000 });
    await page.getByTestId('chapter-title').fill('第一章：风起');
    await expect.poll(() => titleProblem.count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => page.getByTestId('save-status').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('saved');
    expect(serverRow<{ volume_id: number }>('select volume_id from chapters where id = ?', chapterId)?.volume_id).toBe(
      volumeId,
    );

    // Back to the list, in that volume.
    await page.getByTestId('editor-back').click();
    await page.waitForURL(new RegExp(`/front/book-manage/manage\\?book_id=${bookId}&volume_id=${volumeId}$`));
    const row = page.getByRole('row').filter({ hasText: '第一章：风起' });
    await row.waitFor();

    // The book exports from here as from its list row: a file holding the chapter.
    await page.getByTestId('export-menu').click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: '导出 TXT' }).click();
    const exported = await readFile(await (await download).path(), 'utf8');
    expect(exported).toContain('风从北方来。');

    // 设为收费点 asks first; thinking better of it changes nothing.
    await row.getByRole('button', { name: '···' }).click();
    await page.getByRole('menuitem', { name: '设为收费点' }).click();
    await confirmDialog(page).getByText('将「第一章：风起」设为收费点？').waitFor();
    await confirmDialog(page)
      .getByRole('button', { name: /^取\s?消$/ })
      .click();
    expect(payPointOf(bookId)).toBeNull();
    await row.getByRole('button', { name: '···' }).click();
    await page.getByRole('menuitem', { name: '设为收费点' }).click();
    await confirmDialog(page)
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    await row.getByText('收费点').waitFor({ timeout: 10_000 });
    expect(payPointOf(bookId)).toBe(chapterId);

    // Removing it asks too.
    await page.getByRole('tab', { name: '发布设置' }).click();
    await page.getByRole('button', { name: '取消收费点' }).click();
    await confirmDialog(page).getByText('取消收费点「第一章：风起」？').waitFor();
    await confirmDialog(page)
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    await page.getByText('未设置（全部免费）').waitFor({ timeout: 10_000 });
    expect(payPointOf(bookId)).toBeNull();
    await context.close();
  });
});

/** Writes a chapter in the editor and waits until the server has it. */
async function writeChapter(page: Page, bookId: number, title: string, body: string): Promise<number> {
  const chapterId = await openNewChapter(page, bookId);
  await page.getByTestId('chapter-title').fill(title);
  await page.getByTestId('chapter-body').click();
  await page.keyboard.type(body);
  await expect
    .poll(() => page.getByTestId('save-status').getAttribute('data-status'), { timeout: 10_000 })
    .toBe('saved');
  await expect
    .poll(() => serverRow<{ body: string }>('select body from chapter_texts where chapter_id = ?', chapterId)?.body)
    .toBe(body);
  return chapterId;
}

const statusOf = (chapterId: number) =>
  serverRow<{ status: string }>('select status from chapters where id = ?', chapterId)?.status;

describe('publishing and moving from the chapter list', () => {
  it('asks before a chapter goes out to readers, and moves a chapter starting from where it stands', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `列表发布${Date.now().toString(36)}`);
    const first = await writeChapter(page, bookId, '第一章：晨钟', '晨钟响起，山门外的雾还没有散。');
    await writeChapter(page, bookId, '第二章：暮鼓', '暮鼓声中，少年背着竹篓下山。');
    const third = await writeChapter(page, bookId, '第三章：夜雨', '夜雨敲窗，他在灯下读一封旧信。');

    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    const row = (title: string) => page.getByRole('row').filter({ hasText: title });
    await row('第一章：晨钟').waitFor();

    // A volume with chapters cannot be deleted: the menu says why instead of offering it.
    await page.locator('.ac-manage__volumes .is-selected').getByRole('button', { name: '···' }).click();
    const deleteVolume = page.getByRole('menuitem', { name: '删除分卷（请先移走或删除其中的章节）' });
    await deleteVolume.waitFor();
    expect(await deleteVolume.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    // 发布 beside 编辑 asks first; thinking better of it publishes nothing.
    await row('第一章：晨钟').getByRole('button', { name: '发布' }).click();
    await confirmDialog(page).getByText('发布「第一章：晨钟」？').waitFor();
    await confirmDialog(page).getByText('发布后读者即可阅读，已发布的章节不能撤回为草稿。', { exact: false }).waitFor();
    await confirmDialog(page)
      .getByRole('button', { name: /^取\s?消$/ })
      .click();
    expect(await page.getByText('发布前检查').count()).toBe(0);
    expect(statusOf(first)).toBe('draft');
    // Confirmed: the checks run (a short chapter is a warning) and it goes out.
    await row('第一章：晨钟').getByRole('button', { name: '发布' }).click();
    await confirmDialog(page)
      .getByRole('button', { name: /^发\s?布$/ })
      .click();
    await page.getByRole('button', { name: '仍然发布' }).click();
    await row('第一章：晨钟').getByText('已发布').waitFor({ timeout: 10_000 });
    expect(statusOf(first)).toBe('published');
    // Deleting a published chapter says readers lose it (until it is restored).
    await row('第一章：晨钟').getByRole('button', { name: '···' }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await confirmDialog(page).getByText('该章已发布，删除后读者将看不到这一章；从回收站恢复后会重新上线。').waitFor();
    await confirmDialog(page)
      .getByRole('button', { name: /^取\s?消$/ })
      .click();
    expect(serverRow<{ deleted_at: number | null }>('select deleted_at from chapters where id = ?', first)).toEqual({
      deleted_at: null,
    });

    // Moving starts from the chapter's own place and says how far it can go.
    await row('第三章：夜雨').getByRole('button', { name: '···' }).click();
    await page.getByRole('menuitem', { name: '移动', exact: true }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '移动章节「第三章：夜雨」' });
    await dialog.getByText('可填 1~3，即该分卷中的第几章').waitFor();
    expect(await dialog.getByRole('spinbutton').inputValue()).toBe('3');
    // Choosing 作品相关 says what that does to the counts.
    await dialog.locator('.ant-select').click();
    await page.getByTitle('作品相关', { exact: true }).click();
    await dialog.getByText('移入作品相关后，该章不再计入作品字数、每日更新字数和连续更新，且始终免费。').waitFor();
    expect(await dialog.getByRole('spinbutton').inputValue()).toBe('1');
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option').filter({ hasNotText: '作品相关' }).click();
    expect(await dialog.getByRole('spinbutton').inputValue()).toBe('3');
    // OK without a change leaves it where it was (it used to jump to the top).
    await dialog.getByRole('button', { name: /^确\s?定$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const order = () =>
      serverRows<{ id: number }>(
        'select id from chapters where book_id = ? and deleted_at is null order by sort, id',
        bookId,
      ).map((r) => r.id);
    expect(order().at(-1)).toBe(third);
    await row('第三章：夜雨').getByRole('button', { name: '···' }).click();
    await page.getByRole('menuitem', { name: '移动', exact: true }).click();
    await dialog.getByRole('spinbutton').fill('2');
    await dialog.getByRole('button', { name: /^确\s?定$/ }).click();
    await expect.poll(() => order()[1], { timeout: 10_000 }).toBe(third);
    await context.close();
  });
});

describe('the growth stage page', () => {
  it('says what each number counts, in Chinese and in English', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `成长阶段${Date.now().toString(36)}`);
    await page.goto(appUrl(`/front/book-manage/stage?book_id=${bookId}`));
    await page.getByTestId('stage-explain').getByText('新书起步：还没有发布章节。', { exact: false }).waitFor();
    const stat = (key: string) => page.getByTestId(`stage-stat-${key}`);
    await stat('published').getByText('已发布章节的字数，不含作品相关').waitFor();
    await stat('total').getByText('全部章节的字数，含草稿；不含作品相关和回收站').waitFor();
    await stat('avg7').getByText('近7天（北京时间，含今天）首次发布的字数之和 ÷ 7').waitFor();
    await stat('streak').getByText('截至今天（今天还没发布则截至昨天）', { exact: false }).waitFor();
    await stat('updateDays').getByText('有新章节首次发布的天数，按北京时间计').waitFor();
    // The book's age has a title of its own (it had none).
    await stat('created').getByText('创作天数').waitFor();
    await stat('created').getByText('1天').waitFor();
    await page.getByText('每天首次发布的章节字数（北京时间）', { exact: false }).waitFor();

    await context.addInitScript(() => localStorage.setItem('ac:language', 'en-US'));
    await page.reload();
    await stat('avg7')
      .getByText('Words first published in the last 7 days (Beijing time, today included) ÷ 7')
      .waitFor();
    await stat('created').getByText('Days since created').waitFor();
    await stat('created').getByText('1 day').waitFor();
    await context.close();
  });
});

describe('when the server cannot be reached', () => {
  it('says the chapters, the recycle bin, the drafts and the stage could not load, never that they are empty or gone', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `断网测试${Date.now().toString(36)}`);
    await writeChapter(page, bookId, '第一章：远行', '他在黎明前出发，没有回头。');
    const down = (route: import('playwright-core').Route) => route.fulfill({ status: 503, body: 'unavailable' });
    for (const path of ['book-chapter/list', 'book-chapter/recycle-bin', 'book-chapter/drafts', 'book/growth-cycle']) {
      await page.route(`**/api/pc/v1/${path}?**`, down);
    }
    const failed = page.getByTestId('works-load-failed');

    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await failed.getByText('加载失败').waitFor({ timeout: 15_000 });
    expect(await page.getByText('这个分卷还没有章节').count()).toBe(0);
    await page.getByRole('tab', { name: '回收站' }).click();
    await page.getByRole('tabpanel').getByTestId('works-load-failed').waitFor({ timeout: 15_000 });
    expect(await page.getByText('回收站是空的').count()).toBe(0);

    await page.goto(appUrl(`/front/book-manage/draft?book_id=${bookId}`));
    await failed.waitFor({ timeout: 15_000 });
    expect(await page.getByText('草稿箱是空的').count()).toBe(0);

    await page.goto(appUrl(`/front/book-manage/stage?book_id=${bookId}`));
    await failed.waitFor({ timeout: 15_000 });
    expect(await page.getByText('作品不存在或已删除').count()).toBe(0);

    // The server is back: 重试 shows what is there.
    await page.unrouteAll();
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page.getByRole('row').filter({ hasText: '第一章：远行' }).waitFor();
    await page.route('**/api/pc/v1/book-chapter/list?**', down);
    await page.getByRole('button', { name: '新建分卷' }).click();
    await page.getByPlaceholder('分卷名称').fill('第二卷');
    await page.getByPlaceholder('分卷名称').press('Enter');
    await page.getByText('第二卷', { exact: true }).click();
    await failed.waitFor({ timeout: 15_000 });
    await page.unrouteAll();
    await failed.getByRole('button', { name: /重\s?试/ }).click();
    await page.getByText('这个分卷还没有章节').waitFor({ timeout: 10_000 });
    await context.close();
  });
});

describe('the volumes from the keyboard', () => {
  it('chooses a volume with Tab and Enter', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `键盘分卷${Date.now().toString(36)}`);
    await page.getByRole('button', { name: '新建分卷' }).click();
    await page.getByPlaceholder('分卷名称').fill('第二卷');
    await page.getByPlaceholder('分卷名称').press('Enter');
    const second = page.getByRole('button', { name: /^第二卷/ });
    await second.waitFor();
    // The dialog gives the focus back to 新建分卷 as it closes; start once it is gone.
    await page.locator('.ant-modal').waitFor({ state: 'detached' });
    const volumeId = serverRow<{ id: number }>(
      'select id from volumes where book_id = ? and title = ?',
      bookId,
      '第二卷',
    )?.id;
    // From the volume before it, Tab reaches it (past that volume's menu) and Enter opens it.
    await page.getByRole('button', { name: /^第一卷/ }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`volume_id=${volumeId}`));
    await expect.poll(() => second.getAttribute('aria-current')).toBe('true');
    await page.getByText('这个分卷还没有章节').waitFor();
    await context.close();
  });
});

describe('deleting a scheduled chapter', () => {
  it('says before deleting that the scheduled publication is cancelled and not restored with the chapter', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `删除定时${Date.now().toString(36)}`);
    const chapterId = await writeChapter(page, bookId, '第一章：远山', '远山在雾里，像一封没寄出的信。');
    const day = shanghaiDate(Date.now() + 86_400_000);
    await page.getByRole('button', { name: '定时发布' }).click();
    const schedule = page.locator('.ant-modal').filter({ hasText: '发布时间（北京时间）' });
    const input = schedule.locator('.ant-picker input');
    await input.click();
    await input.press('ControlOrMeta+a');
    await input.pressSequentially(`${day} 12:00`);
    await input.press('Enter');
    await schedule.getByText('发布时间（北京时间）').first().click();
    await schedule
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    await page.getByRole('button', { name: '仍然定时发布' }).click();
    await expect
      .poll(() =>
        serverRow<{ scheduled_at: number | null }>('select scheduled_at from chapters where id = ?', chapterId),
      )
      .toEqual({ scheduled_at: parseShanghaiDate(day) + 12 * 3_600_000 });

    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    const row = page.getByRole('row').filter({ hasText: '第一章：远山' });
    await row.getByRole('button', { name: '···' }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await confirmDialog(page)
      .getByText(`该章已设定于北京时间 ${day} 12:00 定时发布，删除后定时发布将取消，从回收站恢复后需要重新设置。`)
      .waitFor();
    await confirmDialog(page)
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    await expect
      .poll(() =>
        serverRow<{ scheduled_at: number | null; deleted: number }>(
          'select scheduled_at, deleted_at is not null as deleted from chapters where id = ?',
          chapterId,
        ),
      )
      .toEqual({ scheduled_at: null, deleted: 1 });
    await context.close();
  });
});

describe('the drafts box', () => {
  it('says whether recurring publishing will take the drafts, when, and which ones it leaves for the author', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `草稿定时${Date.now().toString(36)}`);
    await writeChapter(page, bookId, '第一章：短信', '只有一句话的草稿。');

    await page.goto(appUrl(`/front/book-manage/draft?book_id=${bookId}`));
    const notice = page.getByTestId('draft-regular');
    await notice.getByText('定时发布未开启：草稿不会自动发布。', { exact: false }).waitFor();

    // The saved settings arrive late: the form waits for them. Offered before, what the author set (the switch, the
    // days) was overwritten when they arrived, and a schedule switched on was saved as off.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/pc/v1/book-chapter/regular-time-data',
      async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.continue();
      },
    );
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page.getByRole('tab', { name: '发布设置' }).click();
    await page.getByTestId('regular-zone').waitFor();
    expect(await page.getByRole('switch').count()).toBe(0);
    release();
    await page.getByRole('switch').click();
    // On with no day would never fire: said under the field, and nothing is saved.
    for (const day of ['周一', '周二', '周三', '周四', '周五', '周六', '周日']) await page.getByLabel(day).uncheck();
    await page.getByRole('button', { name: /保存设置/ }).click();
    await page.locator('.ant-form-item-explain-error').getByText('请至少选择一天').waitFor();
    expect(
      serverRow<{ regular_schedule: string | null }>('select regular_schedule from books where id = ?', bookId)
        ?.regular_schedule,
    ).toBeNull();
    await page.getByLabel('周一').check();
    await page.getByLabel('周四').check();
    await page.getByRole('button', { name: /保存设置/ }).click();
    await page.getByText('下次发布：北京时间', { exact: false }).waitFor({ timeout: 10_000 });
    const next = await page.getByText('下次发布：北京时间', { exact: false }).textContent();
    const time = next?.replace('下次发布：北京时间 ', '').trim();

    await page.goto(appUrl(`/front/book-manage/draft?book_id=${bookId}`));
    await notice
      .getByText(`定时发布已开启：下次在北京时间 ${time} 按下列顺序自动发布 1 章草稿`, { exact: false })
      .waitFor();
    // The short draft is named as one the author publishes by hand.
    await notice.getByText('需要手动发布', { exact: false }).waitFor();
    await notice.getByText('第一章：短信', { exact: false }).waitFor();
    await context.close();
  });
});

describe('a scheduled chapter the checks stopped', () => {
  it('is a warning on the chapter list that says when it was due and leads to the chapter', async () => {
    const { context, page } = await newPage(browser);
    const { accountId } = await logInAuthor(context);
    const bookId = await createBook(page, `未发布提醒${Date.now().toString(36)}`);
    const chapterId = await writeChapter(page, bookId, '第一章：风声', '风声紧了，城门提前关上。');
    // What the publishing job records when the checks stop a chapter at its time (publishing.service.ts).
    const due = parseShanghaiDate(shanghaiDate(Date.now())) + 8 * 3_600_000;
    await serverDb()
      .db.insertInto('publish_log')
      .values({
        client_id: 2,
        account_id: accountId,
        book_id: bookId,
        chapter_id: chapterId,
        source: 'schedule',
        scheduled_at: due,
        published_at: due,
        late_ms: null,
        outcome: 'blocked',
        note: '含敏感词「网络赌博」，请修改后发布',
        seen: 0,
      })
      .execute();

    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    const notices = page.getByTestId('publish-notices');
    await notices
      .getByText(
        `「第一章：风声」原定北京时间 ${shanghaiDate(due)} 08:00 定时发布，未通过发布前检查，没有发布：含敏感词「网络赌博」，请修改后发布`,
      )
      .waitFor();
    expect(await notices.getAttribute('class')).toContain('ant-alert-warning');
    // The drafts box, where the chapter waits, says it too; 知道了 puts the notice away.
    await page.goto(appUrl(`/front/book-manage/draft?book_id=${bookId}`));
    await notices.getByText('未通过发布前检查，没有发布', { exact: false }).waitFor();
    await notices.getByRole('button', { name: '知道了' }).click();
    await notices.waitFor({ state: 'detached', timeout: 10_000 });
    expect(serverRow<{ seen: number }>('select seen from publish_log where book_id = ?', bookId)).toEqual({ seen: 1 });
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page.getByRole('row').filter({ hasText: '第一章：风声' }).waitFor();
    expect(await notices.count()).toBe(0);
    await serverDb().db.updateTable('publish_log').set({ seen: 0 }).where('book_id', '=', bookId).execute();
    await page.reload();
    await notices.getByRole('link', { name: '去修改' }).click();
    await page.waitForURL(new RegExp(`/front/book-upload\\?book_id=${bookId}&chapter_id=${chapterId}`));
    await context.close();
  });
});

describe('pages of a long volume', () => {
  it('shows the page that is now last when the only chapter of the last page is deleted', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `长卷分页${Date.now().toString(36)}`);
    // 31 drafts in the first volume: a page of 30 and one more.
    const { db } = serverDb();
    const volume = await db
      .selectFrom('volumes')
      .select('id')
      .where('book_id', '=', bookId)
      .where('is_notice', '=', 0)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    for (let n = 1; n <= 31; n++) {
      // Empty drafts, as 新建章节 makes them (chapters.service.ts insertChapter).
      const { id } = await db
        .insertInto('chapters')
        .values({
          client_id: 2,
          book_id: bookId,
          volume_id: volume.id,
          title: `第${n}章`,
          status: 'draft',
          sort: n,
          counted: 1,
          words: 0,
          published_words: 0,
          published_title: null,
          vip: 0,
          revision: 0,
          text_hash: null,
          published_hash: null,
          scheduled_at: null,
          schedule_job_id: null,
          published_at: null,
          first_published_at: null,
          change_seq: 0,
          saved_at: now,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('chapter_texts')
        .values({
          chapter_id: id,
          body: '',
          author_say: '',
          last_save_key: null,
          last_save_revision: null,
          snapshot_at: 0,
        })
        .execute();
    }
    await db.updateTable('books').set({ chapter_count: 31 }).where('id', '=', bookId).execute();

    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    await page.getByRole('button', { name: '第 2 页' }).click();
    const row = (title: string) =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await row('第31章').getByRole('button', { name: '···' }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await confirmDialog(page)
      .getByRole('button', { name: /^确\s?定$/ })
      .click();
    await row('第30章').waitFor({ timeout: 10_000 });
    await row('第1章').waitFor();
    expect(await page.getByText('这个分卷还没有章节').count()).toBe(0);
    await context.close();
  });
});
