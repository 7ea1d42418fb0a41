import { createHash, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { PersonalData } from '../../server/src/platform/crypto/personal-data.ts';
import type { Database } from '../../server/src/platform/db/schema.ts';
import { accountsAdded, setAccountLevel } from '../../server/src/platform/level-counts.ts';
import '../../server/src/modules/auth/auth.tables.ts';
import '../../server/src/modules/home/home.tables.ts';
import '../../server/src/modules/messages/messages.tables.ts';
import '../../server/src/modules/rewards/rewards.tables.ts';
import '../../server/src/modules/tracking/tracking.tables.ts';
import '../../server/src/modules/works/works.tables.ts';
import { appUrl, launchBrowser, newPage, type OpenedPage, serverDataDir } from './browser.ts';

/**
 * TEST-ONLY set-up for the home, pop-up and guide browser tests: authors, sessions and awards
 * written straight into the test server's SQLite database with the server's own services (the way
 * the server tests' fixtures do), and the session cookie handed to the browser. Production code
 * never sees any of this.
 */
export const CLIENT_BY_BRIEF: Record<string, number> = { wonder: 2, third: 3, 'brain-hole': 4 };
const DAY_MS = 86_400_000;

let handle: { db: Kysely<Database>; personalData: PersonalData } | null = null;

/** The server's database, and its personal-data sealing (the key beside the database). */
export function serverDb(): { db: Kysely<Database>; personalData: PersonalData } {
  if (handle) return handle;
  const dataDir = serverDataDir();
  const sqlite = new SQLite(join(dataDir, 'author-centre.sqlite'));
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const key = readFileSync(join(dataDir, 'data.key'), 'utf8').trim();
  const personalData = new PersonalData(Buffer.from(key, 'hex'));
  handle = { db, personalData };
  return handle;
}

export async function closeServerDb(): Promise<void> {
  await handle?.db.destroy();
  handle = null;
}

/**
 * A test file's browser, and `open()` for a fresh desktop context in it: every context is closed after its
 * test, the browser and the server database handle after the file. Call once, at the file's top level.
 */
export function browserPerFile(): () => Promise<OpenedPage> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    while (contexts.length) await contexts.pop()?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await closeServerDb();
  });
  return async () => {
    const opened = await newPage(browser);
    contexts.push(opened.context);
    return opened;
  };
}

export interface E2eAuthor {
  userId: number;
  accountId: number;
  clientId: number;
  brief?: string;
  penName: string;
  phone: string | null;
}

let serial = 0;

/**
 * A new author. By default as settled as a returning author: a bound phone and the beginner guide
 * seen, so only the pops a test sets up appear. `phone: false` leaves the phone unbound (pop 1);
 * `beginnerGuideSeen: false` leaves guide 37 unseen (pop 10); `secondPenName` adds a pen name on
 * the same phone (account split).
 */
export async function newAuthor(
  options: {
    brief?: string;
    phone?: boolean;
    beginnerGuideSeen?: boolean;
    secondPenName?: boolean;
    role?: 'author' | 'admin';
  } = {},
): Promise<E2eAuthor> {
  const { db, personalData } = serverDb();
  const clientId = options.brief ? CLIENT_BY_BRIEF[options.brief]! : 2;
  serial += 1;
  const phone =
    options.phone === false ? null : `137${String((Date.now() * 10 + serial) % 100_000_000).padStart(8, '0')}`;
  const phoneFields = phone
    ? { phone_enc: personalData.seal(phone), phone_hash: personalData.index('phone', phone) }
    : { phone_enc: null, phone_hash: null };
  const now = Date.now();
  const user = await db
    .insertInto('users')
    .values({
      client_id: clientId,
      ...phoneFields,
      real_name_enc: null,
      id_card_enc: null,
      id_card_hash: null,
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Seven base-36 characters (36⁷ ≈ 7.8·10¹⁰) keep the name within the 12-character limit; six hex
  // characters (16.7 million) collided once in a CI run's few hundred authors.
  const penName = `e2e作者${randomInt(36 ** 7)
    .toString(36)
    .padStart(7, '0')}`;
  // Each account with its level count, in one transaction (the server keeps author_level_counts exact).
  const insertAccount = (name: string) =>
    db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('accounts')
        .values({
          client_id: clientId,
          user_id: user.id,
          pen_name: name,
          ...phoneFields,
          role: options.role ?? 'author',
          avatar: null,
          level: 1,
          sign_flag: 0,
          is_learner: 0,
          created_at: now - 1000,
          updated_at: now,
        })
        .returning(['id', 'level', 'role'])
        .executeTakeFirstOrThrow();
      await accountsAdded(tx, [{ client_id: clientId, level: row.level, role: row.role }]);
      return row;
    });
  const account = await insertAccount(penName);
  if (options.secondPenName) await insertAccount(`${penName}·二`);
  if (options.beginnerGuideSeen !== false) await markGuides(account.id, { 37: true });
  return { userId: user.id, accountId: account.id, clientId, brief: options.brief, penName, phone };
}

