import { countWords, WORKS_ERROR } from '@author-centre/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  authorClient,
  createBook,
  createChapter,
  INTRO,
  prose,
  saveChapter,
  volumesOf,
  writtenChapter,
} from './works.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const info = async (client: any, bookId: number) =>
  (await client.get('/api/pc/v1/book/info', { book_id: bookId })).body.data;
const detail = async (client: any, chapterId: number) =>
  (await client.get('/api/pc/v1/book-chapter/detail', { chapter_id: chapterId })).body.data;
const publish = (client: any, chapterId: number, force = false) =>
  client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: chapterId, force });

describe('volumes', () => {
  it('creates, renames and reorders volumes; the notice volume stays first and keeps its name', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const second = await client.post('/api/pc/v1/book-chapter/volume-save', {
      book_id: book.book_id,
      title: '第二卷风云',
    });
    const third = await client.post('/api/pc/v1/book-chapter/volume-save', { book_id: book.book_id, title: '第三卷' });
    await client.post('/api/pc/v1/book-chapter/volume-save', {
      book_id: book.book_id,
      volume_id: third.body.data.volume_id,
      title: '第三卷终局',
    });
    const before = await volumesOf(client, book.book_id);
    const [notice, first] = before;
    const rename = await client.post('/api/pc/v1/book-chapter/volume-save', {
      book_id: book.book_id,
      volume_id: notice.volume_id,
      title: '改名',
    });
    expect(rename.status).toBe(400);
    await client.post('/api/pc/v1/book-chapter/volume-sort', {
      book_id: book.book_id,
      volume_ids: [third.body.data.volume_id, first.volume_id, second.body.data.volume_id],
    });
    expect((await volumesOf(client, book.book_id)).map((v) => v.title)).toEqual([
      '作品相关',
      '第三卷终局',
      '第一卷',
      '第二卷风云',
    ]);
    const badTitle = await client.post('/api/pc/v1/book-chapter/volume-save', {
      book_id: book.book_id,
      title: '卷&一',
    });
    expect(badTitle.body.errors.field).toBe('title');
  });

  it('deletes only an empty volume', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const extra = (await client.post('/api/pc/v1/book-chapter/volume-save', { book_id: book.book_id, title: '第二卷' }))
      .body.data.volume_id;
    await createChapter(client, book.book_id, '第一章', extra);
    const refused = await client.post('/api/pc/v1/book-chapter/volume-delete', {
      book_id: book.book_id,
      volume_id: extra,
    });
    expect(refused.body.errors.title).toBe('分卷下还有章节，请先移动或删除章节');
  });
});

