import { ErrorCode } from '@author-centre/shared';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSite, eid, push, type TestSite } from '../income/income.fixtures.ts';
import { signedHeaders } from '../income/site-auth.ts';
import { authorClient, createBook, prose, saveChapter, writtenChapter } from '../works/works.fixtures.ts';
import { type ListFilters, listQueries } from './comments.service.ts';

let t: TestApp;
let site: TestSite;
let otherSite: TestSite;
beforeAll(async () => {
  t = await createTestApp();
  site = await createSite(t, 2);
  otherSite = await createSite(t, 3);
});
afterAll(async () => t.close());

const FEED = '/api/integration/v1/comments/changes';
async function pull(s: TestSite, cursor: number) {
  const query = { cursor, limit: 500 };
  const res = await t.app.inject({
    method: 'GET',
    url: `${FEED}?cursor=${cursor}&limit=500`,
    headers: signedHeaders(s, { method: 'GET', path: FEED, query }),
  });
  return res.json();
}

/** An author with a published book of two chapters, and a client signed in. */
async function publishedBook(text = prose(800, Math.random().toString(36).slice(2))) {
  const { author, client } = await authorClient(t);
  const book = await createBook(client);
  const a = await writtenChapter(client, book.book_id, '第一章', text);
  const b = await writtenChapter(client, book.book_id, '第二章', prose(700, Math.random().toString(36).slice(2)));
  for (const c of [a, b]) {
    const r = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: c.chapterId, force: true });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  }
  return { author, client, bookId: book.book_id, chapters: [a.chapterId, b.chapterId] };
}

const comment = (bookId: number, over: Record<string, unknown> = {}) => ({
  event_id: eid(),
  kind: 'comment',
  book_id: bookId,
  occurred_at: Date.now() - 1000,
  reader_id: 'r-1',
  reader_name: '书友甲',
  content: '写得真好，期待更新！',
  ...over,
});

