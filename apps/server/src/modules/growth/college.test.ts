import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

/** The author college: articles by category from the console, searchable, reading counts, per brand. */

let t: TestApp;
let admin: TestClient;
let author: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.client('localhost');
  await logIn(t, admin, await createAuthor(t, { role: 'admin' }));
  author = t.client('localhost');
  await logIn(t, author, await createAuthor(t));
});
afterAll(async () => t.close());

describe('author college', () => {
  it('lists by category, searches, counts readings, hides unpublished and other brands', async () => {
    const add = (body: Record<string, unknown>) => admin.post('/api/admin/growth/college', body);
    const hook = await add({
      category: '开篇',
      title: '开篇三百字的钩子',
      summary: '第一章如何留住读者',
      body: '悬念要早。',
    });
    expect(hook.body.code).toBe(200);
    await add({ category: '人设', title: '配角也要有欲望', body: '每个角色都想要点什么。' });
    await add({ category: '开篇', title: '草稿', body: '未完成', published: false });
    expect((await add({ category: '', title: '空分类', body: 'x' })).body.code).toBe(10000001);

    const index = (await author.get('/api/pc/v1/college/index')).body.data;
    expect(index.categories).toEqual([
      { category: '人设', count: 1 },
      { category: '开篇', count: 1 },
    ]);
    const search = (await author.get('/api/pc/v1/college/list', { keyword: '钩子' })).body.data;
    expect(search.list.map((a: { title: string }) => a.title)).toEqual(['开篇三百字的钩子']);
    const byCategory = (await author.get('/api/pc/v1/college/list', { category: '开篇' })).body.data;
    expect(byCategory.total).toBe(1);

    const read = (await author.get('/api/pc/v1/college/detail', { id: hook.body.data.id })).body.data;
    expect(read).toMatchObject({ body: '悬念要早。', views: 1 });
    await author.get('/api/pc/v1/college/detail', { id: hook.body.data.id });
    const popular = (await author.get('/api/pc/v1/college/index')).body.data.popular;
    expect(popular[0]).toMatchObject({ title: '开篇三百字的钩子', views: 2 });

    const other = t.client('third.localhost');
    await logIn(t, other, await createAuthor(t, { clientId: 3 }));
    expect((await other.get('/api/pc/v1/college/index')).body.data.categories).toEqual([]);
    expect((await other.get('/api/pc/v1/college/detail', { id: hook.body.data.id })).status).toBe(404);
  });
});
