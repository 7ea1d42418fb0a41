import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, launchBrowser, visit } from './browser.ts';
import {
  addGraduation,
  addHomeModel,
  addLevelChange,
  awardBadges,
  closePop,
  closeServerDb,
  drainPops,
  eventually,
  gotoWithStillClock,
  logIn,
  newAuthor,
  popOnScreen,
  serverDb,
} from './home-session.ts';

/** The global pop-up queue of §4: each pop's rule, the order, the 2 s seen calls, the page rules. */
let browser: Browser;
let context: BrowserContext;
let page: Page;

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

async function open(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  // The pop-ups' motion is part of what is tested (the envelope's fireworks): full motion here.
  context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    reducedMotion: 'no-preference',
    ...options,
  });
  page = await context.newPage();
  return page;
}

describe('each pop and its rule', () => {
  test('a settled author with nothing waiting sees no pop', async () => {
    const author = await newAuthor();
    await open();
    await logIn(context, author);
    await visit(page, '/front/index');
    await page.getByTestId('home-page').waitFor();
    expect(await popOnScreen(page, 3000)).toBeNull();
  });

  test('1: an account without a bound phone is asked to complete its information', async () => {
    const author = await newAuthor({ phone: false });
    await open();
    await logIn(context, author);
    await visit(page, '/front/index');
    expect(await drainPops(page)).toEqual(['complete-info-pop']);
  });

  test('account-split: pen names sharing a phone open the pen-name binding first', async () => {
    const author = await newAuthor({ secondPenName: true });
    await addGraduation(author, '1');
    await open();
    await logIn(context, author);
    await visit(page, '/front/index');
    expect(await drainPops(page)).toEqual(['account-split-pop', 'graduate-envelope']);
  });

  test('10: guide 37 unseen opens the beginner guide in automatic mode, which records it as seen', async () => {
    const author = await newAuthor({ beginnerGuideSeen: false });
    await open();
    await logIn(context, author);
    const saved = page.waitForRequest(
      (r) => r.url().includes('/api/author/save-guide-config') && r.method() === 'POST',
    );
    await visit(page, '/front/index');
    expect(await popOnScreen(page)).toBe('beginner-guide');
    expect(await page.getByTestId('beginner-guide').getAttribute('data-step')).toBe('select');
    expect(JSON.parse((await saved).postData() ?? '{}')).toMatchObject({ type: 37 });
    await closePop(page, 'beginner-guide');
    const { db } = serverDb();
    await eventually(
      () =>
        db
          .selectFrom('account_guides')
          .select('shown')
          .where('account_id', '=', author.accountId)
          .where('guide_type', '=', 37)
          .executeTakeFirst(),
      (row) => row?.shown === 1,
    );
    await page.reload();
    expect(await popOnScreen(page, 3000)).toBeNull();
  });

  test('7: a normal graduation (level 1) and its button to the honour wall', async () => {
    const author = await newAuthor();
    await addGraduation(author, '1', '第3期新人训练营');
    await open();
    await logIn(context, author);
    await visit(page, '/front/index');
    const pop = page.getByTestId('graduate-envelope');
    await pop.getByRole('heading', { name: '恭喜顺利结业' }).waitFor();
    expect(await pop.locator('[data-level]').getAttribute('data-level')).toBe('normal');
    expect(await pop.innerText()).toContain('第3期新人训练营');
    await pop.getByRole('button', { name: '去荣誉墙看看' }).click();
    await page.waitForURL((u) => u.pathname === '/front/writing-camp/honor-wall');
    await pop.waitFor({ state: 'detached' });
  });

  test('7: any other level is an excellent graduation', async () => {
    const author = await newAuthor();
    await addGraduation(author, '2');
    await open();
    await logIn(context, author);
    await visit(page, '/front/index');
    const pop = page.getByTestId('graduate-envelope');
    await pop.getByRole('heading', { name: '恭喜获得优秀学员' }).waitFor();
    expect(await pop.locator('[data-level]').getAttribute('data-level')).toBe('excellent');
  });

  test('3: the badge envelope opens with fireworks, duplicates two badges for the carousel and shows +growth for 3 s', async () => {
    const author = await newAuthor();
    await awardBadges(author, [
      { title: '笔耕不辍', growth: 30 },
      { title: '万字新星', growth: 20 },
    ]);
    await open();
    await logIn(context, author);
    const pop = page.getByTestId('badge-envelope');
    await gotoWithStillClock(page, appUrl('/front/index'), () => pop.isVisible());
    // Sealed first, then it opens by its button (or by itself) and fires confetti once.
    expect(await pop.locator('[data-phase]').getAttribute('data-phase')).toBe('sealed');
    await pop.getByRole('button', { name: '拆开信封' }).click();
    await page.clock.runFor(800);
    await pop.locator('[data-phase="open"]').waitFor();
    await page.mouse.move(5, 5);
    const canvas = page.locator('body > canvas');
    for (let i = 0; i < 40 && (await canvas.count()) === 0; i++) await page.clock.runFor(50);
    expect(await canvas.count()).toBeGreaterThan(0);
    expect(await pop.getByRole('heading', { name: '恭喜获得 2 枚新勋章' }).count()).toBe(1);
    // Two badges become four slides; the counter still counts two.
    expect(await pop.getByTestId('badge-slide').count()).toBe(4);
    expect(await pop.getByTestId('badge-counter').innerText()).toBe('1 / 2');
    const note = pop.getByTestId('growth-note');
    await note.waitFor();
    expect(await note.innerText()).toBe('+30 成长值');
    await page.clock.runFor(3100);
    // The next badge turned up with its own note.
    expect(await pop.getByTestId('badge-counter').innerText()).toBe('2 / 2');
    expect(await pop.getByTestId('growth-note').innerText()).toBe('+20 成长值');
    await pop.getByRole('button', { name: '下一枚' }).click();
    expect(await pop.getByTestId('badge-counter').innerText()).toBe('1 / 2');
    expect(await pop.locator('[data-active="true"]').getAttribute('data-badge-id')).toBe(
      await pop.getByTestId('badge-slide').nth(2).getAttribute('data-badge-id'),
    );
    await pop.getByRole('button', { name: '太棒了' }).click();
    await pop.waitFor({ state: 'detached' });
  });

  test("3: 'view more badges' opens the medal wall in a new tab and closes the envelope", async () => {
    const author = await newAuthor();
    await awardBadges(author, [{ title: '初出茅庐' }]);
    await open();
    await logIn(context, author);
    await visit(page, '/front/index');
    const pop = page.getByTestId('badge-envelope');
    // It opens by itself.
    await pop.locator('[data-phase="open"]').waitFor();
    const popup = context.waitForEvent('page');
    await pop.getByRole('button', { name: '查看更多勋章' }).click();
    const tab = await popup;
    await tab.waitForURL((u) => u.pathname === '/front/page/medal-wall');
    await pop.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/front/index');
    await tab.getByTestId('medal-wall').waitFor();
    await tab.close();
  });

  test("3: on the medal wall 'view more badges' just closes the envelope", async () => {
    const author = await newAuthor();
    await awardBadges(author, [{ title: '人气之星' }]);
    await open();
    await logIn(context, author);
    await visit(page, '/front/page/medal-wall');
    const pop = page.getByTestId('badge-envelope');
    await pop.locator('[data-phase="open"]').waitFor();
    let opened = false;
    context.on('page', () => {
      opened = true;
    });
    await pop.getByRole('button', { name: '查看更多勋章' }).click();
    await pop.waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(opened).toBe(false);
  });

  test('2 and 4: a level change, then the home model cards, each reported by name', async () => {
    const author = await newAuthor();
    await addLevelChange(author, 5);
    await addHomeModel(author, 'report-a', '一月成长报告');
    await addHomeModel(author, 'report-b', '二月成长报告');
    await open();
    await logIn(context, author);
    const reports: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/pc/v1/author/home-model-report'))
        reports.push(JSON.parse(r.postData() ?? '{}').report_name);
    });
    await visit(page, '/front/index');
    const level = page.getByTestId('level-upgrade-pop');
    await level.getByRole('heading', { name: 'Lv5 测试等级' }).waitFor();
    expect(await level.innerText()).toContain('超越了60%的作者');
    await closePop(page, 'level-upgrade-pop');
    const model = page.getByTestId('home-model-pop');
    await model.getByRole('heading', { name: '一月成长报告' }).waitFor();
    await page.waitForTimeout(2300);
    await model.getByRole('button', { name: '我知道了' }).click();
    await model.getByRole('heading', { name: '二月成长报告' }).waitFor();
    await page.waitForTimeout(2300);
    await closePop(page, 'home-model-pop');
    expect(reports).toEqual(['report-a', 'report-b']);
    const { db } = serverDb();
    const rows = await eventually(
      () => db.selectFrom('home_models').select('reported_at').where('account_id', '=', author.accountId).execute(),
      (r) => r.every((x) => x.reported_at !== null),
    );
    expect(rows).toHaveLength(2);
  });
});

