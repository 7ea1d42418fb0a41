import type { Kysely } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, launchBrowser } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { closeServerDb, eventually, logIn, newAuthor, serverDb } from './home-session.ts';
import '../../server/src/platform/audit/audit.tables.ts';

/**
 * The console's screenplay review and brand settings, in Chromium against the real server: an
 * editor refuses an application with a reason the author then reads on their page; an admin
 * changes the brand's settings and the author's pages show them without a restart.
 */
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeServerDb();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function open(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  contexts.push(context);
  return { context, page: await context.newPage() };
}

const SYNOPSIS =
  '一位落魄的剑客在边城小镇遇见了失散多年的妹妹，两人联手揭开了一桩尘封二十年的旧案，最终在大雪之夜与真凶正面对决，各自找回了失去的东西。';

describe('console: screenplay applications', () => {
  test('an editor refuses an application with a reason, and the author sees it refused with that reason', async () => {
    const author = await newAuthor();
    const title = `雪夜剑客${Date.now().toString(36)}`;
    // TEST-ONLY: the application as the author's form leaves it (that form has its own browser test).
    const { personalData } = serverDb();
    // The works module's tables are not in the e2e schema (it would pull the server's Fastify types in).
    const db = serverDb().db as unknown as Kysely<any>;
    const now = Date.now();
    const { id } = await db
      .insertInto('screenplay_applications')
      .values({
        client_id: 2,
        user_id: author.userId,
        account_id: author.accountId,
        kind: 'original',
        book_id: null,
        book_title: null,
        title,
        category: 'duanju',
        synopsis: SYNOPSIS,
        episodes: 24,
        contact_note_enc: personalData.seal('工作日晚上联系'),
        status: 'pending',
        reason: null,
        reviewer_account_id: null,
        reviewed_at: null,
        cancelled_at: null,
        pending_key: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // The editor finds it in the queue by its title, under review.
    const editor = await demoStaff('wonder', 'editor');
    const staff = await open();
    await openConsole(staff.context, staff.page, editor, '/admin/screenplay-applications');
    const p = staff.page;
    await p.getByRole('heading', { name: '剧本申请' }).waitFor();
    await p.getByLabel('关键词').fill(title);
    await p.getByLabel('关键词').press('Enter');
    await p.waitForURL((url) => url.searchParams.get('keyword') === title);
    const row = p.locator('.ant-table-row').filter({ hasText: title });
    await row.waitFor();
    // The table keeps the previous page on screen until the filtered one arrives.
    await expect.poll(() => p.locator('.ant-table-row').count()).toBe(1);
    expect(await row.getByTestId('application-status').innerText()).toBe('审核中');

    // The detail shows what the author sent.
    await row.getByRole('link', { name: '审核' }).click();
    await p.waitForURL((url) => url.pathname === `/admin/screenplay-applications/${id}`);
    expect(await p.getByTestId('application-synopsis').innerText()).toBe(SYNOPSIS);
    await p.getByText('工作日晚上联系').waitFor();
    await p.getByText(author.penName).first().waitFor();

    // Refusing without a reason is stopped in the dialog; nothing changes.
    await p.getByRole('button', { name: '不通过' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText(`作者「${author.penName}」会在剧本申请页看到「未通过」和下面填写的原因`).waitFor();
    await dialog.getByRole('button', { name: '不通过' }).click();
    await dialog.getByRole('alert').filter({ hasText: '请填写未通过的原因' }).waitFor();
    const stored = () =>
      db.selectFrom('screenplay_applications').select(['status', 'reason']).where('id', '=', id).executeTakeFirst();
    expect(await stored()).toEqual({ status: 'pending', reason: null });

    const reason = '人物动机不够清晰，请补充主要人物小传后再提交';
    await dialog.getByRole('textbox').fill(reason);
    await dialog.getByRole('button', { name: '不通过' }).click();
    await p.getByText('已退回，作者会看到原因').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await p.getByTestId('application-status').first().innerText()).toBe('未通过');
    expect(await p.getByTestId('review-reason').innerText()).toBe(reason);
    expect(await p.getByRole('button', { name: '不通过' }).count()).toBe(0);
    expect(await stored()).toEqual({ status: 'refused', reason });
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'screenplay_application')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'screenplay.refuse', actor_account_id: editor.accountId, reason }),
    ]);

    // The author's application page says it was not approved, and why.
    const mine = await open();
    await logIn(mine.context, author);
    await mine.page.goto(appUrl('/front/book-manage/screenplay/application'));
    const card = mine.page.locator('[data-status]').filter({ hasText: title });
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('refused');
    expect(await card.getByTestId('application-status').innerText()).toBe('未通过');
    await card.getByText(`未通过原因：${reason}`).waitFor();
  });
});