describe('comments arrive through the integration API', () => {
  it('stores every kind, counts them unread at once, and a batch sent twice once', async () => {
    const { client, bookId, chapters } = await publishedBook('第一段文字在这里。\n第二段的文字，主角拔剑。\n第三段。');
    const events = [
      comment(bookId),
      comment(bookId, { chapter_id: chapters[0], comment_type: 'chapter' }),
      comment(bookId, { chapter_id: chapters[0], comment_type: 'paragraph', paragraph_index: 1 }),
      comment(bookId, { comment_type: 'evaluate', rating: 5 }),
      comment(bookId, { comment_type: 'discussion' }),
      comment(bookId, { comment_type: 'checkin', content: '打卡' }),
    ];
    const first = await push(t, site, events);
    expect(first.body.data).toMatchObject({ accepted: 6, duplicates: 0 });
    expect((await push(t, site, events)).body.data).toMatchObject({ accepted: 0, duplicates: 6 });
    expect((await client.post('/api/pc/v1/comment/msg-num', { book_id: '', msg_tab: '0' })).body.data.num).toBe(6);
    const list = (await client.get('/api/pc/v1/comments/list', { unread: 1 })).body.data;
    expect(list.total).toBe(6);
    const paragraph = list.list.find((c: any) => c.type === 'paragraph');
    expect(paragraph.paragraph_text).toBe('第二段的文字，主角拔剑。');
    expect(paragraph.chapter_title).toBe('第一章');
    expect((await client.get('/api/pc/v1/comments/list', { type: 'evaluate' })).body.data.list[0].rating).toBe(5);
    expect((await client.get('/api/pc/v1/comments/list', { chapter_id: chapters[0] })).body.data.total).toBe(2);
    // The lists of one kind (§7 comments chapter, paragraph, evaluates, check-in list); their kind wins over `type`.
    for (const [path, type] of [
      ['/api/pc/v1/comments/chapter', 'chapter'],
      ['/api/pc/v1/comments/paragraph', 'paragraph'],
      ['/api/comment/paragraph-list', 'paragraph'],
      ['/api/pc/v1/comments/evaluates', 'evaluate'],
      ['/api/pc/v1/comments/check-in/list', 'checkin'],
    ] as const) {
      const r = (await client.get(path, { type: 'book' })).body.data;
      expect(
        r.list.map((c: any) => c.type),
        path,
      ).toEqual([type]);
    }
    // check-in reply, like and delete.
    const checkin = (await client.get('/api/pc/v1/comments/check-in/list')).body.data.list[0].comment_id;
    const answer = await client.post('/api/pc/v1/comments/check-in/reply', {
      comment_id: checkin,
      content: '打卡快乐',
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect((await client.post('/api/pc/v1/comments/check-in/like', { comment_id: checkin })).body.data.liked).toBe(
      true,
    );
    expect(
      (await client.post('/api/pc/v1/comments/check-in/delete', { comment_id: answer.body.data.comment_id })).body.data,
    ).toMatchObject({ deleted: true });
    expect((await client.get('/api/pc/v1/comments/detail', { comment_id: checkin })).body.data.replies).toEqual([]);
    // remove-msg-num resets the header count and the unread filter.
    expect((await client.post('/api/comment/remove-msg-num', {})).body.code).toBe(200);
    expect((await client.post('/api/pc/v1/comment/msg-num', { book_id: '', msg_tab: '0' })).body.data.num).toBe(0);
    expect((await client.get('/api/pc/v1/comments/list', { unread: 1 })).body.data.total).toBe(0);
  });

  it('the header count (msg-num) leaves out folded, hidden and held comments, like the unread list', async () => {
    const callers = await consoleCallers(t);
    const { client, bookId } = await publishedBook();
    await push(t, site, [
      comment(bookId, { reader_id: 'u-1', content: '留着' }),
      comment(bookId, { reader_id: 'u-2', content: '要折叠' }),
      comment(bookId, { reader_id: 'u-3', content: '要隐藏' }),
    ]);
    const list = (await client.get('/api/pc/v1/comments/list')).body.data.list;
    const idOf = (text: string) => list.find((c: any) => c.content === text).comment_id;
    // Folding or reporting does not open the comment: they stay unread in the table.
    expect((await client.post('/api/pc/v1/comments/fold', { comment_id: idOf('要折叠') })).body.code).toBe(200);
    await client.post('/api/pc/v1/comments/report', { comment_id: idOf('要隐藏'), reason: '广告引流' });
    const report = (await callers.editor.get('/api/admin/comment-reports', { status: 'open' })).body.data.list.find(
      (r: any) => r.comment_id === idOf('要隐藏'),
    );
    await callers.editor.post('/api/admin/comment-reports/action', {
      report_id: report.id,
      action: 'hide',
      reason: '广告',
    });
    const num = (await client.post('/api/pc/v1/comment/msg-num', { book_id: '', msg_tab: '0' })).body.data.num;
    const unreadList = (await client.get('/api/pc/v1/comments/list', { unread: 1 })).body.data;
    expect(unreadList.list.map((c: any) => c.content)).toEqual(['留着']);
    expect(num).toBe(unreadList.total);
    expect((await client.post('/api/pc/v1/comment/msg-num', { book_id: bookId, msg_tab: '0' })).body.data.num).toBe(1);
  });

  it('refuses bad comments whole, with the reason per event', async () => {
    const { bookId } = await publishedBook();
    const res = await push(t, site, [
      comment(bookId),
      comment(bookId, { content: '' }),
      comment(bookId, { comment_type: 'paragraph' }),
      comment(bookId, { comment_type: 'evaluate', rating: 9 }),
      { ...comment(bookId), kind: 'comment_reply' },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.data.refused.map((r: any) => r.field)).toEqual([
      'content',
      'chapter_id',
      'rating',
      'parent_comment_id',
    ]);
    const n = await t.app.ctx.db.selectFrom('comments').select('id').where('book_id', '=', bookId).execute();
    expect(n).toHaveLength(0);
  });

  it('another brand cannot send to a book, and an author sees only their own books', async () => {
    const { bookId } = await publishedBook();
    expect((await push(t, otherSite, [comment(bookId)])).body.data.refused[0].reason).toBe('unknown_book');
    await push(t, site, [comment(bookId)]);
    const id = (
      await t.app.ctx.db.selectFrom('comments').select('id').where('book_id', '=', bookId).executeTakeFirstOrThrow()
    ).id;
    const stranger = await authorClient(t);
    expect((await stranger.client.get('/api/pc/v1/comments/list')).body.data.total).toBe(0);
    for (const [path, body] of [
      ['/api/pc/v1/comments/reply', { comment_id: id, content: '谢谢' }],
      ['/api/pc/v1/comments/fold', { comment_id: id }],
      ['/api/pc/v1/comments/like', { comment_id: id }],
      ['/api/pc/v1/comments/mute', { comment_id: id, days: 7 }],
      ['/api/pc/v1/comments/report', { comment_id: id, reason: '广告内容' }],
    ] as const) {
      const r = await stranger.client.post(path, body);
      expect(r.status, path).toBe(404);
    }
    expect((await stranger.client.get('/api/pc/v1/comments/detail', { comment_id: id })).status).toBe(404);
  });
});

describe('the author answers and moderates', () => {
  it('replies (checked for length and sensitive words), threads, likes, pins, folds, deletes own replies; the site sees it', async () => {
    const { client, bookId } = await publishedBook();
    const start = (await pull(site, 0)).data.next_cursor;
    const first = comment(bookId);
    await push(t, site, [first]);
    const id = (await client.get('/api/pc/v1/comments/list')).body.data.list[0].comment_id;

    const tooLong = await client.post('/api/pc/v1/comments/reply', { comment_id: id, content: '长'.repeat(501) });
    expect(tooLong.body.errors).toMatchObject({ code: ErrorCode.invalidInput, field: 'content' });
    const sensitive = await client.post('/api/pc/v1/comments/reply', { comment_id: id, content: '你好网络赌博' });
    expect(sensitive.body.errors.code).toBe(ErrorCode.commentSensitiveWord);
    expect(sensitive.body.errors.title).toContain('网络赌博');

    const reply = await client.post('/api/pc/v1/comments/reply', { comment_id: id, content: '谢谢支持！' });
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(200);
    // A reader answers the author's reply through the API: the thread grows and is unread.
    await push(t, site, [
      {
        ...comment(bookId, { content: '作者回我了！', occurred_at: Date.now(), comment_type: 'evaluate', rating: 5 }),
        kind: 'comment_reply',
        parent_comment_id: reply.body.data.comment_id,
      },
    ]);
    const thread = (await client.get('/api/pc/v1/comments/detail', { comment_id: id })).body.data;
    expect(thread.root.content).toBe(first.content);
    // The reader's reply is of its thread's kind, whatever the site said.
    expect(thread.replies.every((r: any) => r.type === thread.root.type && r.rating === null)).toBe(true);
    expect(thread.replies.map((r: any) => [r.content, r.from_author])).toEqual([
      ['谢谢支持！', true],
      ['作者回我了！', false],
    ]);

    expect((await client.post('/api/pc/v1/comments/like', { comment_id: id })).body.data.liked).toBe(true);
    expect((await client.post('/api/pc/v1/comments/top', { comment_id: id })).body.data.top).toBe(true);
    expect((await client.post('/api/pc/v1/comments/essence-apply', { comment_id: id })).body.code).toBe(200);
    expect((await client.post('/api/pc/v1/comments/essence-apply', { comment_id: id })).body.errors.code).toBe(
      ErrorCode.commentAlreadyDone,
    );
    expect((await client.post('/api/pc/v1/comments/fold', { comment_id: id })).body.data.folded).toBe(true);
    expect((await client.get('/api/pc/v1/comments/list')).body.data.list.map((c: any) => c.comment_id)).not.toContain(
      id,
    );
    expect((await client.get('/api/pc/v1/comments/fold')).body.data.list.map((c: any) => c.comment_id)).toContain(id);
    expect((await client.post('/api/pc/v1/comments/fold', { comment_id: id, on: false })).body.data.folded).toBe(false);

    // Only the author's own replies can be deleted.
    expect((await client.post('/api/pc/v1/comments/delete', { comment_id: id })).status).toBe(400);
    expect(
      (await client.post('/api/pc/v1/comments/delete', { comment_id: reply.body.data.comment_id })).body.code,
    ).toBe(200);
    const after = (await client.get('/api/pc/v1/comments/detail', { comment_id: id })).body.data;
    expect(after.replies.map((r: any) => r.content)).toEqual(['作者回我了！']);

    const feed = (await pull(site, start)).data.list.filter((f: any) => f.event_id === first.event_id);
    expect(feed.map((f: any) => f.action)).toEqual(['reply', 'like', 'top', 'essence_apply', 'fold', 'unfold']);
    expect(feed[0]).toMatchObject({ content: '谢谢支持！', book_id: bookId });
    const deleted = (await pull(site, start)).data.list.find((f: any) => f.action === 'delete');
    expect(deleted.comment_id).toBe(reply.body.data.comment_id);
    // Another brand's site sees none of it.
    expect((await pull(otherSite, start)).data.list).toEqual([]);
  });

  it('lists pinned comments first, newest first among each', async () => {
    const { client, bookId } = await publishedBook();
    const now = Date.now();
    await push(t, site, [
      comment(bookId, { content: '最早', occurred_at: now - 30_000 }),
      comment(bookId, { content: '中间', occurred_at: now - 20_000 }),
      comment(bookId, { content: '最新', occurred_at: now - 10_000 }),
    ]);
    const list = async () =>
      (await client.get('/api/pc/v1/comments/list')).body.data.list.map((c: any) => c.content) as string[];
    expect(await list()).toEqual(['最新', '中间', '最早']);
    const oldest = (await client.get('/api/pc/v1/comments/list')).body.data.list[2].comment_id;
    expect((await client.post('/api/pc/v1/comments/top', { comment_id: oldest })).body.data.top).toBe(true);
    expect(await list()).toEqual(['最早', '最新', '中间']);
    expect((await client.get('/api/pc/v1/comments/list', { page_size: 1, page: 2 })).body.data.list[0].content).toBe(
      '最新',
    );
    await client.post('/api/pc/v1/comments/top', { comment_id: oldest, on: false });
    expect(await list()).toEqual(['最新', '中间', '最早']);
  });

  it('replies as another pen name of the same person only', async () => {
    const { client, bookId, author } = await publishedBook();
    await push(t, site, [comment(bookId)]);
    const id = (await client.get('/api/pc/v1/comments/list')).body.data.list[0].comment_id;
    const now = Date.now();
    const second = await t.app.ctx.db
      .insertInto('accounts')
      .values({
        client_id: 2,
        user_id: author.userId,
        pen_name: `第二笔名${now}`,
        role: 'author',
        created_at: now,
        updated_at: now,
      } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await client.post('/api/pc/v1/comments/reply', {
      comment_id: id,
      content: '好的',
      account_id: second.id,
    });
    expect(r.body.data.pen_name).toBe(`第二笔名${now}`);
    const stranger = await authorClient(t);
    const refused = await client.post('/api/pc/v1/comments/reply', {
      comment_id: id,
      content: '好的',
      account_id: stranger.author.accountId,
    });
    expect(refused.body.errors.field).toBe('account_id');
  });

  it('batch-replies with a result per item, and keeps default replies', async () => {
    const { client, bookId } = await publishedBook();
    await push(t, site, [comment(bookId), comment(bookId, { reader_id: 'r-2' })]);
    const ids = (await client.get('/api/pc/v1/comments/list')).body.data.list.map((c: any) => c.comment_id);
    const res = await client.post('/api/pc/v1/comments/batch-reply', {
      comment_ids: [...ids, 999_999_999],
      content: '感谢大家！',
    });
    expect(res.body.data).toMatchObject({ succeeded: 2, failed: 1 });
    expect(res.body.data.results[2]).toMatchObject({
      comment_id: 999_999_999,
      ok: false,
      message: '评论不存在或已删除',
    });

    expect((await client.post('/api/pc/v1/comments/default-replies', { content: '谢谢支持，求收藏' })).body.code).toBe(
      200,
    );
    expect((await client.post('/api/pc/v1/comments/default-replies', { content: '' })).body.errors.field).toBe(
      'content',
    );
    const list = (await client.get('/api/pc/v1/comments/default-replies')).body.data.list;
    expect(list.map((d: any) => d.content)).toEqual(['谢谢支持，求收藏']);
    expect((await client.post('/api/pc/v1/comments/default-replies/delete', { id: list[0].id })).body.code).toBe(200);
    expect((await client.get('/api/pc/v1/comments/default-replies')).body.data.list).toEqual([]);
  });

  it('mutes a reader for a chosen time: their new comments are held, not lost; unmute', async () => {
    const { client, bookId } = await publishedBook();
    await push(t, site, [comment(bookId, { reader_id: 'noisy', reader_name: '吵闹' })]);
    const id = (await client.get('/api/pc/v1/comments/list')).body.data.list[0].comment_id;
    expect((await client.post('/api/pc/v1/comments/mute', { comment_id: id, days: 2 })).body.errors.field).toBe('days');
    const muted = await client.post('/api/pc/v1/comments/mute', { comment_id: id, days: 7 });
    expect(muted.body.data.until).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await client.get('/api/pc/v1/comments/mutes')).body.data.list.map((m: any) => m.reader_id)).toEqual([
      'noisy',
    ]);
    await push(t, site, [comment(bookId, { reader_id: 'noisy', reader_name: '吵闹', content: '被禁言后的评论' })]);
    expect((await client.get('/api/pc/v1/comments/list')).body.data.total).toBe(1);
    const held = (await client.get('/api/pc/v1/comments/list', { held: 1 })).body.data.list;
    expect(held.map((c: any) => c.content)).toEqual(['被禁言后的评论']);
    expect((await client.post('/api/pc/v1/comments/unmute', { reader_id: 'noisy' })).body.code).toBe(200);
    expect((await client.post('/api/pc/v1/comments/unmute', { reader_id: 'noisy' })).status).toBe(404);
    await push(t, site, [comment(bookId, { reader_id: 'noisy', reader_name: '吵闹', content: '解禁后' })]);
    expect((await client.get('/api/pc/v1/comments/list')).body.data.total).toBe(2);
  });

  it("releases a muted reader's held comments: visible and unread, sent to the sites; each item says what happened", async () => {
    const { db } = t.app.ctx;
    const { client, bookId, chapters } = await publishedBook();
    await push(t, site, [comment(bookId, { reader_id: 'loud', reader_name: '大声' })]);
    const visible = (await client.get('/api/pc/v1/comments/list')).body.data.list[0].comment_id;
    expect((await client.post('/api/pc/v1/comments/mute', { comment_id: visible, days: 30 })).body.code).toBe(200);
    const now = Date.now();
    await push(t, site, [
      comment(bookId, { reader_id: 'loud', reader_name: '大声', content: '拦下的其一', occurred_at: now - 3000 }),
      comment(bookId, {
        reader_id: 'loud',
        reader_name: '大声',
        content: '拦下的其二',
        chapter_id: chapters[1],
        occurred_at: now - 2000,
      }),
    ]);
    const held = (await client.get('/api/pc/v1/comments/list', { held: 1 })).body.data.list;
    expect(held.map((c: any) => [c.content, c.state, c.unread])).toEqual([
      ['拦下的其二', 'held', false],
      ['拦下的其一', 'held', false],
    ]);
    const [second, first] = held.map((c: any) => c.comment_id);
    const unread = async () =>
      (await client.post('/api/pc/v1/comment/msg-num', { book_id: '', msg_tab: '0' })).body.data.num as number;
    const unreadBefore = await unread();
    const start = (await pull(site, 0)).data.next_cursor;

    // Bad input changes nothing.
    for (const body of [{}, { comment_ids: [] }, { comment_ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const r = await client.post('/api/pc/v1/comments/release', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors.field).toBe('comment_ids');
    }
    expect((await client.get('/api/pc/v1/comments/list', { held: 1 })).body.data.total).toBe(2);

    const r = await client.post('/api/pc/v1/comments/release', { comment_ids: [first, visible, 999_999_999, first] });
    expect(r.body.data).toMatchObject({ succeeded: 1, failed: 2 });
    expect(r.body.data.results).toEqual([
      { comment_id: first, ok: true },
      {
        comment_id: visible,
        ok: false,
        code: ErrorCode.commentAlreadyDone,
        message: '该评论没有被拦截，无需放行',
      },
      { comment_id: 999_999_999, ok: false, code: expect.any(Number), message: '评论不存在或已删除' },
    ]);
    const row = await db.selectFrom('comments').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    expect([row.state, row.unread]).toEqual(['visible', 1]);
    // Shown in the list as a new comment, counted in the header; the other stays held.
    const list = (await client.get('/api/pc/v1/comments/list', { unread: 1 })).body.data.list;
    expect(list.map((c: any) => c.content)).toContain('拦下的其一');
    expect(await unread()).toBe(unreadBefore + 1);
    expect(
      (await client.get('/api/pc/v1/comments/list', { held: 1 })).body.data.list.map((c: any) => c.content),
    ).toEqual(['拦下的其二']);
    // The reading site is told, with its own event id, like other moderation.
    const feed = (await pull(site, start)).data.list;
    expect(feed.filter((f: any) => f.action === 'release')).toEqual([
      expect.objectContaining({ action: 'release', comment_id: first, event_id: row.event_id, book_id: bookId }),
    ]);
    expect((await pull(otherSite, start)).data.list).toEqual([]);
    // Releasing again is refused; in English too.
    client.headers['x-lang'] = 'en-US';
    const again = await client.post('/api/pc/v1/comments/release', { comment_ids: [first] });
    delete client.headers['x-lang'];
    expect(again.body.data.results[0]).toMatchObject({
      ok: false,
      message: 'This comment is not held; there is nothing to release',
    });
    // The reader is still muted: a new comment is held again.
    await push(t, site, [comment(bookId, { reader_id: 'loud', reader_name: '大声', content: '仍被禁言' })]);
    expect(
      (await client.get('/api/pc/v1/comments/list', { held: 1 })).body.data.list.map((c: any) => c.content),
    ).toEqual(['仍被禁言', '拦下的其二']);
    expect((await client.post('/api/pc/v1/comments/release', { comment_ids: [second] })).body.data.succeeded).toBe(1);
  });

  it('a held comment of a reader the brand bans stays held (staff decide), until the ban is lifted', async () => {
    const callers = await consoleCallers(t);
    const { client, bookId } = await publishedBook();
    const reader = `banned-${Math.random().toString(36).slice(2, 8)}`;
    await push(t, site, [comment(bookId, { reader_id: reader, content: '广告一' })]);
    const id = (await client.get('/api/pc/v1/comments/list')).body.data.list[0].comment_id;
    await client.post('/api/pc/v1/comments/report', { comment_id: id, reason: '广告引流' });
    const report = (await callers.editor.get('/api/admin/comment-reports', { status: 'open' })).body.data.list.find(
      (r: any) => r.comment_id === id,
    );
    const act = (action: string) =>
      callers.editor.post('/api/admin/comment-reports/action', { report_id: report.id, action, reason: '处理原因' });
    expect((await act('ban')).body.code).toBe(200);
    await push(t, site, [comment(bookId, { reader_id: reader, content: '封禁后的评论' })]);
    const heldId = (await client.get('/api/pc/v1/comments/list', { held: 1 })).body.data.list[0].comment_id;
    const refused = await client.post('/api/pc/v1/comments/release', { comment_ids: [heldId] });
    expect(refused.body.data.results[0]).toMatchObject({
      ok: false,
      code: ErrorCode.commentReaderBanned,
      message: '该读者已被平台封禁，其评论不能放行',
    });
    const state = async () =>
      (
        await t.app.ctx.db
          .selectFrom('comments')
          .select(['state', 'unread'])
          .where('id', '=', heldId)
          .executeTakeFirstOrThrow()
      ).state;
    expect(await state()).toBe('held');
    expect((await act('unban')).body.code).toBe(200);
    expect((await client.post('/api/pc/v1/comments/release', { comment_ids: [heldId] })).body.data.succeeded).toBe(1);
    expect(await state()).toBe('visible');
  });
});

describe('the pinned-first list reads its page off an index (migration 202612280101)', () => {
  it("no sort of the matching rows on SQLite or PostgreSQL, for the unread, readers', held and folded lists", async () => {
    const { db, engine } = t.app.ctx;
    const { author, bookId } = await publishedBook();
    const now = Date.now();
    // 6,000 comments of this author (a few pinned, unread, held, folded, and the author's replies)
    // among 6,000 of another pen name, so the planners weigh a real choice.
    const rows = [];
    for (let i = 0; i < 12_000; i++) {
      const mine = i % 2 === 0;
      rows.push({
        client_id: 2,
        account_id: mine ? author.accountId : author.accountId + 1_000_000,
        book_id: bookId,
        chapter_id: null,
        kind: 'book' as const,
        paragraph_index: null,
        paragraph_text: null,
        rating: null,
        root_id: null,
        parent_id: null,
        site_id: null,
        event_id: null,
        reader_id: `plan-${i % 300}`,
        reader_name: '读者',
        author_account_id: i % 10 === 4 ? author.accountId : null,
        content: '计划',
        top: i % 500 === 0 ? 1 : 0,
        unread: i % 7 === 0 && i % 10 !== 4 ? 1 : 0,
        state: i % 13 === 0 ? ('held' as const) : ('visible' as const),
        folded: i % 17 === 0 ? 1 : 0,
        created_at: now - i * 1000,
        updated_at: now,
      });
    }
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('comments')
        .values(rows.slice(i, i + 500))
        .execute();
    await sql.raw(engine === 'postgres' ? 'analyze comments' : 'analyze').execute(db);
    const owner = { clientId: 2, accountId: author.accountId, userId: author.userId };
    const base = { folded: false, page: 1, page_size: 20 };
    const cases: Array<[string, ListFilters, string]> = [
      ['unread', { ...base, unread: true }, 'comments_account_unread_top'],
      [
        'unread, computed afresh with an end',
        { ...base, unread: true, end: now + 86_400_000 },
        'comments_account_unread_top',
      ],
      ["readers' comments", base, 'comments_account_readers_top'],
      ["readers' comments, page 3", { ...base, page: 3 }, 'comments_account_readers_top'],
      ['held', { ...base, held: true }, 'comments_account_readers_top'],
      ['folded', { ...base, folded: true }, 'comments_account_readers_top'],
    ];
    for (const [name, filters, index] of cases) {
      const compiled = listQueries(db, owner, filters).page.compile();
      if (engine === 'postgres') {
        const plan = (
          await db.executeQuery<any>(
            CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
          )
        ).rows[0]['QUERY PLAN'];
        const nodes: any[] = [];
        const walk = (n: any) => {
          nodes.push(n);
          for (const c of n.Plans ?? []) walk(c);
        };
        walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
        const text = JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name'], n['Scan Direction']]));
        expect(
          nodes.some((n) => n['Index Name'] === index),
          `${name}: ${text}`,
        ).toBe(true);
        expect(
          nodes.some((n) => /Sort/.test(n['Node Type'])),
          `${name}: ${text}`,
        ).toBe(false);
      } else {
        const plan = (
          await db.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
          )
        ).rows.map((r) => r.detail);
        expect(
          plan.some((d) => d.includes(`INDEX ${index}`)),
          `${name}: ${plan.join(' | ')}`,
        ).toBe(true);
        expect(
          plan.some((d) => d.includes('TEMP B-TREE')),
          `${name}: ${plan.join(' | ')}`,
        ).toBe(false);
      }
      // And it answers what the route answers: pinned first, then newest first.
      const page = await listQueries(db, owner, filters).page.execute();
      const order = page.map((r) => [-r.top, -r.created_at, -r.id]);
      expect(order, name).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]));
    }
    const pinned = await listQueries(db, owner, base).page.execute();
    expect(pinned.slice(0, 12).every((r) => r.top === 1)).toBe(true);
  });
});

