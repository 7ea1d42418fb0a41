import { SMS_CODE_TYPE } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient, type TestAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { freshCode } from '../auth/auth.test-helpers.ts';
import { createBook } from '../works/works.fixtures.ts';
import { nextPrefix } from './people.repository.ts';
import '../../platform/audit/audit.tables.ts';
import '../auth/auth.tables.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof consoleCallers>>;
/** A person of brand 2 with two pen names, the second with a phone of its own, and a book each. */
let writer: TestAuthor;
let second: { accountId: number; penName: string; phone: string };
let writerBooks: { first: number; second: number };

const suffix = Date.now().toString(36).slice(-4);

async function auditOf(action: string, targetId: number | string) {
  return t.app.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

async function roleOf(accountId: number) {
  const row = await t.app.ctx.db
    .selectFrom('accounts')
    .select('role')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.role;
}

beforeAll(async () => {
  t = await createTestApp();
  callers = await consoleCallers(t);
  writer = await createAuthor(t, { clientId: 2, penName: `青云客${suffix}`, realName: '李白云' });
  const { db, personalData } = t.app.ctx;
  const phone = `137${String(Date.now()).slice(-8)}`;
  const row = await db
    .insertInto('accounts')
    .values({
      client_id: 2,
      user_id: writer.userId,
      pen_name: `青云客乙${suffix}`,
      phone_enc: personalData.seal(phone),
      phone_hash: personalData.index('phone', phone),
      role: 'author',
      avatar: null,
      level: 2,
      sign_flag: 1,
      is_learner: 0,
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  second = { accountId: row.id, penName: `青云客乙${suffix}`, phone };
  const firstClient = await signedInClient(t, writer);
  const secondClient = await signedInClient(t, { ...writer, accountId: second.accountId });
  writerBooks = {
    first: (await createBook(firstClient, { title: `云海行舟${suffix}` })).book_id,
    second: (await createBook(secondClient, { title: `山河故人${suffix}` })).book_id,
  };
  // A look-alike in another brand, which no brand-2 search may find.
  await createAuthor(t, { clientId: 3, penName: `青云客${suffix}` });
});
afterAll(async () => t.close());

describe('console authors: search', () => {
  it('lets staff in and keeps visitors and authors out', async () => {
    expect((await callers.visitor.get('/api/admin/authors')).status).toBe(401);
    expect((await callers.author.get('/api/admin/authors')).status).toBe(403);
    expect((await callers.editor.get('/api/admin/authors')).body.code).toBe(200);
    expect((await callers.admin.get('/api/admin/authors')).body.code).toBe(200);
  });

  it('finds pen names by their beginning, in pen-name order, within the brand only', async () => {
    const res = await callers.editor.get('/api/admin/authors', { q: `青云客` });
    expect(res.body.data.list.map((r: { pen_name: string }) => r.pen_name)).toEqual([
      `青云客${suffix}`,
      `青云客乙${suffix}`,
    ]);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list[0]).toMatchObject({
      account_id: writer.accountId,
      user_id: writer.userId,
      role: 'author',
      book_count: 1,
    });
    // Only the beginning matches; LIKE wildcards are taken literally.
    expect((await callers.editor.get('/api/admin/authors', { q: '云客' })).body.data.total).toBe(0);
    expect((await callers.editor.get('/api/admin/authors', { q: '青%' })).body.data.total).toBe(0);
    expect((await callers.editor.get('/api/admin/authors', { q: '青_客' })).body.data.total).toBe(0);

    // Brand 3's admin finds only brand 3's look-alike; the platform admin finds brand 2's in brand 2.
    const other = await callers.otherBrandAdmin.get('/api/admin/authors', { q: '青云客' });
    expect(other.body.data.list.map((r: { user_id: number }) => r.user_id)).not.toContain(writer.userId);
    expect(other.body.data.total).toBe(1);
    callers.platformAdmin.headers['x-console-client'] = '2';
    const platform = await callers.platformAdmin.get('/api/admin/authors', { q: '青云客' });
    delete callers.platformAdmin.headers['x-console-client'];
    expect(platform.body.data.total).toBe(2);
  });

  it('reads a prefix as the range of pen names up to its next string', () => {
    expect(nextPrefix('青云')).toBe('青互');
    expect(nextPrefix('ab')).toBe('ac');
    expect(nextPrefix('a\u{10FFFF}')).toBe('b');
    expect(nextPrefix('\u{D7FF}')).toBe('\u{E000}');
    expect(nextPrefix('\u{10FFFF}')).toBeNull();
  });

  it('finds by the whole phone through its blind index and shows it masked only', async () => {
    const byPersonPhone = await callers.editor.get('/api/admin/authors', { by: 'phone', q: writer.phone });
    // The person's phone finds both pen names (the second has its own phone as well).
    expect(byPersonPhone.body.data.total).toBe(2);
    const first = byPersonPhone.body.data.list.find((r: { account_id: number }) => r.account_id === writer.accountId);
    expect(first.phone).toBe(`${writer.phone.slice(0, 3)}****${writer.phone.slice(-4)}`);
    expect(JSON.stringify(byPersonPhone.body)).not.toContain(writer.phone);

    const byPenNamePhone = await callers.editor.get('/api/admin/authors', { by: 'phone', q: second.phone });
    expect(byPenNamePhone.body.data.list).toMatchObject([{ account_id: second.accountId }]);
    expect(JSON.stringify(byPenNamePhone.body)).not.toContain(second.phone);

    const partial = await callers.editor.get('/api/admin/authors', { by: 'phone', q: writer.phone.slice(0, 7) });
    expect(partial.status).toBe(400);
    expect(partial.body.errors).toMatchObject({
      field: 'q',
      title: '请输入完整的11位手机号（手机号按完整号码精确查找）',
    });
    const other = await callers.otherBrandAdmin.get('/api/admin/authors', { by: 'phone', q: writer.phone });
    expect(other.body.data.total).toBe(0);
  });

  it('finds by account id, user id and book (id or title words)', async () => {
    const names = async (query: Record<string, string | number>) =>
      (await callers.editor.get('/api/admin/authors', query)).body.data.list.map(
        (r: { pen_name: string }) => r.pen_name,
      );
    expect(await names({ by: 'account_id', q: second.accountId })).toEqual([second.penName]);
    expect((await names({ by: 'user_id', q: writer.userId })).sort()).toEqual([writer.penName, second.penName].sort());
    expect(await names({ by: 'book', q: writerBooks.second })).toEqual([second.penName]);
    expect(await names({ by: 'book', q: `故人${suffix}` })).toEqual([second.penName]);
    const bad = await callers.editor.get('/api/admin/authors', { by: 'user_id', q: 'abc' });
    expect(bad.body.errors).toMatchObject({ field: 'q', title: 'ID只能是数字' });
    expect(
      (await callers.otherBrandAdmin.get('/api/admin/authors', { by: 'book', q: writerBooks.second })).body.data.total,
    ).toBe(0);
  });

  it('filters by role and pages with a stable order', async () => {
    const editors = await callers.admin.get('/api/admin/authors', { role: 'editor' });
    expect(editors.body.data.list.map((r: { account_id: number }) => r.account_id)).toContain(
      callers.people.editor.accountId,
    );
    expect(editors.body.data.list.every((r: { role: string }) => r.role === 'editor')).toBe(true);
    const one = await callers.admin.get('/api/admin/authors', { page_size: 1, page: 1, sort: 'account_id' });
    const two = await callers.admin.get('/api/admin/authors', { page_size: 1, page: 2, sort: 'account_id' });
    expect(one.body.data.list[0].account_id).toBeLessThan(two.body.data.list[0].account_id);
    expect(one.body.data.total).toBe(two.body.data.total);
  });
});

describe('console authors: a person', () => {
  it('shows pen names (masked phone and name), books, and refuses another brand', async () => {
    const path = `/api/admin/authors/people/${writer.userId}`;
    expect((await callers.visitor.get(path)).status).toBe(401);
    expect((await callers.author.get(path)).status).toBe(403);
    const res = await callers.editor.get(path);
    expect(res.body.data).toMatchObject({
      user_id: writer.userId,
      real_name: '李**',
      editor_title: '责任编辑',
      can: { change_roles: false, end_sessions: false },
    });
    expect(res.body.data.accounts.map((a: { pen_name: string }) => a.pen_name)).toEqual([
      writer.penName,
      second.penName,
    ]);
    expect(JSON.stringify(res.body)).not.toContain(writer.phone);
    expect((await callers.admin.get(path)).body.data.can).toEqual({ change_roles: true, end_sessions: true });

    const books = await callers.editor.get(`${path}/books`);
    expect(books.body.data.list.map((b: { title: string }) => b.title).sort()).toEqual(
      [`云海行舟${suffix}`, `山河故人${suffix}`].sort(),
    );

    for (const sub of ['', '/books', '/sessions', '/sign-ins']) {
      const other = await callers.otherBrandAdmin.get(`${path}${sub}`);
      expect(other.status, sub).toBe(404);
      expect(other.body.errors.title).toBe('本品牌没有这位作者');
    }
    callers.platformAdmin.headers['x-console-client'] = '2';
    const platform = await callers.platformAdmin.get(path);
    delete callers.platformAdmin.headers['x-console-client'];
    expect(platform.body.data.user_id).toBe(writer.userId);
  });
});

describe('console authors: sign-in history and sessions', () => {
  let phoneLogin: TestClient;
  let person: TestAuthor;

  beforeAll(async () => {
    person = await createAuthor(t, { clientId: 2, penName: `登录者${suffix}` });
    phoneLogin = t.client('localhost');
    phoneLogin.headers['user-agent'] = 'Mozilla/5.0 People-Test';
    // A wrong code first, then the right one: both are in the history.
    const code = await freshCode(t, phoneLogin, person.phone, SMS_CODE_TYPE.login);
    const wrong = code === '0000' ? '1111' : '0000';
    expect(
      (await phoneLogin.post('/api/pc/v3/user/code-login', { phone: person.phone, code: wrong })).body.code,
    ).not.toBe(200);
    const right = await phoneLogin.post('/api/pc/v3/user/code-login', { phone: person.phone, code });
    expect(right.body.code).toBe(200);
  });

  it('lists sign-ins with method, result, IP and user agent, newest first', async () => {
    const res = await callers.editor.get(`/api/admin/authors/people/${person.userId}/sign-ins`);
    expect(res.body.data.list).toMatchObject([
      {
        method: 'code',
        result: 'ok',
        account_id: person.accountId,
        pen_name: person.penName,
        user_agent: 'Mozilla/5.0 People-Test',
        session_live: 1,
      },
      { method: 'code', result: 'code_refused', account_id: null, session_live: 0 },
    ]);
    // An editor sees the IP without its last part; an admin sees it whole, here and under sessions.
    expect(res.body.data.list[0].ip).toBe('127.0.0.*');
    const asAdmin = await callers.admin.get(`/api/admin/authors/people/${person.userId}/sign-ins`);
    expect(asAdmin.body.data.list[0].ip).toBe('127.0.0.1');
    const sessions = await callers.editor.get(`/api/admin/authors/people/${person.userId}/sessions`);
    expect(sessions.body.data.list.map((row: { ip: string }) => row.ip)).toEqual(['127.0.0.*']);
    const refused = await callers.editor.get(`/api/admin/authors/people/${person.userId}/sign-ins`, {
      result: 'code_refused',
    });
    expect(refused.body.data.total).toBe(1);
  });

  it('a wrong password of a known person is in the history too', async () => {
    const client = t.client('localhost');
    const res = await client.post('/api/pc/v3/user/login', { name: person.penName, password: 'Wrong@2026x' });
    expect(res.body.code).not.toBe(200);
    const list = (await callers.editor.get(`/api/admin/authors/people/${person.userId}/sign-ins`)).body.data.list;
    expect(list[0]).toMatchObject({ method: 'password', result: 'wrong_password' });
  });

  it('lists live sessions with where they started; only an admin ends them, with a reason, audited', async () => {
    const path = `/api/admin/authors/people/${person.userId}/sessions`;
    const live = await callers.editor.get(path);
    expect(live.body.data.list).toHaveLength(1);
    const session = live.body.data.list[0];
    expect(session).toMatchObject({ pen_name: person.penName, method: 'code', user_agent: 'Mozilla/5.0 People-Test' });
    expect((await phoneLogin.get('/api/author/profile')).status).toBe(200);

    const end = `${path}/end`;
    const body = { session_ids: [session.session_id], reason: '作者反映账号在陌生设备登录' };
    expect((await callers.visitor.post(end, body)).status).toBe(401);
    expect((await callers.author.post(end, body)).status).toBe(403);
    expect((await callers.editor.post(end, body)).status).toBe(403);
    const other = await callers.otherBrandAdmin.post(end, body);
    expect(other.status).toBe(404);
    const noReason = await callers.admin.post(end, { session_ids: [session.session_id], reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toMatchObject({ field: 'reason', title: '请填写操作原因' });
    const unknown = await callers.admin.post(end, { session_ids: ['f'.repeat(64)], reason: '测试' });
    expect(unknown.body.errors).toMatchObject({ field: 'session_ids.0', title: '该会话已结束或已过期，请刷新后再试' });
    // Nothing of the refusals changed anything.
    expect((await callers.editor.get(path)).body.data.total).toBe(1);
    expect(await auditOf('session.end', person.userId)).toEqual([]);

    const ended = await callers.admin.post(end, body);
    expect(ended.body.data).toEqual({ ended: 1, live: 0 });
    expect((await phoneLogin.get('/api/author/profile')).status).toBe(401);
    expect((await callers.editor.get(path)).body.data.total).toBe(0);
    const [audit] = await auditOf('session.end', person.userId);
    expect(audit).toMatchObject({
      client_id: 2,
      actor_account_id: callers.people.admin.accountId,
      target_type: 'user',
      reason: '作者反映账号在陌生设备登录',
      summary: `结束「${person.penName}」的1个登录会话`,
    });
    expect(JSON.parse(audit.after_json!)).toEqual({ live_sessions: 0 });

    const again = await callers.admin.post(end, { all: true, reason: '再次结束' });
    expect(again.status).toBe(409);
    expect(again.body.errors.title).toBe('该作者当前没有登录中的会话');
  });

  it('ends all of a person’s sessions at once; a platform admin may do it in another brand', async () => {
    const a = await signedInClient(t, person);
    const b = await signedInClient(t, person);
    callers.platformAdmin.headers['x-console-client'] = '2';
    const res = await callers.platformAdmin.post(`/api/admin/authors/people/${person.userId}/sessions/end`, {
      all: true,
      reason: '账号疑似被盗，全部下线',
    });
    delete callers.platformAdmin.headers['x-console-client'];
    expect(res.body.data).toEqual({ ended: 2, live: 0 });
    expect((await a.get('/api/author/profile')).status).toBe(401);
    expect((await b.get('/api/author/profile')).status).toBe(401);
    const rows = await auditOf('session.end', person.userId);
    expect(rows.at(-1)).toMatchObject({ client_id: 2, actor_client_id: 1, actor_role: 'platform_admin' });
  });
});

describe('console authors: roles', () => {
  it('an admin grants the editor role with a reason; it holds at once and is audited with before and after', async () => {
    const target = await createAuthor(t, { clientId: 2, penName: `新编辑${suffix}` });
    const targetClient = await signedInClient(t, target);
    expect((await targetClient.get('/api/admin/me')).status).toBe(403);
    const path = `/api/admin/authors/accounts/${target.accountId}/role`;
    const body = { role: 'editor', reason: '新入职编辑' };

    expect((await callers.visitor.post(path, body)).status).toBe(401);
    expect((await callers.author.post(path, body)).status).toBe(403);
    expect((await callers.editor.post(path, body)).status).toBe(403);
    const other = await callers.otherBrandAdmin.post(path, body);
    expect(other.status).toBe(404);
    expect(other.body.errors.title).toBe('本品牌没有这个笔名');
    const noReason = await callers.admin.post(path, { role: 'editor' });
    expect(noReason.body.errors).toMatchObject({ field: 'reason', title: '请填写操作原因' });
    const tooLong = await callers.admin.post(path, { role: 'editor', reason: '长'.repeat(201) });
    expect(tooLong.body.errors.title).toBe('原因最多200个字');
    const badRole = await callers.admin.post(path, { role: 'owner', reason: '测试' });
    expect(badRole.body.errors.field).toBe('role');
    expect(await roleOf(target.accountId)).toBe('author');

    const granted = await callers.admin.post(path, body);
    expect(granted.body.data).toMatchObject({ account_id: target.accountId, before: 'author', role: 'editor' });
    expect(await roleOf(target.accountId)).toBe('editor');
    expect((await targetClient.get('/api/admin/me')).body.data.role).toBe('editor');
    const [audit] = await auditOf('account.role', target.accountId);
    expect(audit).toMatchObject({
      client_id: 2,
      target_type: 'account',
      reason: '新入职编辑',
      summary: `将「新编辑${suffix}」的角色由作者改为编辑`,
    });
    expect(JSON.parse(audit.before_json!)).toEqual({ role: 'author' });
    expect(JSON.parse(audit.after_json!)).toEqual({ role: 'editor' });

    const same = await callers.admin.post(path, body);
    expect(same.status).toBe(409);
    expect(same.body.errors.title).toBe(`「新编辑${suffix}」已经是编辑`);

    // Revoked: the console closes to them on their next request.
    await callers.admin.post(path, { role: 'author', reason: '调岗' });
    expect((await targetClient.get('/api/admin/me')).status).toBe(403);
  });

  it('nobody changes their own role, not even on another of their pen names', async () => {
    const own = await callers.admin.post(`/api/admin/authors/accounts/${callers.people.admin.accountId}/role`, {
      role: 'author',
      reason: '测试',
    });
    expect(own.status).toBe(403);
    expect(own.body.errors.title).toBe('不能修改自己的角色，请让本品牌的另一位管理员操作');
    const { db } = t.app.ctx;
    const alt = await db
      .insertInto('accounts')
      .values({
        client_id: 2,
        user_id: callers.people.admin.userId,
        pen_name: `管理员小号${suffix}`,
        phone_enc: null,
        phone_hash: null,
        role: 'author',
        avatar: null,
        level: 1,
        sign_flag: 0,
        is_learner: 0,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const altRes = await callers.admin.post(`/api/admin/authors/accounts/${alt.id}/role`, {
      role: 'admin',
      reason: '测试',
    });
    expect(altRes.status).toBe(403);
    expect(await roleOf(alt.id)).toBe('author');
  });

  it("the brand's last admin cannot be demoted; once there is another, they can", async () => {
    const path = `/api/admin/authors/accounts/${callers.people.admin.accountId}/role`;
    callers.platformAdmin.headers['x-console-client'] = '2';
    try {
      const last = await callers.platformAdmin.post(path, { role: 'editor', reason: '调整' });
      expect(last.status).toBe(409);
      expect(last.body.errors.title).toBe(
        `「${callers.people.admin.penName}」是本品牌最后一位管理员，不能撤销；请先把管理员授予另一个账号`,
      );
      expect(await roleOf(callers.people.admin.accountId)).toBe('admin');

      const deputy = await createAuthor(t, { clientId: 2, penName: `副管理员${suffix}` });
      const made = await callers.platformAdmin.post(`/api/admin/authors/accounts/${deputy.accountId}/role`, {
        role: 'admin',
        reason: '增设管理员',
      });
      expect(made.body.data.role).toBe('admin');
      const demoted = await callers.platformAdmin.post(path, { role: 'editor', reason: '调整' });
      expect(demoted.body.data.role).toBe('editor');
      // Put back for the other tests.
      await callers.platformAdmin.post(path, { role: 'admin', reason: '恢复' });
      await callers.platformAdmin.post(`/api/admin/authors/accounts/${deputy.accountId}/role`, {
        role: 'author',
        reason: '恢复',
      });
    } finally {
      delete callers.platformAdmin.headers['x-console-client'];
    }
    expect(await roleOf(callers.people.admin.accountId)).toBe('admin');
  });

  it('two admins demoting each other at once leave the brand one admin', async () => {
    const a = await createAuthor(t, { clientId: 4, role: 'admin' });
    const b = await createAuthor(t, { clientId: 4, role: 'admin' });
    const aClient = await signedInClient(t, a);
    const bClient = await signedInClient(t, b);
    const [ra, rb] = await Promise.all([
      aClient.post(`/api/admin/authors/accounts/${b.accountId}/role`, { role: 'author', reason: '互相撤销' }),
      bClient.post(`/api/admin/authors/accounts/${a.accountId}/role`, { role: 'author', reason: '互相撤销' }),
    ]);
    const codes = [ra.status, rb.status].sort();
    // The loser is refused: as the last admin, or (its session's role already gone) as no admin at all.
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await t.app.ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('client_id', '=', 4)
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
  });
});
