import { describe, expect, onTestFinished, test } from 'vitest';
import '../../server/src/modules/public-pages/agreements.tables.ts';
import { appUrl, visit } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { browserPerFile, logIn, newAuthor, serverDb } from './home-session.ts';
import { createBook, logInAuthor, serverRow } from './works-session.ts';

/** Public pages as visitors and authors use them: the activity centre and entering a book. */
const open = browserPerFile();

describe('activity centre', () => {
  test('a visitor browses the activity centre; an author enters one of their books into a running activity', async () => {
    const { context, page } = await open();
    await visit(page, '/front/activity/list');
    await page.getByRole('heading', { name: '活动中心' }).waitFor();
    await page.getByRole('tab', { name: '已结束' }).click();
    await page.getByRole('heading', { name: '冬季征文' }).waitFor();
    await page.getByRole('tab', { name: '进行中' }).click();
    await page.getByRole('link', { name: /春季长篇征文大赛/ }).click();
    await page.getByRole('heading', { name: '春季长篇征文大赛', level: 1 }).waitFor();
    await page.getByText('登录后即可用自己的作品报名').waitFor();

    // The header's signing-policy module opens the signing policy article, without login.
    await page.locator('.ac-header').getByRole('link', { name: '签约政策' }).click();
    await page.waitForURL(/\/front\/article\/\d+$/);
    await page.getByRole('heading', { name: '奇妙小说作者中心签约政策' }).waitFor();
    await page.getByRole('heading', { name: '签约福利' }).waitFor();

    // The same page once logged in with a book of their own.
    await logInAuthor(context);
    const title = `征文之作${Date.now().toString(36).slice(-4)}`;
    const bookId = await createBook(page, title);
    const activity = serverRow<{ id: number }>(
      "select id from activities where client_id = 2 and title = '春季长篇征文大赛'",
    )!;
    // The works list shows which running activities the book may enter (the book-activity index) and leads there.
    await page.goto(appUrl('/front/book-manage/list'));
    const card = page.getByTestId('book-card').filter({ hasText: title });
    await card.getByRole('link', { name: '可报名「春季长篇征文大赛」' }).click();
    await page.waitForURL((url) => url.pathname === `/front/custom-activity/${activity.id}`);
    await page.getByRole('button', { name: `报名《${title}》` }).click();
    await page.getByText('报名成功').waitFor();
    await page.getByRole('region', { name: '报名参加' }).getByText('已报名').waitFor();
    await page
      .getByRole('region', { name: /参赛作品/ })
      .getByText(`《${title}》`)
      .waitFor();
    // Back on the works list the book shows the activity it is in.
    await page.goBack();
    await card.getByRole('link', { name: '已报名「春季长篇征文大赛」' }).waitFor();
    expect(await card.getByRole('link', { name: '可报名「春季长篇征文大赛」' }).count()).toBe(0);
    expect(
      serverRow<{ n: number }>(
        'select count(*) as n from activity_entries where activity_id = ? and book_id = ?',
        activity.id,
        bookId,
      )?.n,
    ).toBe(1);

    // An unknown activity shows the not-found page.
    await page.goto(appUrl('/front/custom-activity/999999'));
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
  });
});

