import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage } from './browser.ts';
import '../../server/src/platform/jobs/jobs.tables.ts';
import { closeServerDb, serverDb } from './home-session.ts';
import { createBook, INTRO, logInAuthor, openNewChapter, serverChapterText, serverRow } from './works-session.ts';

/**
 * The editor's safety rules, in Chromium against the real server: a version is never restored over
 * text that could not be saved, a paste past the chapter limit is refused with how much did not fit
 * (the clipboard keeps it), and short stories are scheduled like chapters, with a back link to
 * their own list (screenplays to theirs).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeServerDb();
});

const MAX = 200_000;

const status = (page: Page) => page.getByTestId('save-status');
const saved = (page: Page) =>
  expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
const clickCreate = (page: Page) =>
  page
    .getByRole('button', { name: '创建' })
    .or(page.getByRole('button', { name: '创建' }))
    .first()
    .click();
const selectOption = async (page: Page, placeholder: string, option: string) => {
  await page.locator('.ant-select').filter({ hasText: placeholder }).click();
  await page.getByTitle(option, { exact: true }).click();
};

/** Prose of about `n` Chinese words without typos or repeats (so the checks before publishing pass). */
function prose(n: number): string {
  const base = '山风吹过竹林少年握紧手中长剑望向远方云海翻涌天地苍茫他知道前路漫长却从未想过回头';
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < n; i++) {
    const p = `第${i + 1}段${base.slice(i % 10)}${base.slice(0, i % 7)}。`;
    out.push(p);
    count += p.length;
  }
  return out.join('\n');
}

/** Only the editor's saves fail (the connection to them drops); the history still loads. */
const SAVES = (url: URL) => /\/api\/pc\/v1\/book-chapter\/(auto-)?save$/.test(url.pathname);
const dropSaves = (route: Route) => route.abort('internetdisconnected');

/** When the server will publish a book's (only) chapter, read from its database. */
function scheduledAt(bookId: number): number | null {
  return (
    serverRow<{ scheduled_at: number | null }>('select scheduled_at from chapters where book_id = ?', bookId)
      ?.scheduled_at ?? null
  );
}

