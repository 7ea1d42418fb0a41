import {
  CHAPTER_TITLE_MESSAGE,
  parseShanghaiDate,
  SIGN_HEADER,
  shanghaiDate,
  sign,
  WORKS_ERROR,
} from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { beijingMinute } from './publish-notes.ts';
import { nextOccurrence } from './publishing.service.ts';
import { findingCode, findingText } from './text-check.ts';
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

const detail = async (client: any, chapterId: number) =>
  (await client.get('/api/pc/v1/book-chapter/detail', { chapter_id: chapterId })).body.data;
const MIN = 60_000;
const DAY = 86_400_000;

describe('checks before publishing', () => {
  it('finds sensitive words in place and refuses to publish, even when forced', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const text = `${prose(400, 's')}\n他在街角看到一张网络赌博的传单。`;
    const ch = await writtenChapter(client, book.book_id, '第一章', text);
    const check = await client.post('/api/pc/v1/text-correct/check', { chapter_id: ch.chapterId });
    const finding = check.body.data.findings.find((f: any) => f.rule === 'sensitive');
    expect(finding).toMatchObject({ severity: 'block', word: '网络赌博', offset: text.indexOf('网络赌博'), length: 4 });
    expect(finding.paragraph).toBe(text.split('\n').length - 1);
    expect(check.body.data.can_publish).toBe(false);
    const res = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: ch.chapterId, force: true });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(WORKS_ERROR.publishChecksFailed);
    expect(res.body.data).toMatchObject({ can_force: false });
    expect((await detail(client, ch.chapterId)).status).toBe('draft');
  });

  it("lets the author's excludes hide a typo, and removing the exclude brings it back", async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', `${prose(400, 'e')}\n他迫不急待地推开门。`);
    const rules = async () =>
      (await client.post('/api/pc/v1/text-correct/check', { chapter_id: ch.chapterId })).body.data.findings.map(
        (f: any) => f.rule,
      );
    expect(await rules()).toEqual(['typo']);
    expect((await client.post('/api/pc/v1/text-correct/excludes-add', { word: '迫不急待' })).body.code).toBe(200);
    expect((await client.get('/api/pc/v1/text-correct/excludes')).body.data).toEqual([
      expect.objectContaining({ word: '迫不急待', sensitive: false }),
    ]);
    expect(await rules()).toEqual([]);
    await client.post('/api/pc/v1/text-correct/excludes-remove', { word: '迫不急待' });
    expect((await client.get('/api/pc/v1/text-correct/excludes')).body.data).toEqual([]);
    expect(await rules()).toEqual(['typo']);
    // Excluded again, it publishes without "publish anyway".
    await client.post('/api/pc/v1/text-correct/excludes-add', { word: '迫不急待' });
    expect((await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: ch.chapterId })).body.code).toBe(
      200,
    );
    expect((await detail(client, ch.chapterId)).status).toBe('published');
  });

  it('keeps a sensitive word blocking: the exclude is refused, and an old one has no effect', async () => {
    const { client, author } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', `${prose(400, 'x')}\n缉毒警察缴获了大量冰毒。`);
    for (const word of ['冰毒', '大量冰毒']) {
      const refused = await client.post('/api/pc/v1/text-correct/excludes-add', { word });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.field).toBe('word');
      expect(refused.body.errors.title).toBe('「冰毒」是敏感词，不能忽略，请修改正文后再发布');
    }
    const path = '/api/pc/v1/text-correct/excludes-add';
    const raw = JSON.stringify({ word: '冰毒', t: Date.now() });
    const en = await client.raw({
      method: 'POST',
      url: path,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-lang': 'en-US',
        [SIGN_HEADER]: sign(await client.refreshSecret(), 'POST', path, raw, JSON.parse(raw).t),
      },
    });
    expect(en.body.errors.title).toBe(
      '"冰毒" is a sensitive word and cannot be ignored; please change the text before publishing',
    );
    expect(await t.app.ctx.db.selectFrom('text_check_excludes').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ word: '冰毒' }),
    );
    // An exclude stored before this rule (straight into the database) does not silence it either.
    await t.app.ctx.db
      .insertInto('text_check_excludes')
      .values({ client_id: 2, account_id: author.accountId, word: '冰毒', created_at: Date.now() })
      .execute();
    expect((await client.get('/api/pc/v1/text-correct/excludes')).body.data).toEqual([
      expect.objectContaining({ word: '冰毒', sensitive: true }),
    ]);
    const check = (await client.post('/api/pc/v1/text-correct/check', { chapter_id: ch.chapterId })).body.data;
    expect(check.findings).toEqual([expect.objectContaining({ rule: 'sensitive', severity: 'block', word: '冰毒' })]);
    expect(check.can_publish).toBe(false);
    const res = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: ch.chapterId, force: true });
    expect(res.status).toBe(422);
    expect(res.body.data.can_force).toBe(false);
    expect((await detail(client, ch.chapterId)).status).toBe('draft');
    await client.post('/api/pc/v1/text-correct/excludes-remove', { word: '冰毒' });
    expect((await client.get('/api/pc/v1/text-correct/excludes')).body.data).toEqual([]);
  });

  it('warns of typos and short chapters, which the author may publish anyway', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', '他迫不急待地推开门。');
    const res = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: ch.chapterId });
    expect(res.status).toBe(422);
    expect(res.body.data.can_force).toBe(true);
    expect(res.body.data.findings.map((f: any) => [f.rule, f.severity])).toEqual([
      ['short', 'warn'],
      ['typo', 'warn'],
    ]);
    expect(res.body.data.findings[1]).toMatchObject({ word: '迫不急待', suggestion: '迫不及待', offset: 1 });
    const forced = await client.post('/api/pc/v1/book-chapter/draft-publish', {
      chapter_id: ch.chapterId,
      force: true,
    });
    expect(forced.body.code).toBe(200);
  });

  it('refuses an empty chapter, a bad title and a duplicate of an earlier chapter', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const empty = await createChapter(client, book.book_id, '第一章');
    const e = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: empty.chapter_id, force: true });
    expect(e.body.data.findings.map((f: any) => f.rule)).toEqual(['empty']);

    const text = prose(500, 'dup');
    const first = await writtenChapter(client, book.book_id, '第二章', text);
    await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: first.chapterId });
    const copy = await writtenChapter(client, book.book_id, '第三章', text);
    const d = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: copy.chapterId, force: true });
    expect(d.body.data.findings[0]).toMatchObject({
      rule: 'duplicate',
      severity: 'block',
      chapter_id: first.chapterId,
    });

    // Nearly the same text (one paragraph changed) is a warning.
    const near = await writtenChapter(client, book.book_id, '第四章', text.replace(/^[^\n]*/, '完全不同的第一段文字'));
    const n = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: near.chapterId });
    expect(n.body.data.findings).toEqual([expect.objectContaining({ rule: 'duplicate', severity: 'warn' })]);

    const ch = await createChapter(client, book.book_id, '第五章');
    await saveChapter(client, ch.chapter_id, 0, prose(500), { title: '第五章 <坏标题>' });
    const tt = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: ch.chapter_id, force: true });
    expect(tt.body.data.findings.map((f: any) => f.rule)).toEqual(['title']);
    // The message names the characters refused, as saving a title does (works.repository.ts).
    expect(tt.body.data.findings[0].message).toBe(`章节标题不能使用「<」「>」，${CHAPTER_TITLE_MESSAGE['zh-CN']}`);
    client.headers['x-lang'] = 'en-US';
    try {
      const en = await client.post('/api/pc/v1/text-correct/check', { chapter_id: ch.chapter_id });
      expect(en.body.data.findings[0].message).toBe(
        `Chapter title: "<" ">" cannot be used. ${CHAPTER_TITLE_MESSAGE['en-US']}`,
      );
    } finally {
      delete client.headers['x-lang'];
    }
    // A scheduled firing's note stores them as parameters, worded when read.
    const code = findingCode({ rule: 'title', severity: 'block', message: '' }, 500, '第五章 <坏标题>');
    expect(code).toEqual({ rule: 'title', params: { problem: 'chars', chars: '<>' } });
    expect(findingText(code, 'en-US')).toContain('"<" ">" cannot be used');
    expect(findingText({ rule: 'title', params: {} }, 'zh-CN')).toContain('章节标题为空或含不支持的字符');
  });
});

