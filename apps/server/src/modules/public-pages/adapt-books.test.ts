import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof consoleCallers>>;

beforeAll(async () => {
  t = await createTestApp();
  callers = await consoleCallers(t);
});
afterAll(async () => t.close());

async function save(over: Record<string, unknown>) {
  const res = await callers.editor.post('/api/admin/adapt-books/save', {
    title: '默认书名',
    author_name: '默认作者',
    genre: '悬疑',
    intro: '一句话简介',
    materials_html: '<h3>故事大纲</h3><p>第一幕</p>',
    heat: 10,
    state: 'published',
    ...over,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

describe('screenplay adaptation list', () => {
  it('lists published books by ranking; searches title, author and genre; drafts and other brands stay out', async () => {
    const top = await save({ title: '长夜追凶', author_name: '林深', genre: '悬疑', heat: 900 });
    const second = await save({ title: '春风十里', author_name: '顾北', genre: '言情', heat: 500 });
    const draft = await save({ title: '未上架之书', state: 'draft', heat: 99999 });
    const visitor = t.client('localhost');
    const ranking = await visitor.get('/api/pc/v1/screenplay/ranking');
    expect(ranking.body.data.list.slice(0, 2).map((b: { id: number; rank: number }) => [b.id, b.rank])).toEqual([
      [top, 1],
      [second, 2],
    ]);
    const ids = async (query: Record<string, string>) =>
      (await visitor.get('/api/pc/v1/screenplay/adapt-books', query)).body.data.list.map((b: { id: number }) => b.id);
    expect(await ids({ keyword: '追凶' })).toEqual([top]);
    expect(await ids({ keyword: '顾北' })).toEqual([second]);
    expect(await ids({ genre: '言情' })).toEqual([second]);
    expect(await ids({ keyword: '%' })).toEqual([]);
    expect(await ids({})).not.toContain(draft);
    const all = await visitor.get('/api/pc/v1/screenplay/adapt-books');
    expect(all.body.data.genres).toEqual(expect.arrayContaining(['悬疑', '言情']));
    const third = await t.client('third.localhost').get('/api/pc/v1/screenplay/adapt-books');
    expect(third.body.data.list).toEqual([]);
  });

  it('materials of a published book, sanitized; unknown, draft and other-brand ids are not found', async () => {
    const id = await save({ title: '有材料的书', materials_html: '<p>人物小传</p><img src=x onerror="alert(1)">' });
    const draft = await save({ title: '草稿书', state: 'draft' });
    const visitor = t.client('localhost');
    const res = await visitor.get('/api/pc/v1/screenplay/materials', { id });
    expect(res.body.data.materials_html).toBe('<p>人物小传</p><img src="x" />');
    for (const missing of [draft, 999_999]) {
      expect((await visitor.get('/api/pc/v1/screenplay/materials', { id: missing })).status).toBe(404);
    }
    expect((await t.client('third.localhost').get('/api/pc/v1/screenplay/materials', { id })).status).toBe(404);
  });

  it('managed by editors of the brand, audited; bad input changes nothing', async () => {
    expect((await callers.author.get('/api/admin/adapt-books')).status).toBe(403);
    const bad = await callers.editor.post('/api/admin/adapt-books/save', {
      title: '',
      author_name: 'x',
      genre: 'x',
      state: 'published',
    });
    expect(bad.body.errors.field).toBe('title');
    const badCover = await callers.editor.post('/api/admin/adapt-books/save', {
      title: 'x',
      author_name: 'x',
      genre: 'x',
      cover: 'javascript:alert(1)',
      state: 'published',
    });
    expect(badCover.body.errors.field).toBe('cover');
    const id = await save({ title: '审计之书' });
    await save({ id, title: '审计之书（改）', reason: '更正书名' });
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'adapt_book')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'adapt_book.create', reason: null },
      { action: 'adapt_book.update', reason: '更正书名' },
    ]);
    const other = await callers.otherBrandAdmin.post('/api/admin/adapt-books/save', {
      id,
      title: '越权',
      author_name: 'x',
      genre: 'x',
      state: 'draft',
    });
    expect(other.status).toBe(404);
  });
});