describe('restoring a version', () => {
  it('refuses to restore while typed text could not be saved, keeps that text, and restores once it is saved', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `恢复保护${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    const body = page.getByTestId('chapter-body');
    await body.click();
    // The chapter's first save keeps a version (an autosave snapshot).
    await page.keyboard.type('最早写下的一句。');
    await saved(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('后来补上的第二句。');
    await saved(page);

    // The connection to the saves drops; the author keeps typing, then tries to restore the old version.
    await context.route(SAVES, dropSaves);
    await page.keyboard.press('Enter');
    await page.keyboard.type('断网时写的第三句。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toMatch(/offline|retrying/);
    await page.getByRole('button', { name: /历史版本/ }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('自动保存').first().click();
    await drawer.getByRole('button', { name: '恢复此版本' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确认恢复到这个版本？' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await drawer.getByTestId('restore-refused').waitFor();
    expect(await drawer.getByTestId('restore-refused').textContent()).toContain(
      '还有内容没有保存到服务器，暂不能恢复历史版本',
    );
    // Nothing was restored or lost: the editor and the journal still hold every sentence.
    const all = '最早写下的一句。\n后来补上的第二句。\n断网时写的第三句。';
    expect(await body.inputValue()).toBe(all);
    const journal = await page.evaluate((id) => localStorage.getItem(`ac:works:journal:${id}`), chapterId);
    expect(JSON.parse(journal!).draft.content).toBe(all);
    expect(serverChapterText(chapterId)?.body).toBe('最早写下的一句。\n后来补上的第二句。');

    // Back online: the text is saved, and the restore then goes ahead (the replaced text is kept as a version).
    await context.unroute(SAVES, dropSaves);
    await expect.poll(() => serverChapterText(chapterId)?.body, { timeout: 25_000 }).toBe(all);
    await saved(page);
    await drawer.getByRole('button', { name: '恢复此版本' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确认恢复到这个版本？' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('已恢复', { exact: true }).waitFor();
    await expect.poll(() => body.inputValue()).toBe('最早写下的一句。');
    expect(serverChapterText(chapterId)?.body).toBe('最早写下的一句。');
    expect(await page.evaluate((id) => localStorage.getItem(`ac:works:journal:${id}`), chapterId)).toBeNull();
    await expect.poll(() => drawer.getByText('恢复前的内容').count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('the chapter limit', () => {
  it('refuses a paste that would go over the limit, saying how much did not fit, and leaves the clipboard as it was', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logInAuthor(context);
    const bookId = await createBook(page, `字数上限${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    const body = page.getByTestId('chapter-body');
    const nearlyFull = '字'.repeat(MAX - 10);
    await body.fill(nearlyFull);
    await expect.poll(() => serverChapterText(chapterId)?.body.length, { timeout: 15_000 }).toBe(MAX - 10);

    const pasted = '这一段共有二十五个字，粘贴进来会超出单章上限，所以一个字也不会进去';
    await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
    await body.focus();
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await page.keyboard.press('Control+v');
    const warning = page.getByTestId('too-long-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toBe(
      `粘贴的内容超出单章上限（200000字），有 ${pasted.length - 10} 字放不下，因此没有粘贴。剪贴板里的内容没有变化，可以分成几章再粘贴。`,
    );
    expect(await body.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(MAX - 10);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pasted);

    // A paste that fits goes in whole, and the warning goes away.
    await page.evaluate(() => navigator.clipboard.writeText('最后五个字'));
    await page.keyboard.press('Control+v');
    await expect.poll(() => body.evaluate((el: HTMLTextAreaElement) => el.value.slice(-5))).toBe('最后五个字');
    expect(await warning.count()).toBe(0);
    await expect.poll(() => serverChapterText(chapterId)?.body.length, { timeout: 15_000 }).toBe(MAX - 5);

    // Replacing a selection counts only what is left: selecting the last five and pasting ten fits exactly.
    await page.evaluate(() => navigator.clipboard.writeText('整整十个字刚好放下了'));
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length - 5, el.value.length));
    await page.keyboard.press('Control+v');
    await expect.poll(() => body.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(MAX);
    // Typing past the limit is stopped with a warning too.
    await page.keyboard.type('多');
    await warning.waitFor();
    expect(await warning.textContent()).toBe(
      '已达到单章上限（200000字），刚输入的 1 字没有加入，请在新章节中继续写作。',
    );
    expect(await body.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(MAX);
    await context.close();
  });
});

describe('short stories and screenplays in the editor', () => {
  it('schedules a short story like a chapter, and leads back to the short stories', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    await page.goto(appUrl('/front/book-manage/short/information'));
    await page.getByPlaceholder('请输入作品名称（最多30字）').fill(`定时短篇${Date.now().toString(36)}`);
    await page.getByText('作品名可以使用').waitFor();
    await selectOption(page, '请选择分类', '悬疑');
    await page.getByPlaceholder('用20~500字介绍你的作品').fill(INTRO);
    await clickCreate(page);
    await page.waitForURL(/\/front\/book-upload\/short\?book_id=\d+/);
    const bookId = Number(new URL(page.url()).searchParams.get('book_id'));
    const body = page.getByTestId('chapter-body');
    await body.waitFor();
    await page.getByTestId('chapter-title').fill('雪夜');
    await body.fill(prose(400));
    await saved(page);

    await page.getByRole('button', { name: /定时发布/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '定时发布' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已设置定时发布').waitFor({ timeout: 10_000 });
    await page
      .getByText(/将于.*发布/)
      .first()
      .waitFor();
    expect(scheduledAt(bookId)).toBeGreaterThan(Date.now());

    const back = page.getByTestId('editor-back');
    expect(await back.textContent()).toContain('返回短篇管理');
    await back.click();
    await page.waitForURL(/\/front\/book-manage\/short$/);
    await context.close();
  });

  it("leads back from a screenplay's editor to the screenplay's chapter list", async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    await page.goto(appUrl('/front/book-manage/screenplay/information'));
    await page.getByPlaceholder('请输入作品名称（最多30字）').fill(`剧本返回${Date.now().toString(36)}`);
    await page.getByText('作品名可以使用').waitFor();
    await selectOption(page, '请选择分类', '短剧');
    await page.getByPlaceholder('用20~500字介绍你的作品').fill(INTRO);
    await clickCreate(page);
    await page.waitForURL(/book_id=\d+/);
    const bookId = Number(new URL(page.url()).searchParams.get('book_id'));
    await openNewChapter(page, bookId);
    const back = page.getByTestId('editor-back');
    expect(await back.getAttribute('href')).toMatch(
      new RegExp(`^/front/book-manage/screenplay/manage\\?book_id=${bookId}&volume_id=\\d+$`),
    );
    await back.click();
    await page.waitForURL(new RegExp(`/front/book-manage/screenplay/manage\\?book_id=${bookId}&volume_id=\\d+$`));
    await context.close();
  });
});

