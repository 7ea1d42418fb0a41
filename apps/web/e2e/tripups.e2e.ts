import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, launchBrowser, visit } from './browser.ts';
import { closeServerDb, eventually, logIn, newAuthor, popOnScreen, serverDb } from './home-session.ts';
import { createBook, openNewChapter, serverChapterText, serverRow } from './works-session.ts';

/** Issue 18: what authors tripped over (pop-ups that nag, notes in one language, an editor that needs the network). */
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeServerDb();
});
afterEach(async () => {
  await context?.close();
});

async function open(locale = 'zh-CN'): Promise<Page> {
  // The offline test needs the app's service worker (launchBrowser's contexts block it otherwise).
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale, serviceWorkers: 'allow' });
  return context.newPage();
}

const HOUR = 60 * 60 * 1000;

describe('a pop asking for an action asks once', () => {
  test("after '稍后再说' the complete-info pop stays closed across page loads, is reminded in the header, and returns after 24 hours", async () => {
    const author = await newAuthor({ phone: false });
    const page = await open();
    await logIn(context, author);
    const start = Date.now();
    await page.clock.install({ time: start });
    await visit(page, '/front/index');
    expect(await popOnScreen(page)).toBe('complete-info-pop');
    await page.getByTestId('complete-info-pop').getByRole('button', { name: '稍后再说' }).click();
    await page.getByTestId('complete-info-pop').waitFor({ state: 'detached' });

    // Full page loads in the same session: no pop, nothing blocking the first click.
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(await popOnScreen(page, 3000)).toBeNull();
    await visit(page, '/front/book-manage/list');
    expect(await popOnScreen(page, 3000)).toBeNull();

    // The quiet reminder in the header's pen-name menu opens the same dialog.
    await page.getByTestId('header-pen-name').click();
    await page.getByTestId('header-reminder').filter({ hasText: '完善作者信息' }).click();
    await page.getByTestId('complete-info-dialog').waitFor();
    await page.getByTestId('complete-info-dialog').getByRole('button', { name: '稍后再说' }).click();

    // Another browser session 23 hours later: still closed.
    const later = await context.newPage();
    await later.clock.install({ time: start + 23 * HOUR });
    await visit(later, '/front/index');
    await later.getByTestId('home-page').waitFor();
    expect(await popOnScreen(later, 3000)).toBeNull();
    await later.close();

    // 25 hours later the pop asks again.
    const nextDay = await context.newPage();
    await nextDay.clock.install({ time: start + 25 * HOUR });
    await visit(nextDay, '/front/index');
    expect(await popOnScreen(nextDay)).toBe('complete-info-pop');
  });
});

describe('the pen-name menu', () => {
  test('opened by the pointer resting on the pen name, it stays open when the author then clicks the pen name', async () => {
    const author = await newAuthor({ beginnerGuideSeen: true });
    const page = await open();
    await logIn(context, author);
    await visit(page, '/front/book-manage/list');
    const penName = page.getByTestId('header-pen-name');
    const logout = page.getByRole('menuitem', { name: '退出登录' });
    await penName.hover();
    await logout.waitFor();
    await penName.click();
    // A click that closed it would have finished closing by now (antd's motion takes 0.2 s).
    await page.waitForTimeout(1000);
    expect(await logout.isVisible()).toBe(true);
    // It still closes when the pointer leaves.
    await page.mouse.move(5, 600);
    await logout.waitFor({ state: 'hidden' });
  });
});