describe('the queue', () => {
  test('several pops come one at a time in the order 10, 7, 3, 2, 4', async () => {
    const author = await newAuthor({ beginnerGuideSeen: false });
    await addHomeModel(author, 'order-report');
    await addLevelChange(author, 4);
    await awardBadges(author, [{ title: '签约作者' }]);
    await addGraduation(author, '1');
    await open();
    await logIn(context, author);
    await visit(page, '/front/index');
    expect(await drainPops(page)).toEqual([
      'beginner-guide',
      'graduate-envelope',
      'badge-envelope',
      'level-upgrade-pop',
      'home-model-pop',
    ]);
  });

  test('nothing shows when the layout config appGlobalPop.show is false', async () => {
    const author = await newAuthor({ phone: false, beginnerGuideSeen: false });
    await awardBadges(author, [{ title: '年度匠心' }]);
    await open();
    await page.route('**/api/pc/v1/global/config*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.appGlobalPop = { show: false };
      await route.fulfill({ response, json: body });
    });
    await logIn(context, author);
    await visit(page, '/front/index');
    await page.getByTestId('home-page').waitFor();
    expect(await popOnScreen(page, 3000)).toBeNull();
  });

  test('the badge pop is suppressed on the chapter editor and shows once the author leaves it', async () => {
    const author = await newAuthor();
    await awardBadges(author, [{ title: '编辑器外的勋章' }]);
    await addLevelChange(author, 3);
    await open();
    await logIn(context, author);
    await visit(page, '/front/book-upload');
    expect(await popOnScreen(page)).toBe('level-upgrade-pop');
    await closePop(page, 'level-upgrade-pop');
    expect(await popOnScreen(page, 3000)).toBeNull();
    await page.locator('.ac-header__brand').click();
    await page.waitForURL((u) => u.pathname === '/front/index');
    expect(await popOnScreen(page)).toBe('badge-envelope');
  });
});

