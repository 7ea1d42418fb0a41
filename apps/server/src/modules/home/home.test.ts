import { shanghaiDate } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, logIn, type TestAuthor } from '../../test/fixtures.ts';
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

describe('GET /api/author/index', () => {
  it('gives the author, unread counts, badges and running activities', async () => {
    const author = await createAuthor(t, { penName: '首页作者' });
    const client = await clientOf(author);
    const now = Date.now();
    await admin.post('/api/pc/v1/admin/home-activities', {
      title: '新人征文',
      url: '/front/activity/list',
      starts_at: now - 86_400_000,
      ends_at: now + 86_400_000,
    });
    await admin.post('/api/pc/v1/admin/home-activities', {
      title: '已结束的活动',
      url: '/front/activity/list',
      starts_at: now - 3 * 86_400_000,
      ends_at: now - 86_400_000,
    });
    await admin.post('/api/pc/v1/admin/messages', { account_id: author.accountId, title: '欢迎', content: '欢迎加入' });
    await admin.post('/api/pc/v1/admin/notices', { title: '公告', content: '内容' });
    const badge = await admin.post('/api/pc/v1/admin/badges', { title: '新人', image: '/b.png' });
    await admin.post('/api/pc/v1/admin/badges/award', {
      account_id: author.accountId,
      badge_id: badge.body.data.id,
      reason: '测试',
    });

    const res = await client.get('/api/author/index');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.author).toMatchObject({ account_id: author.accountId, pen_name: '首页作者', level: 1 });
    expect(data.unread).toEqual({ message: 1, notice: 1 });
    expect(data.badges.count).toBe(1);
    expect(data.badges.recent[0]).toMatchObject({ title: '新人', image: '/b.png' });
    expect(data.activities.map((a: { title: string }) => a.title)).toEqual(['新人征文']);
    expect(data.words).toEqual({ today: expect.any(Number), month: expect.any(Number) });
    expect(Array.isArray(data.works)).toBe(true);
    // Same answer through the catalogue path.
    expect((await client.get('/api/pc/v1/author/index')).body.data.author.pen_name).toBe('首页作者');
  });

  it('is for logged-in authors of the brand only', async () => {
    expect((await t.client().get('/api/author/index')).status).toBe(401);
    const author = await createAuthor(t, { clientId: 2 });
    const client = t.client('third.localhost');
    await logIn(t, client, author);
    expect((await client.get('/api/author/index')).status).toBe(401);
  });
});

