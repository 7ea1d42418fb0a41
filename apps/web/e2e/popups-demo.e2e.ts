import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage, type OpenedPage, visit } from './browser.ts';
import { closePop, closeServerDb, demoAuthor, eventually, logIn, popOnScreen, serverDb } from './home-session.ts';

/**
 * Issue 4, "done when": the seeded demo author, with badges, a level change, a graduation and a
 * home card waiting, sees them on the home page in the specified order, each once, and the server
 * knows they were seen.
 */
let browser: Browser;
let opened: OpenedPage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  opened = await newPage(browser);
  page = opened.page;
});
afterAll(async () => {
  await opened?.context.close();
  await browser?.close();
  await closeServerDb();
});

describe('demo author on the home page', () => {
  test('sees account split, beginner guide, graduation, badges, level upgrade and home card in order, each once', async () => {
    const author = await demoAuthor('wonder');
    await logIn(opened.context, author);
    await visit(page, '/front/index', 'wonder');

    const seen: string[] = [];
    for (;;) {
      const id = await popOnScreen(page);
      if (!id) break;
      seen.push(id);
      await closePop(page, id);
      if (seen.length > 10) break;
    }
    expect(seen).toEqual([
      'account-split-pop',
      'beginner-guide',
      'graduate-envelope',
      'badge-envelope',
      'level-upgrade-pop',
      'home-model-pop',
    ]);

    const { db } = serverDb();
    const state = await eventually(
      async () => ({
        badges: await db
          .selectFrom('account_badges')
          .select('noticed_at')
          .where('account_id', '=', author.accountId)
          .execute(),
        level: await db
          .selectFrom('level_changes')
          .select('noticed_at')
          .where('account_id', '=', author.accountId)
          .execute(),
        graduation: await db
          .selectFrom('graduations')
          .select('noticed_at')
          .where('account_id', '=', author.accountId)
          .execute(),
        model: await db
          .selectFrom('home_models')
          .select('reported_at')
          .where('account_id', '=', author.accountId)
          .execute(),
        guide: await db
          .selectFrom('account_guides')
          .select('shown')
          .where('account_id', '=', author.accountId)
          .where('guide_type', '=', 37)
          .executeTakeFirst(),
      }),
      (s) =>
        s.badges.every((b) => b.noticed_at !== null) &&
        s.level.every((l) => l.noticed_at !== null) &&
        s.graduation.every((g) => g.noticed_at !== null) &&
        s.model.every((m) => m.reported_at !== null) &&
        s.guide?.shown === 1,
    );
    expect(state.badges).toHaveLength(3);
    expect(state.level).toHaveLength(1);
    expect(state.graduation).toHaveLength(1);

    // Seen once: after a reload nothing asks again. The account split, put off and still unbound, does not
    // open again in the session (decisions.md, issue 18); the header's pen-name menu reminds of it instead.
    await page.reload();
    await page.locator('.ac-header').waitFor();
    expect(await popOnScreen(page, 3000)).toBeNull();
    await page.getByTestId('header-pen-name').click();
    await page.getByTestId('header-reminder').filter({ hasText: '为笔名绑定手机号' }).waitFor();
  });
});