describe("scheduled-publishing notes in the author's language", () => {
  test('an en-US author reads a stopped scheduled publication in English, on the book and in the message centre', async () => {
    const author = await newAuthor();
    const page = await open();
    await logIn(context, author);
    const bookId = await createBook(page, `夜雨${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章 夜雨');
    await page.getByTestId('chapter-body').fill('雨下了一整夜。\n街角有人在出售个人信息。');
    await eventually(
      async () => serverChapterText(chapterId)?.body ?? '',
      (body) => body.includes('出售个人信息'),
    );
    // The chapter's time comes (the server's own job runner fires it): scheduled for now.
    const { db } = serverDb();
    const now = Date.now();
    const job = await db
      .insertInto('jobs')
      .values({
        kind: 'works.publish-chapter',
        dedupe_key: null,
        payload: JSON.stringify({ chapterId }),
        run_at: now,
        status: 'pending',
        attempts: 0,
        max_attempts: 5,
        locked_by: null,
        locked_until: 0,
        last_error: null,
        started_at: null,
        finished_at: null,
        late_ms: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('chapters')
      .set({ scheduled_at: now, schedule_job_id: job.id })
      .where('id', '=', chapterId)
      .execute();
    await eventually(
      () => db.selectFrom('publish_log').select('outcome').where('chapter_id', '=', chapterId).execute(),
      (rows) => rows.some((r) => r.outcome === 'blocked'),
    );

    await page.evaluate(() => localStorage.setItem('ac:language', 'en-US'));
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${bookId}`));
    const notes = page.getByTestId('publish-notices');
    await notes.waitFor();
    expect(await notes.innerText()).toContain(
      'Contains the sensitive word "出售个人信息"; please change it before publishing',
    );
    expect(await notes.innerText()).toContain('Beijing time');

    await visit(page, '/front/message');
    const item = page.getByTestId('news-item').filter({ hasText: 'Scheduled publication stopped: "第一章 夜雨"' });
    await item.waitFor();
    await item.click();
    const detail = page.getByTestId('news-detail');
    await detail.waitFor();
    const text = await detail.innerText();
    expect(text).toContain('did not pass the checks before publishing');
    expect(text).toContain('Beijing time');
    expect(text).not.toContain('定时发布');
    // Its time is Beijing time too, whatever the browser's zone (this browser runs in the machine's, UTC here).
    const message = await db
      .selectFrom('messages')
      .select('created_at')
      .where('account_id', '=', author.accountId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const beijing = new Date(message.created_at + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
    expect(text).toContain(beijing);
  });
});

describe('importing the same file twice', () => {
  test('says so before creating duplicate drafts, and creates nothing when the author stops', async () => {
    const author = await newAuthor();
    const page = await open();
    await logIn(context, author);
    const bookId = await createBook(page, `重复导入${Date.now().toString(36)}`);
    const manuscript = {
      name: '长夜.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(['第一章 夜雨', '雨下了一整夜。', '第二章 天明', '天亮了。'].join('\n'), 'utf8'),
    };
    const importOnce = async () => {
      await page.getByRole('button', { name: /导入章节/ }).click();
      await page.getByTestId('import-file').setInputFiles(manuscript);
      await expect.poll(() => page.getByTestId('import-segment').count(), { timeout: 15_000 }).toBe(2);
    };
    const drafts = () =>
      serverRow<{ n: number }>('select count(*) as n from chapters where book_id = ? and deleted_at is null', bookId)
        ?.n;

    await importOnce();
    expect(await page.getByTestId('import-duplicate').count()).toBe(0);
    await page.getByRole('button', { name: '创建草稿' }).click();
    await page.getByText('导入完成，已创建 2 个草稿').waitFor({ timeout: 30_000 });
    await page.getByTestId('import-dialog').getByRole('button', { name: '关闭' }).last().click();
    expect(drafts()).toBe(2);

    await importOnce();
    const warning = page.getByTestId('import-duplicate');
    await warning.waitFor();
    expect(await warning.innerText()).toContain('这个文件已于北京时间');
    expect(await warning.innerText()).toContain('（长夜.txt，2 个草稿）');
    await page.getByRole('button', { name: '创建草稿' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '这个文件已经导入过' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: '不导入' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(drafts()).toBe(2);
  });
});

describe('an upload whose session ran out', () => {
  test('goes to the login page, which leads back to the book, like every other call', async () => {
    const author = await newAuthor();
    const page = await open();
    await logIn(context, author);
    const bookId = await createBook(page, `过期上传${Date.now().toString(36)}`);
    await page.getByRole('button', { name: /导入章节/ }).click();
    // The session is gone (timed out, or ended elsewhere): the browser no longer holds it.
    await context.clearCookies();
    await page.getByTestId('import-file').setInputFiles({
      name: '稿.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('第一章 开端\n山风吹过竹林。', 'utf8'),
    });
    await page.waitForURL(/\/front\/register-login\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe('/front/book-manage/manage');
    expect(url.searchParams.get('book_id')).toBe(String(bookId));
  });
});

describe('the editor without the network', () => {
  test('an offline reload reopens the chapter with its journaled text, which is saved when the network returns', async () => {
    const author = await newAuthor();
    const page = await open();
    await logIn(context, author);
    const bookId = await createBook(page, `离线${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-title').fill('第一章 车上');
    await page.getByTestId('chapter-body').fill('火车开出了城。');
    await eventually(
      async () => serverChapterText(chapterId)?.body ?? '',
      (body) => body === '火车开出了城。',
    );
    // The app shell is in the service worker's cache once it is active.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await context.setOffline(true);
    await page.getByTestId('chapter-body').fill('火车开出了城。\n隧道里没有信号，他继续写。');
    await expect.poll(() => page.getByTestId('save-status').getAttribute('data-status')).not.toBe('saved');
    await page.reload();
    const body = page.getByTestId('chapter-body');
    await body.waitFor({ timeout: 15_000 });
    await expect.poll(() => body.inputValue()).toBe('火车开出了城。\n隧道里没有信号，他继续写。');
    expect(await page.getByTestId('chapter-title').inputValue()).toBe('第一章 车上');
    // It was the service worker that answered: the browser alone has no copy of the page (no-cache).
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Back online: what was written offline reaches the server without the author doing anything.
    await context.setOffline(false);
    await eventually(
      async () => serverChapterText(chapterId)?.body ?? '',
      (saved) => saved.includes('隧道里没有信号，他继续写。'),
    );
  });

  test('the service worker installs at the first quiet moment, not while the author types', async () => {
    const author = await newAuthor();
    const page = await open();
    await logIn(context, author);
    const bookId = await createBook(page, `安静${Date.now().toString(36)}`);
    await openNewChapter(page, bookId);
    // From the first moment of the next page load: a key every 400 ms until the test says stop, and the time the
    // app asks the browser to register its service worker.
    await page.addInitScript(() => {
      const w = window as unknown as { typing: boolean; stoppedAt: number; registeredAt: number };
      w.typing = true;
      setInterval(() => {
        if (w.typing) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      }, 400);
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        w.registeredAt = performance.now();
        return register.apply(this, args);
      };
    });
    await page.reload();
    await page.getByTestId('chapter-body').waitFor();
    await page.waitForTimeout(5000);
    expect(await page.evaluate(() => 'registeredAt' in window)).toBe(false);
    await page.evaluate(() => {
      const w = window as unknown as { typing: boolean; stoppedAt: number };
      w.typing = false;
      w.stoppedAt = performance.now();
    });
    await page.waitForFunction(() => 'registeredAt' in window, undefined, { timeout: 10_000 });
    const quiet = await page.evaluate(() => {
      const w = window as unknown as { stoppedAt: number; registeredAt: number };
      return w.registeredAt - w.stoppedAt;
    });
    // 3 s after the last key (a key may have come up to 400 ms before the stop).
    expect(quiet).toBeGreaterThanOrEqual(2500);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  });

  /** A new author's new chapter open in the editor, once the service worker is installed and active. */
  async function editorWithServiceWorker(bookTitle: string): Promise<Page> {
    const author = await newAuthor();
    const page = await open();
    await logIn(context, author);
    await openNewChapter(page, await createBook(page, `${bookTitle}${Date.now().toString(36)}`));
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    return page;
  }

  test('the service worker keeps the files the pages loaded, not the whole app, and what a page loads later', async () => {
    const page = await editorWithServiceWorker('留存');
    const loaded = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(`${location.origin}/assets/`)),
      );
    const kept = () =>
      page.evaluate(async () => (await (await caches.open('ac-files')).keys()).map((request) => request.url));
    // Installed while the editor was open: everything the editor page had loaded is kept, and nothing else.
    // (Read in this order, since the page may load more meanwhile: loaded before ⊆ kept ⊆ loaded after.)
    const editorFiles = await loaded();
    expect(editorFiles.some((url) => /\/EditorPage-[^/]+\.js$/.test(url))).toBe(true);
    const keptAtInstall = await kept();
    const loadedSince = await loaded();
    expect(editorFiles.filter((url) => !keptAtInstall.includes(url))).toEqual([]);
    expect(keptAtInstall.filter((url) => !loadedSince.includes(url))).toEqual([]);
    expect(keptAtInstall.some((url) => /\/HelpHomePage-[^/]+\.js$/.test(url))).toBe(false);

    // A page opened afterwards: what it loads is kept as it loads.
    await visit(page, '/front/help-center/home');
    await page.getByRole('heading').first().waitFor();
    await expect
      .poll(async () => (await kept()).some((url) => /\/HelpHomePage-[^/]+\.js$/.test(url)), { timeout: 10_000 })
      .toBe(true);
  });

  test("a new install keeps this build's versions of the files kept from an earlier build, and drops the earlier ones", async () => {
    const page = await editorWithServiceWorker('换版');
    const kept = () =>
      page.evaluate(async () =>
        (await (await caches.open('ac-files')).keys()).map((request) => new URL(request.url).pathname),
      );
    // The help centre's page, as an earlier build named it, kept when the author read it before the update.
    const earlier = '/assets/HelpHomePage-0ldBu1ld.js';
    expect((await kept()).some((path) => /\/HelpHomePage-[^/]+\.js$/.test(path))).toBe(false);
    await page.evaluate(async (path) => {
      await (await caches.open('ac-files')).put(
        path,
        new Response('export {}', { headers: { 'content-type': 'text/javascript' } }),
      );
      await (await navigator.serviceWorker.getRegistration())?.unregister();
    }, earlier);
    // The next load installs the worker afresh (at the first quiet moment), as a new version is installed.
    await page.reload();
    await page.getByTestId('chapter-body').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const helpPages = async () => (await kept()).filter((path) => /\/HelpHomePage-[^/]+\.js$/.test(path));
    await expect.poll(helpPages, { timeout: 15_000 }).not.toContain(earlier);
    expect(await helpPages()).toEqual([expect.stringMatching(/^\/assets\/HelpHomePage-[\w-]{8}\.js$/)]);
  });

  test('logging out deletes the copy of the chapter last open, so the next person on the computer cannot read it', async () => {
    const author = await newAuthor();
    const page = await open();
    await logIn(context, author);
    const bookId = await createBook(page, `共用${Date.now().toString(36)}`);
    const chapterId = await openNewChapter(page, bookId);
    await page.getByTestId('chapter-body').fill('只写给自己看的一段。');
    await eventually(
      async () => serverChapterText(chapterId)?.body ?? '',
      (body) => body === '只写给自己看的一段。',
    );
    const copiedText = () =>
      page.evaluate(
        () =>
          new Promise<string | null>((resolve) => {
            const request = indexedDB.open('ac-works');
            request.onupgradeneeded = () => request.transaction?.abort(); // not there: do not create it
            request.onerror = () => resolve(null);
            request.onsuccess = () => {
              const db = request.result;
              const read = db.transaction('last-open').objectStore('last-open').get('chapter');
              read.onsuccess = () => {
                db.close();
                resolve((read.result as { content?: string } | undefined)?.content ?? null);
              };
            };
          }),
      );
    await expect.poll(copiedText).toBe('只写给自己看的一段。');

    await page.getByTestId('header-pen-name').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL((url) => url.pathname === '/front/register-login/login');
    await expect.poll(copiedText, { timeout: 10_000 }).toBeNull();
    // And it stays deleted: the editor closing after the logout writes nothing back.
    await page.waitForTimeout(1000);
    expect(await copiedText()).toBeNull();
  });
});
