import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { authorClient, createBook, prose, saveChapter, writtenChapter } from '../works/works.fixtures.ts';

/** The review centre: what is under review and what was refused and why, with where to fix it. */

let t: TestApp;
let admin: TestClient;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.client('localhost');
  await logIn(t, admin, await createAuthor(t, { role: 'admin' }));
});
afterAll(async () => t.close());

describe('review centre', () => {
  it('lists a chapter held by the checks and a rights application, pending then refused with the reason', async () => {
    const { client } = await authorClient(t);
    const empty = (await client.get('/api/pc/v1/examine/list')).body.data;
    expect(empty).toEqual({ under_review: [], refused: [] });

    // A scheduled chapter the checks hold at its time (the works module's own path).
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(600));
    const at = Date.now() + 5 * MIN;
    await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: ch.chapterId, publish_at: at });
    const detail = (await client.get('/api/pc/v1/book-chapter/detail', { chapter_id: ch.chapterId })).body.data;
    await saveChapter(client, ch.chapterId, detail.revision, `${detail.content}\n出售个人信息`, { title: '第一章' });
    await t.app.ctx.jobs.runDue(at);

    const right = await admin.post('/api/admin/growth/rights', { level: 1, title: '推荐位申请', needs_apply: true });
    const applied = await client.post('/api/pc/v1/rights/apply', { right_id: right.body.data.id });

    const before = (await client.get('/api/pc/v1/examine/list')).body.data;
    expect(before.under_review).toEqual([
      expect.objectContaining({ kind: 'right', title: '推荐位申请', link: '/front/author-level' }),
    ]);
    expect(before.refused).toEqual([
      expect.objectContaining({
        kind: 'chapter',
        id: ch.chapterId,
        title: '第一章',
        reason: expect.stringContaining('出售个人信息'),
        link: `/front/book-upload?book_id=${book.book_id}&chapter_id=${ch.chapterId}`,
      }),
    ]);

    await admin.post(`/api/admin/growth/right-applications/${applied.body.data.id}/refuse`, {
      reason: '本月推荐位已满',
    });
    const after = (await client.get('/api/pc/v1/examine/list')).body.data;
    expect(after.under_review).toEqual([]);
    expect(after.refused.map((i: { kind: string; reason: string }) => [i.kind, i.reason])).toContainEqual([
      'right',
      '本月推荐位已满',
    ]);

    // Another author sees none of it.
    const other = await authorClient(t);
    expect((await other.client.get('/api/pc/v1/examine/list')).body.data).toEqual({ under_review: [], refused: [] });
  });

  it('lists a refused signing application with its reason and a pending guarantee application, each leading to the signing page', async () => {
    const { author, client } = await authorClient(t);
    const book = await createBook(client);
    const now = Date.now();
    await t.app.ctx.db
      .insertInto('contracts')
      .values({
        client_id: 2,
        user_id: author.userId,
        account_id: author.accountId,
        book_id: book.book_id,
        status: 'refused',
        step: 'author-id-info',
        steps: '{}',
        share_permille: 500,
        guarantee_fen_per_month: 0,
        term_months: 48,
        audit: '[]',
        refuse_reason: '银行卡开户名与实名不一致',
        submitted_at: now - MIN,
        reviewed_at: now,
        created_at: now - 2 * MIN,
        updated_at: now,
      })
      .execute();
    await t.app.ctx.db
      .insertInto('book_applications')
      .values({
        client_id: 2,
        account_id: author.accountId,
        book_id: book.book_id,
        kind: 'guarantee',
        status: 'pending',
        note: '申请保底',
        amount_fen: 100_000,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const list = (await client.get('/api/pc/v1/examine/list')).body.data;
    const link = `/front/book-manage/online-sign?book_id=${book.book_id}`;
    expect(list.refused).toEqual([
      expect.objectContaining({ kind: 'contract', reason: '银行卡开户名与实名不一致', link }),
    ]);
    expect(list.under_review).toEqual([expect.objectContaining({ kind: 'guarantee', link })]);
  });
});
