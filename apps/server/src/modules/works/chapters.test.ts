import { countWords, WORKS_ERROR } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  authorClient,
  createBook,
  createChapter,
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
      title: '卷 一',
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
  });

  it('checks chapter titles against §5 when created or renamed', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const bad = await client.post('/api/pc/v1/book-chapter/create', { book_id: book.book_id, title: '第一章 <初见>' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.title).toBe('仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、及，：！？中文标点');
    const ok = await createChapter(client, book.book_id, '第Ⅻ章：重逢！');
    const rename = await client.post('/api/pc/v1/book-chapter/rename', {
      chapter_id: ok.chapter_id,
      title: 'Chapter 1.',
    });
    expect(rename.body.errors.field).toBe('title');
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
});