describe('duplicates: only an earlier chapter counts', () => {
  it('does not stop a chapter because a later draft holds the same text; the later one is stopped', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const text = prose(500, 'twin');
    const first = await writtenChapter(client, book.book_id, '第一章', text);
    const second = await writtenChapter(client, book.book_id, '第二章', text);
    // The later draft is the duplicate, never the earlier one.
    const early = await client.post('/api/pc/v1/text-correct/check', { chapter_id: first.chapterId });
    expect(early.body.data.findings).toEqual([]);
    const late = await client.post('/api/pc/v1/text-correct/check', { chapter_id: second.chapterId });
    expect(late.body.data.findings).toEqual([
      expect.objectContaining({ rule: 'duplicate', severity: 'block', chapter_id: first.chapterId }),
    ]);
    expect(
      (await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: first.chapterId })).body.code,
    ).toBe(200);
    expect((await detail(client, first.chapterId)).status).toBe('published');
    const again = await client.post('/api/pc/v1/book-chapter/draft-publish', {
      chapter_id: second.chapterId,
      force: true,
    });
    expect(again.status).toBe(422);
    expect((await detail(client, second.chapterId)).status).toBe('draft');
  });

  it('counts a published chapter as earlier wherever it stands, and a deleted one not at all', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const text = prose(500, 'order');
    const a = await writtenChapter(client, book.book_id, '第一章', text);
    const b = await writtenChapter(client, book.book_id, '第二章', prose(500, 'other'));
    const c = await writtenChapter(client, book.book_id, '第三章', text);
    // Chapter three (same text as one) goes out first: the draft before it is now the duplicate.
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: a.chapterId });
    expect((await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: c.chapterId })).body.code).toBe(
      200,
    );
    await client.post('/api/pc/v1/book-chapter/restore', { chapter_id: a.chapterId });
    const res = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: a.chapterId, force: true });
    expect(res.body.data.findings).toEqual([
      expect.objectContaining({ rule: 'duplicate', severity: 'block', chapter_id: c.chapterId }),
    ]);
    expect((await detail(client, a.chapterId)).status).toBe('draft');
    expect((await detail(client, b.chapterId)).status).toBe('draft');
  });
});

