import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit, recordNoChange } from '../../platform/audit/audit.ts';
import { consoleCallers } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof consoleCallers>>;

beforeAll(async () => {
  // Probe routes: console writes with and without their audit record.
  t = await createTestApp({}, (app) => {
    const admin = { config: { auth: 'admin' as const } };
    app.post('/api/admin/probe/forgets-audit', admin, async () => ({ code: 200, data: { done: true } }));
    app.post('/api/admin/probe/audited', admin, async (request) => {
      await recordAudit(app.ctx.db, request, {
        action: 'probe.write',
        targetType: 'probe',
        targetId: 1,
        summary: 'probe',
      });
      return { code: 200, data: { done: true } };
    });
    app.post('/api/admin/probe/no-change', admin, async (request) => {
      recordNoChange(request);
      return { code: 200, data: { done: false } };
    });
  });
  callers = await consoleCallers(t);
});
afterAll(async () => t.close());

describe('console: who may enter', () => {
  it('a visitor is told to log in, an author is refused, staff are let in', async () => {
    expect((await callers.visitor.get('/api/admin/me')).status).toBe(401);
    const author = await callers.author.get('/api/admin/me');
    expect(author.status).toBe(403);
    expect(author.body.errors.title).toBe('您没有权限操作！');

    const editor = await callers.editor.get('/api/admin/me');
    expect(editor.body.data).toMatchObject({
      role: 'editor',
      platform_admin: false,
      client_id: 2,
      editor_title: '责任编辑',
      pen_name: callers.people.editor.penName,
    });
    expect(editor.body.data.brands.map((b: { client_id: number }) => b.client_id)).toEqual([2]);

    const platform = await callers.platformAdmin.get('/api/admin/me');
    expect(platform.body.data.platform_admin).toBe(true);
    expect(platform.body.data.brands.map((b: { client_id: number }) => b.client_id)).toEqual([1, 2, 3, 4]);
  });

  it('only a platform admin may act in another brand; a brand admin naming another brand is refused', async () => {
    callers.otherBrandAdmin.headers['x-console-client'] = '2';
    const refused = await callers.otherBrandAdmin.get('/api/admin/me');
    delete callers.otherBrandAdmin.headers['x-console-client'];
    expect(refused.status).toBe(403);
    expect(refused.body.errors.title).toBe('您只能管理本品牌的数据');

    callers.platformAdmin.headers['x-console-client'] = '3';
    const switched = await callers.platformAdmin.get('/api/admin/me');
    callers.platformAdmin.headers['x-console-client'] = '99';
    const unknown = await callers.platformAdmin.get('/api/admin/me');
    delete callers.platformAdmin.headers['x-console-client'];
    expect(switched.body.data).toMatchObject({ client_id: 3, own_client_id: 1 });
    expect(unknown.status).toBe(400);
  });
});

describe('console: the audit log', () => {
  it('is searchable within the brand only, newest first, and has no way to change it', async () => {
    const { app } = t;
    const request = (clientId: number, accountId: number, role: 'editor' | 'admin') =>
      ({
        auth: { sessionId: 's', userId: 1, accountId, clientId, role },
        headers: { 'user-agent': 'Console test' },
        ip: '10.1.2.3',
        server: app,
      }) as never;
    await recordAudit(app.ctx.db, request(2, callers.people.admin.accountId, 'admin'), {
      action: 'badge.award',
      targetType: 'account',
      targetId: 42,
      summary: '授予勋章「首签」',
      reason: '首次签约 50% 完成',
      before: { badges: [] },
      after: { badges: ['首签'] },
    });
    await recordAudit(app.ctx.db, request(3, callers.people.otherBrandAdmin.accountId, 'admin'), {
      action: 'badge.award',
      targetType: 'account',
      targetId: 43,
      summary: '另一个品牌的操作',
    });

    const mine = await callers.editor.get('/api/admin/audit', { action: 'badge.award' });
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.list[0]).toMatchObject({
      actor_name: callers.people.admin.penName,
      actor_role: 'admin',
      target_id: '42',
      reason: '首次签约 50% 完成',
      before: { badges: [] },
      after: { badges: ['首签'] },
      // An editor sees the IP without its last part; an admin sees it whole.
      ip: '10.1.2.*',
      user_agent: 'Console test',
    });
    const asAdmin = await callers.admin.get('/api/admin/audit', { action: 'badge.award' });
    expect(asAdmin.body.data.list[0].ip).toBe('10.1.2.3');
    // A LIKE wildcard in the search is taken literally.
    expect((await callers.editor.get('/api/admin/audit', { keyword: '50%' })).body.data.total).toBe(1);
    expect((await callers.editor.get('/api/admin/audit', { keyword: '5_' })).body.data.total).toBe(0);
    expect((await callers.author.get('/api/admin/audit')).status).toBe(403);

    const otherBrand = await callers.otherBrandAdmin.get('/api/admin/audit');
    expect(otherBrand.body.data.list.map((r: { summary: string }) => r.summary)).toEqual(['另一个品牌的操作']);

    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await callers.admin.raw({ method, url: '/api/admin/audit', payload: '{}' });
      expect(res.status).toBe(404);
    }
  });
});

describe('console: the audit guard', () => {
  it('refuses (in tests) a console write that succeeded without an audit record, and lets recorded or no-op writes through', async () => {
    const forgot = await callers.admin.post('/api/admin/probe/forgets-audit');
    expect(forgot.status).toBe(500);
    expect(forgot.body.errors.title).toContain('without an audit record');
    const audited = await callers.admin.post('/api/admin/probe/audited');
    expect(audited.body.data).toEqual({ done: true });
    const unchanged = await callers.admin.post('/api/admin/probe/no-change');
    expect(unchanged.body.data).toEqual({ done: false });
    // A refused write needs no record.
    expect((await callers.author.post('/api/admin/probe/forgets-audit')).status).toBe(403);
  });
});
