import { canonicalParams, SIGN_HEADER, sign, WORKS_ERROR } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { authorClient, createBook, prose, writtenChapter } from './works.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Requests in English (the web app's x-lang header), signed as the browser signs them. */
async function inEnglish(client: TestClient, method: 'GET' | 'POST', path: string, input: Record<string, unknown>) {
  const secret = client.secret ?? (await client.refreshSecret());
  const t = Date.now();
  if (method === 'POST') {
    const raw = JSON.stringify({ ...input, t });
    return client.raw({
      method,
      url: path,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-lang': 'en-US',
        [SIGN_HEADER]: sign(secret, method, path, raw, t),
      },
    });
  }
  const params: Record<string, unknown> = { ...input, t };
  const search = new URLSearchParams({
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    sign: sign(secret, method, path, canonicalParams(params), t),
  });
  return client.raw({ method, url: `${path}?${search}`, headers: { 'x-lang': 'en-US' } });
}

const publish = async (client: Awaited<ReturnType<typeof authorClient>>['client'], chapterId: number) => {
  const res = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: chapterId, force: true });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
};

describe('global book list and global-data book_list', () => {
  it("lists the caller's books of its brand only, keyed by id in global-data", async () => {
    const { client } = await authorClient(t);
    const novel = await createBook(client);
    const short = await createBook(client, { kind: 'short' });
    const ch = await writtenChapter(client, novel.book_id, '第一章', prose(400));
    await publish(client, ch.chapterId);
    // Another author of the same brand, and an author of another brand.
    const other = await authorClient(t);
    const otherBook = await createBook(other.client);
    const third = await authorClient(t, { clientId: 3, host: 'third.localhost' });
    const thirdBook = await createBook(third.client);

    const data = (await client.get('/api/author/global-data')).body.data;
    expect(Object.keys(data.book_list).sort()).toEqual([String(novel.book_id), String(short.book_id)].sort());
    expect(data.book_list[novel.book_id]).toMatchObject({
      id: novel.book_id,
      title: novel.title,
      kind: 'novel',
      status: 'serial',
      show_words_toast: false,
    });
    const info = (await client.get('/api/pc/v1/book/info', { book_id: novel.book_id })).body.data;
    expect(data.book_list[novel.book_id].words).toBe(info.total_words);
    expect(info.total_words).toBeGreaterThan(0);
    expect(data.book_list[short.book_id]).toMatchObject({ kind: 'short', status: 'unpublished', words: 0 });

    const list = (await client.get('/api/pc/v1/global/book-list')).body.data.list;
    expect(list.map((b: any) => b.id).sort()).toEqual([novel.book_id, short.book_id].sort());
    const theirs = (await other.client.get('/api/pc/v1/global/book-list')).body.data.list;
    expect(theirs.map((b: any) => b.id)).toEqual([otherBook.book_id]);
    const thirds = (await third.client.get('/api/author/global-data')).body.data.book_list;
    expect(Object.keys(thirds)).toEqual([String(thirdBook.book_id)]);
  });

  it('needs a login', async () => {
    const res = await t.client('localhost').get('/api/pc/v1/global/book-list');
    expect(res.status).toBe(401);
  });
});