describe('scheduled publishing', () => {
  it('publishes a chapter at its time, once, and records the Shanghai day of its words', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(600));
    const words = (await detail(client, ch.chapterId)).words;
    // 00:30 Shanghai two days from now: still the previous day in UTC.
    const day = shanghaiDate(Date.now() + 2 * DAY);
    const at = parseShanghaiDate(day) + 30 * MIN;
    const res = await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: ch.chapterId, publish_at: at });
    expect(res.body.data.scheduled_at).toBe(at);
    expect((await detail(client, ch.chapterId)).scheduled_at).toBe(at);
    expect(await t.app.ctx.jobs.runDue(at - 1000)).toBe(0);
    expect((await detail(client, ch.chapterId)).status).toBe('draft');
    await t.app.ctx.jobs.runDue(at);
    await t.app.ctx.jobs.runDue(at + 5 * MIN);
    const after = await detail(client, ch.chapterId);
    expect(after).toMatchObject({ status: 'published', scheduled_at: null, published_at: at });
    const logs = await t.app.ctx.db
      .selectFrom('publish_log')
      .selectAll()
      .where('chapter_id', '=', ch.chapterId)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ source: 'schedule', late_ms: null, outcome: 'published' });
    const daily = await client.get('/api/pc/v1/book/daily-words', { book_id: book.book_id, from: day, to: day });
    expect(daily.body.data.days).toEqual([{ date: day, words, chapters: 1 }]);
    // A day that is not a date is refused on its field (it once failed with a 500 computing the range).
    for (const to of ['2026-13-45', 'today', "' OR 1=1"]) {
      const bad = await client.get('/api/pc/v1/book/daily-words', { book_id: book.book_id, to });
      expect(bad.status, to).toBe(400);
      expect(bad.body.errors.field).toBe('to');
    }
    expect(day).not.toBe(new Date(at).toISOString().slice(0, 10));
  });

  it('can be moved or cancelled until it fires, and says so afterwards', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(600));
    const at = Date.now() + 10 * MIN;
    await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: ch.chapterId, publish_at: at });
    await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: ch.chapterId, publish_at: at + 60 * MIN });
    await t.app.ctx.jobs.runDue(at + MIN);
    expect((await detail(client, ch.chapterId)).status).toBe('draft');
    await client.post('/api/pc/v1/book-chapter/publish-time-cancel', { chapter_id: ch.chapterId });
    await t.app.ctx.jobs.runDue(at + 120 * MIN);
    expect(await detail(client, ch.chapterId)).toMatchObject({ status: 'draft', scheduled_at: null });

    await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: ch.chapterId, publish_at: at });
    const jobId = (
      await t.app.ctx.db
        .selectFrom('chapters')
        .select('schedule_job_id')
        .where('id', '=', ch.chapterId)
        .executeTakeFirstOrThrow()
    ).schedule_job_id!;
    // It fired: too late to move or cancel.
    await t.app.ctx.db
      .updateTable('jobs')
      .set({ status: 'running', locked_until: Date.now() + MIN })
      .where('id', '=', jobId)
      .execute();
    const late = await client.post('/api/pc/v1/book-chapter/publish-time-cancel', { chapter_id: ch.chapterId });
    expect(late.status).toBe(409);
    expect(late.body.errors.code).toBe(WORKS_ERROR.scheduleAlreadyFired);
  });

  it("leaves the chapter's update time (更新时间) alone when it is scheduled, moved, cancelled, reordered or restored", async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(600));
    const other = await writtenChapter(client, book.book_id, '第二章', prose(600));
    // The text was last changed yesterday.
    const written = Date.now() - DAY;
    await t.app.ctx.db
      .updateTable('chapters')
      .set({ updated_at: written })
      .where('id', 'in', [ch.chapterId, other.chapterId])
      .execute();
    const updatedAt = async () =>
      (await client.get('/api/pc/v1/book-chapter/list', { book_id: book.book_id, page: 1 })).body.data.list.find(
        (c: { chapter_id: number }) => c.chapter_id === ch.chapterId,
      ).updated_at;
    const at = Date.now() + 10 * MIN;
    await client.post('/api/pc/v1/book-chapter/publish-time', {
      chapter_id: ch.chapterId,
      publish_at: at,
      force: true,
    });
    expect(await updatedAt()).toBe(written);
    await client.post('/api/pc/v1/book-chapter/publish-time', {
      chapter_id: ch.chapterId,
      publish_at: at + 60 * MIN,
      force: true,
    });
    expect((await detail(client, ch.chapterId)).scheduled_at).toBe(at + 60 * MIN);
    expect(await updatedAt()).toBe(written);
    await client.post('/api/pc/v1/book-chapter/publish-time-cancel', { chapter_id: ch.chapterId });
    expect((await detail(client, ch.chapterId)).scheduled_at).toBeNull();
    expect(await updatedAt()).toBe(written);
    const volumeId = (await detail(client, ch.chapterId)).volume_id;
    await client.post('/api/pc/v1/book-chapter/move', { chapter_id: ch.chapterId, volume_id: volumeId, position: 1 });
    expect((await detail(client, ch.chapterId)).sort).toBe(2);
    expect(await updatedAt()).toBe(written);
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: ch.chapterId });
    await client.post('/api/pc/v1/book-chapter/restore', { chapter_id: ch.chapterId });
    expect((await detail(client, ch.chapterId)).deleted_at).toBeNull();
    expect(await updatedAt()).toBe(written);
    // Changing the text is an update.
    const d = await detail(client, ch.chapterId);
    await saveChapter(client, ch.chapterId, d.revision, `${d.content}\n新的一段。`, { title: '第一章' });
    expect(await updatedAt()).toBeGreaterThan(written);
  });

  it('publishes a time missed while the server was down on recovery, and tells the author it was late', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(600));
    const at = Date.now() + 2 * MIN;
    await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: ch.chapterId, publish_at: at });
    // Nobody ran jobs for an hour; then the server comes back.
    await t.app.ctx.jobs.runDue(at + 60 * MIN);
    const d = await detail(client, ch.chapterId);
    expect(d.status).toBe('published');
    expect(d.last_publish.late_ms).toBeGreaterThanOrEqual(60 * MIN);
    const notices = await client.get('/api/pc/v1/book-chapter/publish-notices', { book_id: book.book_id });
    expect(notices.body.data.list).toEqual([
      expect.objectContaining({ chapter_id: ch.chapterId, outcome: 'published', scheduled_at: at }),
    ]);
    await client.post('/api/pc/v1/book-chapter/publish-notices-seen', { book_id: book.book_id });
    expect((await client.get('/api/pc/v1/book-chapter/publish-notices', { book_id: book.book_id })).body.data.has).toBe(
      false,
    );
  });

  it('does not publish a scheduled chapter the checks stop at its time, and records why', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(600));
    const at = Date.now() + 5 * MIN;
    await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: ch.chapterId, publish_at: at });
    const d = await detail(client, ch.chapterId);
    await saveChapter(client, ch.chapterId, d.revision, `${d.content}\n出售个人信息`, { title: '第一章' });
    await t.app.ctx.jobs.runDue(at);
    expect(await detail(client, ch.chapterId)).toMatchObject({ status: 'draft', scheduled_at: null });
    const notices = (await client.get('/api/pc/v1/book-chapter/publish-notices', { book_id: book.book_id })).body.data;
    expect(notices.list[0]).toMatchObject({ outcome: 'blocked' });
    expect(notices.list[0].note).toContain('出售个人信息');
  });

  it("stores a stopped or late firing's note as codes, words it in the reader's language and sends it to the message centre", async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章 夜雨', prose(600));
    const late = await writtenChapter(client, book.book_id, '第二章 归途', prose(600, 'l'));
    const at = Date.now() + 5 * MIN;
    await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: ch.chapterId, publish_at: at });
    await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: late.chapterId, publish_at: at + MIN });
    const d = await detail(client, ch.chapterId);
    await saveChapter(client, ch.chapterId, d.revision, `${d.content}\n出售个人信息`, { title: '第一章 夜雨' });
    await t.app.ctx.jobs.runDue(at + 90 * MIN);

    const row = await t.app.ctx.db
      .selectFrom('publish_log')
      .select('note')
      .where('chapter_id', '=', ch.chapterId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.note!)).toEqual([{ rule: 'sensitive', params: { word: '出售个人信息' } }]);

    client.headers['x-lang'] = 'en-US';
    try {
      const notices = (await client.get('/api/pc/v1/book-chapter/publish-notices', { book_id: book.book_id })).body
        .data;
      const blocked = notices.list.find((n: any) => n.outcome === 'blocked');
      expect(blocked.note).toBe('Contains the sensitive word "出售个人信息"; please change it before publishing');
      expect((await detail(client, ch.chapterId)).last_publish.note).toBe(blocked.note);
      const en = (await client.get('/api/pc/v1/news/list', { type: 'message' })).body.data.list;
      expect(en.map((m: any) => m.title).sort()).toEqual([
        'Published late: "第二章 归途"',
        'Scheduled publication stopped: "第一章 夜雨"',
      ]);
      const stopped = en.find((m: any) => m.title.startsWith('Scheduled'));
      const opened = (await client.get('/api/pc/v1/news/detail', { type: 'message', id: stopped.id })).body.data;
      expect(opened.content).toContain(`was due at ${beijingMinute(at)} Beijing time`);
      expect(opened.content).toContain('Contains the sensitive word "出售个人信息"');
      expect(opened.link).toBe(`/front/book-upload?book_id=${book.book_id}&chapter_id=${ch.chapterId}`);
    } finally {
      delete client.headers['x-lang'];
    }
    const zh = (await client.get('/api/pc/v1/news/list', { type: 'message' })).body.data.list;
    expect(zh.map((m: any) => m.title).sort()).toEqual([
      '定时发布延迟：「第二章 归途」',
      '定时发布未执行：「第一章 夜雨」',
    ]);
    const lateZh = zh.find((m: any) => m.title.startsWith('定时发布延迟'));
    expect(lateZh.summary).toContain(`原定北京时间 ${beijingMinute(at + MIN)}发布`);
  });

  it('tells the author in the message centre, in their language, when a publishing job fails for good', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第三章 风起', prose(600));
    const at = Date.now() + 5 * MIN;
    await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: ch.chapterId, publish_at: at });
    const { schedule_job_id: jobId } = await t.app.ctx.db
      .selectFrom('chapters')
      .select('schedule_job_id')
      .where('id', '=', ch.chapterId)
      .executeTakeFirstOrThrow();
    // An error in the job itself (its text row is gone), on its last attempt.
    await t.app.ctx.db.updateTable('jobs').set({ max_attempts: 1 }).where('id', '=', jobId!).execute();
    await t.app.ctx.db.deleteFrom('chapter_texts').where('chapter_id', '=', ch.chapterId).execute();
    await t.app.ctx.jobs.runDue(at + MIN);

    const job = await t.app.ctx.db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', jobId!)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    const chapter = await t.app.ctx.db
      .selectFrom('chapters')
      .select(['status', 'scheduled_at', 'schedule_job_id'])
      .where('id', '=', ch.chapterId)
      .executeTakeFirstOrThrow();
    expect(chapter).toEqual({ status: 'draft', scheduled_at: null, schedule_job_id: null });

    const zh = (await client.get('/api/pc/v1/news/list', { type: 'message' })).body.data.list;
    expect(zh.map((m: any) => m.title)).toEqual(['定时发布失败：「第三章 风起」']);
    const opened = (await client.get('/api/pc/v1/news/detail', { type: 'message', id: zh[0].id })).body.data;
    expect(opened.content).toContain(`原定北京时间 ${beijingMinute(at)}定时发布，多次尝试后仍发布失败`);
    expect(opened.link).toBe(`/front/book-upload?book_id=${book.book_id}&chapter_id=${ch.chapterId}`);
    client.headers['x-lang'] = 'en-US';
    try {
      const en = (await client.get('/api/pc/v1/news/list', { type: 'message' })).body.data.list;
      expect(en.map((m: any) => m.title)).toEqual(['Scheduled publication failed: "第三章 风起"']);
      const openedEn = (await client.get('/api/pc/v1/news/detail', { type: 'message', id: en[0].id })).body.data;
      expect(openedEn.content).toContain(`was due at ${beijingMinute(at)} Beijing time, but publishing failed`);
    } finally {
      delete client.headers['x-lang'];
    }
  });
});

