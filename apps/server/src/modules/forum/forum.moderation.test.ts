import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('embedded forum moderation', () => {
  let t: TestApp;
  let callers: Awaited<ReturnType<typeof consoleCallers>>;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await consoleCallers(t);
  });
  afterAll(async () => t.close());

  /** A thread with one reply in brand `clientId`, by two new authors; the replier's client is returned too. */
  async function threadWithReply(clientId = 2) {
    const starter = await signedInClient(t, await createAuthor(t, { clientId }));
    const replierPerson = await createAuthor(t, { clientId });
    const replier = await signedInClient(t, replierPerson);
    const thread = await starter.post('/api/bbs/thread', {
      category: 2,
      title: `讨论${Math.random().toString(36).slice(2, 8)}`,
      body: '大家平时怎么安排更新时间？',
    });
    expect(thread.body.code, JSON.stringify(thread.body)).toBe(200);
    const reply = await replier.post('/api/bbs/reply', { thread_id: thread.body.data.id, body: '加我微信买刷榜服务' });
    expect(reply.body.code).toBe(200);
    return { threadId: thread.body.data.id as number, replyId: reply.body.data.id as number, starter, replier };
  }

  const auditOf = (action: string, targetId: number) =>
    t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(targetId))
      .execute();

  it('an author reports a post once; the brand’s editor sees it among reported posts and hides it, audited', async () => {
    const { threadId, replyId, starter } = await threadWithReply();
    // Bad input and refusals store nothing.
    expect((await starter.post('/api/bbs/report', { post_id: replyId, reason: '' })).body.errors.field).toBe('reason');
    expect((await t.client('localhost').post('/api/bbs/report', { post_id: replyId, reason: '广告' })).status).toBe(
      401,
    );
    const ownPost = await t.app.ctx.db
      .selectFrom('forum_posts')
      .select('id')
      .where('thread_id', '=', threadId)
      .where('is_first', '=', 1)
      .executeTakeFirstOrThrow();
    const own = await starter.post('/api/bbs/report', { post_id: ownPost.id, reason: '测试自己' });
    expect(own.body.errors.title).toBe('不能举报自己的帖子');
    // Another brand's author cannot reach this brand's post.
    const foreign = await signedInClient(t, await createAuthor(t, { clientId: 3 }));
    expect((await foreign.post('/api/bbs/report', { post_id: replyId, reason: '广告内容' })).status).toBe(404);

    expect((await starter.post('/api/bbs/report', { post_id: replyId, reason: '广告内容' })).body.code).toBe(200);
    const again = await starter.post('/api/bbs/report', { post_id: replyId, reason: '还是广告' });
    expect(again.status).toBe(409);
    expect(again.body.errors.title).toBe('您已举报过这条帖子，编辑会尽快处理');

    const reported = await callers.editor.get('/api/admin/forum/reports');
    expect(reported.body.code).toBe(200);
    const line = reported.body.data.list.find((r: any) => r.post_id === replyId);
    expect(line).toMatchObject({ thread_id: threadId, reports: 1, state: 'visible', excerpt: '加我微信买刷榜服务' });
    const detail = await callers.editor.get('/api/admin/forum/thread', { id: threadId });
    const post = detail.body.data.posts.find((p: any) => p.id === replyId);
    expect(post).toMatchObject({ open_reports: 1, report_reasons: ['广告内容'], state: 'visible' });
    expect(JSON.stringify(detail.body.data)).not.toContain('account_id');

    // No reason: refused, nothing changes.
    expect(
      (await callers.editor.post('/api/admin/forum/post/hide', { id: replyId, reason: '' })).body.errors.field,
    ).toBe('reason');
    const hidden = await callers.editor.post('/api/admin/forum/post/hide', { id: replyId, reason: '广告' });
    expect(hidden.body.data).toEqual({ id: replyId, state: 'hidden' });
    // Readers no longer see it, the author's my-post says it was removed, the report is resolved.
    const read = await t.client('localhost').get('/api/bbs/thread', { id: threadId });
    expect(read.body.data.posts.map((p: any) => p.id)).not.toContain(replyId);
    expect(read.body.data.thread.reply_count).toBe(0);
    const open = await callers.editor.get('/api/admin/forum/reports');
    expect(open.body.data.list.map((r: any) => r.post_id)).not.toContain(replyId);
    const resolved = await callers.editor.get('/api/admin/forum/reports', { status: 'resolved' });
    expect(resolved.body.data.list.map((r: any) => r.post_id)).toContain(replyId);
    const audit = await auditOf('forum.post.hide', replyId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ client_id: 2, reason: '广告', target_type: 'forum_post' });

    expect((await callers.editor.post('/api/admin/forum/post/hide', { id: replyId, reason: '再来' })).status).toBe(409);
    const restored = await callers.admin.post('/api/admin/forum/post/restore', { id: replyId, reason: '误判' });
    expect(restored.body.data.state).toBe('visible');
    expect((await t.client('localhost').get('/api/bbs/thread', { id: threadId })).body.data.posts).toHaveLength(2);
  });

  it('a thread is locked, unlocked, hidden and restored as it was; the opening post goes with its thread', async () => {
    const { threadId, replier } = await threadWithReply();
    const first = await t.app.ctx.db
      .selectFrom('forum_posts')
      .select('id')
      .where('thread_id', '=', threadId)
      .where('is_first', '=', 1)
      .executeTakeFirstOrThrow();
    const firstHide = await callers.editor.post('/api/admin/forum/post/hide', { id: first.id, reason: '违规' });
    expect(firstHide.body.errors.title).toBe('这是主题的首帖：请隐藏或恢复整个主题');

    expect(
      (await callers.editor.post('/api/admin/forum/thread/lock', { id: threadId, reason: '已解答' })).body.data.state,
    ).toBe('closed');
    const closedReply = await replier.post('/api/bbs/reply', { thread_id: threadId, body: '再补充一句' });
    expect(closedReply.body.errors.title).toBe('该帖子已关闭，不能再回复');
    expect((await callers.editor.post('/api/admin/forum/thread/lock', { id: threadId, reason: '再锁' })).status).toBe(
      409,
    );

    await callers.editor.post('/api/admin/forum/thread/hide', { id: threadId, reason: '引战' });
    expect((await t.client('localhost').get('/api/bbs/thread', { id: threadId })).status).toBe(404);
    const list = await callers.editor.get('/api/admin/forum/threads', { state: 'hidden' });
    expect(list.body.data.list.map((r: any) => r.id)).toContain(threadId);
    expect(
      (await callers.editor.post('/api/admin/forum/thread/unlock', { id: threadId, reason: 'x' })).body.errors.title,
    ).toBe('该主题已隐藏，请先恢复');
    // Restored as it was: closed.
    const back = await callers.editor.post('/api/admin/forum/thread/restore', { id: threadId, reason: '误判' });
    expect(back.body.data.state).toBe('closed');
    expect(
      (await callers.editor.post('/api/admin/forum/thread/unlock', { id: threadId, reason: '重新讨论' })).body.data
        .state,
    ).toBe('open');
    const actions = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'forum_thread')
      .where('target_id', '=', String(threadId))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'forum.thread.lock',
      'forum.thread.hide',
      'forum.thread.restore',
      'forum.thread.unlock',
    ]);
  });

  it('keeping a reported post resolves its reports and leaves it up', async () => {
    const { replyId, starter } = await threadWithReply();
    await starter.post('/api/bbs/report', { post_id: replyId, reason: '疑似广告' });
    const kept = await callers.editor.post('/api/admin/forum/post/keep', { id: replyId, reason: '正常交流' });
    expect(kept.body.data.state).toBe('visible');
    expect((await callers.editor.post('/api/admin/forum/post/keep', { id: replyId, reason: '再来' })).status).toBe(409);
    const report = await t.app.ctx.db
      .selectFrom('forum_post_reports')
      .select(['resolution'])
      .where('post_id', '=', replyId)
      .executeTakeFirstOrThrow();
    expect(report.resolution).toBe('kept');
  });

  it('roles: visitors 401, authors 403, editors and admins of the brand only; nothing of another brand', async () => {
    const { threadId, replyId } = await threadWithReply(2);
    const other = await threadWithReply(3);
    expect((await callers.visitor.get('/api/admin/forum/threads')).status).toBe(401);
    expect((await callers.author.get('/api/admin/forum/threads')).status).toBe(403);
    expect((await callers.author.post('/api/admin/forum/thread/hide', { id: threadId, reason: 'x' })).status).toBe(403);
    for (const staff of [callers.editor, callers.admin]) {
      const ids = (await staff.get('/api/admin/forum/threads', { page_size: 500 })).body.data.list.map(
        (r: any) => r.id,
      );
      expect(ids).toContain(threadId);
      expect(ids).not.toContain(other.threadId);
    }
    // Brand 3's admin cannot see or touch brand 2's thread or reply.
    expect((await callers.otherBrandAdmin.get('/api/admin/forum/thread', { id: threadId })).status).toBe(404);
    expect(
      (await callers.otherBrandAdmin.post('/api/admin/forum/thread/hide', { id: threadId, reason: 'x' })).status,
    ).toBe(404);
    expect(
      (await callers.otherBrandAdmin.post('/api/admin/forum/post/hide', { id: replyId, reason: 'x' })).status,
    ).toBe(404);
    // Brand 2's editor cannot name another brand.
    callers.editor.headers['x-console-client'] = '3';
    expect((await callers.editor.get('/api/admin/forum/threads')).status).toBe(403);
    delete callers.editor.headers['x-console-client'];
    // The platform admin works in brand 3 through the switcher.
    callers.platformAdmin.headers['x-console-client'] = '3';
    const inThree = await callers.platformAdmin.post('/api/admin/forum/thread/lock', {
      id: other.threadId,
      reason: '平台处理',
    });
    expect(inThree.body.data.state).toBe('closed');
    delete callers.platformAdmin.headers['x-console-client'];
    const states = await t.app.ctx.db
      .selectFrom('forum_threads')
      .select(['id', 'state'])
      .where('id', 'in', [threadId, other.threadId])
      .execute();
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({
      [threadId]: 'open',
      [other.threadId]: 'closed',
    });
  });
});
