import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { logInNewAuthor } from './ai-session.ts';
import { launchBrowser, newPage, type OpenedPage, serverDataDir, visit } from './browser.ts';

/** The AI assistant of spec §2, §4, §5 as a logged-in author meets it (Chromium, real server). */
let browser: Browser;
let opened: OpenedPage;
let page: Page;
let accountId: number;

const HOME = '/front/help-center/home';
const CHAT = '**/api/pc/v1/book-chapter/ai-chat';
const HISTORY_PREFIX = 'ac:ai-history:';
const PLACEHOLDER = '努力加载中，请您稍等…';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await opened?.context.close();
  opened = await newPage(browser);
  page = opened.page;
  ({ accountId } = await logInNewAuthor(opened.context));
  // Page timers run on Playwright's clock: time flows as usual, and presses are timed exactly.
  await page.clock.install();
});

const widgetButton = () => page.locator('.ac-ai-widget__button');
const drawer = () => page.locator('.ac-ai-drawer');
const answers = () => page.getByTestId('ai-answer');
const lastAnswer = () => answers().last();
const questionBox = () => page.getByTestId('ai-question');

async function openPage(path = HOME, options: { lang?: 'en-US' } = {}) {
  if (options.lang) {
    await opened.context.addInitScript((lang) => localStorage.setItem('ac:language', lang), options.lang);
  }
  await visit(page, path);
  await widgetButton().waitFor();
}

/**
 * Pauses the page clock a moment from now. The page's clock keeps running between reading it and
 * pausing it; on a loaded machine that gap can pass the moment chosen, and Playwright refuses to pause
 * in the past ('Cannot fast-forward to the past'), so a moment already passed is chosen afresh.
 */
async function pauseClockSoon() {
  for (let attempt = 1; ; attempt++) {
    const soon = await page.evaluate(() => Date.now() + 100);
    try {
      await page.clock.pauseAt(soon);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

/**
 * Presses the left button on `target` for exactly `ms` of page time (the clock is paused meanwhile,
 * so a loaded machine cannot stretch a click into a drag), moving by (dx, dy) halfway through.
 */
async function press(target: Locator, ms: number, move: { dx: number; dy: number } | null = null) {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await pauseClockSoon();
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.clock.runFor(ms / 2);
  if (move) await page.mouse.move(x + move.dx, y + move.dy, { steps: 5 });
  await page.clock.runFor(ms / 2);
  await page.mouse.up();
  await page.clock.resume();
}

async function openDrawer() {
  await press(widgetButton(), 40);
  await drawer().getByText('AI助理', { exact: true }).waitFor();
}

async function ask(question: string) {
  await questionBox().fill(question);
  await questionBox().press('Enter');
}

/** Waits until the last answer is settled (not answering, typewriter done). */
async function settled() {
  await page.waitForFunction(
    () => !document.querySelector('.ac-ai-msg__text.is-answering') && !document.querySelector('.ac-ai-caret'),
  );
}

const storedHistory = () =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), `${HISTORY_PREFIX}${accountId}`);

function fulfillError(route: Route, status: number, code: number, title: string) {
  return route.fulfill({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ code, errors: { code, title } }),
  });
}