describe('recurring schedules (regular-time-data)', () => {
  it('computes the next firing in Shanghai time on the chosen weekdays', () => {
    // 2026-11-23 is a Monday. 11:00 Shanghai on that day:
    const mondayMorning = parseShanghaiDate('2026-11-23') + 11 * 60 * MIN;
    const every = { enabled: true, time: '12:00', weekdays: [1, 2, 3, 4, 5, 6, 7], count: 1 };
    expect(nextOccurrence(every, mondayMorning)).toBe(parseShanghaiDate('2026-11-23') + 12 * 60 * MIN);
    expect(nextOccurrence(every, mondayMorning + 2 * 60 * MIN)).toBe(parseShanghaiDate('2026-11-24') + 12 * 60 * MIN);
    expect(nextOccurrence({ ...every, weekdays: [6] }, mondayMorning)).toBe(
      parseShanghaiDate('2026-11-28') + 12 * 60 * MIN,
    );
    expect(nextOccurrence({ ...every, enabled: false }, mondayMorning)).toBeNull();
  });

  it('publishes the next drafts of the queue at each time and schedules the following one', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++)
      ids.push((await writtenChapter(client, book.book_id, `第${i}章`, prose(600))).chapterId);
    const set = await client.post('/api/pc/v1/book-chapter/regular-time-data', {
      book_id: book.book_id,
      enabled: true,
      time: '12:00',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      count: 2,
    });
    const first = set.body.data.next_run_at;
    expect(set.body.data.time_zone).toBe('Asia/Shanghai');
    expect(first).toBeGreaterThan(Date.now());
    // 12:00 Beijing time is 04:00 UTC.
    expect(new Date(first).toISOString().slice(11, 16)).toBe('04:00');
    expect(set.body.data.queue.map((c: any) => c.title).slice(0, 3)).toEqual(['第1章', '第2章', '第3章']);
    await t.app.ctx.jobs.runDue(first);
    const statuses = async () => Promise.all(ids.map(async (id) => (await detail(client, id)).status as string));
    expect(await statuses()).toEqual(['published', 'published', 'draft', 'draft', 'draft']);
    const again = (await client.get('/api/pc/v1/book-chapter/regular-time-data', { book_id: book.book_id })).body.data;
    expect(again.next_run_at).toBe(first + DAY);
    await t.app.ctx.jobs.runDue(first + DAY);
    expect(await statuses()).toEqual(['published', 'published', 'published', 'published', 'draft']);
    // Turned off: nothing more goes out.
    await client.post('/api/pc/v1/book-chapter/regular-time-data', {
      book_id: book.book_id,
      enabled: false,
      time: '12:00',
      count: 2,
    });
    await t.app.ctx.jobs.runDue(first + 3 * DAY);
    expect(await statuses()).toEqual(['published', 'published', 'published', 'published', 'draft']);
  });

  it('leaves notice, empty and short drafts out of the queue, so a firing publishes the next real chapter', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [notice] = await volumesOf(client, book.book_id);
    const leave = await writtenChapter(client, book.book_id, '请假', prose(500), notice.volume_id);
    const empty = await createChapter(client, book.book_id, '第一章');
    const short = await writtenChapter(client, book.book_id, '第二章', '只写了一句开头。');
    const real = await writtenChapter(client, book.book_id, '第三章', prose(600));
    const next = await writtenChapter(client, book.book_id, '第四章', prose(600));
    const set = await client.post('/api/pc/v1/book-chapter/regular-time-data', {
      book_id: book.book_id,
      enabled: true,
      time: '08:30',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      count: 1,
    });
    expect(set.body.data.queue.map((c: any) => c.chapter_id)).toEqual([real.chapterId, next.chapterId]);
    expect(set.body.data.skipped).toEqual([
      expect.objectContaining({ chapter_id: leave.chapterId, reason: 'notice' }),
      expect.objectContaining({ chapter_id: empty.chapter_id, reason: 'short', words: 0 }),
      expect.objectContaining({ chapter_id: short.chapterId, reason: 'short' }),
    ]);
    await t.app.ctx.jobs.runDue(set.body.data.next_run_at);
    expect((await detail(client, real.chapterId)).status).toBe('published');
    for (const id of [leave.chapterId, empty.chapter_id, short.chapterId, next.chapterId])
      expect((await detail(client, id)).status).toBe('draft');
    // Nothing was stopped: the skipped drafts were never tried, so no notice names them.
    const notices = (await client.get('/api/pc/v1/book-chapter/publish-notices', { book_id: book.book_id })).body.data;
    expect(notices.has).toBe(false);
  });

  it('tells the author why a firing published nothing, once per reason until seen', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const short = await writtenChapter(client, book.book_id, '第一章', '只写了一句开头。');
    const set = await client.post('/api/pc/v1/book-chapter/regular-time-data', {
      book_id: book.book_id,
      enabled: true,
      time: '20:00',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      count: 1,
    });
    const first = set.body.data.next_run_at;
    await t.app.ctx.jobs.runDue(first);
    await t.app.ctx.jobs.runDue(first + DAY);
    expect((await detail(client, short.chapterId)).status).toBe('draft');
    let notices = (await client.get('/api/pc/v1/book-chapter/publish-notices', { book_id: book.book_id })).body.data;
    expect(notices.list).toEqual([
      expect.objectContaining({
        chapter_id: 0,
        title: null,
        source: 'regular',
        outcome: 'idle',
        note: 'only-skipped',
        scheduled_at: first + DAY,
      }),
    ]);

    // Every draft stopped by the checks: a different reason, and each stopped chapter says why.
    const sensitive = await writtenChapter(client, book.book_id, '第二章', `${prose(400, 'z')}\n出售个人信息`);
    await client.post('/api/pc/v1/book-chapter/publish-notices-seen', { book_id: book.book_id });
    await t.app.ctx.jobs.runDue(first + 2 * DAY);
    notices = (await client.get('/api/pc/v1/book-chapter/publish-notices', { book_id: book.book_id })).body.data;
    expect(notices.list.map((n: any) => [n.outcome, n.chapter_id, n.note])).toEqual([
      ['idle', 0, 'all-blocked'],
      ['blocked', sensitive.chapterId, expect.stringContaining('出售个人信息')],
    ]);

    // No drafts at all.
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: short.chapterId });
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: sensitive.chapterId });
    await client.post('/api/pc/v1/book-chapter/publish-notices-seen', { book_id: book.book_id });
    await t.app.ctx.jobs.runDue(first + 3 * DAY);
    notices = (await client.get('/api/pc/v1/book-chapter/publish-notices', { book_id: book.book_id })).body.data;
    expect(notices.list.map((n: any) => n.note)).toEqual(['no-drafts']);
  });
});