describe('chapters and word counts', () => {
  it('counts words by the Chinese rule; the notice volume never counts', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [notice, body] = await volumesOf(client, book.book_id);
    const text = '第12章 Hello, world！\n他说：“OK，走吧。”';
    const ch = await writtenChapter(client, book.book_id, '第一章', text, body.volume_id);
    expect((await detail(client, ch.chapterId)).words).toBe(countWords(text));
    expect(countWords(text)).toBe(10);
    await writtenChapter(client, book.book_id, '请假条', '今天请假一天', notice.volume_id);
    expect((await info(client, book.book_id)).total_words).toBe(10);
    await publish(client, ch.chapterId, true);
    expect((await info(client, book.book_id)).published_words).toBe(10);
  });

  it('keeps total and published words as chapters are written, published, revised, moved and deleted', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [notice] = await volumesOf(client, book.book_id);
    const a = await writtenChapter(client, book.book_id, '第一章', prose(400, 'a'));
    const b = await writtenChapter(client, book.book_id, '第二章', prose(500, 'b'));
    const wa = (await detail(client, a.chapterId)).words;
    const wb = (await detail(client, b.chapterId)).words;
    expect(await info(client, book.book_id)).toMatchObject({
      total_words: wa + wb,
      published_words: 0,
      chapter_count: 2,
    });
    await publish(client, a.chapterId);
    expect(await info(client, book.book_id)).toMatchObject({ published_words: wa, published_count: 1 });
    // Revised: the live words stay until the revision is published.
    const revised = await saveChapter(client, a.chapterId, a.revision, `${prose(400, 'a')}\n新增一段话`, {
      title: '第一章',
    });
    expect(revised.body.data.status).toBe('revised');
    const wa2 = revised.body.data.words;
    expect(await info(client, book.book_id)).toMatchObject({ total_words: wa2 + wb, published_words: wa });
    await publish(client, a.chapterId);
    expect((await info(client, book.book_id)).published_words).toBe(wa2);
    // Moved into the notice volume: no longer counted.
    await client.post('/api/pc/v1/book-chapter/move', {
      chapter_id: b.chapterId,
      volume_id: notice.volume_id,
      position: 0,
    });
    expect((await info(client, book.book_id)).total_words).toBe(wa2);
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: a.chapterId });
    expect(await info(client, book.book_id)).toMatchObject({ total_words: 0, published_words: 0 });
  });

  it('moves and reorders chapters within and across volumes, also after publishing', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [, first] = await volumesOf(client, book.book_id);
    const ids: number[] = [];
    for (const title of ['第一章', '第二章', '第三章'])
      ids.push((await writtenChapter(client, book.book_id, title, prose(600))).chapterId);
    const second = (
      await client.post('/api/pc/v1/book-chapter/volume-save', { book_id: book.book_id, title: '第二卷' })
    ).body.data.volume_id;
    await publish(client, ids[0]);
    await client.post('/api/pc/v1/book-chapter/move', { chapter_id: ids[2], volume_id: first.volume_id, position: 0 });
    const list1 = await client.get('/api/pc/v1/book-chapter/list', {
      book_id: book.book_id,
      volume_id: first.volume_id,
    });
    expect(list1.body.data.list.map((c: any) => c.title)).toEqual(['第三章', '第一章', '第二章']);
    await client.post('/api/pc/v1/book-chapter/move', { chapter_id: ids[0], volume_id: second, position: 5 });
    const whole = await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id });
    expect(whole.body.data.list.map((c: any) => [c.title, c.volume_id, c.status])).toEqual([
      ['第三章', first.volume_id, 'draft'],
      ['第二章', first.volume_id, 'draft'],
      ['第一章', second, 'published'],
    ]);
  });

  it('pages a chapter list 30 at a time', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    for (let i = 1; i <= 35; i++) await createChapter(client, book.book_id, `第${i}章`);
    const p1 = await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id });
    const p2 = await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id, page: 2 });
    expect(p1.body.data).toMatchObject({ total: 35, page_size: 30 });
    expect(p1.body.data.list).toHaveLength(30);
    expect(p2.body.data.list.map((c: any) => c.title)).toEqual(['第31章', '第32章', '第33章', '第34章', '第35章']);
    // A keyword (part of the title, taken literally) narrows the list; the total and paging follow it.
    const titles = async (q: Record<string, string | number>) => {
      const r = await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id, ...q });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return { total: r.body.data.total, titles: r.body.data.list.map((c: any) => c.title) };
    };
    expect(await titles({ keyword: '3', page_size: 5 })).toEqual({
      total: 9,
      titles: ['第3章', '第13章', '第23章', '第30章', '第31章'],
    });
    expect(await titles({ keyword: '3', page_size: 5, page: 2 })).toEqual({
      total: 9,
      titles: ['第32章', '第33章', '第34章', '第35章'],
    });
    const [, first] = await volumesOf(client, book.book_id);
    expect(await titles({ keyword: '第2', volume_id: first.volume_id })).toEqual({
      total: 11,
      titles: ['第2章', ...Array.from({ length: 10 }, (_, i) => `第${20 + i}章`)],
    });
    expect(await titles({ keyword: '%' })).toEqual({ total: 0, titles: [] });
    expect(await titles({ keyword: '  ' })).toMatchObject({ total: 35 });
    const tooLong = await client.get('/api/pc/v1/book-chapter/list', {
      book_id: book.book_id,
      keyword: '长'.repeat(51),
    });
    expect(tooLong.body.errors.field).toBe('keyword');
    // Another author's search of the book is refused.
    const stranger = await authorClient(t);
    expect(
      (await stranger.client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id, keyword: '3' })).status,
    ).toBe(404);
  });

  it('checks chapter and volume titles by their reading of §5: spaces and title punctuation allowed, refusals name the character', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const bad = await client.post('/api/pc/v1/book-chapter/create', { book_id: book.book_id, title: '第一章 <初见>' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.title).toBe(
      '不能使用「<」「>」，仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、单个空格及，：！？·、—…《》“”‘’（）-',
    );
    // The usual form, with a run of spaces collapsed and the ends trimmed.
    const usual = await createChapter(client, book.book_id, ' 第一章   初入江湖 ');
    const punct = await createChapter(client, book.book_id, '第二章　《归途》——“再见”（上）');
    const list = await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id });
    expect(list.body.data.list.map((c: any) => c.title)).toEqual(['第一章 初入江湖', '第二章　《归途》——“再见”（上）']);
    expect((await detail(client, usual.chapter_id)).title_problem).toBe(false);
    const rename = await client.post('/api/pc/v1/book-chapter/rename', {
      chapter_id: usual.chapter_id,
      title: 'Chapter 1.',
    });
    expect(rename.body.errors.field).toBe('title');
    const renamed = await client.post('/api/pc/v1/book-chapter/rename', {
      chapter_id: punct.chapter_id,
      title: 'Chapter 12 The Letter',
    });
    expect(renamed.body.code, JSON.stringify(renamed.body)).toBe(200);
    const volume = await client.post('/api/pc/v1/book-chapter/volume-save', {
      book_id: book.book_id,
      title: '第二卷 风起·云涌',
    });
    expect(volume.body.code, JSON.stringify(volume.body)).toBe(200);
    client.headers['x-lang'] = 'en-US';
    const badVolume = await client.post('/api/pc/v1/book-chapter/volume-save', {
      book_id: book.book_id,
      title: '第三卷 #1',
    });
    delete client.headers['x-lang'];
    expect(badVolume.body.errors.title).toMatch(/^"#" cannot be used\. Only Chinese/);
    // Book titles keep §5's own pattern: no spaces.
    const spacedBook = await client.post('/api/pc/v1/book/save-book-info', {
      kind: 'novel',
      title: '夜雨 江湖',
      category: 'xuanhuan',
      intro: INTRO,
      tags: ['热血'],
    });
    expect(spacedBook.status).toBe(400);
    expect(spacedBook.body.errors.title).toBe('不能使用「␣」，仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、及，：！？中文标点');
  });

  it('sends chapters to the recycle bin and restores them; a published paid chapter cannot be deleted', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const a = await writtenChapter(client, book.book_id, '第一章', prose(400));
    const b = await writtenChapter(client, book.book_id, '第二章', prose(400));
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: a.chapterId });
    const bin = await client.get('/api/pc/v1/book-chapter/recycle-bin', { book_id: book.book_id });
    expect(bin.body.data.map((c: any) => c.chapter_id)).toEqual([a.chapterId]);
    expect((await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id })).body.data.total).toBe(1);
    await client.post('/api/pc/v1/book-chapter/restore', { chapter_id: a.chapterId });
    expect((await client.get('/api/pc/v1/book-chapter/recycle-bin', { book_id: book.book_id })).body.data).toEqual([]);
    expect((await detail(client, a.chapterId)).content).toContain('山风');

    await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id, chapter_id: b.chapterId });
    await publish(client, b.chapterId);
    const refused = await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: b.chapterId });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toMatchObject({ code: WORKS_ERROR.chapterNotDeletable });
  });

  it("keeps the author's say with the chapter; on a published chapter it changes live", async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const a = await writtenChapter(client, book.book_id, '第一章', prose(400));
    await client.post('/api/pc/v1/book-chapter/author-say', { chapter_id: a.chapterId, author_say: '求收藏！' });
    expect((await detail(client, a.chapterId)).author_say).toBe('求收藏！');
    await publish(client, a.chapterId);
    await client.post('/api/pc/v1/book-chapter/author-say', { chapter_id: a.chapterId, author_say: '感谢打赏' });
    const row = await t.app.ctx.db
      .selectFrom('chapter_live')
      .select('author_say')
      .where('chapter_id', '=', a.chapterId)
      .executeTakeFirstOrThrow();
    expect(row.author_say).toBe('感谢打赏');
  });
});