describe('console: brand settings', () => {
  let original: { settings: string; updated_at: number } | undefined;

  beforeAll(async () => {
    original = await serverDb()
      .db.selectFrom('brands')
      .select(['settings', 'updated_at'])
      .where('client_id', '=', 2)
      .executeTakeFirst();
  });

  // Brand 2 is shared with the other browser tests: its settings go back as they were (every instance
  // picks the stored settings up within a second), and the test waits until the server serves them.
  afterAll(async () => {
    if (!original) return;
    const { db } = serverDb();
    const now = await db.selectFrom('brands').select('updated_at').where('client_id', '=', 2).executeTakeFirstOrThrow();
    await db
      .updateTable('brands')
      .set({ settings: original.settings, updated_at: Math.max(Date.now(), Number(now.updated_at) + 1) })
      .where('client_id', '=', 2)
      .execute();
    const titleName = JSON.parse(original.settings).titleName;
    const { context, page } = await open();
    await eventually(
      async () => {
        await page.goto(appUrl('/front/register-login/login'));
        await page.locator('.ac-bare, .ac-header').first().waitFor();
        return page.title();
      },
      (title) => title.endsWith(`-${titleName}`) || title === titleName,
    );
    await context.close();
  });

  test("an admin changes the page title and the footer links; the author's pages show them without a restart", async () => {
    // An author is reading a page of the brand.
    const author = await newAuthor();
    const reader = await open();
    await logIn(reader.context, author);
    await reader.page.goto(appUrl('/front/book-manage/list'));
    await reader.page.locator('.ac-footer').waitFor();
    await expect.poll(() => reader.page.title()).toContain('-奇妙小说作者中心');

    const admin = await demoStaff('wonder', 'admin');
    const staff = await open();
    await openConsole(staff.context, staff.page, admin, '/admin/brand-settings');
    const p = staff.page;
    await p.getByRole('heading', { name: '品牌设置' }).waitFor();

    // A host name is asked for as a host name; one another brand has is refused naming that brand.
    const pc = p.getByLabel('PC端域名');
    const pcBefore = await pc.inputValue();
    await pc.fill('https://author.example.com/');
    await pc.blur();
    await p.getByText('请填写域名，如 author.example.com（不含 http:// 和路径）').waitFor();
    await pc.fill('author.third.example.com');
    await p.getByText('请填写域名，如 author.example.com（不含 http:// 和路径）').waitFor({ state: 'hidden' });
    await p
      .getByRole('button', { name: '保存' })
      .or(p.getByRole('button', { name: '保存' }))
      .first()
      .click();
    const confirm = p.getByRole('dialog');
    await confirm.getByText('这些设置将立即对「奇妙小说」的所有作者生效。').waitFor();
    await confirm.getByRole('button', { name: '确认保存' }).click();
    await p.getByText('PC端域名：域名 author.third.example.com 已被品牌「三号书城」使用').waitFor();
    await pc.fill(pcBefore);

    // The page title and one more footer link.
    const titleName = `奇妙作者之家${Date.now().toString(36).slice(-4)}`;
    await p.getByLabel('网页标题').fill(titleName);
    await p.getByText(`浏览器标签页显示为「作品管理-${titleName}」`).waitFor();
    await p.getByRole('button', { name: '添加链接' }).first().click();
    await p.getByLabel('页脚链接 7 名称').fill('作者福利');
    await p.getByLabel('页脚链接 7 网址').fill('https://doc.wonder.example.com/welfare');
    await p
      .getByRole('button', { name: '保存' })
      .or(p.getByRole('button', { name: '保存' }))
      .first()
      .click();

    // Before saving: what changes, for whom.
    await confirm.getByText('这些设置将立即对「奇妙小说」的所有作者生效。').waitFor();
    const changes = confirm.getByTestId('brand-changes');
    const rows = await changes.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('网页标题');
    expect(rows[0]).toContain('奇妙小说作者中心');
    expect(rows[0]).toContain(titleName);
    expect(rows[1]).toContain('页脚链接');
    expect(rows[1]).toContain('作者福利');
    await confirm.getByRole('button', { name: '确认保存' }).click();
    await p.getByText('已保存。作者打开或刷新页面时即看到新的设置。').waitFor();

    const stored = await serverDb()
      .db.selectFrom('brands')
      .select('settings')
      .where('client_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings)).toMatchObject({ titleName, domains: { pc: pcBefore } });
    const [audit] = await serverDb()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('client_id', '=', 2)
      .where('action', '=', 'brand.update')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(audit.summary).toBe('修改品牌「奇妙小说」的设置：网页标题、页脚链接');

    // The author's next page shows them: the same server, never restarted.
    await reader.page.reload();
    await reader.page.locator('.ac-footer').getByText('作者福利').waitFor();
    await expect.poll(() => reader.page.title()).toContain(`-${titleName}`);
  });

  test("an admin sets how often a pen name may change; the author's personal information page states it", async () => {
    const admin = await demoStaff('brain-hole', 'admin');
    const staff = await open();
    await openConsole(staff.context, staff.page, admin, '/admin/brand-settings');
    const p = staff.page;
    await p.getByRole('heading', { name: '品牌设置' }).waitFor();
    const days = p.getByLabel('笔名修改间隔（天）');
    expect(await days.inputValue()).toBe('90');
    const storedDays = async () => {
      const row = await serverDb()
        .db.selectFrom('brands')
        .select('settings')
        .where('client_id', '=', 4)
        .executeTakeFirstOrThrow();
      return JSON.parse(row.settings).penNameChangeDays as number;
    };
    const saveAs = async (value: string) => {
      await days.fill(value);
      await p.getByRole('button', { name: '保存' }).first().click();
      const confirm = p.getByRole('dialog');
      const row = confirm.getByTestId('brand-changes').locator('tbody tr');
      await row.first().waitFor();
      expect(await row.allInnerTexts()).toEqual([expect.stringContaining('笔名修改间隔（天）')]);
      await confirm.getByRole('button', { name: '确认保存' }).click();
      await expect.poll(() => storedDays()).toBe(Number(value));
      await expect.poll(() => days.inputValue()).toBe(value);
    };
    await days.fill('0');
    await days.blur();
    await p.getByText('请填写1~3650之间的整数天数').waitFor();
    await saveAs('60');

    const author = await newAuthor({ brief: 'brain-hole' });
    const mine = await open();
    await logIn(mine.context, author);
    await mine.page.goto(appUrl('/front/personal-information', 'brain-hole'));
    await mine.page.getByRole('button', { name: '修改笔名' }).click();
    await mine.page.getByRole('dialog').getByText('每60天可修改一次', { exact: false }).waitFor();

    // Back as it was for the other browser tests.
    await saveAs('90');
  });

  test('an admin sets the welfare rules of a brand; its authors see them, another brand’s authors do not', async () => {
    const admin = await demoStaff('brain-hole', 'admin');
    const staff = await open();
    await openConsole(staff.context, staff.page, admin, '/admin/brand-settings');
    const p = staff.page;
    await p.getByRole('heading', { name: '品牌设置' }).waitFor();
    const amount = p.getByLabel('全勤奖 · 金额');
    const words = p.getByLabel('每日更新字数不少于');
    expect([await amount.inputValue(), await words.inputValue()]).toEqual(['30000', '4000']);
    // The admin is told when a change counts: from the next month not yet closed; closed months stay.
    await p
      .getByText(/修改从下一个尚未结算的月份起生效，已结算的月份不变/)
      .first()
      .waitFor();
    const saveAs = async (fen: string, daily: string) => {
      await amount.fill(fen);
      await words.fill(daily);
      await p.getByRole('button', { name: '保存' }).first().click();
      const confirm = p.getByRole('dialog');
      const row = confirm.getByTestId('brand-changes').locator('tbody tr');
      await row.first().waitFor();
      expect(await row.allInnerTexts()).toEqual([
        expect.stringContaining(`${Number(fen) / 100}元，每日更新字数不少于${daily}字`),
      ]);
      await confirm.getByRole('button', { name: '确认保存' }).click();
      await p.getByText('已保存。作者打开或刷新页面时即看到新的设置。').waitFor();
    };
    await amount.fill('-1');
    await amount.blur();
    await p.getByText('请填写0~10000000之间的整数（单位：分，0为不发放）').waitFor();
    await saveAs('50000', '6000');

    const rulesSeenBy = async (brief: string) => {
      const mine = await open();
      await logIn(mine.context, await newAuthor({ brief }));
      await mine.page.goto(appUrl('/front/income-manage/welfare', brief));
      const row = mine.page.getByRole('row').filter({ hasText: '全勤奖' });
      await row.waitFor();
      const text = await row.innerText();
      await mine.context.close();
      return text;
    };
    expect(await rulesSeenBy('brain-hole')).toMatch(/当月每天更新不少于6000字\s+500\.00/);
    expect(await rulesSeenBy('wonder')).toMatch(/当月每天更新不少于4000字\s+300\.00/);

    // Back as it was for the other browser tests.
    await saveAs('30000', '4000');
  });
});