describe('the seen calls, 2 s after a pop shows', () => {
  async function seenAfterTwoSeconds(
    popId: string,
    path: string,
    setUp: (a: Awaited<ReturnType<typeof newAuthor>>) => Promise<unknown>,
  ) {
    const author = await newAuthor();
    await setUp(author);
    await open();
    await logIn(context, author);
    const calls: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === path) calls.push(r);
    });
    // The page's clock stands still and moves only in steps of 100 ms: the pop mounts within the
    // step it is first seen in, so its 2000 ms timer has certainly not fired 1800 ms later and
    // certainly has 2100 ms later.
    const pop = page.getByTestId(popId);
    await gotoWithStillClock(page, appUrl('/front/index'), () => pop.isVisible());
    await page.clock.runFor(1800);
    expect(calls).toHaveLength(0);
    const call = page.waitForRequest((r) => new URL(r.url()).pathname === path);
    await page.clock.runFor(300);
    await call;
    return { author, call: await call };
  }

  test('badges: GET /api/badge/noticed names the badges, and the server marks them seen', async () => {
    let ids: number[] = [];
    const { author, call } = await seenAfterTwoSeconds('badge-envelope', '/api/badge/noticed', async (a) => {
      ids = await awardBadges(a, [{ title: '两秒勋章甲' }, { title: '两秒勋章乙' }]);
    });
    expect(new URL(call.url()).searchParams.get('ids')).toBe(ids.join(','));
    const { db } = serverDb();
    await eventually(
      () => db.selectFrom('account_badges').select('noticed_at').where('account_id', '=', author.accountId).execute(),
      (rows) => rows.length === 2 && rows.every((r) => r.noticed_at !== null),
    );
  });

  test('level upgrade: GET /api/author-level/noticed', async () => {
    const { author } = await seenAfterTwoSeconds('level-upgrade-pop', '/api/author-level/noticed', (a) =>
      addLevelChange(a, 6),
    );
    const { db } = serverDb();
    await eventually(
      () => db.selectFrom('level_changes').select('noticed_at').where('account_id', '=', author.accountId).execute(),
      (rows) => rows.length === 1 && rows[0]!.noticed_at !== null,
    );
  });

  test('graduation: the new-user noticed call', async () => {
    const { author } = await seenAfterTwoSeconds('graduate-envelope', '/api/new-user/noticed', (a) =>
      addGraduation(a, '2'),
    );
    const { db } = serverDb();
    await eventually(
      () => db.selectFrom('graduations').select('noticed_at').where('account_id', '=', author.accountId).execute(),
      (rows) => rows.length === 1 && rows[0]!.noticed_at !== null,
    );
  });
});