describe('saving: never lose a word', () => {
  it('moves a chapter draft → published → revised → published', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(400, 'x'));
    expect((await detail(client, ch.chapterId)).status).toBe('draft');
    await publish(client, ch.chapterId);
    const d = await detail(client, ch.chapterId);
    expect(d.status).toBe('published');
    const rev = await saveChapter(client, ch.chapterId, d.revision, `${d.content}\n又一段`, { title: '第一章' });
    expect(rev.body.data.status).toBe('revised');
    // The live text is still the published one until the revision goes out.
    expect((await detail(client, ch.chapterId)).published_content).toBe(d.content);
    // Putting the text back makes it published again, not revised.
    const back = await saveChapter(client, ch.chapterId, rev.body.data.revision, d.content, { title: '第一章' });
    expect(back.body.data.status).toBe('published');
    const again = await saveChapter(client, ch.chapterId, back.body.data.revision, `${d.content}\n再一段`, {
      title: '第一章',
    });
    await publish(client, ch.chapterId);
    const after = await detail(client, ch.chapterId);
    expect(after.status).toBe('published');
    expect(after.published_content).toBe(`${d.content}\n再一段`);
    expect(again.body.data.revision).toBe(after.revision);
  });

  it('answers a retried save (same key) with the first result and does not apply it twice', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    const first = await saveChapter(client, ch.chapter_id, 0, '第一稿', { save_key: 'key-retry-0001' });
    const retry = await saveChapter(client, ch.chapter_id, 0, '第一稿', { save_key: 'key-retry-0001' });
    expect(first.body.data).toMatchObject({ revision: 1, duplicate: false });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ revision: 1, duplicate: true });
    expect((await detail(client, ch.chapter_id)).revision).toBe(1);
  });

  it('refuses a save based on an older revision with 409 and both texts, and keeps the refused text', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    const tabA = await saveChapter(client, ch.chapter_id, 0, '标签页A写的内容');
    expect(tabA.body.data.revision).toBe(1);
    const tabB = await saveChapter(client, ch.chapter_id, 0, '标签页B写的内容');
    expect(tabB.status).toBe(409);
    expect(tabB.body.code).toBe(WORKS_ERROR.chapterSaveConflict);
    expect(tabB.body.data.server).toMatchObject({ revision: 1, content: '标签页A写的内容' });
    // Nothing was overwritten …
    expect((await detail(client, ch.chapter_id)).content).toBe('标签页A写的内容');
    // … and the refused text is in the history.
    const history = await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id });
    const conflict = history.body.data.list.find((v: any) => v.kind === 'conflict');
    expect(conflict.version_id).toBe(tabB.body.data.conflict_version_id);
    const diff = await client.get('/api/pc/v1/book-chapter/chapter-diff', {
      chapter_id: ch.chapter_id,
      version_id: conflict.version_id,
    });
    expect(diff.body.data.rows).toEqual([{ op: 'change', left: '标签页B写的内容', right: '标签页A写的内容' }]);
    // The author resolves it by saving on top of the server's revision.
    const resolved = await saveChapter(client, ch.chapter_id, 1, '标签页A写的内容\n标签页B写的内容', {
      explicit: true,
    });
    expect(resolved.body.data.revision).toBe(2);
  });

  it('does not call it a conflict when the other save holds the very same text', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    await saveChapter(client, ch.chapter_id, 0, '同样的文字');
    const same = await saveChapter(client, ch.chapter_id, 0, '同样的文字');
    expect(same.status).toBe(200);
  });

  it('keeps a save that races another on the same revision as exactly one winner, never a silent overwrite', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => saveChapter(client, ch.chapter_id, 0, `并发写入${i}`)),
    );
    const wins = results.filter((r) => r.status === 200);
    expect(wins).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    const text = (await detail(client, ch.chapter_id)).content;
    expect(wins[0].body.data.revision).toBe(1);
    expect(results.map((r, i) => (r.status === 200 ? `并发写入${i}` : null)).filter(Boolean)).toEqual([text]);
  });

  it('saves any title in an autosave (the text is never refused for it) and says the title needs fixing', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    const res = await saveChapter(client, ch.chapter_id, 0, '正文', { title: '第一章 <草稿>' });
    expect(res.status).toBe(200);
    expect(res.body.data.title_problem).toBe(true);
    expect((await detail(client, ch.chapter_id)).title).toBe('第一章 <草稿>');
  });

  it('keeps versions (explicit saves, publishing) and restores one, keeping the replaced text too', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    const v1 = await saveChapter(client, ch.chapter_id, 0, '第一段\n第二段', { explicit: true });
    const v2 = await saveChapter(client, ch.chapter_id, v1.body.data.revision, '第一段\n第二段改\n第三段', {
      explicit: true,
    });
    const history = (await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id })).body.data;
    expect(history.list.map((v: any) => v.kind)).toEqual(['save', 'save']);
    const oldest = history.list[1];
    const diff = await client.get('/api/author-book/chapter-diff', {
      chapter_id: ch.chapter_id,
      version_id: oldest.version_id,
    });
    expect(diff.body.data.rows).toEqual([
      { op: 'equal', left: '第一段', right: '第一段' },
      { op: 'change', left: '第二段', right: '第二段改' },
      { op: 'insert', right: '第三段' },
    ]);
    const restored = await client.post('/api/pc/v1/book-chapter/history-restore', {
      chapter_id: ch.chapter_id,
      version_id: oldest.version_id,
      base_revision: v2.body.data.revision,
    });
    expect(restored.body.code).toBe(200);
    expect((await detail(client, ch.chapter_id)).content).toBe('第一段\n第二段');
    const kinds = (
      await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id })
    ).body.data.list.map((v: any) => v.kind);
    expect(kinds.slice(0, 2)).toEqual(['restore', 'before-restore']);
    // A restore on a stale revision is a conflict, not an overwrite.
    const stale = await client.post('/api/pc/v1/book-chapter/history-restore', {
      chapter_id: ch.chapter_id,
      version_id: history.list[0].version_id,
      base_revision: 0,
    });
    expect(stale.status).toBe(409);
  });

  it('keeps a version on an explicit save even when an autosave already stored the same text', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    const first = await saveChapter(client, ch.chapter_id, 0, '第一稿');
    // Autosaves keep a version at most every few minutes: this one is stored but not kept as a version.
    const auto = await saveChapter(client, ch.chapter_id, first.body.data.revision, '自动保存过的文字');
    const history = async () =>
      (await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id })).body.data.list;
    expect((await history()).map((v: any) => v.kind)).toEqual(['autosave']);
    const saved = await saveChapter(client, ch.chapter_id, auto.body.data.revision, '自动保存过的文字', {
      explicit: true,
    });
    expect(saved.status).toBe(200);
    const kept = await history();
    expect(kept.map((v: any) => v.kind)).toEqual(['save', 'autosave']);
    // Saving the same text again does not pile up identical versions.
    await saveChapter(client, ch.chapter_id, saved.body.data.revision, '自动保存过的文字', { explicit: true });
    expect(await history()).toHaveLength(2);
  });

  it('commits an acknowledged save before answering (a second connection sees it at once)', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    await saveChapter(client, ch.chapter_id, 0, '已确认的文字');
    const row = await t.app.ctx.db
      .selectFrom('chapter_texts')
      .select('body')
      .where('chapter_id', '=', ch.chapter_id)
      .executeTakeFirstOrThrow();
    expect(row.body).toBe('已确认的文字');
  });
});

