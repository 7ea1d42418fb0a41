import { ErrorCode } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof consoleCallers>>;

beforeAll(async () => {
  t = await createTestApp();
  callers = await consoleCallers(t);
});
afterAll(async () => t.close());

async function publish(kind: string, title: string, over: Record<string, unknown> = {}) {
  const res = await callers.admin.post('/api/admin/agreements/publish', {
    kind,
    title,
    content_html: `<h2>${title}</h2><p>条款内容</p><script>x()</script>`,
    effective_at: Date.now(),
    reason: '法务更新条款',
    ...over,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; version: number };
}

/** Makes a person look registered some time ago (before the versions published in a test). */
const registeredEarlier = (userId: number) =>
  t.app.ctx.db
    .updateTable('users')
    .set({ created_at: Date.now() - 86_400_000 })
    .where('id', '=', userId)
    .execute();

describe('agreements', () => {
  it('the page shows the version in force, sanitized; a scheduled version waits; other brands have their own', async () => {
    const visitor = t.client('localhost');
    expect((await visitor.get('/api/pc/v1/agreement/detail', { kind: 'privacy' })).status).toBe(404);
    const v1 = await publish('privacy', '隐私政策');
    await publish('privacy', '隐私政策（下月版）', { effective_at: Date.now() + 86_400_000 });
    const page = await visitor.get('/api/pc/v1/agreement/detail', { kind: 'privacy' });
    expect(page.body.data).toMatchObject({ version: v1.version, title: '隐私政策' });
    expect(page.body.data.content_html).not.toContain('script');
    expect((await t.client('third.localhost').get('/api/pc/v1/agreement/detail', { kind: 'privacy' })).status).toBe(
      404,
    );
    const bad = await visitor.get('/api/pc/v1/agreement/detail', { kind: 'secret' });
    expect(bad.body.errors.field).toBe('kind');
  });

  it('a new version asks a logged-in author to accept it once, recorded with time and version', async () => {
    const author = await createAuthor(t);
    await registeredEarlier(author.userId);
    const client = await signedInClient(t, author);
    const v = await publish('user', '用户协议');
    const userPending = (list: Array<{ kind: string }>) => list.filter((a) => a.kind === 'user');
    const pending = await client.get('/api/pc/v1/agreement/pending');
    expect(userPending(pending.body.data.list)).toEqual([
      expect.objectContaining({ kind: 'user', version: v.version }),
    ]);

    const stale = await client.post('/api/pc/v1/agreement/accept', { kind: 'user', version: v.version + 5 });
    expect(stale.body.errors.field).toBe('version');
    const accepted = await client.post('/api/pc/v1/agreement/accept', { kind: 'user', version: v.version });
    expect(accepted.body.data.list.find((a: { kind: string }) => a.kind === 'user')).toBeUndefined();
    await client.post('/api/pc/v1/agreement/accept', { kind: 'user', version: v.version });
    const rows = await t.app.ctx.db
      .selectFrom('agreement_acceptances')
      .selectAll()
      .where('user_id', '=', author.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'user', version: v.version, account_id: author.accountId });
    expect(rows[0].accepted_at).toBeGreaterThan(Date.now() - 60_000);

    // The next version asks again.
    const v2 = await publish('user', '用户协议（修订）');
    const again = await client.get('/api/pc/v1/agreement/pending');
    expect(userPending(again.body.data.list)).toEqual([expect.objectContaining({ kind: 'user', version: v2.version })]);
  });

  it('a person who registered after a version came into force is not asked (registration linked it)', async () => {
    await publish('publish', '作品发布协议');
    const author = await createAuthor(t);
    const client = await signedInClient(t, author);
    const pending = await client.get('/api/pc/v1/agreement/pending');
    expect(pending.body.data.list.find((a: { kind: string }) => a.kind === 'publish')).toBeUndefined();
    expect((await t.client('localhost').get('/api/pc/v1/agreement/pending')).status).toBe(401);
  });

  it('only admins publish, with a reason, never in the past; editors read; audited', async () => {
    const byEditor = await callers.editor.post('/api/admin/agreements/publish', {
      kind: 'user',
      title: 'x',
      content_html: '<p>x</p>',
      effective_at: Date.now(),
      reason: '试试看',
    });
    expect(byEditor.status).toBe(403);
    const past = await callers.admin.post('/api/admin/agreements/publish', {
      kind: 'user',
      title: '旧',
      content_html: '<p>x</p>',
      effective_at: Date.now() - 86_400_000,
      reason: '补录旧版',
    });
    expect(past.body.errors.field).toBe('effective_at');
    const noReason = await callers.admin.post('/api/admin/agreements/publish', {
      kind: 'user',
      title: '无原因',
      content_html: '<p>x</p>',
      effective_at: Date.now(),
    });
    expect(noReason.body.errors.field).toBe('reason');
    const v = await publish('user', '用户协议（第三版）');
    const list = await callers.editor.get('/api/admin/agreements', { kind: 'user' });
    const row = list.body.data.list.find((r: { id: number }) => r.id === v.id);
    expect(row).toMatchObject({ in_force: true, version: v.version });
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'agreement')
      .where('target_id', '=', String(v.id))
      .execute();
    expect(audit).toEqual([{ action: 'agreement.publish', reason: '法务更新条款' }]);
    expect((await callers.otherBrandAdmin.get('/api/admin/agreements/detail', { id: v.id })).body.errors.code).toBe(
      ErrorCode.notFound,
    );
  });
});