/** Sets guide_conf flags (the sign-in module's account_guides rows). */
export async function markGuides(accountId: number, flags: Record<number, boolean>): Promise<void> {
  const { db } = serverDb();
  for (const [type, shown] of Object.entries(flags)) {
    await db
      .insertInto('account_guides')
      .values({ account_id: accountId, guide_type: Number(type), shown: shown ? 1 : 0, updated_at: Date.now() })
      .onConflict((oc) => oc.columns(['account_id', 'guide_type']).doUpdateSet({ shown: shown ? 1 : 0 }))
      .execute();
  }
}

/** A live session for the author, as a completed login would leave, given to the browser context. */
export async function logIn(context: BrowserContext, author: E2eAuthor): Promise<void> {
  const { db } = serverDb();
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      id: createHash('sha256').update(token).digest('hex'),
      client_id: author.clientId,
      user_id: author.userId,
      account_id: author.accountId,
      created_at: now,
      last_seen_at: now,
      idle_expires_at: now + 7 * DAY_MS,
      absolute_expires_at: now + 30 * DAY_MS,
    })
    .execute();
  await context.addCookies([{ name: 'ac_sid', value: token, url: appUrl('/', author.brief) }]);
}

/** The seeded demo author of a brand (two pen names on one phone; badges, a level change and a graduation waiting). */
export async function demoAuthor(brief = 'wonder'): Promise<E2eAuthor> {
  const { db } = serverDb();
  const clientId = CLIENT_BY_BRIEF[brief]!;
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'user_id', 'pen_name'])
    .where('client_id', '=', clientId)
    .where('pen_name', 'like', '%·夜雨')
    .executeTakeFirstOrThrow();
  return { userId: row.user_id, accountId: row.id, clientId, brief, penName: row.pen_name, phone: null };
}

/** Polls until `check` holds (server writes land asynchronously after a browser call). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/**
 * For other browser tests that create bare accounts: gives the account a bound phone and marks
 * the beginner guide seen, so the global pop-up queue (pop 1 "no bound phone", pop 10 "guide 37
 * unseen") stays out of their way. Returns the phone.
 */
export async function settleAuthor(accountId: number): Promise<string> {
  const { db, personalData } = serverDb();
  serial += 1;
  const phone = `136${String((Date.now() * 10 + serial) % 100_000_000).padStart(8, '0')}`;
  const fields = { phone_enc: personalData.seal(phone), phone_hash: personalData.index('phone', phone) };
  const account = await db
    .selectFrom('accounts')
    .select('user_id')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  await db.updateTable('accounts').set(fields).where('id', '=', accountId).execute();
  await db.updateTable('users').set(fields).where('id', '=', account.user_id).execute();
  await markGuides(accountId, { 37: true });
  return phone;
}

// ---- Awards and messages, as the console (admin API) would leave them -----------------------