describe('pay point', () => {
  it('makes the pay-point chapter and those after it paid, those before free, notice chapters always free', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [notice] = await volumesOf(client, book.book_id);
    const n = await createChapter(client, book.book_id, '上架感言', notice.volume_id);
    const ids: number[] = [];
    for (const title of ['第一章', '第二章', '第三章'])
      ids.push((await createChapter(client, book.book_id, title)).chapter_id);
    const set = await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id, chapter_id: ids[1] });
    expect(set.body.data.pay_point_chapter_id).toBe(ids[1]);
    const list = (await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id })).body.data.list;
    expect(list.map((c: any) => [c.chapter_id, c.vip])).toEqual([
      [n.chapter_id, 0],
      [ids[0], 0],
      [ids[1], 1],
      [ids[2], 1],
    ]);
    // A chapter added later is paid too.
    const later = await createChapter(client, book.book_id, '第四章');
    expect((await detail(client, later.chapter_id)).vip).toBe(1);
    // Without a chapter (the client drops null fields) the pay point is removed and every chapter is free.
    const cleared = await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id });
    expect(cleared.body.data.pay_point_chapter_id).toBe(null);
    const free = (await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id })).body.data.list;
    expect(free.map((c: any) => c.vip)).toEqual([0, 0, 0, 0, 0]);
    const onNotice = await client.post('/api/pc/v1/book/set-pay-point', {
      book_id: book.book_id,
      chapter_id: n.chapter_id,
    });
    expect(onNotice.status).toBe(400);
  });

  it('never changes a published chapter between free and paid', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const a = await writtenChapter(client, book.book_id, '第一章', prose(400));
    const b = await writtenChapter(client, book.book_id, '第二章', prose(400));
    const c = await writtenChapter(client, book.book_id, '第三章', prose(400));
    await publish(client, a.chapterId);
    const earlier = await client.post('/api/pc/v1/book/set-pay-point', {
      book_id: book.book_id,
      chapter_id: a.chapterId,
    });
    expect(earlier.status).toBe(409);
    expect(earlier.body.errors.code).toBe(WORKS_ERROR.payPointLocked);
    await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id, chapter_id: b.chapterId });
    await publish(client, b.chapterId);
    const later = await client.post('/api/pc/v1/book/set-pay-point', {
      book_id: book.book_id,
      chapter_id: c.chapterId,
    });
    expect(later.status).toBe(409);
    const info = (await client.get('/api/pc/v1/book/pay-point-info', { book_id: book.book_id })).body.data;
    expect(info).toMatchObject({ pay_point_chapter_id: b.chapterId, has_published_paid: true, free_chapters: 1 });
  });

  it('moves the pay point on when its chapter is deleted, and back to it when the chapter is restored', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ids: number[] = [];
    for (const title of ['第一章', '第二章', '第三章'])
      ids.push((await createChapter(client, book.book_id, title)).chapter_id);
    await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id, chapter_id: ids[1] });
    const payPoint = async () =>
      (await client.get('/api/pc/v1/book/pay-point-info', { book_id: book.book_id })).body.data.pay_point_chapter_id;
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: ids[1] });
    expect(await payPoint()).toBe(ids[2]);
    await client.post('/api/pc/v1/book-chapter/restore', { chapter_id: ids[1] });
    expect(await payPoint()).toBe(ids[1]);
    const list = (await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id })).body.data.list;
    expect(list.map((c: any) => [c.chapter_id, c.vip])).toEqual([
      [ids[0], 0],
      [ids[1], 1],
      [ids[2], 1],
    ]);
    // The last chapter as pay point: deleting it leaves no pay point, restoring it brings it back.
    await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id, chapter_id: ids[2] });
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: ids[2] });
    expect(await payPoint()).toBe(null);
    await client.post('/api/pc/v1/book-chapter/restore', { chapter_id: ids[2] });
    expect(await payPoint()).toBe(ids[2]);
    // Once the author sets the pay point elsewhere, restoring the old pay-point chapter leaves it there.
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: ids[2] });
    await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id, chapter_id: ids[0] });
    await client.post('/api/pc/v1/book-chapter/restore', { chapter_id: ids[2] });
    expect(await payPoint()).toBe(ids[0]);
  });
});