describe('the floating widget', () => {
  test('a press under 200 ms is a click that opens the 600 px drawer; a longer press drags without opening', async () => {
    await openPage();
    await openDrawer();
    const panel = page.locator('.ac-ai-drawer .ant-drawer-content-wrapper, .ac-ai-drawer').first();
    expect(Math.round((await panel.boundingBox())!.width)).toBe(600);
    await drawer().getByRole('button', { name: '关闭' }).click();
    await drawer().waitFor({ state: 'hidden' });

    const before = (await page.getByTestId('ai-widget').boundingBox())!;
    await press(widgetButton(), 450, { dx: -240, dy: -120 });
    const after = (await page.getByTestId('ai-widget').boundingBox())!;
    expect(Math.round(after.x - before.x)).toBe(-240);
    expect(Math.round(after.y - before.y)).toBe(-120);
    expect(await drawer().isVisible()).toBe(false);

    // Held past 200 ms without moving: still no click.
    await press(widgetButton(), 350);
    await page.waitForTimeout(300);
    expect(await drawer().isVisible()).toBe(false);

    // Keyboard: Enter on the focused button opens it.
    await widgetButton().focus();
    await page.keyboard.press('Enter');
    await drawer().getByText('AI助理', { exact: true }).waitFor();
  });

  test('the hover prompt shows after 500 ms and hides 500 ms after leaving; the animation replays every 180000 ms', async () => {
    await openPage();
    await pauseClockSoon();
    const prompt = page.locator('.ac-ai-prompt');
    const box = (await widgetButton().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.clock.runFor(450);
    expect(await prompt.count()).toBe(0);
    await page.clock.runFor(100);
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain('有问题？问问AI助理');
    expect(await prompt.innerText()).toContain('长篇小说写多少字可以申请签约？');

    await page.mouse.move(10, 10);
    await page.clock.runFor(450);
    expect(await prompt.count()).toBe(1);
    await page.clock.runFor(100);
    await prompt.waitFor({ state: 'detached' });

    // Sample the animation counter every second for 6 minutes: it replays exactly every 180000 ms.
    const animation = async () => Number(await widgetButton().getAttribute('data-animation'));
    let last = await animation();
    const replays: number[] = [];
    for (let elapsed = 1_000; elapsed <= 360_000; elapsed += 1_000) {
      await page.clock.runFor(1_000);
      const now = await animation();
      if (now !== last) {
        expect(now).toBe(last + 1);
        replays.push(elapsed);
        last = now;
      }
    }
    expect(replays).toHaveLength(2);
    expect(replays[1] - replays[0]).toBe(180_000);
  });

  test('hiding asks for confirmation, leaves a draggable tab that reopens it, and is remembered', async () => {
    await openPage();
    await page.getByTestId('ai-widget').hover();
    await page.getByRole('button', { name: '隐藏AI助理' }).click();
    const dialog = page.locator('.ac-confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('确认隐藏AI助理吗？');
    expect(await dialog.innerText()).toContain('隐藏后可在右侧重新打开');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    expect(await widgetButton().isVisible()).toBe(true);

    await page.getByRole('button', { name: '隐藏AI助理' }).click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const tab = page.getByTestId('ai-tab');
    await tab.waitFor();
    expect(await widgetButton().count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('ac:ai-assistant-open'))).toBe('0');

    // The tab drags along the right edge; a long press does not reopen.
    const before = (await tab.boundingBox())!;
    await press(tab, 400, { dx: -100, dy: -150 });
    const after = (await tab.boundingBox())!;
    expect(Math.round(after.y - before.y)).toBe(-150);
    expect(Math.round(after.x)).toBe(Math.round(before.x));
    expect(await widgetButton().count()).toBe(0);

    await page.reload();
    await tab.waitFor();
    expect(await widgetButton().count()).toBe(0);

    await press(tab, 40);
    await widgetButton().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ac:ai-assistant-open'))).toBe('1');
  });

  test('the confirmation reads in English for en-US', async () => {
    await openPage(HOME, { lang: 'en-US' });
    await page.getByTestId('ai-widget').hover();
    await page.getByRole('button', { name: 'Hide the AI assistant' }).click();
    const dialog = page.locator('.ac-confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Confirm hiding the AI assistant?');
    expect(await dialog.innerText()).toContain('You can reopen it on the right side after hiding');
  });

  test('does not appear on the two chapter-editor pages, nor for a visitor', async () => {
    await openPage();
    for (const path of ['/front/book-upload', '/front/book-upload/short']) {
      await visit(page, path);
      await page.waitForTimeout(500);
      expect(await page.getByTestId('ai-widget').count(), path).toBe(0);
    }
    await visit(page, HOME);
    await widgetButton().waitFor();

    const visitor = await newPage(browser);
    try {
      await visit(visitor.page, HOME);
      await visitor.page.locator('.ac-help__top').waitFor();
      await visitor.page.waitForTimeout(500);
      expect(await visitor.page.getByTestId('ai-widget').count()).toBe(0);
    } finally {
      await visitor.context.close();
    }
  });
});

describe('the drawer and its question box', () => {
  test('header, intro with the default questions, and the §5 rules of the question box', async () => {
    await openPage();
    await openDrawer();
    const header = drawer().locator('.ant-drawer-header');
    expect(await header.innerText()).toMatch(/AI助理[\s\S]*反馈[\s\S]*清空[\s\S]*关闭/);
    expect(await drawer().locator('.ac-ai-intro').innerText()).toContain('怎么设置定时发布章节？');

    const box = questionBox();
    expect(await box.getAttribute('placeholder')).toBe('请输入您的问题');
    const send = drawer().getByRole('button', { name: /发\s*送/ });
    expect(await send.isDisabled()).toBe(true);
    expect(await drawer().locator('.ant-input-data-count').innerText()).toBe('0/200');

    await box.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await box.press('Enter');
    await page.locator('.ant-message').getByText('请输入您的问题').waitFor();
    expect(await answers().count()).toBe(0);

    await box.fill('签'.repeat(230));
    expect((await box.inputValue()).length).toBe(200);
    expect(await drawer().locator('.ant-input-data-count').innerText()).toBe('200/200');

    // 2 to 4 rows.
    const lineHeight = await box.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    await box.fill('一');
    // It shrinks back to two rows on a later frame too.
    await expect
      .poll(async () => (await box.boundingBox())!.height, { timeout: 5000 })
      .toBeLessThan(lineHeight * 3 + 12);
    const small = (await box.boundingBox())!.height;
    await box.fill('一\n二\n三\n四\n五\n六\n七');
    // The box grows on the next frame (autosize measures after the change): wait for it.
    await expect.poll(async () => (await box.boundingBox())!.height, { timeout: 5000 }).toBeGreaterThan(small);
    const large = (await box.boundingBox())!.height;
    expect(small).toBeGreaterThanOrEqual(lineHeight * 2);
    expect(large).toBeLessThan(lineHeight * 5 + 12);
  });

  test('a question while one is pending: 努力加载中，请您稍等 inside, AI助理请求频繁，请稍后再试 from outside', async () => {
    let release: () => void = () => {};
    await page.route(CHAT, async (route) => {
      await new Promise<void>((r) => {
        release = r;
      });
      await route.continue();
    });
    await openPage();
    await openDrawer();
    await ask('稿费几号到账');
    await lastAnswer().getByText(PLACEHOLDER).waitFor();
    await ask('作品什么时候上架');
    await page.locator('.ant-message').getByText('努力加载中，请您稍等').waitFor();
    expect(await questionBox().inputValue()).toBe('作品什么时候上架');

    await drawer().getByRole('button', { name: '关闭' }).click();
    await page.getByTestId('ai-widget').hover();
    await page.locator('.ac-ai-prompt button').first().click();
    await page.locator('.ant-message').getByText('AI助理请求频繁，请稍后再试').waitFor();
    release();
    await settled();
    expect(await answers().count()).toBe(1);
  });
});

describe('the chat (§4)', () => {
  test('success: the placeholder becomes the grounded answer, printed while every action is disabled', async () => {
    await page.route(CHAT, async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await openPage();
    await openDrawer();
    await ask('稿费每个月几号到账');
    const answer = lastAnswer();
    await answer.getByText(PLACEHOLDER).waitFor();
    expect(await drawer().locator('.ac-ai-msg.is-user').last().innerText()).toBe('稿费每个月几号到账');
    // While printing, '换一换' and the marks are disabled.
    await answer.locator('.ac-ai-caret').waitFor();
    expect(await answer.getByRole('button', { name: '换一换' }).isDisabled()).toBe(true);
    expect(await answer.getByRole('button', { name: '有用' }).isDisabled()).toBe(true);
    await settled();
    expect(await answer.innerText()).toContain('稿酬每月结算一次，于每月8日发放到您绑定的银行卡');
    expect(await answer.getByRole('button', { name: '换一换' }).isDisabled()).toBe(false);
    const link = answer.getByRole('link', { name: '《稿酬什么时候发放？》' });
    expect(await link.getAttribute('href')).toBe('/front/help-center/questions/6-36');
    await link.click();
    await page.waitForURL((url) => url.pathname === '/front/help-center/questions/6-36');
    await page.getByRole('heading', { name: '稿酬什么时候发放？' }).waitFor();

    const [stored] = (await storedHistory()).slice(-1);
    expect(stored).toMatchObject({ role: 'assistant', isAnsweringRight: true });
  });

  test('40003083 shows the server message, without retry', async () => {
    await page.route(CHAT, (route) => fulfillError(route, 429, 40003083, '您提问太频繁了，请30秒后再试'));
    await openPage();
    await openDrawer();
    await ask('稿费几号到账');
    await lastAnswer().getByText('您提问太频繁了，请30秒后再试').waitFor();
    expect(await lastAnswer().getByRole('button', { name: '重试' }).count()).toBe(0);
    expect(await lastAnswer().getByRole('button', { name: '换一换' }).count()).toBe(0);
  });

  test('another failure shows 答案生成失败，请重试 with retry, which asks again', async () => {
    let calls = 0;
    await page.route(CHAT, (route) => {
      calls += 1;
      return calls === 1 ? fulfillError(route, 502, 10000500, '答案生成失败，请重试') : route.continue();
    });
    await openPage();
    await openDrawer();
    await ask('签约后作品什么时候能上架');
    await lastAnswer().getByText('答案生成失败，请重试').waitFor();
    const retry = lastAnswer().getByRole('button', { name: '重试' });
    await retry.click();
    await settled();
    expect(calls).toBe(2);
    expect(await lastAnswer().innerText()).toContain('自动在免费App上架');
    expect(await lastAnswer().getByRole('button', { name: '重试' }).count()).toBe(0);
  });

  test('the stream path shows 功能维护中 without retry', async () => {
    await page.route('**/api/pc/v1/global/ai-config*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.stream = 1;
      await route.fulfill({ response, json: body });
    });
    await openPage();
    await openDrawer();
    await ask('稿费几号到账');
    await lastAnswer().getByText('功能维护中').waitFor();
    expect(await lastAnswer().getByRole('button', { name: '重试' }).count()).toBe(0);
  });

  test("'换一换' adds an answer slot with a new answer; the pager does not wrap", async () => {
    await openPage();
    await openDrawer();
    await ask('稿费每个月几号到账');
    await settled();
    const first = await lastAnswer().locator('.ac-ai-msg__text').innerText();
    await lastAnswer().getByRole('button', { name: '换一换' }).click();
    await settled();
    const pager = lastAnswer().locator('.ac-ai-pager');
    expect(await pager.innerText()).toContain('2/2');
    const second = await lastAnswer().locator('.ac-ai-msg__text').innerText();
    expect(second).not.toBe(first);
    const prev = lastAnswer().getByRole('button', { name: '上一个答案' });
    const next = lastAnswer().getByRole('button', { name: '下一个答案' });
    expect(await next.isDisabled()).toBe(true);
    await prev.click();
    expect(await pager.innerText()).toContain('1/2');
    expect(await lastAnswer().locator('.ac-ai-msg__text').innerText()).toBe(first);
    expect(await prev.isDisabled()).toBe(true);
    await next.click();
    expect(await pager.innerText()).toContain('2/2');
    expect(await answers().count()).toBe(1);
  });

  test('useful/useless once per answer: both then disabled, and the mark is stored', async () => {
    await openPage();
    await openDrawer();
    await ask('勋章墙在哪里');
    await settled();
    const useful = lastAnswer().getByRole('button', { name: '有用' });
    const useless = lastAnswer().getByRole('button', { name: '无用' });
    const marked = page.waitForResponse((r) => r.url().includes('/ai-chat-mark'));
    await useless.click();
    expect((await marked).status()).toBe(200);
    expect(await useful.isDisabled()).toBe(true);
    expect(await useless.isDisabled()).toBe(true);
    expect(await useless.getAttribute('aria-pressed')).toBe('true');

    const db = new Database(join(serverDataDir(), 'author-centre.sqlite'), { readonly: true });
    try {
      const row = db
        .prepare('select question, mark from ai_chats where account_id = ? order by id desc limit 1')
        .get(accountId) as { question: string; mark: string };
      expect(row).toEqual({ question: '勋章墙在哪里', mark: 'useless' });
    } finally {
      db.close();
    }
  });

  test('on reload, answers not marked correct are dropped with their question', async () => {
    let calls = 0;
    await page.route(CHAT, (route) => {
      calls += 1;
      return calls === 2 ? fulfillError(route, 502, 10000500, '答案生成失败，请重试') : route.continue();
    });
    await openPage();
    await openDrawer();
    await ask('怎么联系我的编辑');
    await settled();
    await ask('作者等级怎么升上去');
    await lastAnswer().getByText('答案生成失败，请重试').waitFor();
    expect(await answers().count()).toBe(2);

    await page.reload();
    await openDrawer();
    expect(await answers().count()).toBe(1);
    const users = await drawer().locator('.ac-ai-msg.is-user').allInnerTexts();
    expect(users).toEqual(['怎么联系我的编辑']);
  });

  test('clear asks 是否清空记录 and empties the list and the stored history', async () => {
    await openPage();
    await openDrawer();
    await ask('忘记密码怎么办');
    await settled();
    await drawer().getByRole('button', { name: '清空' }).click();
    const dialog = page.locator('.ac-confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('是否清空记录');
    expect(await dialog.innerText()).toContain('清空记录后将无法查看，请仔细考虑');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await answers().first().waitFor({ state: 'detached' });
    expect(await storedHistory()).toEqual([]);
  });

  test('keeps the last 60 messages under the prefix plus the account id', async () => {
    await page.route(CHAT, (route) =>
      route.fulfill({
        json: {
          code: 200,
          data: { message: '新的答案', id: 1, answer_index: 0, sources: [], grounded: true, has_more: false },
        },
      }),
    );
    const history = Array.from({ length: 35 }, (_, i) => [
      { role: 'user', content: `旧问题${i}` },
      {
        role: 'assistant',
        content: `旧答案${i}`,
        answers: [{ content: `旧答案${i}`, id: 1000 + i }],
        answersIndex: 0,
        isAnsweringRight: true,
        isNeedRetry: false,
      },
    ]).flat();
    await opened.context.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem(key, value);
          sessionStorage.setItem('seeded', '1');
        }
      },
      [`${HISTORY_PREFIX}${accountId}`, JSON.stringify(history)],
    );
    await openPage();
    await openDrawer();
    expect(await answers().count()).toBe(30);
    expect(await drawer().locator('.ac-ai-msg.is-user').first().innerText()).toBe('旧问题5');
    await ask('最新的问题');
    await settled();
    const stored = await storedHistory();
    expect(stored).toHaveLength(60);
    expect(stored[0]).toEqual({ role: 'user', content: '旧问题6' });
    expect(stored[58]).toEqual({ role: 'user', content: '最新的问题' });
  });
});