describe('words per day (Asia/Shanghai)', () => {
  it('fills a calendar month and counts the update streak, never counting notice chapters', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const [notice] = await volumesOf(client, book.book_id);
    const a = await writtenChapter(client, book.book_id, '第一章', prose(600));
    const n = await writtenChapter(client, book.book_id, '公告', prose(600), notice.volume_id);
    await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: a.chapterId });
    await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: n.chapterId });
    const words = (await detail(client, a.chapterId)).words;
    const today = shanghaiDate(Date.now());
    const cal = await client.get('/api/author/date-calendar', { month: today.slice(0, 7) });
    expect(cal.body.data.streak).toBe(1);
    expect(cal.body.data.total).toBe(words);
    expect(cal.body.data.days.find((d: any) => d.date === today)).toMatchObject({ words, chapters: 1, updated: true });
    expect(cal.body.data.days.length).toBeGreaterThanOrEqual(28);
    const daily = await client.get('/api/pc/v1/book/daily-words', { days: 7 });
    expect(daily.body.data.days).toHaveLength(7);
    expect(daily.body.data.days[6]).toMatchObject({ date: today, words });
  });

  it('shows the stage against the brand threshold (2万 for wonder, 1万 for client 3, 4000 for short stories)', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(600));
    await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: ch.chapterId });
    const stage = (await client.get('/api/pc/v1/book/growth-cycle', { book_id: book.book_id })).body.data;
    expect(stage).toMatchObject({
      sign_threshold: 20_000,
      sign_condition_text: '2万',
      can_apply_sign: false,
      stage: 'growing',
      streak: 1,
    });
    expect(stage.words_to_threshold).toBe(20_000 - stage.published_words);
    expect(stage.daily).toHaveLength(30);

    const third = await authorClient(t, { clientId: 3, host: 'third.localhost' });
    const b3 = await createBook(third.client);
    expect((await third.client.get('/api/pc/v1/book/growth-cycle', { book_id: b3.book_id })).body.data).toMatchObject({
      sign_threshold: 10_000,
      stage: 'new',
    });
    const short = await createBook(client, { kind: 'short' });
    expect(
      (await client.get('/api/pc/v1/book/growth-cycle', { book_id: short.book_id })).body.data.sign_threshold,
    ).toBe(4000);
  });
});
