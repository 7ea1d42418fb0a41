import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient, type TestAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let c: Awaited<ReturnType<typeof consoleCallers>>;
let serial = 0;
const uniq = (prefix: string) => `${prefix}${++serial}`;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  c = await consoleCallers(t);
});
afterAll(async () => t.close());

async function author(
  options: { sign?: boolean; learner?: boolean; clientId?: number } = {},
): Promise<[TestAuthor, TestClient]> {
  const a = await createAuthor(t, { clientId: options.clientId });
  // Accounts made "before" the notices, so a new notice counts as unread for them.
  await t.app.ctx.db
    .updateTable('accounts')
    .set({ sign_flag: options.sign ? 1 : 0, is_learner: options.learner ? 1 : 0, created_at: Date.now() - DAY })
    .where('id', '=', a.accountId)
    .execute();
  return [a, await signedInClient(t, a)];
}

const noticeIds = async (client: TestClient) =>
  (await client.get('/api/pc/v1/news/list', { type: 'notice', page_size: 100 })).body.data.list.map(
    (n: { id: number }) => n.id,
  );
const unreadNotices = async (client: TestClient) =>
  (await client.get('/api/pc/v1/news/unread-count')).body.data.notice as number;

async function notice(body: Record<string, unknown>, client: TestClient = c.admin) {
  const res = await client.post('/api/admin/notices', { title: uniq('公告'), content: '<p>正文</p>', ...body });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; state: string; published_at: number; title: string };
}

async function auditOf(action: string, targetId: number) {
  return t.app.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id', 'desc')
    .execute();
}

describe('messages console: who may call what', () => {
  it('every route refuses a visitor (401), an author and an editor (403)', async () => {
    const n = await notice({ published_at: Date.now() + DAY });
    const routes: Array<[string, (client: TestClient) => Promise<{ status: number }>]> = [
      ['notices', (x) => x.get('/api/admin/notices')],
      ['notice', (x) => x.get(`/api/admin/notices/${n.id}`)],
      ['notice create', (x) => x.post('/api/admin/notices', { title: 'x', content: 'y' })],
      ['notice edit', (x) => x.post(`/api/admin/notices/${n.id}`, { title: 'x', content: 'y' })],
      ['notice withdraw', (x) => x.post(`/api/admin/notices/${n.id}/withdraw`, { reason: 'r' })],
      ['messages', (x) => x.get('/api/admin/messages')],
      [
        'message send',
        (x) => x.post('/api/admin/messages', { account_id: c.people.author.accountId, title: 'x', content: 'y' }),
      ],
    ];
    for (const [name, call] of routes) {
      expect((await call(c.visitor)).status, `${name}: visitor`).toBe(401);
      expect((await call(c.author)).status, `${name}: author`).toBe(403);
      expect((await call(c.editor)).status, `${name}: editor`).toBe(403);
    }
    const still = (await c.admin.get(`/api/admin/notices/${n.id}`)).body.data;
    expect(still).toMatchObject({ state: 'scheduled', title: n.title });
    expect((await c.author.get('/api/pc/v1/news/unread-count')).body.data.message).toBe(0);
  });
});