describe('the console moderation queue and sensitive words', () => {
  it('reports go to the queue; staff hide, restore, warn or ban with a reason and an audit entry, in their brand only', async () => {
    const callers = await consoleCallers(t);
    const { client, bookId } = await publishedBook();
    await push(t, site, [comment(bookId, { reader_id: 'spam-1', content: '加我微信看免费全文' })]);
    const id = (await client.get('/api/pc/v1/comments/list')).body.data.list[0].comment_id;
    expect((await client.post('/api/pc/v1/comments/report', { comment_id: id, reason: '' })).body.errors.field).toBe(
      'reason',
    );
    expect((await client.post('/api/pc/v1/comments/report', { comment_id: id, reason: '广告引流' })).body.code).toBe(
      200,
    );
    expect((await client.post('/api/pc/v1/comments/report', { comment_id: id, reason: '广告引流' })).status).toBe(409);

    expect((await callers.author.get('/api/admin/comment-reports')).status).toBe(403);
    expect((await callers.visitor.get('/api/admin/comment-reports')).status).toBe(401);
    const queue = (await callers.editor.get('/api/admin/comment-reports', { status: 'open' })).body.data.list;
    const report = queue.find((r: any) => r.comment_id === id);
    expect(report).toMatchObject({ reason: '广告引流', content: '加我微信看免费全文' });
    expect(
      (await callers.otherBrandAdmin.get('/api/admin/comment-reports')).body.data.list.find(
        (r: any) => r.comment_id === id,
      ),
    ).toBeUndefined();
    expect(
      (
        await callers.otherBrandAdmin.post('/api/admin/comment-reports/action', {
          report_id: report.id,
          action: 'hide',
          reason: '广告',
        })
      ).status,
    ).toBe(404);
    expect(
      (await callers.editor.post('/api/admin/comment-reports/action', { report_id: report.id, action: 'hide' })).body
        .errors.field,
    ).toBe('reason');

    const ban = await callers.editor.post('/api/admin/comment-reports/action', {
      report_id: report.id,
      action: 'ban',
      reason: '广告引流，封禁',
    });
    expect(ban.body.data).toMatchObject({ status: 'done', outcome: 'ban', comment_state: 'hidden' });
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'comment-report.ban')
      .execute();
    expect(audit.at(-1)?.reason).toBe('广告引流，封禁');
    expect((await client.get('/api/pc/v1/comments/list')).body.data.total).toBe(0);
    // A banned reader's new comments anywhere in the brand are held.
    const other = await publishedBook();
    await push(t, site, [comment(other.bookId, { reader_id: 'spam-1' })]);
    expect((await other.client.get('/api/pc/v1/comments/list')).body.data.total).toBe(0);
    expect((await other.client.get('/api/pc/v1/comments/list', { held: 1 })).body.data.total).toBe(1);
  });

  it("staff lift a ban (unban): the reader's new comments show again; refused to others, audited", async () => {
    const callers = await consoleCallers(t);
    const { client, bookId } = await publishedBook();
    const reader = `unban-${Math.random().toString(36).slice(2, 8)}`;
    await push(t, site, [comment(bookId, { reader_id: reader, content: '广告广告' })]);
    const id = (await client.get('/api/pc/v1/comments/list')).body.data.list[0].comment_id;
    await client.post('/api/pc/v1/comments/report', { comment_id: id, reason: '广告引流' });
    const report = (await callers.editor.get('/api/admin/comment-reports', { status: 'open' })).body.data.list.find(
      (r: any) => r.comment_id === id,
    );
    const act = (caller: typeof callers.editor, action: string) =>
      caller.post('/api/admin/comment-reports/action', { report_id: report.id, action, reason: '处理原因' });
    // Nothing to lift before a ban.
    expect((await act(callers.editor, 'unban')).status).toBe(409);
    expect((await act(callers.editor, 'ban')).body.data.outcome).toBe('ban');
    const bans = () => t.app.ctx.db.selectFrom('reader_bans').selectAll().where('reader_id', '=', reader).execute();
    expect(await bans()).toHaveLength(1);
    for (const [caller, status] of [
      [callers.visitor, 401],
      [callers.author, 403],
      [callers.otherBrandAdmin, 404],
    ] as const) {
      expect((await act(caller, 'unban')).status).toBe(status);
      expect(await bans()).toHaveLength(1);
    }
    const start = (await pull(site, 0)).data.next_cursor;
    const lifted = await act(callers.admin, 'unban');
    expect(lifted.body.data).toMatchObject({ status: 'done', outcome: 'unban', comment_state: 'hidden' });
    expect(await bans()).toHaveLength(0);
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'comment-report.unban')
      .execute();
    expect(audit.at(-1)?.target_id).toBe(String(report.id));
    expect((await pull(site, start)).data.list.map((f: any) => f.action)).toContain('unban');
    // The reader's new comments are no longer held.
    await push(t, site, [comment(bookId, { reader_id: reader, content: '解封后的评论' })]);
    expect((await client.get('/api/pc/v1/comments/list')).body.data.list.map((c: any) => c.content)).toEqual([
      '解封后的评论',
    ]);
  });

  it("the brand's sensitive words stop replies and the works checks alike", async () => {
    const callers = await consoleCallers(t);
    const word = `违禁测试${Date.now().toString(36)}`;
    expect((await callers.author.post('/api/admin/sensitive-words', { word, reason: '测试' })).status).toBe(403);
    const added = await callers.editor.post('/api/admin/sensitive-words', { word, reason: '品牌要求' });
    expect(added.body.code, JSON.stringify(added.body)).toBe(200);
    expect((await callers.editor.post('/api/admin/sensitive-words', { word, reason: '品牌要求' })).status).toBe(409);
    expect((await callers.editor.get('/api/admin/sensitive-words', { keyword: word })).body.data.total).toBe(1);
    expect((await callers.otherBrandAdmin.get('/api/admin/sensitive-words', { keyword: word })).body.data.total).toBe(
      0,
    );

    const { client, bookId } = await publishedBook();
    await push(t, site, [comment(bookId)]);
    const id = (await client.get('/api/pc/v1/comments/list')).body.data.list[0].comment_id;
    expect(
      (await client.post('/api/pc/v1/comments/reply', { comment_id: id, content: `回复${word}` })).body.errors.code,
    ).toBe(ErrorCode.commentSensitiveWord);
    const chapter = await writtenChapter(client, bookId, '第三章', `${prose(400, 'sw')}\n${word}`);
    const check = await client.post('/api/pc/v1/book-chapter/draft-publish', {
      chapter_id: chapter.chapterId,
      force: true,
    });
    expect(JSON.stringify(check.body)).toContain(word);
    expect(check.body.code).not.toBe(200);

    await callers.editor.post('/api/admin/sensitive-words/remove', { id: added.body.data.id, reason: '误加' });
    expect((await client.post('/api/pc/v1/comments/reply', { comment_id: id, content: `回复${word}` })).body.code).toBe(
      200,
    );
  });
});