describe('words and works on the home', () => {
  it('counts words published today and this month and lists the works with their state', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    const { db } = t.app.ctx;
    const now = Date.now();
    const book = (kind: 'novel' | 'short', title: string, extra: Record<string, number> = {}) =>
      db
        .insertInto('books')
        .values({
          client_id: 2,
          user_id: author.userId,
          account_id: author.accountId,
          kind,
          title,
          title_key: `${title}-${author.accountId}`,
          category: 'x',
          tags: '[]',
          intro: '',
          cover: null,
          finished: 0,
          sort_order: 0,
          total_words: 12_000,
          published_words: 8000,
          chapter_count: 5,
          published_count: 0,
          pay_point_chapter_id: null,
          regular_schedule: null,
          regular_job_id: null,
          last_published_at: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const novel = await book('novel', '长夜行', { published_count: 4, updated_at: now + 1 });
    await book('short', '雨巷', { published_count: 0 });
    const today = shanghaiDate(now);
    const monthStart = `${today.slice(0, 7)}-01`;
    const rows = [{ day: today, words: 3200 }];
    if (monthStart !== today) rows.push({ day: monthStart, words: 1800 });
    rows.push({ day: '2000-01-01', words: 99_999 });
    for (const r of rows) {
      await db
        .insertInto('book_daily_words')
        .values({
          client_id: 2,
          account_id: author.accountId,
          book_id: novel.id,
          day: r.day,
          words: r.words,
          chapters: 1,
        })
        .execute();
    }
    const data = (await client.get('/api/author/index')).body.data;
    expect(data.works_available).toBe(true);
    expect(data.words).toEqual({ today: 3200, month: monthStart === today ? 3200 : 5000 });
    expect(
      data.works.map((w: { title: string; state_txt: string; kind: string }) => [w.title, w.kind, w.state_txt]),
    ).toEqual([
      ['长夜行', 'novel', '连载中'],
      ['雨巷', 'short', '未发布'],
    ]);
  });
});

describe('comment and correction counts', () => {
  it('answer 0 until their modules land', async () => {
    const client = await clientOf(await createAuthor(t));
    expect((await client.post('/api/pc/v1/comment/msg-num', { book_id: '', msg_tab: '0' })).body).toEqual({
      code: 200,
      data: { num: 0 },
    });
    expect((await client.get('/api/pc/v1/user-correct/msg-num')).body.data.num).toBe(0);
  });
});

describe('activities console', () => {
  it('refuses an activity that ends before it starts, and non-admins', async () => {
    const now = Date.now();
    const bad = await admin.post('/api/pc/v1/admin/home-activities', {
      title: 'x',
      url: '/front/activity/list',
      starts_at: now,
      ends_at: now - 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.field).toBe('ends_at');
    const author = await clientOf(await createAuthor(t));
    const res = await author.post('/api/pc/v1/admin/home-activities', {
      title: 'x',
      url: '/x',
      starts_at: now,
      ends_at: now + 1,
    });
    expect(res.status).toBe(403);
  });
});

describe('home activities in the console', () => {
  it('lists, edits and ends a brand’s activities, each change in the audit log; other roles and brands are refused', async () => {
    const callers = await consoleCallers(t);
    const now = Date.now();
    const activity = {
      title: '控制台活动',
      url: '/front/activity/list',
      starts_at: now - 1000,
      ends_at: now + 86_400_000,
    };
    const created = await callers.admin.post('/api/admin/home-activities', activity);
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;

    const listed = await callers.admin.get('/api/admin/home-activities', { state: 'running', keyword: '控制台' });
    expect(listed.body.data.list).toEqual([expect.objectContaining({ id, title: '控制台活动', state: 'running' })]);

    // Nobody but an admin of the brand sees or changes it.
    expect((await callers.visitor.get('/api/admin/home-activities')).status).toBe(401);
    expect((await callers.author.get('/api/admin/home-activities')).status).toBe(403);
    expect((await callers.editor.get('/api/admin/home-activities')).status).toBe(403);
    const other = await callers.otherBrandAdmin.get('/api/admin/home-activities', { keyword: '控制台' });
    expect(other.body.data.total).toBe(0);
    const otherEnd = await callers.otherBrandAdmin.post('/api/admin/home-activities/end', { id, reason: '越权尝试' });
    expect(otherEnd.status).toBe(404);
    callers.platformAdmin.headers['x-console-client'] = '2';
    const platformList = await callers.platformAdmin.get('/api/admin/home-activities', { keyword: '控制台' });
    delete callers.platformAdmin.headers['x-console-client'];
    expect(platformList.body.data.total).toBe(1);

    const edited = await callers.admin.post('/api/admin/home-activities/update', {
      ...activity,
      id,
      title: '控制台活动二',
    });
    expect(edited.body.code).toBe(200);
    const noReason = await callers.admin.post('/api/admin/home-activities/end', { id, reason: ' ' });
    expect(noReason.status).toBe(400);
    const ended = await callers.admin.post('/api/admin/home-activities/end', { id, reason: '活动提前下线' });
    expect(ended.body.code).toBe(200);
    const again = await callers.admin.post('/api/admin/home-activities/end', { id, reason: '活动提前下线' });
    expect(again.status).toBe(409);

    // The author's home no longer shows it.
    const home = await callers.author.get('/api/author/index');
    expect(JSON.stringify(home.body.data)).not.toContain('控制台活动二');

    const log = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'actor_account_id', 'before_json', 'after_json'])
      .where('target_type', '=', 'activity')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.action)).toEqual(['activity.create', 'activity.update', 'activity.end']);
    expect(log[2]).toMatchObject({ reason: '活动提前下线', actor_account_id: callers.people.admin.accountId });
    expect(JSON.parse(log[1].before_json ?? '{}').title).toBe('控制台活动');
    expect(JSON.parse(log[1].after_json ?? '{}').title).toBe('控制台活动二');
  });
});