/** Whether the point at the bottom of `selector`'s box shows that element (not the status line over it). */
const shownAtBottom = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + 12, r.bottom - 6);
    return r.bottom <= window.innerHeight && hit !== null && el.contains(hit);
  }, selector);

describe("the author's say", () => {
  it('shows above the status line when the editor opens, and its lines stay above it while the author types', async () => {
    for (const height of [900, 700]) {
      const { context, page } = await newPage(browser);
      await page.setViewportSize({ width: 1440, height });
      await logInAuthor(context);
      const bookId = await createBook(page, `作家的话${height}${Date.now().toString(36)}`);
      const chapterId = await openNewChapter(page, bookId);
      // In sight without scrolling, not under the status line that sticks to the window's bottom.
      expect(await shownAtBottom(page, '.ac-editor__say summary')).toBe(true);
      await page.getByText('作家的话', { exact: true }).click();
      const say = page.getByPlaceholder('写给读者的话（可选）');
      await say.click();
      for (let i = 1; i <= 8; i++) await page.keyboard.type(i === 1 ? '第1行' : `\n第${i}行`);
      // The line being typed (the say's last line) is in sight, not behind the status line.
      expect(await shownAtBottom(page, '.ac-editor__say textarea')).toBe(true);
      await saved(page);
      expect(
        serverRow<{ author_say: string }>('select author_say from chapter_texts where chapter_id = ?', chapterId)
          ?.author_say,
      ).toBe(Array.from({ length: 8 }, (_, i) => `第${i + 1}行`).join('\n'));
      await context.close();
    }
  });
});

describe('the history drawer', () => {
  it('says the history could not be loaded (never "no versions yet") when the connection drops, and loads it on retry', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `历史加载${Date.now().toString(36)}`);
    await openNewChapter(page, bookId);
    await page.getByTestId('chapter-body').click();
    await page.keyboard.type('第一稿的正文。');
    await saved(page);

    const HISTORY = (url: URL) => url.pathname === '/api/pc/v1/book-chapter/history';
    await context.route(HISTORY, dropSaves);
    await page.getByRole('button', { name: /历史版本/ }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByTestId('history-failed').waitFor();
    expect(await drawer.getByTestId('history-failed').textContent()).toContain('历史版本加载失败');
    expect(await drawer.getByText('还没有历史版本').count()).toBe(0);

    await context.unroute(HISTORY, dropSaves);
    await drawer.getByRole('button', { name: /重\s*试/ }).click();
    await drawer.locator('.ac-history__list .ant-list-item').first().waitFor();
    expect(await drawer.locator('.ac-history__list').textContent()).toContain('自动保存');
    expect(await drawer.getByTestId('history-failed').count()).toBe(0);
    await context.close();
  });
});

describe('a scheduled chapter the checks would stop', () => {
  it('warns while there is time when the text saved after scheduling would not pass the checks, and stops warning once fixed', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `定时预警${Date.now().toString(36)}`);
    await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章：出发');
    const body = page.getByTestId('chapter-body');
    const text = prose(400);
    await body.fill(text);
    await saved(page);
    await page.getByRole('button', { name: /定时发布/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '定时发布' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('已设置定时发布').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('schedule-at-risk').count()).toBe(0);

    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('路边贴着网络赌博的广告。');
    await saved(page);
    const warning = page.getByTestId('schedule-at-risk');
    await warning.waitFor({ timeout: 10_000 });
    expect(await warning.textContent()).toMatch(/将无法定时发布.*网络赌博/);

    await body.fill(text);
    await saved(page);
    await warning.waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  });
});