describe('agreements', () => {
  test('a logged-in author is asked once to accept a new version of the user agreement', async () => {
    const author = await newAuthor();
    const { db } = serverDb();
    const last = await db
      .selectFrom('agreements')
      .select(({ fn }) => fn.max('version').as('v'))
      .where('client_id', '=', 2)
      .where('kind', '=', 'user')
      .executeTakeFirstOrThrow();
    const version = Number(last.v ?? 0) + 1;
    const now = Date.now();
    // TEST-ONLY: the version an admin would publish in the console, in force from now. It is removed
    // at the end, so the people of later test files (registered earlier) are not asked to accept it.
    const inserted = await db
      .insertInto('agreements')
      .values({
        client_id: 2,
        kind: 'user',
        version,
        title: `用户协议（第${version}版）`,
        content_html: '<h2>用户协议</h2><p>新增条款：账号不得转让。</p>',
        effective_at: now,
        created_by: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    onTestFinished(async () => {
      await db.deleteFrom('agreement_acceptances').where('agreement_id', '=', inserted.id).execute();
      await db.deleteFrom('agreements').where('id', '=', inserted.id).execute();
    });

    const { context, page } = await open();
    await page.goto(appUrl('/front/page/agreement/user'));
    await page.getByRole('heading', { name: `用户协议（第${version}版）` }).waitFor();
    await page.getByText(`第 ${version} 版`).waitFor();

    await logIn(context, author);
    await visit(page, '/front/index');
    const dialog = page.getByRole('dialog', { name: '协议更新' });
    await dialog.getByText(`《用户协议（第${version}版）》`).waitFor();
    await dialog.getByRole('button', { name: '我已阅读并同意' }).click();
    await dialog.waitFor({ state: 'detached' });
    const rows = await db
      .selectFrom('agreement_acceptances')
      .select(['version', 'accepted_at'])
      .where('account_id', '=', author.accountId)
      .execute();
    expect(rows).toEqual([{ version, accepted_at: expect.any(Number) }]);

    // Accepted once: the next visit asks nothing.
    await page.reload();
    await page.locator('.ac-header').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog', { name: '协议更新' }).count()).toBe(0);
  });
});

describe('console: articles', () => {
  test('an editor writes and publishes an announcement with the rich-text editor; a visitor reads it', async () => {
    const editor = await demoStaff('wonder', 'editor');
    const staff = await open();
    await openConsole(staff.context, staff.page, editor, '/admin/articles/new');
    const title = `平台公告${Date.now().toString(36).slice(-4)}`;
    await staff.page.getByLabel('标题', { exact: true }).fill(title);
    const body = staff.page.getByRole('textbox', { name: '正文' });
    await body.click();
    await staff.page.keyboard.type('本周六凌晨系统维护两小时。');
    await staff.page.keyboard.press('Shift+Home');
    await staff.page.getByRole('button', { name: '加粗' }).click();
    await staff.page.getByText('已发布', { exact: true }).click();
    await staff.page.getByRole('button', { name: /保\s*存/ }).click();
    await staff.page.waitForURL(/\/admin\/articles\/\d+$/);
    const id = Number(new URL(staff.page.url()).pathname.split('/').pop());
    const stored = serverRow<{ content_html: string; state: string }>(
      'select content_html, state from articles where id = ?',
      id,
    );
    expect(stored).toEqual({
      content_html: expect.stringMatching(/<b>本周六凌晨系统维护两小时。<\/b>/),
      state: 'published',
    });

    const { page } = await open();
    await visit(page, `/front/article/${id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await page.locator('.pub-rich b').innerText()).toBe('本周六凌晨系统维护两小时。');
  });
});

describe('console: activities', () => {
  test('an editor renames a running activity in the console; the activity centre shows the new title', async () => {
    // By its title's beginning, so a retry finds it again after a rename.
    const activity = serverRow<{ id: number; title: string }>(
      "select id, title from activities where client_id = 2 and title like '短篇故事月%'",
    )!;
    const renamed = `短篇故事月（第${Date.now().toString(36).slice(-4)}期）`;
    const staff = await open();
    await openConsole(
      staff.context,
      staff.page,
      await demoStaff('wonder', 'editor'),
      `/admin/activities/${activity.id}`,
    );
    const title = staff.page.getByLabel('标题', { exact: true });
    await expect.poll(() => title.inputValue()).toBe(activity.title);
    await title.fill(renamed);
    await staff.page.getByLabel('修改原因（记入审计日志）').fill('活动延期');
    await staff.page.getByRole('button', { name: /保\s*存/ }).click();
    await staff.page.getByText('已保存').waitFor();
    expect(
      serverRow<{ reason: string }>(
        "select reason from audit_log where target_type = 'activity' and target_id = ? order by id desc",
        String(activity.id),
      )?.reason,
    ).toBe('活动延期');

    const { page } = await open();
    await visit(page, '/front/activity/list?status=current');
    await page.getByRole('heading', { name: renamed }).waitFor();
  });
});