describe('6: the time-zone tip', () => {
  /** The server sees 127.0.0.1 here; the check reports a Shanghai address instead, looked up by the real server. */
  async function shanghaiNetwork(p: Page): Promise<void> {
    await p.route('**/api/pc/v1/global/check-env*', (route) =>
      route.fulfill({ json: { code: 200, data: { env: 0, ip: '114.114.114.114' } } }),
    );
  }

  test('shows once per day when the device time zone differs from the network’s, and again the next day', async () => {
    const author = await newAuthor();
    await open({ timezoneId: 'America/New_York' });
    await shanghaiNetwork(page);
    await logIn(context, author);
    const day1 = new Date('2026-03-10T02:00:00Z');
    await page.clock.install({ time: day1 });
    await visit(page, '/front/index');
    expect(await popOnScreen(page)).toBe('time-zone-tip');
    const tip = page.getByTestId('time-zone-tip');
    expect(await tip.innerText()).toContain('检测到您的设备时区可能不准确，建议将设备时区修改为当前所在地的时区。');
    expect(await tip.innerText()).toContain('Asia/Shanghai');
    await closePop(page, 'time-zone-tip');

    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(await popOnScreen(page, 3000)).toBeNull();

    await page.clock.setSystemTime(new Date('2026-03-11T02:00:00Z'));
    await page.reload();
    expect(await popOnScreen(page)).toBe('time-zone-tip');
  });

  test('a device in the network’s time zone sees nothing', async () => {
    const author = await newAuthor();
    await open({ timezoneId: 'Asia/Shanghai' });
    await shanghaiNetwork(page);
    await logIn(context, author);
    await visit(page, '/front/index');
    await page.getByTestId('home-page').waitFor();
    expect(await popOnScreen(page, 3000)).toBeNull();
  });

  test('a failed lookup marks it ready without showing, and the queue goes on', async () => {
    const author = await newAuthor();
    await addLevelChange(author, 2);
    await open({ timezoneId: 'America/New_York' });
    await shanghaiNetwork(page);
    await page.route('**/api/pc/v1/global/ip-time-zone*', (route) => route.fulfill({ status: 502, body: '' }));
    await logIn(context, author);
    await visit(page, '/front/index');
    expect(await drainPops(page, 3000)).toEqual(['level-upgrade-pop']);
  });
});

test('the app URL helper points at the test server', () => {
  expect(appUrl('/front/index')).toMatch(/^http:\/\/localhost:\d+\/front\/index$/);
});