describe('a scheduled chapter the checks stopped', () => {
  it('says in the editor that it was not published at its time, and why', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `定时拦截${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章：出发');
    const body = page.getByTestId('chapter-body');
    await body.fill(prose(400));
    await saved(page);
    await page.getByRole('button', { name: /定时发布/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '定时发布' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('已设置定时发布').waitFor({ timeout: 10_000 });
    // After scheduling, the author adds a sentence the checks refuse.
    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('路边贴着网络赌博的广告。');
    await saved(page);

    // TEST-ONLY: the publication's time comes (the job is made due in the test server's database).
    await serverDb()
      .db.updateTable('jobs')
      .set({ run_at: Date.now() - 1000 })
      .where('status', '=', 'pending')
      .where('payload', 'like', `%"chapterId":${chapterId}}%`)
      .execute();
    await expect.poll(() => scheduledAt(bookId), { timeout: 20_000 }).toBeNull();
    expect(serverRow<{ status: string }>('select status from chapters where id = ?', chapterId)?.status).toBe('draft');

    await page.reload();
    const notice = page.getByTestId('schedule-blocked');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      /本章原定北京时间 .+ 定时发布，但未通过发布前检查，没有发布：.*网络赌博/,
    );
    // It was not published late: no "published at" notice.
    expect(await page.getByText('补发').count()).toBe(0);
    await context.close();
  });
});

describe('publishing from the editor', () => {
  it('asks before a chapter with nothing to fix goes out, and leaves it a draft when the author goes back', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `发布确认${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章：出发');
    await page.getByTestId('chapter-body').fill(prose(400));
    await saved(page);
    const draftStatus = () =>
      serverRow<{ status: string }>('select status from chapters where id = ?', chapterId)?.status;

    await page.getByTestId('publish-button').click();
    const dialog = page.getByTestId('publish-dialog');
    await dialog.getByText('检查通过，没有发现问题').waitFor({ timeout: 10_000 });
    expect(await dialog.textContent()).toContain('已发布的章节不能撤回为草稿');
    expect(draftStatus()).toBe('draft');
    await dialog.getByRole('button', { name: '返回修改' }).click();
    expect(draftStatus()).toBe('draft');

    await page.getByTestId('publish-button').click();
    await page.getByTestId('publish-confirm').click();
    await page.getByText('发布成功').waitFor({ timeout: 10_000 });
    expect(draftStatus()).toBe('published');
    await context.close();
  });
});

describe('numbers and rules the editor explains', () => {
  it('says how the words are counted, and which characters of the title are not taken', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `字数规则${Date.now().toString(36)}`);
    await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章 初入江湖!');
    await page.getByTestId('chapter-body').fill('Hello, world！ 2026年……😀');
    await saved(page);
    const count = page.getByTestId('word-count');
    await expect.poll(() => count.textContent()).toBe('4字');
    await count.hover();
    const rule = page.getByRole('tooltip').filter({ hasText: '字数统计规则' });
    await rule.waitFor();
    expect(await rule.textContent()).toContain(
      '连续的英文字母或数字计1字（如 Hello、2026）；标点、空格、换行和表情符号不计',
    );

    const problem = page.getByTestId('title-problem');
    await problem.waitFor();
    // The usual form '第一章 初入江湖' is a valid chapter title (decisions.md): only the ASCII '!' is refused.
    expect(await problem.textContent()).toContain('标题中不支持的字符：「!」');
    await page.getByTestId('chapter-title').fill('第一章 初入江湖！');
    await problem.waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  });
});