describe('a published chapter never changes between free and paid when chapters or volumes move', () => {
  const list = async (client: any, bookId: number) =>
    (await client.get('/api/pc/v1/book-chapter/list', { book_id: bookId })).body.data.list.map((c: any) => [
      c.title,
      c.vip,
    ]);
  const move = (client: any, chapterId: number, volumeId: number, position: number) =>
    client.post('/api/pc/v1/book-chapter/move', { chapter_id: chapterId, volume_id: volumeId, position });

  it('refuses a move that would flip a published chapter, naming it, and changes nothing; drafts follow their place', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [notice, first] = await volumesOf(client, book.book_id);
    const a = await writtenChapter(client, book.book_id, '第一章', prose(400));
    const b = await writtenChapter(client, book.book_id, '第二章', prose(400));
    const c = await writtenChapter(client, book.book_id, '第三章', prose(400));
    await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id, chapter_id: b.chapterId });
    await publish(client, a.chapterId);
    await publish(client, b.chapterId);
    const before = await list(client, book.book_id);
    expect(before).toEqual([
      ['第一章', 0],
      ['第二章', 1],
      ['第三章', 1],
    ]);

    // The free 第一章 after the pay point would become paid.
    const later = await move(client, a.chapterId, first.volume_id, 2);
    expect(later.status).toBe(409);
    expect(later.body.errors.code).toBe(WORKS_ERROR.payPointLocked);
    expect(later.body.errors.title).toBe(
      '这样调整会使已发布章节「第一章」由免费变为收费，已发布章节的收费状态不能改变，未做任何修改',
    );
    // The paid pay-point chapter moved first would make 第一章 paid too.
    const earlier = await move(client, b.chapterId, first.volume_id, 0);
    expect(earlier.status).toBe(409);
    expect(earlier.body.errors.title).toContain('「第一章」');
    // Into the notice volume a paid chapter would become free.
    const toNotice = await move(client, b.chapterId, notice.volume_id, 0);
    expect(toNotice.status).toBe(409);
    expect(toNotice.body.errors.title).toContain('「第二章」由收费变为免费');
    expect(await list(client, book.book_id)).toEqual(before);

    // A draft takes its vip flag from its new place.
    const draftFirst = await move(client, c.chapterId, first.volume_id, 0);
    expect(draftFirst.status).toBe(200);
    expect(await list(client, book.book_id)).toEqual([
      ['第三章', 0],
      ['第一章', 0],
      ['第二章', 1],
    ]);
    // A published free chapter moved where it stays free is fine.
    expect((await move(client, a.chapterId, first.volume_id, 0)).status).toBe(200);
  });

  it('refuses a volume reorder that would flip a published chapter, and keeps the order', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [, first] = await volumesOf(client, book.book_id);
    const second = (
      await client.post('/api/pc/v1/book-chapter/volume-save', { book_id: book.book_id, title: '第二卷' })
    ).body.data.volume_id;
    const a = await writtenChapter(client, book.book_id, '第一章', prose(400), first.volume_id);
    const b = await writtenChapter(client, book.book_id, '第二章', prose(400), first.volume_id);
    const e = await writtenChapter(client, book.book_id, '第三章', prose(400), second);
    await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id, chapter_id: b.chapterId });
    for (const ch of [a, b, e]) await publish(client, ch.chapterId);
    const refused = await client.post('/api/pc/v1/book-chapter/volume-sort', {
      book_id: book.book_id,
      volume_ids: [second, first.volume_id],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors.title).toBe(
      '这样调整会使已发布章节「第三章」由收费变为免费，已发布章节的收费状态不能改变，未做任何修改',
    );
    expect((await volumesOf(client, book.book_id)).map((v) => v.title)).toEqual(['作品相关', '第一卷', '第二卷']);
    expect(await list(client, book.book_id)).toEqual([
      ['第一章', 0],
      ['第二章', 1],
      ['第三章', 1],
    ]);
  });

  it('restores a chapter where it was; refuses (naming it) when it would come back paid after being free', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [, first] = await volumesOf(client, book.book_id);
    const second = (
      await client.post('/api/pc/v1/book-chapter/volume-save', { book_id: book.book_id, title: '第二卷' })
    ).body.data.volume_id;
    const x = await writtenChapter(client, book.book_id, '第一章', prose(400), first.volume_id);
    const y = await writtenChapter(client, book.book_id, '第二章', prose(400), first.volume_id);
    const p = await writtenChapter(client, book.book_id, '第三章', prose(400), second);
    await client.post('/api/pc/v1/book/set-pay-point', { book_id: book.book_id, chapter_id: p.chapterId });
    await publish(client, x.chapterId);
    await publish(client, y.chapterId);
    // Deleted and restored: back in its place, not at the end of the volume.
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: x.chapterId });
    expect((await client.post('/api/pc/v1/book-chapter/restore', { chapter_id: x.chapterId })).status).toBe(200);
    expect(await list(client, book.book_id)).toEqual([
      ['第一章', 0],
      ['第二章', 0],
      ['第三章', 1],
    ]);
    // While 第一章 is in the bin, its volume moves behind the pay point and the pay-point chapter is published.
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: x.chapterId });
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: y.chapterId });
    await client.post('/api/pc/v1/book-chapter/volume-sort', {
      book_id: book.book_id,
      volume_ids: [second, first.volume_id],
    });
    await publish(client, p.chapterId);
    const refused = await client.post('/api/pc/v1/book-chapter/restore', { chapter_id: x.chapterId });
    expect(refused.status).toBe(409);
    expect(refused.body.errors.code).toBe(WORKS_ERROR.payPointLocked);
    expect(refused.body.errors.title).toContain('「第一章」由免费变为收费');
    const bin = (await client.get('/api/pc/v1/book-chapter/recycle-bin', { book_id: book.book_id })).body.data;
    expect(bin.map((c: any) => [c.title, c.vip])).toEqual(
      expect.arrayContaining([
        ['第一章', 0],
        ['第二章', 0],
      ]),
    );
    expect(await list(client, book.book_id)).toEqual([['第三章', 1]]);
  });
});

