import { ErrorCode } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authorClient, createBook } from '../works/works.fixtures.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof consoleCallers>>;

beforeAll(async () => {
  t = await createTestApp();
  callers = await consoleCallers(t);
});
afterAll(async () => t.close());

const DAY = 86_400_000;

async function saveActivity(over: Record<string, unknown> = {}) {
  const now = Date.now();
  const res = await callers.editor.post('/api/admin/activities/save', {
    title: '春季征文',
    summary: '写下春天的故事',
    content_html: '<p>欢迎参加<strong>春季征文</strong></p>',
    rules_html: '<ol><li>原创首发</li></ol>',
    starts_at: now - DAY,
    ends_at: now + 10 * DAY,
    book_kind: 'novel',
    min_words: 1000,
    categories: [],
    state: 'published',
    publish_at: now - DAY,
    ...over,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

async function saveArticle(over: Record<string, unknown> = {}) {
  const res = await callers.editor.post('/api/admin/articles/save', {
    kind: 'signing_policy',
    title: '签约政策',
    content_html: '<h2>签约福利</h2><p>保底稿酬</p>',
    state: 'published',
    publish_at: Date.now() - 1000,
    ...over,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

describe('articles', () => {
  it('a published article is public; HTML from the console is sanitized on the server', async () => {
    const id = await saveArticle({
      content_html:
        '<p onclick="steal()">正文<script>alert(1)</script><a href="javascript:alert(1)">坏链接</a><a href="https://example.com">好链接</a></p><iframe src="https://evil.example"></iframe><img src="https://img.example/a.png" onerror="x()">',
    });
    const res = await t.client('localhost').get('/api/pc/v1/article/detail', { id });
    expect(res.body.data.title).toBe('签约政策');
    const html = res.body.data.content_html as string;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/);
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">好链接</a>',
    );
    expect(html).toContain('<img src="https://img.example/a.png" />');
    const list = await t.client('localhost').get('/api/pc/v1/article/list', { kind: 'signing_policy' });
    expect(list.body.data.list.map((a: { id: number }) => a.id)).toContain(id);
  });

  it('drafts, scheduled articles, other brands and unknown ids are not found', async () => {
    const draft = await saveArticle({ state: 'draft' });
    const later = await saveArticle({ publish_at: Date.now() + DAY });
    const visitor = t.client('localhost');
    for (const id of [draft, later, 999_999]) {
      const res = await visitor.get('/api/pc/v1/article/detail', { id });
      expect(res.status).toBe(404);
      expect(res.body.errors.code).toBe(ErrorCode.notFound);
    }
    const published = await saveArticle();
    expect((await t.client('third.localhost').get('/api/pc/v1/article/detail', { id: published })).status).toBe(404);
  });

  it('a body with nothing visible is refused and nothing is stored; editors only; audited', async () => {
    const before = await t.app.ctx.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const empty = await callers.editor.post('/api/admin/articles/save', {
      kind: 'announcement',
      title: '空公告',
      content_html: '<script>x</script><p> </p>',
      state: 'published',
      publish_at: Date.now(),
    });
    expect(empty.body.errors.field).toBe('content_html');
    const after = await t.app.ctx.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    expect((await callers.author.post('/api/admin/articles/save', {})).status).toBe(403);
    expect((await callers.visitor.get('/api/admin/articles')).status).toBe(401);

    const id = await saveArticle({ title: '审计公告', kind: 'announcement' });
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'client_id'])
      .where('target_type', '=', 'article')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit).toEqual([{ action: 'article.create', client_id: 2 }]);
    const other = await callers.otherBrandAdmin.get('/api/admin/articles/detail', { id });
    expect(other.status).toBe(404);
  });
});

describe('cached public replies', () => {
  it('bad parameters are refused every time (a refusal is never cached)', async () => {
    const visitor = t.client('localhost');
    for (let i = 0; i < 2; i++) {
      expect((await visitor.get('/api/pc/v1/article/detail', { id: 'abc' })).body.errors.field).toBe('id');
      expect((await visitor.get('/api/pc/v1/custom-activity/list', { status: 'bogus' })).body.errors.field).toBe(
        'status',
      );
    }
  });
});

describe('activities', () => {
  it('the activity centre lists current, upcoming and past activities of the brand; drafts and other brands stay out', async () => {
    const now = Date.now();
    const current = await saveActivity({ title: '进行中的活动' });
    const upcoming = await saveActivity({ title: '即将开始', starts_at: now + DAY, ends_at: now + 5 * DAY });
    const past = await saveActivity({ title: '已结束', starts_at: now - 10 * DAY, ends_at: now - DAY });
    const draft = await saveActivity({ title: '草稿', state: 'draft' });
    const scheduled = await saveActivity({ title: '定时发布', publish_at: now + DAY });
    const visitor = t.client('localhost');
    const ids = async (status: string) =>
      (await visitor.get('/api/pc/v1/custom-activity/list', { status })).body.data.list.map(
        (a: { id: number }) => a.id,
      );
    expect(await ids('current')).toContain(current);
    expect(await ids('current')).not.toContain(upcoming);
    expect(await ids('upcoming')).toEqual(expect.arrayContaining([upcoming]));
    expect(await ids('past')).toEqual(expect.arrayContaining([past]));
    const all = await ids('all');
    expect(all).not.toContain(draft);
    expect(all).not.toContain(scheduled);
    const third = await t.client('third.localhost').get('/api/pc/v1/custom-activity/list');
    expect(third.body.data.list.map((a: { id: number }) => a.id)).not.toContain(current);
    expect((await visitor.get('/api/pc/v1/custom-activity/detail', { id: draft })).status).toBe(404);
    expect((await visitor.get('/api/pc/v1/custom-activity/detail', { id: 999_999 })).status).toBe(404);
  });

  it('an author enters an eligible book once; ineligible books say why; the book-activity index lists it', async () => {
    const id = await saveActivity({ title: '长篇征文' });
    const { client, author } = await authorClient(t);
    const ready = await createBook(client, { title: '春日长歌' });
    const short = await createBook(client, { kind: 'short', title: '短篇一则' });
    const thin = await createBook(client, { title: '刚开头的书' });
    await t.app.ctx.db.updateTable('books').set({ published_words: 5000 }).where('id', '=', ready.book_id).execute();
    await t.app.ctx.db.updateTable('books').set({ published_words: 5000 }).where('id', '=', short.book_id).execute();

    const detail = await client.get('/api/pc/v1/custom-activity/detail', { id });
    const mine = detail.body.data.my_books as Array<{ book_id: number; eligible: boolean; why: { 'zh-CN': string } }>;
    expect(mine.find((b) => b.book_id === ready.book_id)?.eligible).toBe(true);
    expect(mine.find((b) => b.book_id === short.book_id)?.why['zh-CN']).toBe('本活动仅限长篇小说参加');
    expect(mine.find((b) => b.book_id === thin.book_id)?.why['zh-CN']).toContain('作品已发布字数需达到1000字');

    const refused = await client.post('/api/pc/v1/custom-activity/enter', { id, book_id: thin.book_id });
    expect(refused.body.errors.field).toBe('book_id');
    const entered = await client.post('/api/pc/v1/custom-activity/enter', { id, book_id: ready.book_id });
    expect(entered.body.data.entered).toBe(true);
    const twice = await client.post('/api/pc/v1/custom-activity/enter', { id, book_id: ready.book_id });
    expect(twice.body.errors.code).toBe(ErrorCode.conflict);

    // Someone else's book cannot be entered.
    const other = await authorClient(t);
    const theirs = await other.client.post('/api/pc/v1/custom-activity/enter', { id, book_id: ready.book_id });
    expect(theirs.body.errors.field).toBe('book_id');

    const page = await t.client('localhost').get('/api/pc/v1/custom-activity/detail', { id });
    expect(page.body.data.entries.map((e: { title: string }) => e.title)).toContain('春日长歌');
    expect(page.body.data.my_books).toBeNull();
    expect(page.body.data.entries[0].pen_name).toBe(author.penName);

    // Another running activity the ready book may still enter; an upcoming one is not offered yet.
    const open = await saveActivity({ title: '开放征文', min_words: 0 });
    await saveActivity({ title: '下月征文', starts_at: Date.now() + DAY, ends_at: Date.now() + 2 * DAY, min_words: 0 });
    const index = await client.get('/api/book-activity/index');
    type Indexed = { book_id: number; activities: Array<{ activity_id: number }>; eligible: Array<{ title: string }> };
    const byBook = new Map((index.body.data.list as Indexed[]).map((b) => [b.book_id, b]));
    expect([...byBook.keys()].sort()).toEqual([ready.book_id, short.book_id, thin.book_id].sort());
    expect(byBook.get(ready.book_id)).toMatchObject({
      title: '春日长歌',
      activities: [expect.objectContaining({ activity_id: id, title: '长篇征文', status: 'current' })],
      eligible: expect.arrayContaining([expect.objectContaining({ activity_id: open, title: '开放征文' })]),
    });
    const titles = (book: number) => byBook.get(book)?.eligible.map((a) => a.title) ?? [];
    expect(titles(ready.book_id)).not.toContain('长篇征文'); // entered already
    expect(titles(ready.book_id)).not.toContain('下月征文'); // not running yet
    // The thin novel may enter the activity without a word minimum only; the short story neither (novels only).
    expect(byBook.get(thin.book_id)?.activities).toEqual([]);
    expect(titles(thin.book_id)).toContain('开放征文');
    expect(titles(thin.book_id)).not.toContain('长篇征文');
    expect(titles(short.book_id)).toEqual([]);
    expect((await t.client('localhost').get('/api/book-activity/index')).status).toBe(401);
  });

  it('entering is refused before an activity starts and after it ends', async () => {
    const now = Date.now();
    const upcoming = await saveActivity({ starts_at: now + DAY, ends_at: now + 2 * DAY, min_words: 0 });
    const past = await saveActivity({ starts_at: now - 3 * DAY, ends_at: now - DAY, min_words: 0 });
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const early = await client.post('/api/pc/v1/custom-activity/enter', { id: upcoming, book_id: book.book_id });
    expect(early.body.errors.title).toBe('活动尚未开始，开始后才能报名');
    const late = await client.post('/api/pc/v1/custom-activity/enter', { id: past, book_id: book.book_id });
    expect(late.body.errors.title).toBe('活动已结束');
  });

  it('the console checks dates and sanitizes rules; editors of the brand only', async () => {
    const now = Date.now();
    const bad = await callers.editor.post('/api/admin/activities/save', {
      title: '时间错误',
      content_html: '<p>内容</p>',
      starts_at: now,
      ends_at: now - DAY,
      state: 'draft',
      publish_at: now,
    });
    expect(bad.body.errors.field).toBe('ends_at');
    const id = await saveActivity({ rules_html: '<p style="color:red" onmouseover="x()">规则</p><script>1</script>' });
    const detail = await callers.editor.get('/api/admin/activities/detail', { id });
    expect(detail.body.data.rules_html).toBe('<p>规则</p>');
    expect((await callers.otherBrandAdmin.get('/api/admin/activities/detail', { id })).status).toBe(404);
    const list = await callers.editor.get('/api/admin/activities', { keyword: '春季' });
    expect(list.body.data.list.length).toBeGreaterThan(0);
  });
});