describe('reader error corrections', () => {
  const correction = (bookId: number, chapterId: number, over: Record<string, unknown> = {}) => ({
    event_id: eid(),
    kind: 'correction',
    book_id: bookId,
    chapter_id: chapterId,
    occurred_at: Date.now() - 1000,
    reader_id: 'r-9',
    reader_name: '细心读者',
    paragraph_index: 1,
    original: '拨剑',
    suggestion: '拔剑',
    ...over,
  });
  const TEXT = `山门清晨，钟声悠长。\n少年拨剑而起，直指苍穹。\n${prose(800, 'cb')}`;

  it('lists chapters with counts, shows corrections in place, accepts through the editor save (revision, history, feed)', async () => {
    const { client, bookId, chapters } = await publishedBook(TEXT);
    expect(
      (
        await push(t, site, [
          correction(bookId, chapters[0]),
          correction(bookId, chapters[0], { paragraph_index: 0, original: '不存在的字', suggestion: '改' }),
        ])
      ).body.data.accepted,
    ).toBe(2);
    expect((await client.get('/api/pc/v1/user-correct/msg-num')).body.data.num).toBe(2);
    expect((await client.get('/api/pc/v3/user/info')).body.data.user.correct_count).toBe(2);
    const list = (await client.get('/api/user-correct/get-chapters', { book_id: bookId })).body.data;
    expect(list.list).toEqual([
      expect.objectContaining({ chapter_id: chapters[0], count: 2, chapter_title: '第一章' }),
    ]);
    const detail = (await client.get('/api/user-correct/chapter-detail', { chapter_id: chapters[0] })).body.data;
    expect(detail.paragraphs[1]).toBe('少年拨剑而起，直指苍穹。');
    const [good, stale] = [
      detail.list.find((c: any) => c.original === '拨剑'),
      detail.list.find((c: any) => c.original !== '拨剑'),
    ];
    expect([good.stale, stale.stale]).toEqual([false, true]);

    const feedStart = (
      await t.app.inject({
        method: 'GET',
        url: '/api/integration/v1/chapters/changes?cursor=0&limit=500',
        headers: signedHeaders(site, {
          method: 'GET',
          path: '/api/integration/v1/chapters/changes',
          query: { cursor: 0, limit: 500 },
        }),
      })
    ).json().data;
    let cursor = feedStart.next_cursor;
    for (let more = feedStart.has_more; more; ) {
      const q = { cursor, limit: 500 };
      const page = (
        await t.app.inject({
          method: 'GET',
          url: `/api/integration/v1/chapters/changes?cursor=${cursor}&limit=500`,
          headers: signedHeaders(site, { method: 'GET', path: '/api/integration/v1/chapters/changes', query: q }),
        })
      ).json().data;
      cursor = page.next_cursor;
      more = page.has_more;
    }

    const res = await client.post('/api/user-correct/save-correct-status', {
      correction_ids: [good.correction_id, stale.correction_id],
      status: 'accept',
    });
    expect(res.body.data).toMatchObject({ succeeded: 1, failed: 1 });
    expect(res.body.data.results[0]).toMatchObject({ ok: true, status: 'accepted', published: true });
    expect(res.body.data.results[1]).toMatchObject({ ok: false, code: ErrorCode.correctionStale });

    const chapter = (await client.get('/api/pc/v1/book-chapter/detail', { chapter_id: chapters[0] })).body.data;
    expect(chapter.content.split('\n')[1]).toBe('少年拔剑而起，直指苍穹。');
    expect(chapter.published_content.split('\n')[1]).toBe('少年拔剑而起，直指苍穹。');
    expect(chapter.status).toBe('published');
    const history = (await client.get('/api/pc/v1/book-chapter/history', { chapter_id: chapters[0] })).body.data;
    expect(history.list.some((v: any) => v.revision === res.body.data.results[0].revision)).toBe(true);
    const q = { cursor, limit: 500 };
    const changes = (
      await t.app.inject({
        method: 'GET',
        url: `/api/integration/v1/chapters/changes?cursor=${cursor}&limit=500`,
        headers: signedHeaders(site, { method: 'GET', path: '/api/integration/v1/chapters/changes', query: q }),
      })
    ).json().data;
    const item = changes.items.find((i: any) => i.id === chapters[0] || i.chapter_id === chapters[0]);
    expect(JSON.stringify(item)).toContain('少年拔剑而起');

    // Handled ones are not pending any more; delete-correct resets the count.
    expect((await client.get('/api/user-correct/get-chapters', { book_id: bookId })).body.data.list[0].count).toBe(1);
    expect((await client.get('/api/user-correct/delete-correct')).body.data.correct_count).toBe(0);
    expect((await client.get('/api/pc/v1/user-correct/msg-num')).body.data.num).toBe(0);
  });

  it('edits before applying, rejects, refuses handled ones and a correction made stale by the author', async () => {
    const { client, bookId, chapters } = await publishedBook(TEXT);
    await push(t, site, [
      correction(bookId, chapters[0]),
      correction(bookId, chapters[0], { original: '苍穹', suggestion: '天空' }),
      correction(bookId, chapters[0], { original: '直指', suggestion: '指向' }),
    ]);
    const list = (await client.get('/api/user-correct/chapter-detail', { chapter_id: chapters[0] })).body.data.list;
    const byOriginal = (o: string) => list.find((c: any) => c.original === o).correction_id;
    const edited = await client.post('/api/user-correct/save-chapter-detail', {
      correction_id: byOriginal('拨剑'),
      text: '拔出长剑',
    });
    expect(edited.body.data.status).toBe('accepted');
    expect(
      (await client.post('/api/user-correct/save-chapter-detail', { correction_id: byOriginal('拨剑'), text: 'x' }))
        .body.errors.code,
    ).toBe(ErrorCode.correctionHandled);
    expect(
      (
        await client.post('/api/user-correct/save-correct-status', {
          correction_ids: [byOriginal('苍穹')],
          status: 'reject',
        })
      ).body.data.succeeded,
    ).toBe(1);
    // The author rewrites the paragraph in the editor: the remaining correction is stale and refused.
    const detail = (await client.get('/api/pc/v1/book-chapter/detail', { chapter_id: chapters[0] })).body.data;
    const paragraphs = detail.content.split('\n');
    paragraphs[1] = '少年起身，望向远方。';
    expect(
      (
        await saveChapter(client, chapters[0], detail.revision, paragraphs.join('\n'), {
          title: '第一章',
          explicit: true,
        })
      ).body.code,
    ).toBe(200);
    const after = (await client.get('/api/user-correct/chapter-detail', { chapter_id: chapters[0] })).body.data;
    expect(after.paragraphs[1]).toBe('少年起身，望向远方。');
    expect(after.list.find((c: any) => c.original === '直指').stale).toBe(true);
    const refused = await client.post('/api/user-correct/save-correct-status', {
      correction_ids: [byOriginal('直指')],
      status: 'accept',
    });
    expect(refused.body.data.results[0]).toMatchObject({ ok: false, code: ErrorCode.correctionStale });
    expect(
      (await client.get('/api/pc/v1/book-chapter/detail', { chapter_id: chapters[0] })).body.data.content.split(
        '\n',
      )[1],
    ).toBe('少年起身，望向远方。');
    // Someone else's correction: not found.
    const stranger = await authorClient(t);
    expect((await stranger.client.get('/api/user-correct/chapter-detail', { chapter_id: chapters[0] })).status).toBe(
      404,
    );
    expect(
      (
        await stranger.client.post('/api/user-correct/save-correct-status', {
          correction_ids: [byOriginal('直指')],
          status: 'reject',
        })
      ).body.data.results[0].ok,
    ).toBe(false);
  });

  it('says what happened: published, saved but blocked by the checks, or only saved for a revised chapter', async () => {
    const { client, bookId, chapters } = await publishedBook(TEXT);
    await push(t, site, [correction(bookId, chapters[0], { original: '拨剑', suggestion: '网络赌博' })]);
    const list = (await client.get('/api/user-correct/chapter-detail', { chapter_id: chapters[0] })).body.data.list;
    const blocked = await client.post('/api/user-correct/save-correct-status', {
      correction_ids: [list.find((c: any) => c.suggestion === '网络赌博').correction_id],
      status: 'accept',
    });
    expect(blocked.body.data.results[0]).toMatchObject({
      ok: true,
      status: 'accepted',
      published: false,
      outcome: 'blocked',
      chapter_status: 'revised',
    });
    expect(blocked.body.data.results[0].findings.map((f: any) => f.word)).toContain('网络赌博');
    const chapter = (await client.get('/api/pc/v1/book-chapter/detail', { chapter_id: chapters[0] })).body.data;
    expect(chapter.content.split('\n')[1]).toContain('网络赌博');
    expect(chapter.published_content.split('\n')[1]).toBe('少年拨剑而起，直指苍穹。');

    // Now the chapter has unpublished edits (revised): the next accepted correction is only saved.
    await push(t, site, [
      correction(bookId, chapters[0], { paragraph_index: 0, original: '悠长', suggestion: '绵长' }),
    ]);
    const next = (
      await client.get('/api/user-correct/chapter-detail', { chapter_id: chapters[0] })
    ).body.data.list.find((c: any) => c.original === '悠长');
    const saved = await client.post('/api/user-correct/save-chapter-detail', {
      correction_id: next.correction_id,
      text: '绵长',
    });
    expect(saved.body.data).toMatchObject({
      published: false,
      outcome: 'saved',
      chapter_status: 'revised',
      findings: [],
    });
    const after = (await client.get('/api/pc/v1/book-chapter/detail', { chapter_id: chapters[0] })).body.data;
    expect(after.content.split('\n')[0]).toBe('山门清晨，钟声绵长。');
    expect(after.published_content.split('\n')[0]).toBe('山门清晨，钟声悠长。');
    expect(after.status).toBe('revised');
  });
});