describe('version restore in one transaction', () => {
  it('keeps the text as it was when the versions of a restore cannot be written (nothing half-done)', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    const v1 = await saveChapter(client, ch.chapter_id, 0, '最早的一稿', { explicit: true });
    const v2 = await saveChapter(client, ch.chapter_id, v1.body.data.revision, '现在的正文', { explicit: true });
    const oldest = (await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id })).body.data
      .list[1];
    const db = t.app.ctx.db;
    // The 'restore' version cannot be written (a failing disk, a crash in the middle): the restore must not half-apply.
    if (t.app.ctx.engine === 'postgres') {
      await sql`create or replace function refuse_restore_version() returns trigger as $$
        begin if new.kind = 'restore' then raise exception 'refused for the test'; end if; return new; end
        $$ language plpgsql`.execute(db);
      await sql`create trigger refuse_restore_version before insert on chapter_versions
        for each row execute function refuse_restore_version()`.execute(db);
    } else {
      await sql`create trigger refuse_restore_version before insert on chapter_versions
        when new.kind = 'restore' begin select raise(abort, 'refused for the test'); end`.execute(db);
    }
    try {
      const failed = await client.post('/api/pc/v1/book-chapter/history-restore', {
        chapter_id: ch.chapter_id,
        version_id: oldest.version_id,
        base_revision: v2.body.data.revision,
      });
      expect(failed.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_restore_version${sql.raw(t.app.ctx.engine === 'postgres' ? ' on chapter_versions' : '')}`.execute(
        db,
      );
    }
    const after = await detail(client, ch.chapter_id);
    expect(after).toMatchObject({ content: '现在的正文', revision: v2.body.data.revision });
    const kinds = (
      await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id })
    ).body.data.list.map((v: any) => v.kind);
    expect(kinds).toEqual(['save', 'save']);
    // Tried again, it applies whole: the restored text with both versions.
    const ok = await client.post('/api/pc/v1/book-chapter/history-restore', {
      chapter_id: ch.chapter_id,
      version_id: oldest.version_id,
      base_revision: v2.body.data.revision,
    });
    expect(ok.status).toBe(200);
    expect((await detail(client, ch.chapter_id)).content).toBe('最早的一稿');
    const history = (await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id })).body.data.list;
    expect(history.slice(0, 2).map((v: any) => [v.kind, v.revision])).toEqual([
      ['restore', v2.body.data.revision + 1],
      ['before-restore', v2.body.data.revision],
    ]);
    const before = await client.get('/api/pc/v1/book-chapter/chapter-diff', {
      chapter_id: ch.chapter_id,
      version_id: history[1].version_id,
    });
    expect(before.body.data.rows).toEqual([{ op: 'change', left: '现在的正文', right: '最早的一稿' }]);
  });
});

describe("the author's say and renames are not the text", () => {
  const live = (chapterId: number) =>
    t.app.ctx.db
      .selectFrom('chapter_live')
      .select(['author_say', 'body'])
      .where('chapter_id', '=', chapterId)
      .executeTakeFirstOrThrow();

  it('changes the say live on a published chapter, from the say route or the editor, never making it revised', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const text = prose(400);
    const a = await writtenChapter(client, book.book_id, '第一章', text);
    await publish(client, a.chapterId);
    const published = await detail(client, a.chapterId);
    await client.post('/api/pc/v1/book-chapter/author-say', { chapter_id: a.chapterId, author_say: '感谢订阅' });
    expect(await detail(client, a.chapterId)).toMatchObject({
      status: 'published',
      revision: published.revision,
      author_say: '感谢订阅',
    });
    expect((await live(a.chapterId)).author_say).toBe('感谢订阅');
    // From the editor, saved with the (unchanged) text.
    const fromEditor = await saveChapter(client, a.chapterId, published.revision, text, {
      title: '第一章',
      author_say: '明天加更',
    });
    expect(fromEditor.body.data.status).toBe('published');
    expect(await live(a.chapterId)).toEqual({ author_say: '明天加更', body: text });
    // With a changed text: the text waits for publishing (revised), the say is live at once.
    const revised = await saveChapter(client, a.chapterId, fromEditor.body.data.revision, `${text}\n新的一段`, {
      title: '第一章',
      author_say: '求月票',
    });
    expect(revised.body.data.status).toBe('revised');
    expect(await live(a.chapterId)).toEqual({ author_say: '求月票', body: text });
  });

  it('lets an editor open in another tab save on after a rename or a say change, keeping both', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const a = await writtenChapter(client, book.book_id, '第一章', '第一稿');
    // Another tab: the manage list renames the chapter and changes the say.
    expect(
      (await client.post('/api/pc/v1/book-chapter/rename', { chapter_id: a.chapterId, title: '第一章：初见' })).status,
    ).toBe(200);
    await client.post('/api/pc/v1/book-chapter/author-say', { chapter_id: a.chapterId, author_say: '新书求收藏' });
    // The editor (which sends a title or say only when the author changed them there) saves its text: no conflict.
    const res = await client.post('/api/pc/v1/book-chapter/auto-save', {
      chapter_id: a.chapterId,
      base_revision: a.revision,
      content: '第一稿\n第二段',
      save_key: 'other-tab-after-rename',
    });
    expect(res.status).toBe(200);
    expect(await detail(client, a.chapterId)).toMatchObject({
      title: '第一章：初见',
      author_say: '新书求收藏',
      content: '第一稿\n第二段',
    });
    // The text itself still never overwrites silently: a save on the older text revision is a conflict.
    const stale = await saveChapter(client, a.chapterId, a.revision, '另一个标签页的旧正文');
    expect(stale.status).toBe(409);
    expect((await detail(client, a.chapterId)).content).toBe('第一稿\n第二段');
  });

  it('makes a renamed published chapter revised, and published again when the title goes back', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const a = await writtenChapter(client, book.book_id, '第一章', prose(400));
    await publish(client, a.chapterId);
    await client.post('/api/pc/v1/book-chapter/rename', { chapter_id: a.chapterId, title: '第一章：改名' });
    expect((await detail(client, a.chapterId)).status).toBe('revised');
    await client.post('/api/pc/v1/book-chapter/rename', { chapter_id: a.chapterId, title: '第一章' });
    expect((await detail(client, a.chapterId)).status).toBe('published');
  });
});

describe('words per day follow chapters into and out of the notice volume', () => {
  it('takes a published chapter out of the daily words, totals and streak in the notice volume, and back', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [notice, first] = await volumesOf(client, book.book_id);
    const a = await writtenChapter(client, book.book_id, '第一章', prose(400, 'a'));
    const b = await writtenChapter(client, book.book_id, '第二章', prose(500, 'b'));
    await publish(client, a.chapterId);
    await publish(client, b.chapterId);
    const wa = (await detail(client, a.chapterId)).words;
    const wb = (await detail(client, b.chapterId)).words;
    const today = async () => {
      const days = (await client.get('/api/pc/v1/book/daily-words', { book_id: book.book_id, days: 1 })).body.data.days;
      return days[0];
    };
    const streak = async () => (await client.get('/api/pc/v1/author/date-calendar', {})).body.data.streak as number;
    expect(await today()).toMatchObject({ words: wa + wb, chapters: 2 });
    expect(await streak()).toBe(1);

    await client.post('/api/pc/v1/book-chapter/move', {
      chapter_id: a.chapterId,
      volume_id: notice.volume_id,
      position: 0,
    });
    expect(await today()).toMatchObject({ words: wb, chapters: 1 });
    expect(await info(client, book.book_id)).toMatchObject({ published_words: wb, total_words: wb });
    await client.post('/api/pc/v1/book-chapter/move', {
      chapter_id: b.chapterId,
      volume_id: notice.volume_id,
      position: 1,
    });
    expect(await today()).toMatchObject({ words: 0, chapters: 0 });
    expect(await streak()).toBe(0);
    const stage = (await client.get('/api/pc/v1/book/stage', { book_id: book.book_id })).body.data;
    expect(stage).toMatchObject({ streak: 0, update_days: 0, published_words: 0 });

    // Back out: counted again, with the words of its first publication on its day.
    await client.post('/api/pc/v1/book-chapter/move', {
      chapter_id: a.chapterId,
      volume_id: first.volume_id,
      position: 0,
    });
    expect(await today()).toMatchObject({ words: wa, chapters: 1 });
    expect(await streak()).toBe(1);
    expect(await info(client, book.book_id)).toMatchObject({ published_words: wa, total_words: wa });
    const rows = await t.app.ctx.db
      .selectFrom('book_daily_words')
      .select(['words', 'chapters'])
      .where('book_id', '=', book.book_id)
      .execute();
    expect(rows).toEqual([{ words: wa, chapters: 1 }]);
  });

  it('counts a chapter first published in the notice volume on its day once it moves out, and never a draft', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [notice, first] = await volumesOf(client, book.book_id);
    const n = await writtenChapter(client, book.book_id, '第一章', prose(400, 'n'), notice.volume_id);
    const d = await writtenChapter(client, book.book_id, '第二章', prose(400, 'd'), notice.volume_id);
    await publish(client, n.chapterId);
    const wn = (await detail(client, n.chapterId)).words;
    const day = async () =>
      (await client.get('/api/pc/v1/book/daily-words', { book_id: book.book_id, days: 1 })).body.data.days[0];
    expect(await day()).toMatchObject({ words: 0, chapters: 0 });
    await client.post('/api/pc/v1/book-chapter/move', {
      chapter_id: n.chapterId,
      volume_id: first.volume_id,
      position: 0,
    });
    await client.post('/api/pc/v1/book-chapter/move', {
      chapter_id: d.chapterId,
      volume_id: first.volume_id,
      position: 1,
    });
    expect(await day()).toMatchObject({ words: wn, chapters: 1 });
    expect((await info(client, book.book_id)).published_words).toBe(wn);
  });
});

describe('versions around a restore', () => {
  it('keeps one version of the restored text, not a second autosave of it, also long after the last version', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    const v1 = await saveChapter(client, ch.chapter_id, 0, '最早的一稿', { explicit: true });
    const v2 = await saveChapter(client, ch.chapter_id, v1.body.data.revision, '现在的正文', { explicit: true });
    // The author comes back to the chapter after a break: the last version is more than the snapshot interval old.
    await t.app.ctx.db
      .updateTable('chapter_texts')
      .set({ snapshot_at: Date.now() - 60 * 60_000 })
      .where('chapter_id', '=', ch.chapter_id)
      .execute();
    const oldest = (await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id })).body.data
      .list[1];
    const restored = await client.post('/api/pc/v1/book-chapter/history-restore', {
      chapter_id: ch.chapter_id,
      version_id: oldest.version_id,
      base_revision: v2.body.data.revision,
    });
    expect(restored.status).toBe(200);
    // The author goes on typing right after the restore: an autosave, not a new version yet.
    await saveChapter(client, ch.chapter_id, restored.body.data.revision, '最早的一稿，再补一句');
    const history = (await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id })).body.data.list;
    expect(history.map((v: any) => v.kind)).toEqual(['restore', 'before-restore', 'save', 'save']);
  });
});

describe('restoring the text as it stands', () => {
  it('changes nothing and keeps no versions that only repeat the current text', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await createChapter(client, book.book_id);
    const v1 = await saveChapter(client, ch.chapter_id, 0, '最早的一稿', { explicit: true });
    const v2 = await saveChapter(client, ch.chapter_id, v1.body.data.revision, '现在的正文', { explicit: true });
    const newest = (await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id })).body.data
      .list[0];
    const again = await client.post('/api/pc/v1/book-chapter/history-restore', {
      chapter_id: ch.chapter_id,
      version_id: newest.version_id,
      base_revision: v2.body.data.revision,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.revision).toBe(v2.body.data.revision);
    expect(await detail(client, ch.chapter_id)).toMatchObject({
      content: '现在的正文',
      revision: v2.body.data.revision,
    });
    const kinds = (
      await client.get('/api/pc/v1/book-chapter/history', { chapter_id: ch.chapter_id })
    ).body.data.list.map((v: any) => v.kind);
    expect(kinds).toEqual(['save', 'save']);
  });
});