describe('notice audiences and read counts', () => {
  it('a notice reaches its audience only: all, signed, trainees or a list of pen names', async () => {
    const [plain, plainClient] = await author();
    const [, signedClient] = await author({ sign: true });
    const [, learnerClient] = await author({ learner: true });
    const [listed, listedClient] = await author();

    const all = await notice({ audience: 'all' });
    const signed = await notice({ audience: 'signed' });
    const learners = await notice({ audience: 'learners' });
    const list = await notice({ audience: 'list', pen_names: [listed.penName], account_ids: [plain.accountId] });

    expect(await noticeIds(plainClient)).toEqual(expect.arrayContaining([all.id, list.id]));
    expect(await noticeIds(plainClient)).not.toEqual(expect.arrayContaining([signed.id]));
    const seenBy = async (client: TestClient) => {
      const ids = await noticeIds(client);
      return [all, signed, learners, list].filter((n) => ids.includes(n.id)).map((n) => n.id);
    };
    expect(await seenBy(plainClient)).toEqual([all.id, list.id]);
    expect(await seenBy(signedClient)).toEqual([all.id, signed.id]);
    expect(await seenBy(learnerClient)).toEqual([all.id, learners.id]);
    expect(await seenBy(listedClient)).toEqual([all.id, list.id]);
    expect(await unreadNotices(signedClient)).toBe(2);
    // Not in the audience: the detail is not found either.
    const hidden = await plainClient.get('/api/pc/v1/news/detail', { type: 'notice', id: signed.id });
    expect(hidden.status).toBe(404);

    const detail = (await c.admin.get(`/api/admin/notices/${list.id}`)).body.data;
    expect(detail).toMatchObject({ audience: 'list', audience_count: 2, read_count: 0, state: 'published' });
    expect(detail.targets.map((x: { pen_name: string }) => x.pen_name).sort()).toEqual(
      [listed.penName, plain.penName].sort(),
    );
  });

  it('read counts say how many of the audience opened the notice', async () => {
    const [, a] = await author({ sign: true });
    const [, b] = await author({ sign: true });
    const n = await notice({ audience: 'signed' });
    await a.get('/api/pc/v1/news/detail', { type: 'notice', id: n.id });
    await a.get('/api/pc/v1/news/detail', { type: 'notice', id: n.id });
    const page = (await c.admin.get('/api/admin/notices', { keyword: n.title })).body.data;
    const signedAuthors = Number(
      (
        await t.app.ctx.db
          .selectFrom('accounts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('client_id', '=', 2)
          .where('role', '=', 'author')
          .where('sign_flag', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(page.list).toMatchObject([{ id: n.id, read_count: 1, audience_count: signedAuthors, state: 'published' }]);
    await b.get('/api/pc/v1/news/detail', { type: 'notice', id: n.id });
    expect((await c.admin.get(`/api/admin/notices/${n.id}`)).body.data.read_count).toBe(2);
  });

  it('an unknown pen name in the list is named and nothing is created', async () => {
    const [listed] = await author();
    const title = uniq('名单公告');
    const res = await c.admin.post('/api/admin/notices', {
      title,
      content: '正文',
      audience: 'list',
      pen_names: [listed.penName, '没有这个人', c.people.editor.penName],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      field: 'pen_names',
      title: `本品牌没有这些作者：没有这个人、${c.people.editor.penName}`,
    });
    const empty = await c.admin.post('/api/admin/notices', { title, content: '正文', audience: 'list' });
    expect(empty.body.errors.title).toBe('请至少填写一个笔名或账号ID');
    expect((await c.admin.get('/api/admin/notices', { keyword: title })).body.data.total).toBe(0);
  });
});

describe('scheduled notices', () => {
  it('is hidden until its time, can be edited while scheduled, then goes out and can no longer be edited', async () => {
    const [, client] = await author();
    const at = Date.now() + 2 * DAY;
    const n = await notice({ published_at: at, category: 'activity' });
    expect(n).toMatchObject({ state: 'scheduled', published_at: at });
    expect(await noticeIds(client)).not.toContain(n.id);
    const [created] = await auditOf('notice.create', n.id);
    expect(created!.summary).toMatch(
      new RegExp(`^定时公告「${n.title}」，北京时间 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} 发布$`),
    );

    const scheduled = (await c.admin.get('/api/admin/notices', { state: 'scheduled', page_size: 500 })).body.data;
    expect(scheduled.list.map((x: { id: number }) => x.id)).toContain(n.id);

    const edited = await c.admin.post(`/api/admin/notices/${n.id}`, {
      title: `${n.title}（修订）`,
      content: '<p>修订后的正文</p>',
      category: 'rule',
      published_at: at + DAY,
      audience: 'signed',
    });
    expect(edited.body.data).toMatchObject({
      title: `${n.title}（修订）`,
      audience: 'signed',
      state: 'scheduled',
      published_at: at + DAY,
    });
    const [update] = await auditOf('notice.update', n.id);
    expect(JSON.parse(update!.before_json!)).toMatchObject({ title: n.title, audience: 'all', content: '<p>正文</p>' });

    // Its time comes.
    await t.app.ctx.db
      .updateTable('notices')
      .set({ published_at: Date.now() - 1000, audience: 'all' })
      .where('id', '=', n.id)
      .execute();
    expect(await noticeIds(client)).toContain(n.id);
    const late = await c.admin.post(`/api/admin/notices/${n.id}`, { title: '再改', content: 'x' });
    expect(late.status).toBe(409);
    expect(late.body.errors.title).toBe('该公告已经发布，不能再修改；如有错误可以撤回后重新发布');
    expect((await c.admin.get(`/api/admin/notices/${n.id}`)).body.data.title).toBe(`${n.title}（修订）`);
  });

  it('editing a scheduled notice without a time publishes it now', async () => {
    const [, client] = await author();
    const n = await notice({ published_at: Date.now() + DAY });
    const now = await c.admin.post(`/api/admin/notices/${n.id}`, { title: n.title, content: '<p>马上发</p>' });
    expect(now.body.data.state).toBe('published');
    expect(await noticeIds(client)).toContain(n.id);
  });

  it('refuses a time that has passed or is over a year ahead', async () => {
    const title = uniq('时间');
    const past = await c.admin.post('/api/admin/notices', {
      title,
      content: 'x',
      published_at: Date.now() - 3_600_000,
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toMatchObject({
      field: 'published_at',
      title: '定时发布的时间已经过去，请选择将来的时间，或改为立即发布',
    });
    const far = await c.admin.post('/api/admin/notices', { title, content: 'x', published_at: Date.now() + 400 * DAY });
    expect(far.body.errors.title).toBe('定时发布的时间最多只能在一年之后');
    c.admin.headers['x-lang'] = 'en-US';
    const english = await c.admin.post('/api/admin/notices', { title, content: 'x', published_at: 1 });
    delete c.admin.headers['x-lang'];
    expect(english.body.errors.title).toBe('The scheduled time has passed; pick a later time or publish now');
    expect((await c.admin.get('/api/admin/notices', { keyword: title })).body.data.total).toBe(0);
  });

  it('withdrawing takes a scheduled or a published notice away from every author; audited with the reason', async () => {
    const [, client] = await author();
    const scheduled = await notice({ published_at: Date.now() + DAY });
    const published = await notice({});
    await client.get('/api/pc/v1/news/detail', { type: 'notice', id: published.id });
    const unreadBefore = await unreadNotices(client);

    const noReason = await c.admin.post(`/api/admin/notices/${scheduled.id}/withdraw`, {});
    expect(noReason.body.errors.field).toBe('reason');
    const w1 = await c.admin.post(`/api/admin/notices/${scheduled.id}/withdraw`, { reason: '活动取消' });
    expect(w1.body.data.state).toBe('withdrawn');
    const w2 = await c.admin.post(`/api/admin/notices/${published.id}/withdraw`, { reason: '内容有误' });
    expect(w2.body.data).toMatchObject({ state: 'withdrawn', read_count: 1 });
    expect(await noticeIds(client)).not.toEqual(expect.arrayContaining([published.id]));
    expect(await unreadNotices(client)).toBe(unreadBefore);
    expect((await client.get('/api/pc/v1/news/detail', { type: 'notice', id: published.id })).status).toBe(404);

    const [audit] = await auditOf('notice.withdraw', published.id);
    expect(audit).toMatchObject({
      reason: '内容有误',
      summary: `撤回已发布的公告「${published.title}」（1位作者已读）`,
    });
    const again = await c.admin.post(`/api/admin/notices/${published.id}/withdraw`, { reason: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.errors.title).toBe('该公告已经撤回');
    const editWithdrawn = await c.admin.post(`/api/admin/notices/${scheduled.id}`, { title: 'x', content: 'y' });
    expect(editWithdrawn.body.errors.title).toBe('该公告已撤回，不能再修改');
    const withdrawn = (await c.admin.get('/api/admin/notices', { state: 'withdrawn', page_size: 500 })).body.data;
    expect(withdrawn.list.map((x: { id: number }) => x.id)).toEqual(
      expect.arrayContaining([scheduled.id, published.id]),
    );
  });
});

describe('a message to one author', () => {
  it('is delivered, listed with its read state, and audited', async () => {
    const [a, client] = await author();
    const sent = await c.admin.post('/api/admin/messages', {
      pen_name: a.penName,
      category: 'editor',
      title: '请补充作品简介',
      content: '您好，作品简介过短，请补充到50字以上。',
      link: '/front/book-manage/list',
      sender: '责任编辑',
    });
    expect(sent.body.data).toMatchObject({ account_id: a.accountId, pen_name: a.penName });
    const list = (await client.get('/api/pc/v1/news/list', { type: 'message' })).body.data.list;
    expect(list).toMatchObject([{ id: sent.body.data.id, title: '请补充作品简介', is_read: false }]);

    const rows = (await c.admin.get('/api/admin/messages', { account_id: a.accountId })).body.data;
    expect(rows.list).toMatchObject([
      { id: sent.body.data.id, pen_name: a.penName, read_at: null, sent_by_name: c.people.admin.penName },
    ]);
    await client.get('/api/pc/v1/news/detail', { type: 'message', id: sent.body.data.id });
    expect((await c.admin.get('/api/admin/messages', { account_id: a.accountId })).body.data.list[0].read_at).toEqual(
      expect.any(Number),
    );
    const [audit] = await auditOf('message.send', a.accountId);
    expect(audit!.summary).toBe(`给「${a.penName}」发送消息「请补充作品简介」`);

    const badLink = await c.admin.post('/api/admin/messages', {
      account_id: a.accountId,
      title: 'x',
      content: 'y',
      link: 'javascript:alert(1)',
    });
    expect(badLink.body.errors.field).toBe('link');
    const nobody = await c.admin.post('/api/admin/messages', { pen_name: '查无此人', title: 'x', content: 'y' });
    expect(nobody.status).toBe(404);
    expect(nobody.body.errors.title).toBe('该作者不存在');
    expect((await c.admin.get('/api/admin/messages', { account_id: a.accountId })).body.data.total).toBe(1);
  });
});

describe('brands', () => {
  it('the admin of brand 3 sees and changes nothing of brand 2', async () => {
    const [a, client] = await author();
    const n = await notice({ published_at: Date.now() + DAY });
    const other = c.otherBrandAdmin;
    const list = (await other.get('/api/admin/notices', { page_size: 500 })).body.data.list;
    expect(list.map((x: { id: number }) => x.id)).not.toContain(n.id);
    expect((await other.get(`/api/admin/notices/${n.id}`)).status).toBe(404);
    expect((await other.post(`/api/admin/notices/${n.id}`, { title: '改', content: 'x' })).status).toBe(404);
    expect((await other.post(`/api/admin/notices/${n.id}/withdraw`, { reason: 'x' })).status).toBe(404);
    expect(
      (await other.post('/api/admin/messages', { account_id: a.accountId, title: 'x', content: 'y' })).status,
    ).toBe(404);
    const listNamingBrand2 = await other.post('/api/admin/notices', {
      title: 'x',
      content: 'y',
      audience: 'list',
      pen_names: [a.penName],
    });
    expect(listNamingBrand2.status).toBe(400);
    // A notice of brand 3 does not reach brand 2.
    const own = await notice({}, other);
    expect(await noticeIds(client)).not.toContain(own.id);
    expect((await c.admin.get(`/api/admin/notices/${n.id}`)).body.data).toMatchObject({ state: 'scheduled' });
    expect((await client.get('/api/pc/v1/news/unread-count')).body.data.message).toBe(0);
  });

  it('a platform admin publishes in the brand picked in the switcher', async () => {
    const [, client3] = await author({ clientId: 3 });
    c.platformAdmin.headers['x-console-client'] = '3';
    let n: { id: number };
    try {
      n = await notice({}, c.platformAdmin);
      const page = (await c.platformAdmin.get('/api/admin/notices', { page_size: 500 })).body.data;
      expect(page.list.map((x: { id: number }) => x.id)).toContain(n.id);
    } finally {
      delete c.platformAdmin.headers['x-console-client'];
    }
    expect(await noticeIds(client3)).toContain(n.id);
    const [audit] = await auditOf('notice.create', n.id);
    expect(audit).toMatchObject({ client_id: 3, actor_role: 'platform_admin' });
  });
});
