import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import '../../server/src/modules/forum/forum.tables.ts';
import { appUrl, visit } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { browserPerFile, logIn, newAuthor, serverDb } from './home-session.ts';
import { serverRow, serverRows } from './works-session.ts';

/**
 * Moderation of the embedded forum: an author reports another author's reply from the thread, the brand's
 * editor finds it among the reported posts in the console, hides it and closes the thread; the author sees
 * both.
 */
const open = browserPerFile();

/** A thread with a reply in brand 2 (client 2, wonder), written straight to the server's database. */
async function threadWithReply(title: string, replyText: string) {
  const { db } = serverDb();
  const starter = await newAuthor();
  const replier = await newAuthor();
  const now = Date.now();
  const thread = await db
    .insertInto('forum_threads')
    .values({
      client_id: starter.clientId,
      category_number: 2,
      account_id: starter.accountId,
      title,
      state: 'open',
      reply_count: 1,
      last_post_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [account, body, first] of [
    [starter.accountId, '大家一般每天几点更新？', 1],
    [replier.accountId, replyText, 0],
  ] as const) {
    await db
      .insertInto('forum_posts')
      .values({
        client_id: starter.clientId,
        thread_id: thread.id,
        account_id: account,
        body,
        is_first: first,
        state: 'visible',
        created_at: now,
      })
      .execute();
  }
  return { threadId: thread.id };
}

/** A console action: the button, a reason, confirm (two-character buttons get a space from Ant Design). */
async function act(page: Page, scope: ReturnType<Page['locator']> | Page, button: string, reason: string) {
  const name = new RegExp(`^${[...button].join('\\s*')}$`);
  await scope.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').last().fill(reason);
  await dialog.getByRole('button', { name }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('forum moderation', () => {
  test('an author reports a reply; the editor sees it reported, hides it and closes the thread', async () => {
    const suffix = Date.now().toString(36).slice(-5);
    const title = `更新时间讨论${suffix}`;
    const spam = `加我微信买刷榜服务${suffix}`;
    const { threadId } = await threadWithReply(title, spam);

    // The author reports the reply from the thread.
    const reader = await open();
    const me = await newAuthor();
    await logIn(reader.context, me);
    await visit(reader.page, `/front/my-post?thread=${threadId}`);
    const drawer = reader.page.getByRole('dialog', { name: title });
    const reply = drawer.getByRole('listitem').filter({ hasText: spam });
    await reply.getByRole('button', { name: '举报' }).click();
    const report = reader.page.getByRole('dialog', { name: '举报这条帖子' });
    await report.getByRole('textbox', { name: '举报原因（2～200个字）' }).fill('广告刷榜');
    await report.getByRole('button', { name: /举\s*报/ }).click();
    await report.waitFor({ state: 'detached' });
    expect(
      serverRow<{ reason: string }>('select reason from forum_post_reports where account_id = ?', me.accountId),
    ).toEqual({ reason: '广告刷榜' });

    // The editor finds it among the reported posts and opens its thread.
    const editor = await demoStaff('wonder', 'editor');
    const staff = await open();
    await openConsole(staff.context, staff.page, editor, '/admin/forum/reported');
    const row = staff.page.getByRole('row').filter({ hasText: spam });
    await row.getByRole('link', { name: title }).click();
    await staff.page.getByRole('heading', { name: title }).waitFor();
    const post = staff.page.getByRole('listitem').filter({ hasText: spam });
    await post.getByText('举报原因：广告刷榜').waitFor();
    await act(staff.page, post, '隐藏回复', '广告');
    await post.getByText('已隐藏').waitFor();
    await act(staff.page, staff.page, '关闭主题', '已解答');
    await staff.page.getByRole('button', { name: '重新开放' }).waitFor();

    const stored = serverRows<{ is_first: number; state: string }>(
      'select is_first, state from forum_posts where thread_id = ? order by id',
      threadId,
    );
    expect(stored.map((p) => p.state)).toEqual(['visible', 'hidden']);
    expect(serverRow<{ state: string }>('select state from forum_threads where id = ?', threadId)?.state).toBe(
      'closed',
    );
    const audit = serverRows<{ action: string; reason: string }>(
      "select action, reason from audit_log where target_type in ('forum_post', 'forum_thread') and summary like ? order by id",
      `%${title}%`,
    );
    expect(audit).toEqual([
      { action: 'forum.post.hide', reason: '广告' },
      { action: 'forum.thread.lock', reason: '已解答' },
    ]);
    // Nothing waits among the reported posts any more.
    await staff.page.goto(appUrl('/admin/forum/reported', 'wonder'));
    await staff.page.locator('.ant-table').waitFor();
    await staff.page.getByText(spam).waitFor({ state: 'detached' });

    // The author sees the reply gone and the thread closed.
    await reader.page.reload();
    const again = reader.page.getByRole('dialog', { name: title });
    await again.getByText('该帖子已关闭，不能再回复').waitFor();
    expect(await again.getByText(spam).count()).toBe(0);
  });
});