describe('opening the editor', () => {
  it('offers to retry when the chapter could not be loaded, and opens it on retry', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `加载重试${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-body').fill('已经写好的一段。');
    await saved(page);

    const DETAIL = (url: URL) => url.pathname === '/api/pc/v1/book-chapter/detail';
    await context.route(DETAIL, dropSaves);
    await page.reload();
    await page.getByText('章节加载失败').waitFor();
    expect(await page.getByText('已保存的内容和本机暂存的内容都不会丢失').count()).toBe(1);
    await context.unroute(DETAIL, dropSaves);
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await page.getByTestId('chapter-body').waitFor();
    expect(await page.getByTestId('chapter-body').inputValue()).toBe('已经写好的一段。');
    expect(new URL(page.url()).searchParams.get('chapter_id')).toBe(String(chapterId));
    await context.close();
  });
});

describe('a scheduled chapter published late', () => {
  it('says when it was due and when it went out in Beijing time, as it was scheduled', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `补发时间${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章：出发');
    await page.getByTestId('chapter-body').fill(prose(400));
    await saved(page);
    await page.getByRole('button', { name: /定时发布/ }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '定时发布' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('已设置定时发布').waitFor({ timeout: 10_000 });

    // TEST-ONLY: the server was down when the chapter was due, 10 minutes ago.
    const due = Math.floor((Date.now() - 10 * 60_000) / 60_000) * 60_000;
    await serverDb()
      .db.updateTable('jobs')
      .set({ run_at: due })
      .where('status', '=', 'pending')
      .where('payload', 'like', `%"chapterId":${chapterId}}%`)
      .execute();
    await expect
      .poll(() => serverRow<{ status: string }>('select status from chapters where id = ?', chapterId)?.status, {
        timeout: 20_000,
      })
      .toBe('published');
    const published = serverRow<{ published_at: number }>(
      'select published_at from chapters where id = ?',
      chapterId,
    )!.published_at;
    const beijing = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

    await page.reload();
    const notice = page.getByTestId('late-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      `本章原定北京时间 ${beijing(due)} 定时发布，因服务中断，于北京时间 ${beijing(published)} 补发`,
    );
    await context.close();
  });
});

describe('the session runs out while writing', () => {
  it('says the author must log in, and saves the text by itself once logged in again', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `会话过期${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    const body = page.getByTestId('chapter-body');
    await body.click();
    await page.keyboard.type('登录还在时写的。');
    await saved(page);

    // The session is gone (logged out elsewhere, or timed out): the next save is refused.
    const cookies = await context.cookies();
    await context.clearCookies();
    await page.keyboard.type('会话过期后写的。');
    await expect.poll(() => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    expect(await status(page).textContent()).toContain('请先登录');
    expect(serverChapterText(chapterId)?.body).toBe('登录还在时写的。');

    // The author logs in again (in another tab): without typing anything more, the text is saved.
    await context.addCookies(cookies);
    await expect
      .poll(() => serverChapterText(chapterId)?.body, { timeout: 30_000 })
      .toBe('登录还在时写的。会话过期后写的。');
    await saved(page);
    await context.close();
  });
});

describe('publishing the changes to a published chapter', () => {
  it('says the changed text replaces what readers see, and replaces it once confirmed', async () => {
    const { context, page } = await newPage(browser);
    await logInAuthor(context);
    const bookId = await createBook(page, `修改发布${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章：出发');
    const body = page.getByTestId('chapter-body');
    const first = prose(400);
    await body.fill(first);
    await saved(page);
    await page.getByTestId('publish-button').click();
    await page.getByTestId('publish-confirm').click();
    await page.getByText('发布成功').waitFor({ timeout: 10_000 });

    const changed = `${first}\n结尾补写的一段。`;
    await body.fill(changed);
    await saved(page);
    await page.getByTestId('publish-button').click();
    const dialog = page.getByTestId('publish-dialog');
    await dialog.getByText('检查通过，没有发现问题').waitFor({ timeout: 10_000 });
    expect(await dialog.textContent()).toContain('修改后的内容将替换读者现在看到的版本');
    expect(await dialog.textContent()).not.toContain('不能撤回为草稿');
    await page.getByTestId('publish-confirm').click();
    await expect
      .poll(() => serverRow<{ body: string }>('select body from chapter_live where chapter_id = ?', chapterId)?.body, {
        timeout: 10_000,
      })
      .toBe(changed);
    await context.close();
  });
});
