import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, logIn, type TestAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestClient;

async function clientOf(author: TestAuthor, host = 'localhost'): Promise<TestClient> {
  const client = t.client(host);
  await logIn(t, client, author);
  return client;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientOf(await createAuthor(t, { role: 'admin' }));
});
afterAll(async () => t.close());

const unread = async (client: TestClient) => (await client.get('/api/pc/v1/news/unread-count')).body.data;

describe('messages', () => {
  it('a message sent to an author is listed unread, opened read, and counted in the header', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    const sent = await admin.post('/api/pc/v1/admin/messages', {
      account_id: author.accountId,
      category: 'editor',
      title: '您的作品已通过审核',
      content: '恭喜！《长夜》第一章已通过审核，现已上架。',
      link: '/front/book-manage/list',
      sender: '责任编辑',
    });
    expect(sent.body.code).toBe(200);
    expect(await unread(client)).toEqual({ message: 1, notice: 0, total: 1 });
    expect((await client.get('/api/author/profile')).body.data.user.message_count).toBe(1);

    const list = (await client.get('/api/pc/v1/news/list', { type: 'message' })).body.data;
    expect(list).toMatchObject({ total: 1, unread: 1, page: 1, page_size: 30 });
    expect(list.list[0]).toMatchObject({
      id: sent.body.data.id,
      title: '您的作品已通过审核',
      is_read: false,
      category: 'editor',
    });

    const detail = (await client.get('/api/pc/v1/news/detail', { type: 'message', id: sent.body.data.id })).body.data;
    expect(detail).toMatchObject({
      content: '恭喜！《长夜》第一章已通过审核，现已上架。',
      link: '/front/book-manage/list',
      sender: '责任编辑',
      is_read: true,
    });
    expect(await unread(client)).toEqual({ message: 0, notice: 0, total: 0 });
    const row = await t.app.ctx.db
      .selectFrom('messages')
      .select('read_at')
      .where('id', '=', sent.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.read_at).not.toBeNull();
  });

  it('mark all read clears every unread message', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    for (const title of ['一', '二', '三']) {
      await admin.post('/api/pc/v1/admin/messages', {
        pen_name: author.penName,
        title: `消息${title}`,
        content: '正文',
      });
    }
    expect((await unread(client)).message).toBe(3);
    const after = await client.post('/api/pc/v1/news/set-all-read', { type: 'message' });
    expect(after.body.data).toEqual({ message: 0, notice: 0, total: 0 });
    const list = (await client.get('/api/pc/v1/news/list', { type: 'message' })).body.data.list;
    expect(list.every((m: { is_read: boolean }) => m.is_read)).toBe(true);
  });

  it('nobody reads another author’s message', async () => {
    const a = await createAuthor(t);
    const b = await createAuthor(t);
    const sent = await admin.post('/api/pc/v1/admin/messages', {
      account_id: a.accountId,
      title: '私信',
      content: '只给A',
    });
    const bClient = await clientOf(b);
    const res = await bClient.get('/api/pc/v1/news/detail', { type: 'message', id: sent.body.data.id });
    expect(res.status).toBe(404);
    expect(res.body.errors.title).toBe('该消息不存在或已删除');
    expect((await unread(await clientOf(a))).message).toBe(1);
  });

  it('pages newest first', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    for (let i = 1; i <= 5; i++) {
      await admin.post('/api/pc/v1/admin/messages', {
        account_id: author.accountId,
        title: `第${i}条`,
        content: `${i}`,
      });
    }
    const page2 = (await client.get('/api/pc/v1/news/list', { type: 'message', page: 2, page_size: 2 })).body.data;
    expect(page2.total).toBe(5);
    expect(page2.list.map((m: { title: string }) => m.title)).toEqual(['第3条', '第2条']);
  });
});