describe('close-words-toast', () => {
  it("shows the signing-threshold toast once the book reaches the brand's applySignCondition, until closed", async () => {
    // brain-hole (client 4): applySignCondition '4千'.
    const { client, author } = await authorClient(t, { clientId: 4, host: 'brain-hole.localhost' });
    const book = await createBook(client);
    const small = await writtenChapter(client, book.book_id, '第一章', prose(1000));
    await publish(client, small.chapterId);
    expect((await client.get('/api/pc/v1/book/stage', { book_id: book.book_id })).body.data.show_words_toast).toBe(
      false,
    );
    const big = await writtenChapter(client, book.book_id, '第二章', prose(5000));
    await publish(client, big.chapterId);
    const stage = (await client.get('/api/pc/v1/book/stage', { book_id: book.book_id })).body.data;
    expect(stage).toMatchObject({ can_apply_sign: true, show_words_toast: true, sign_condition_text: '4千' });
    expect((await client.get('/api/author-book/words-toast', { book_id: book.book_id })).body.data).toEqual({
      book_id: book.book_id,
      show_words_toast: true,
      sign_condition_text: '4千',
    });
    expect((await client.get('/api/pc/v1/global/book-list')).body.data.list[0].show_words_toast).toBe(true);

    const closed = await client.post('/api/author-book/close-words-toast', { book_id: book.book_id });
    expect(closed.body).toMatchObject({ code: 200, data: { book_id: book.book_id, show_words_toast: false } });
    // Closing again changes nothing.
    expect((await client.post('/api/author-book/close-words-toast', { book_id: book.book_id })).body.code).toBe(200);
    const rows = await t.app.ctx.db
      .selectFrom('book_toasts_closed')
      .selectAll()
      .where('book_id', '=', book.book_id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client_id: 4, account_id: author.accountId, toast: 'sign_words' });

    expect((await client.get('/api/pc/v1/book/stage', { book_id: book.book_id })).body.data.show_words_toast).toBe(
      false,
    );
    expect((await client.get('/api/pc/v1/global/book-list')).body.data.list[0].show_words_toast).toBe(false);
    expect((await client.get('/api/author/global-data')).body.data.book_list[book.book_id].show_words_toast).toBe(
      false,
    );
  });

  it("refuses another author's book and bad input, recording nothing", async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const stranger = await authorClient(t);
    const res = await stranger.client.post('/api/author-book/close-words-toast', { book_id: book.book_id });
    expect(res.status).toBe(404);
    expect(res.body.errors.title).toBe('作品不存在或已删除');
    const bad = await client.post('/api/author-book/close-words-toast', { book_id: 'x' });
    expect(bad.body.errors.field).toBe('book_id');
    const rows = await t.app.ctx.db
      .selectFrom('book_toasts_closed')
      .selectAll()
      .where('book_id', '=', book.book_id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('jump-book-detail', () => {
  it("answers the reading site's address of a published book, and a specific error before", async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(400));
    const early = await client.get('/api/author-book/jump-book-detail', { book_id: book.book_id });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(WORKS_ERROR.bookNotPublished);
    expect(early.body.errors.title).toBe('作品还没有发布章节，发布后才能在阅读站查看');
    const english = await inEnglish(client, 'GET', '/api/author-book/jump-book-detail', { book_id: book.book_id });
    expect(english.body.errors.title).toBe(
      'The book has no published chapter yet; it can be read on the reading site once one is published',
    );
    await publish(client, ch.chapterId);
    const ready = await client.get('/api/author-book/jump-book-detail', { book_id: book.book_id });
    expect(ready.body.data).toEqual({
      book_id: book.book_id,
      url: `https://www.wonder.example.com/book/${book.book_id}`,
    });
  });
});

describe('get-new-editors', () => {
  it("answers the book's responsible editors with the brand's editor title; empty when none", async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    expect((await client.get('/api/author-book/get-new-editors', { book_id: book.book_id })).body.data).toEqual({
      book_id: book.book_id,
      list: [],
    });

    const editor = await createAuthor(t, { role: 'editor', penName: `编辑小林${Date.now() % 100000}` });
    const admin = await createAuthor(t, { role: 'admin' });
    const adminClient = t.client('localhost');
    await logIn(t, adminClient, admin);
    // An author is not an editor; an editor of another brand is not this brand's.
    const plainAuthor = await createAuthor(t);
    const notEditor = await adminClient.post('/api/pc/v1/admin/book/editors', {
      book_id: book.book_id,
      editor_ids: [editor.accountId, plainAuthor.accountId],
    });
    expect(notEditor.body.errors).toMatchObject({ field: 'editor_ids.1', title: '该账号不是本站的编辑' });
    const elsewhere = await createAuthor(t, { role: 'editor', clientId: 3 });
    const foreign = await adminClient.post('/api/pc/v1/admin/book/editors', {
      book_id: book.book_id,
      editor_ids: [elsewhere.accountId],
    });
    expect(foreign.body.errors.field).toBe('editor_ids.0');
    expect(
      await t.app.ctx.db.selectFrom('book_editors').selectAll().where('book_id', '=', book.book_id).execute(),
    ).toEqual([]);
    // Only an admin assigns.
    expect(
      (await client.post('/api/pc/v1/admin/book/editors', { book_id: book.book_id, editor_ids: [editor.accountId] }))
        .status,
    ).toBe(403);

    const assigned = await adminClient.post('/api/pc/v1/admin/book/editors', {
      book_id: book.book_id,
      editor_ids: [editor.accountId],
    });
    expect(assigned.body.data).toEqual({ book_id: book.book_id, editor_ids: [editor.accountId] });
    const rows = await t.app.ctx.db
      .selectFrom('book_editors')
      .selectAll()
      .where('book_id', '=', book.book_id)
      .execute();
    expect(rows).toMatchObject([{ client_id: 2, editor_account_id: editor.accountId }]);

    const editors = (await client.get('/api/author-book/get-new-editors', { book_id: book.book_id })).body.data;
    expect(editors.list).toEqual([
      {
        editor_id: editor.accountId,
        name: editor.penName,
        title: '责任编辑',
        avatar: '',
        assigned_at: rows[0].assigned_at,
      },
    ]);
    // Another author cannot read this book's editors.
    const stranger = await authorClient(t);
    expect((await stranger.client.get('/api/author-book/get-new-editors', { book_id: book.book_id })).status).toBe(404);
  });
});