export async function awardBadges(
  author: E2eAuthor,
  badges: { title: string; growth?: number; image?: string }[],
): Promise<number[]> {
  const { db } = serverDb();
  const now = Date.now();
  const ids: number[] = [];
  for (const b of badges) {
    const badge = await db
      .insertInto('badges')
      .values({
        client_id: author.clientId,
        title: b.title,
        image: b.image ?? '/favicon.svg',
        advance_text: `${b.title}的获得条件`,
        description: `${b.title}的说明`,
        tips: '',
        talk_content: '每一个字都算数。',
        talk_author: '编辑部',
        growth_value: b.growth ?? 0,
        sort: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('account_badges')
      .values({
        client_id: author.clientId,
        account_id: author.accountId,
        badge_id: badge.id,
        awarded_at: now,
        noticed_at: null,
      })
      .execute();
    ids.push(badge.id);
  }
  return ids;
}

export async function addLevelChange(author: E2eAuthor, level = 3): Promise<number> {
  const { db } = serverDb();
  const row = await db
    .insertInto('level_changes')
    .values({
      client_id: author.clientId,
      account_id: author.accountId,
      from_level: level - 1,
      level,
      level_txt: `Lv${level} 测试等级`,
      surpass_txt: '超越了60%的作者',
      talk_content: '继续加油。',
      talk_author: '主编',
      bg_image_link: '',
      jump_url: '/front/author-level',
      created_at: Date.now(),
      noticed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const current = await db
    .selectFrom('accounts')
    .select('level')
    .where('id', '=', author.accountId)
    .executeTakeFirstOrThrow();
  await db.transaction().execute((tx) =>
    setAccountLevel(tx, {
      clientId: author.clientId,
      accountId: author.accountId,
      from: current.level,
      to: level,
      now: Date.now(),
    }),
  );
  return row.id;
}

export async function addGraduation(author: E2eAuthor, level: '1' | '2', period = '第9期新人训练营'): Promise<number> {
  const { db } = serverDb();
  const row = await db
    .insertInto('graduations')
    .values({
      client_id: author.clientId,
      account_id: author.accountId,
      period_name: period,
      level,
      graduated_at: Date.now(),
      noticed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addHomeModel(author: E2eAuthor, reportName: string, levelTxt = '本月成长报告'): Promise<void> {
  const { db } = serverDb();
  await db
    .insertInto('home_models')
    .values({
      client_id: author.clientId,
      account_id: author.accountId,
      model: 'common_model',
      report_name: reportName,
      payload: JSON.stringify({
        level: 2,
        level_txt: levelTxt,
        surpass_txt: '超越了50%的作者',
        talk: { content: '', author: '' },
        jump_url: '',
        bg_image_link: '',
      }),
      created_at: Date.now(),
      reported_at: null,
    })
    .execute();
}

export async function sendMessage(author: E2eAuthor, title: string, content = '消息正文'): Promise<number> {
  const { db } = serverDb();
  const row = await db
    .insertInto('messages')
    .values({
      client_id: author.clientId,
      account_id: author.accountId,
      category: 'editor',
      title,
      content,
      link: '',
      sender: '责任编辑',
      created_at: Date.now(),
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function publishNotice(clientId: number, title: string, content = '<p>公告正文</p>'): Promise<number> {
  const { db } = serverDb();
  const now = Date.now();
  const row = await db
    .insertInto('notices')
    .values({
      client_id: clientId,
      category: 'platform',
      title,
      content,
      pinned: 0,
      published_at: now,
      created_by: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The ids of pops that can be on screen, in the order the queue shows them. */
export const POP_TEST_IDS = [
  'account-split-pop',
  'complete-info-pop',
  'beginner-guide',
  'graduate-envelope',
  'badge-envelope',
  'level-upgrade-pop',
  'home-model-pop',
  'time-zone-tip',
] as const;

/**
 * The pop on screen, waiting up to `timeoutMs` for one; null when none appears. The wait ends early
 * when the page's pop queue says it has settled (`<html data-pop-queue="settled">`: on, nothing
 * showing, every rule answered), since no pop can come then until the author's data changes.
 */
export async function popOnScreen(p: Page, timeoutMs = 6000): Promise<string | null> {
  const any = p.locator(POP_TEST_IDS.map((id) => `[data-testid="${id}"]`).join(', '));
  try {
    await any.or(p.locator('html[data-pop-queue="settled"]')).first().waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    return null;
  }
  return (await any.first().isVisible()) ? any.first().getAttribute('data-testid') : null;
}

/** Closes a pop the way an author would (its own button, or Escape for the sign-in dialogs). */
export async function closePop(p: Page, id: string): Promise<void> {
  const pop = p.getByTestId(id);
  if (id === 'beginner-guide') await p.getByRole('button', { name: '关闭新手指引' }).click();
  else if (id === 'badge-envelope') await pop.getByRole('button', { name: '太棒了' }).click();
  else if (id === 'level-upgrade-pop' || id === 'home-model-pop')
    await pop.getByRole('button', { name: '我知道了' }).click();
  else if (id === 'time-zone-tip') await pop.getByRole('button', { name: '我知道了' }).click();
  else if (id === 'account-split-pop' || id === 'complete-info-pop') await p.keyboard.press('Escape');
  else await pop.getByRole('button', { name: '关闭' }).click();
  try {
    await pop.waitFor({ state: 'detached', timeout: 20_000 });
  } catch (error) {
    // A CI run once saw the level pop stay after its 我知道了 was clicked, and never locally: say what the page held.
    const state = await p.evaluate(
      (testId) => ({
        url: location.href,
        copies: document.querySelectorAll(`[data-testid="${testId}"]`).length,
        queue: document.documentElement.dataset.popQueue ?? '(unsettled)',
        focused: document.activeElement?.outerHTML.slice(0, 200),
      }),
      id,
    );
    throw new Error(`pop ${id} still on the page 20 s after it was closed: ${JSON.stringify(state)}`, { cause: error });
  }
}

/** Closes pops as they come and lists them in order, until none appears within `quietMs`. */
export async function drainPops(p: Page, quietMs = 4000): Promise<string[]> {
  const seen: string[] = [];
  for (let id = await popOnScreen(p, quietMs); id; id = await popOnScreen(p, quietMs)) {
    seen.push(id);
    await closePop(p, id);
    if (seen.length > 12) throw new Error(`pops keep coming: ${seen.join(', ')}`);
  }
  return seen;
}

/**
 * Opens `url` with the page's clock standing still, moving it 100 ms at a time until `ready()`
 * holds: timers then fire only when a test says so, which makes "after 2 s" and "every 300000 ms"
 * exact to within one step.
 */
export async function gotoWithStillClock(
  p: Page,
  url: string,
  ready: () => Promise<boolean>,
  start = new Date(),
): Promise<void> {
  await p.clock.install({ time: start });
  await p.clock.pauseAt(new Date(start.getTime() + 1000));
  await p.goto(url);
  for (let i = 0; i < 400; i++) {
    if (await ready()) return;
    await p.clock.runFor(100);
  }
  throw new Error(`${url} did not become ready`);
}