describe('strangers are refused on every route that takes an id, and nothing changes', () => {
  const TEXT = `山门清晨，钟声悠长。\n少年拨剑而起，直指苍穹。\n${prose(800, 'pm')}`;

  it('another author of the brand and an author of another brand', async () => {
    const { db } = t.app.ctx;
    const { client, bookId, chapters, author } = await publishedBook(TEXT);
    await push(t, site, [
      comment(bookId, { reader_id: 'victim-1' }),
      comment(bookId, { reader_id: 'victim-2' }),
      {
        event_id: eid(),
        kind: 'correction',
        book_id: bookId,
        chapter_id: chapters[0],
        occurred_at: Date.now() - 1000,
        reader_id: 'r-9',
        reader_name: '细心读者',
        paragraph_index: 1,
        original: '拨剑',
        suggestion: '拔剑',
      },
    ]);
    const [first, second] = (await client.get('/api/pc/v1/comments/list')).body.data.list.map((c: any) => c.comment_id);
    const reply = (await client.post('/api/pc/v1/comments/reply', { comment_id: first, content: '谢谢' })).body.data
      .comment_id;
    const muted = await client.post('/api/pc/v1/comments/mute', { comment_id: second, days: 7 });
    expect(muted.body.code).toBe(200);
    await push(t, site, [comment(bookId, { reader_id: muted.body.data.reader_id, content: '被拦下的评论' })]);
    const heldId = (await client.get('/api/pc/v1/comments/list', { held: 1 })).body.data.list[0].comment_id;
    expect((await client.post('/api/pc/v1/comments/default-replies', { content: '求收藏' })).body.code).toBe(200);
    const defaultId = (await client.get('/api/pc/v1/comments/default-replies')).body.data.list[0].id;
    const correctionId = (await client.get('/api/user-correct/chapter-detail', { chapter_id: chapters[0] })).body.data
      .list[0].correction_id;

    const snapshot = async () => ({
      comments: await db.selectFrom('comments').selectAll().where('book_id', '=', bookId).orderBy('id').execute(),
      mutes: await db.selectFrom('comment_mutes').selectAll().where('account_id', '=', author.accountId).execute(),
      defaults: await db
        .selectFrom('comment_default_replies')
        .selectAll()
        .where('account_id', '=', author.accountId)
        .execute(),
      corrections: await db
        .selectFrom('reader_corrections')
        .selectAll()
        .where('account_id', '=', author.accountId)
        .execute(),
      reports: await db.selectFrom('comment_reports').selectAll().where('comment_id', 'in', [first, second]).execute(),
      chapter: await db
        .selectFrom('chapters')
        .innerJoin('chapter_texts', 'chapter_texts.chapter_id', 'chapters.id')
        .select(['chapters.revision', 'chapters.status', 'chapter_texts.body'])
        .where('chapters.id', '=', chapters[0])
        .executeTakeFirst(),
      feed: (
        await db
          .selectFrom('comment_feed')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m,
    });
    const before = await snapshot();
    const unreadBefore = (await client.post('/api/pc/v1/comment/msg-num', { book_id: '', msg_tab: '0' })).body.data.num;
    expect(unreadBefore).toBeGreaterThan(0);

    const notFound = (r: any) => expect(r.status).toBe(404);
    const everyItemRefused = (r: any) => {
      expect(r.body.data.succeeded).toBe(0);
      expect(r.body.data.results.every((x: any) => x.ok === false)).toBe(true);
    };
    const seesNothing = (r: any) => {
      expect(r.body.code).toBe(200);
      expect(r.body.data.list).toEqual([]);
    };
    const zero = (r: any) => expect(r.body.data.num).toBe(0);
    const ok = (r: any) => expect(r.body.code).toBe(200);
    const routes: Array<
      [method: 'get' | 'post', path: string, input: Record<string, unknown>, check: (r: any) => void]
    > = [
      ['get', '/api/pc/v1/comments/list', { book_id: bookId }, seesNothing],
      ['get', '/api/pc/v1/comments/list', { chapter_id: chapters[0] }, seesNothing],
      ['get', '/api/pc/v1/comments/fold', { book_id: bookId }, seesNothing],
      ['get', '/api/pc/v1/comments/detail', { comment_id: first }, notFound],
      ['get', '/api/comment/history', { comment_id: reply }, notFound],
      ['post', '/api/pc/v1/comment/msg-num', { book_id: bookId, msg_tab: '0' }, zero],
      ['post', '/api/comment/remove-msg-num', { book_id: bookId, msg_tab: '0' }, ok],
      ['post', '/api/pc/v1/comments/reply', { comment_id: first, content: '冒充回复' }, notFound],
      ['post', '/api/pc/v1/comments/batch-reply', { comment_ids: [first, second], content: '冒充' }, everyItemRefused],
      ['post', '/api/pc/v1/comments/like', { comment_id: first }, notFound],
      ['post', '/api/pc/v1/comments/top', { comment_id: first }, notFound],
      ['post', '/api/pc/v1/comments/fold', { comment_id: first }, notFound],
      ['post', '/api/pc/v1/comments/essence-apply', { comment_id: first }, notFound],
      ['post', '/api/pc/v1/comments/delete', { comment_id: reply }, notFound],
      ['post', '/api/comment/remove', { comment_id: reply }, notFound],
      ['post', '/api/pc/v1/comments/report', { comment_id: first, reason: '冒充举报' }, notFound],
      ['post', '/api/pc/v1/comments/mute', { comment_id: first, days: 7 }, notFound],
      ['post', '/api/pc/v1/comments/unmute', { reader_id: muted.body.data.reader_id }, notFound],
      ['get', '/api/pc/v1/comments/list', { held: 1, book_id: bookId }, seesNothing],
      ['get', '/api/pc/v1/comments/chapter', { book_id: bookId }, seesNothing],
      ['get', '/api/pc/v1/comments/check-in/list', { book_id: bookId }, seesNothing],
      ['post', '/api/pc/v1/comments/check-in/reply', { comment_id: first, content: '冒充回复' }, notFound],
      ['post', '/api/pc/v1/comments/check-in/like', { comment_id: first }, notFound],
      ['post', '/api/pc/v1/comments/check-in/delete', { comment_id: reply }, notFound],
      ['post', '/api/pc/v1/comments/release', { comment_ids: [heldId] }, everyItemRefused],
      ['post', '/api/comment/release', { comment_ids: [heldId, first] }, everyItemRefused],
      ['get', '/api/pc/v1/book-chapter/list', { book_id: bookId, keyword: '第' }, notFound],
      ['post', '/api/pc/v1/comments/default-replies/delete', { id: defaultId }, notFound],
      ['get', '/api/user-correct/get-chapters', { book_id: bookId }, seesNothing],
      ['get', '/api/user-correct/chapter-detail', { chapter_id: chapters[0] }, notFound],
      ['post', '/api/user-correct/save-chapter-detail', { correction_id: correctionId, text: '拔出' }, notFound],
      [
        'post',
        '/api/user-correct/save-correct-status',
        { correction_ids: [correctionId], status: 'accept' },
        everyItemRefused,
      ],
      [
        'post',
        '/api/user-correct/save-correct-status',
        { correction_ids: [correctionId], status: 'reject' },
        everyItemRefused,
      ],
      ['get', '/api/user-correct/delete-correct', {}, ok],
    ];
    const sameBrand = await authorClient(t);
    const otherBrand = await authorClient(t, { clientId: 3, host: 'third.localhost' });
    for (const [who, stranger] of [
      ['same brand', sameBrand.client],
      ['other brand', otherBrand.client],
    ] as const) {
      for (const [method, path, input, check] of routes) {
        const r =
          method === 'get'
            ? await stranger.get(path, input as Record<string, string | number>)
            : await stranger.post(path, input);
        try {
          check(r);
        } catch (error) {
          throw new Error(`${who} ${method} ${path}: ${JSON.stringify(r.body)}\n${error}`);
        }
        expect(await snapshot(), `${who} ${method} ${path}`).toEqual(before);
      }
    }
    // The owner still sees everything as it was.
    expect((await client.post('/api/pc/v1/comment/msg-num', { book_id: '', msg_tab: '0' })).body.data.num).toBe(
      unreadBefore,
    );
    expect((await client.get('/api/pc/v1/user-correct/msg-num')).body.data.num).toBe(1);
  });

  it('console report actions by role: visitor, author and another brand refused with nothing changed', async () => {
    const { db } = t.app.ctx;
    const callers = await consoleCallers(t);
    const { client, bookId } = await publishedBook();
    const actions = ['warn', 'restore', 'hide', 'ban'] as const;
    const expected = { warn: 'visible', restore: 'visible', hide: 'hidden', ban: 'hidden' };
    for (const [role, staff] of [
      ['editor', callers.editor],
      ['admin', callers.admin],
    ] as const) {
      for (const action of actions) {
        const reader = `role-${role}-${action}-${Math.random().toString(36).slice(2, 8)}`;
        await push(t, site, [comment(bookId, { reader_id: reader, content: `举报我 ${reader}` })]);
        const c = await db
          .selectFrom('comments')
          .select('id')
          .where('reader_id', '=', reader)
          .executeTakeFirstOrThrow();
        expect(
          (await client.post('/api/pc/v1/comments/report', { comment_id: c.id, reason: '广告引流' })).body.code,
        ).toBe(200);
        const report = await db
          .selectFrom('comment_reports')
          .select('id')
          .where('comment_id', '=', c.id)
          .executeTakeFirstOrThrow();
        const snapshot = async () => ({
          report: await db.selectFrom('comment_reports').selectAll().where('id', '=', report.id).executeTakeFirst(),
          comment: await db.selectFrom('comments').selectAll().where('id', '=', c.id).executeTakeFirst(),
          bans: await db.selectFrom('reader_bans').selectAll().where('reader_id', '=', reader).execute(),
          audit: await db
            .selectFrom('audit_log')
            .select('id')
            .where('action', '=', `comment-report.${action}`)
            .execute(),
        });
        const before = await snapshot();
        for (const [who, caller, status] of [
          ['visitor', callers.visitor, 401],
          ['author', callers.author, 403],
          ['other brand admin', callers.otherBrandAdmin, 404],
        ] as const) {
          const r = await caller.post('/api/admin/comment-reports/action', {
            report_id: report.id,
            action,
            reason: '越权尝试',
          });
          expect(r.status, `${who} ${action}`).toBe(status);
          expect(await snapshot(), `${who} ${action}`).toEqual(before);
        }
        const done = await staff.post('/api/admin/comment-reports/action', {
          report_id: report.id,
          action,
          reason: `${role} 处理`,
        });
        expect(done.body.data, `${role} ${action}`).toMatchObject({ status: 'done', outcome: action });
        const after = await snapshot();
        expect(after.comment?.state, `${role} ${action}`).toBe(expected[action]);
        expect(after.report).toMatchObject({ status: 'done', outcome: action });
        expect(after.bans.length).toBe(action === 'ban' ? 1 : 0);
        expect(after.audit.length).toBe(before.audit.length + 1);
      }
    }
  });
});