describe('book-chapter toolbox', () => {
  it("lists the brand's editor tools: AI inspiration only where the brand has the AI assistant", async () => {
    const { client } = await authorClient(t);
    const tools = (await client.get('/api/pc/v1/book-chapter/toolbox')).body.data.list;
    expect(tools.map((x: any) => [x.key, x.name])).toEqual([
      ['text-correct', '错别字检查'],
      ['word-count', '字数统计'],
      ['name-generator', '起名工具'],
      ['ai-inspiration', 'AI灵感'],
    ]);
    const english = (await inEnglish(client, 'GET', '/api/pc/v1/book-chapter/toolbox', {})).body.data.list;
    expect(english[2]).toMatchObject({ name: 'Name generator', api: '/api/pc/v1/book-chapter/toolbox/names' });

    const before = t.app.ctx.brands.get(3).permissions;
    await t.app.ctx.brands.update(3, { permissions: ['writing-camp'] });
    try {
      const third = await authorClient(t, { clientId: 3, host: 'third.localhost' });
      const list = (await third.client.get('/api/pc/v1/book-chapter/toolbox')).body.data.list;
      expect(list.map((x: any) => x.key)).toEqual(['text-correct', 'word-count', 'name-generator']);
      const book = await createBook(third.client);
      const ch = await writtenChapter(third.client, book.book_id, '第一章', prose(300));
      const refused = await third.client.post('/api/pc/v1/book-chapter/ai-inspiration', { chapter_id: ch.chapterId });
      expect(refused.status).toBe(403);
      expect(refused.body.errors.title).toBe('AI灵感暂未开放');
    } finally {
      await t.app.ctx.brands.update(3, { permissions: before });
    }
  });

  it('counts words by the Chinese rule and generates names, refusing a bad surname', async () => {
    const { client } = await authorClient(t);
    const count = await client.post('/api/pc/v1/book-chapter/toolbox/word-count', { content: '第12章 Hello, world！' });
    expect(count.body.data).toEqual({ words: 5, characters: 18 });
    const names = (
      await client.get('/api/pc/v1/book-chapter/toolbox/names', { surname: '林', count: 5, gender: 'female' })
    ).body.data.list as string[];
    expect(names).toHaveLength(5);
    expect(new Set(names).size).toBe(5);
    for (const name of names) expect(name).toMatch(/^林\p{Script=Han}{1,2}$/u);
    const bad = await client.get('/api/pc/v1/book-chapter/toolbox/names', { surname: 'ab' });
    expect(bad.body.errors).toMatchObject({ field: 'surname', title: '姓氏须为一到两个汉字' });
    const badEn = await inEnglish(client, 'GET', '/api/pc/v1/book-chapter/toolbox/names', { surname: 'ab' });
    expect(badEn.body.errors.title).toBe('The surname must be one or two Chinese characters');
  });
});

describe('ai-inspiration', () => {
  it("gives writing prompts built on the chapter's ending through the embedded provider; 换一换 gives another", async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(
      client,
      book.book_id,
      '第一章',
      '少年推开门。\n门外站着一个陌生的老人，手里提着一盏灯。',
    );
    const first = (await client.post('/api/pc/v1/book-chapter/ai-inspiration', { chapter_id: ch.chapterId })).body.data;
    expect(first).toMatchObject({ chapter_id: ch.chapterId, answer_index: 0, title: '冲突升级', provider: 'embedded' });
    expect(first.text).toContain('门外站着一个陌生的老人，手里提着一盏灯。');
    expect(first.text).toContain('冲突升级：让主角想要的东西在下一章离他更远一步');
    expect(first.text).not.toContain('帮助中心');
    const next = (
      await client.post('/api/pc/v1/book-chapter/ai-inspiration', { chapter_id: ch.chapterId, answer_index: 1 })
    ).body.data;
    expect(next.title).toBe('意外转折');
    expect(next.text).not.toBe(first.text);
    const english = (
      await inEnglish(client, 'POST', '/api/pc/v1/book-chapter/ai-inspiration', { chapter_id: ch.chapterId })
    ).body.data;
    expect(english.title).toBe('Raise the conflict');

    const empty = await writtenChapter(client, book.book_id, '第二章', '');
    const fromIntro = (await client.post('/api/pc/v1/book-chapter/ai-inspiration', { chapter_id: empty.chapterId }))
      .body.data;
    expect(fromIntro.text).toContain('本章还没有正文。作品简介：');
  });

  it("refuses another author's chapter", async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(300));
    const stranger = await authorClient(t);
    const res = await stranger.client.post('/api/pc/v1/book-chapter/ai-inspiration', { chapter_id: ch.chapterId });
    expect(res.status).toBe(404);
    expect(res.body.errors.title).toBe('章节不存在或已删除');
  });
});