describe('notices', () => {
  it('a notice reaches every author of its brand and no other brand', async () => {
    const author2 = await createAuthor(t, { clientId: 2 });
    const author3 = await createAuthor(t, { clientId: 3 });
    const client2 = await clientOf(author2);
    const client3 = await clientOf(author3, 'third.localhost');
    const published = await admin.post('/api/pc/v1/admin/notices', {
      title: '关于春节期间稿酬发放的通知',
      content: '<p>春节期间稿酬<b>照常</b>发放。</p>',
      category: 'platform',
    });
    expect(published.body.code).toBe(200);
    expect((await unread(client2)).notice).toBe(1);
    expect((await unread(client3)).notice).toBe(0);
    const list2 = (await client2.get('/api/pc/v1/news/list', { type: 'notice' })).body.data.list;
    expect(list2.map((n: { id: number }) => n.id)).toContain(published.body.data.id);
    expect(list2[0].summary).toBe('春节期间稿酬照常发放。');
    const list3 = (await client3.get('/api/pc/v1/news/list', { type: 'notice' })).body.data.list;
    expect(list3.map((n: { id: number }) => n.id)).not.toContain(published.body.data.id);
    expect((await client3.get('/api/pc/v1/news/detail', { type: 'notice', id: published.body.data.id })).status).toBe(
      404,
    );

    const detail = (await client2.get('/api/pc/v1/news/detail', { type: 'notice', id: published.body.data.id })).body
      .data;
    expect(detail.content).toBe('<p>春节期间稿酬<b>照常</b>发放。</p>');
    expect((await unread(client2)).notice).toBe(0);
  });

  it('notices from before the account existed are read; mark all read covers the rest', async () => {
    await admin.post('/api/pc/v1/admin/notices', { title: '旧公告', content: '旧' });
    await new Promise((r) => setTimeout(r, 5));
    const author = await createAuthor(t);
    const client = await clientOf(author);
    expect((await unread(client)).notice).toBe(0);
    await new Promise((r) => setTimeout(r, 5));
    await admin.post('/api/pc/v1/admin/notices', { title: '新公告一', content: '一' });
    await admin.post('/api/pc/v1/admin/notices', { title: '新公告二', content: '二', pinned: true });
    expect((await unread(client)).notice).toBe(2);
    const list = (await client.get('/api/pc/v1/news/list', { type: 'notice' })).body.data.list;
    expect(list[0]).toMatchObject({ title: '新公告二', pinned: true, is_read: false });
    expect(list.find((n: { title: string }) => n.title === '旧公告').is_read).toBe(true);
    await new Promise((r) => setTimeout(r, 2));
    await client.post('/api/pc/v1/news/set-all-read', { type: 'notice' });
    expect((await unread(client)).notice).toBe(0);
  });

  it('a scheduled notice is hidden until its time', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    const later = await admin.post('/api/pc/v1/admin/notices', {
      title: '下周公告',
      content: '稍后发布',
      published_at: Date.now() + 86_400_000,
    });
    expect((await client.get('/api/pc/v1/news/detail', { type: 'notice', id: later.body.data.id })).status).toBe(404);
    expect((await unread(client)).notice).toBe(0);
  });

  it('only an admin publishes, and the input is checked', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    expect((await client.post('/api/pc/v1/admin/notices', { title: 'x', content: 'y' })).status).toBe(403);
    const editor = await clientOf(await createAuthor(t, { role: 'editor' }));
    expect(
      (await editor.post('/api/pc/v1/admin/messages', { account_id: author.accountId, title: 'x', content: 'y' }))
        .status,
    ).toBe(403);
    const bad = await admin.post('/api/pc/v1/admin/notices', { title: '', content: 'y' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.field).toBe('title');
    const badLink = await admin.post('/api/pc/v1/admin/messages', {
      account_id: author.accountId,
      title: 'x',
      content: 'y',
      link: 'javascript:alert(1)',
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.errors.field).toBe('link');
    expect((await unread(client)).message).toBe(0);
  });

  it('the news calls need a session', async () => {
    const res = await t.client().get('/api/pc/v1/news/unread-count');
    expect(res.status).toBe(401);
  });
});
