import { WORKS_ERROR } from '@author-centre/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authorClient, createBook, INTRO, prose, uniqueTitle, volumesOf, writtenChapter } from './works.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('books', () => {
  it('creates a novel with the notice volume and a first volume, and lists it', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client, { title: uniqueTitle('星河') });
    const volumes = await volumesOf(client, book.book_id);
    expect(volumes.map((v) => [v.title, v.is_notice])).toEqual([
      ['作品相关', true],
      ['第一卷', false],
    ]);
    const list = await client.get('/api/pc/v1/book/list', { kind: 'novel' });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ book_id: book.book_id, title: book.title, total_words: 0 });
  });

  it('creates short stories and screenplays in their own lists; a short story is one text', async () => {
    const { client } = await authorClient(t);
    const short = await createBook(client, { kind: 'short' });
    const play = await createBook(client, { kind: 'screenplay' });
    expect((await client.get('/api/pc/v1/book/short-story-list')).body.data.list.map((b: any) => b.book_id)).toEqual([
      short.book_id,
    ]);
    expect((await client.get('/api/pc/v1/book/screenplay-list')).body.data.list.map((b: any) => b.book_id)).toEqual([
      play.book_id,
    ]);
    expect((await client.get('/api/pc/v1/book/list')).body.data.total).toBe(0);
    const drafts = await client.get('/api/pc/v1/book-chapter/list', { book_id: short.book_id });
    expect(drafts.body.data.total).toBe(1);
  });

  it("renames a short story's text with the story", async () => {
    const { client } = await authorClient(t);
    const short = await createBook(client, { kind: 'short', title: uniqueTitle('雨巷来信') });
    const renamed = uniqueTitle('雨巷旧信');
    const res = await client.post('/api/pc/v1/book/save-book-info', {
      book_id: short.book_id,
      title: renamed,
      category: 'xuanyi',
      intro: INTRO,
      tags: [],
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const text = await client.get('/api/pc/v1/book-chapter/list', { book_id: short.book_id });
    expect(text.body.data.list.map((c: any) => c.title)).toEqual([renamed]);
  });

  it('keeps titles unique within a brand, but not across brands', async () => {
    const a = await authorClient(t);
    const b = await authorClient(t);
    const title = uniqueTitle('唯一');
    await createBook(a.client, { title });
    const check = await b.client.get('/api/pc/v1/book/check-book-title', { title });
    expect(check.body.data.available).toBe(false);
    const taken = await b.client.post('/api/pc/v1/book/save-book-info', {
      kind: 'novel',
      title: ` ${title.toUpperCase()} `.replace(/\s/g, ''),
      category: 'xuanhuan',
      intro: INTRO,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toMatchObject({ code: WORKS_ERROR.bookTitleTaken, field: 'title' });
    const other = await authorClient(t, { clientId: 3, host: 'third.localhost' });
    await createBook(other.client, { title });
  });

  it('checks titles against the text pattern of §5 and the other fields', async () => {
    const { client } = await authorClient(t);
    const bad = await client.post('/api/pc/v1/book/save-book-info', {
      kind: 'novel',
      title: '书名<script>',
      category: 'xuanhuan',
      intro: INTRO,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.field).toBe('title');
    expect(bad.body.errors.title).toBe('不能使用「<」「>」，仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、及，：！？中文标点');
    const shortIntro = await client.post('/api/pc/v1/book/save-book-info', {
      kind: 'novel',
      title: uniqueTitle(),
      category: 'xuanhuan',
      intro: '太短',
    });
    expect(shortIntro.body.errors.field).toBe('intro');
    const category = await client.post('/api/pc/v1/book/save-book-info', {
      kind: 'novel',
      title: uniqueTitle(),
      category: 'nope',
      intro: INTRO,
    });
    expect(category.body.errors.field).toBe('category');
  });

  it("edits the information and sorts the list by the author's own order", async () => {
    const { client } = await authorClient(t);
    const a = await createBook(client);
    const b = await createBook(client);
    const c = await createBook(client);
    const edited = await client.post('/api/pc/v1/book/save-book-info', {
      book_id: a.book_id,
      title: `${a.title}改`,
      category: 'dushi',
      intro: INTRO,
      tags: ['都市', '都市', '逆袭'],
      finished: true,
    });
    expect(edited.body.data).toMatchObject({
      title: `${a.title}改`,
      category: 'dushi',
      tags: ['都市', '逆袭'],
      finished: true,
    });
    await client.post('/api/pc/v1/book/edit-sort', { kind: 'novel', book_ids: [b.book_id, c.book_id, a.book_id] });
    const list = await client.get('/api/pc/v1/book/list', { sort: 'custom' });
    expect(list.body.data.list.map((x: any) => x.book_id)).toEqual([b.book_id, c.book_id, a.book_id]);
  });

  it("never shows or changes another author's book", async () => {
    const a = await authorClient(t);
    const b = await authorClient(t);
    const book = await createBook(a.client);
    expect((await b.client.get('/api/pc/v1/book/info', { book_id: book.book_id })).status).toBe(404);
    expect((await b.client.post('/api/pc/v1/book/del-book', { book_id: book.book_id })).status).toBe(404);
    expect(
      (await b.client.post('/api/pc/v1/book-chapter/create', { book_id: book.book_id, title: '第一章' })).status,
    ).toBe(404);
  });

  it('deletes a book without published chapters and frees its title; refuses with a reason once published', async () => {
    const { client } = await authorClient(t);
    const draftOnly = await createBook(client);
    await writtenChapter(client, draftOnly.book_id, '第一章', prose(500));
    expect((await client.post('/api/pc/v1/book/del-book', { book_id: draftOnly.book_id })).body.code).toBe(200);
    expect((await client.get('/api/pc/v1/book/check-book-title', { title: draftOnly.title })).body.data.available).toBe(
      true,
    );

    const live = await createBook(client);
    const ch = await writtenChapter(client, live.book_id, '第一章', prose(500));
    expect((await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: ch.chapterId })).body.code).toBe(
      200,
    );
    const info = await client.get('/api/pc/v1/book/info', { book_id: live.book_id });
    expect(info.body.data).toMatchObject({ deletable: false, delete_refusal: '作品已有章节发布，不能删除' });
    const refused = await client.post('/api/pc/v1/book/del-book', { book_id: live.book_id });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toMatchObject({
      code: WORKS_ERROR.bookNotDeletable,
      title: '作品已有章节发布，不能删除',
    });
    // Even after the chapter went to the recycle bin.
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: ch.chapterId });
    expect((await client.post('/api/pc/v1/book/del-book', { book_id: live.book_id })).status).toBe(409);
  });

  it('refuses deleting a book with published paid chapters, saying so', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const first = await writtenChapter(client, book.book_id, '第一章', prose(400));
    const second = await writtenChapter(client, book.book_id, '第二章', prose(400));
    await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id, chapter_id: second.chapterId });
    await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: first.chapterId });
    await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: second.chapterId });
    const refused = await client.post('/api/pc/v1/book/del-book', { book_id: book.book_id });
    expect(refused.body.errors.title).toBe('作品已有付费章节发布，不能删除');
  });

  it('re-encodes an uploaded cover to a 600×800 JPEG served from /uploads', async () => {
    const { client } = await authorClient(t);
    const png = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    await client.refreshSecret();
    const { sign, canonicalParams } = await import('@author-centre/shared');
    const tms = Date.now();
    const path = '/api/pc/v1/book/upload-cover';
    const res = await client.raw({
      method: 'POST',
      url: `${path}?t=${tms}&sign=${sign(client.secret!, 'POST', path, canonicalParams({ t: tms }), tms)}`,
      payload: png as unknown as string,
      headers: { 'content-type': 'image/png' },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.url).toMatch(/^\/uploads\/covers\/2\/.+\.jpg$/);
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 800]);

    const notImage = await client.raw({
      method: 'POST',
      url: `${path}?t=${tms}&sign=${sign(client.secret!, 'POST', path, canonicalParams({ t: tms }), tms)}`,
      payload: 'not an image',
      headers: { 'content-type': 'image/png' },
    });
    expect(notImage.status).toBe(400);
  });
});
