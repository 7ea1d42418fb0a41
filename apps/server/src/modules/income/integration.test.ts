import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSite, EVENTS_PATH, eid, insertBook, push, type TestSite } from './income.fixtures.ts';
import { signedHeaders } from './site-auth.ts';

let t: TestApp;
let site: TestSite;
let author: Awaited<ReturnType<typeof createAuthor>>;
let book: Awaited<ReturnType<typeof insertBook>>;

beforeAll(async () => {
  t = await createTestApp();
  site = await createSite(t, 2);
  author = await createAuthor(t, { clientId: 2 });
  book = await insertBook(t, author, { chapters: 3, free: 1 });
});
afterAll(async () => t.close());

const eventCount = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('reader_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const statsOf = (bookId: number) =>
  t.app.ctx.db
    .selectFrom('book_day_stats')
    .select((eb) => [
      eb.fn.sum<number>('reads').as('reads'),
      eb.fn.sum<number>('subscription_fen').as('subscription_fen'),
      eb.fn.sum<number>('gift_fen').as('gift_fen'),
    ])
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow()
    .then((r) => ({
      reads: Number(r.reads ?? 0),
      subscription_fen: Number(r.subscription_fen ?? 0),
      gift_fen: Number(r.gift_fen ?? 0),
    }));

describe('signed integration calls', () => {
  const read = () => [
    {
      event_id: eid(),
      kind: 'chapter_read',
      book_id: book.bookId,
      chapter_id: book.chapterIds[0],
      occurred_at: Date.now(),
    },
  ];

  it('accepts a correctly signed batch', async () => {
    const res = await push(t, site, read());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ received: 1, accepted: 1, duplicates: 0 });
  });

  it('refuses missing headers, a wrong signature, an unknown key, a stale time, a bad nonce', async () => {
    const cases: Array<[string, (h: Record<string, string>) => void, string]> = [
      ['missing', (h) => delete h['x-ac-signature'], '缺少站点签名'],
      ['wrong', (h) => (h['x-ac-signature'] = '0'.repeat(64)), '站点签名无效'],
      ['unknown key', (h) => (h['x-ac-key-id'] = 'ak_nobody'), '站点密钥不存在或已停用'],
      ['bad nonce', (h) => (h['x-ac-nonce'] = 'short'), '请求随机数格式不正确'],
    ];
    const before = await eventCount();
    for (const [, tamper, title] of cases) {
      const res = await push(t, site, read(), { tamper });
      expect(res.status).toBe(401);
      expect(res.body.errors).toMatchObject({ code: 40001013, title });
    }
    const stale = await push(t, site, read(), { now: Date.now() - 6 * 60_000 });
    expect(stale.status).toBe(401);
    expect(stale.body.errors.title).toBe('请求时间与服务器相差超过5分钟');
    const future = await push(t, site, read(), { now: Date.now() + 6 * 60_000 });
    expect(future.status).toBe(401);
    // A signature over another body does not pass for this one.
    const body = JSON.stringify({ events: read() });
    const other = signedHeaders(site, { method: 'POST', path: EVENTS_PATH, body: `${body} ` });
    const res = await push(t, site, read(), { headers: other });
    expect(res.status).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a replayed request (the same nonce) even within the window', async () => {
    const events = read();
    const first = await push(t, site, events);
    expect(first.status).toBe(200);
    const again = await push(t, site, events, { headers: first.headers });
    expect(again.status).toBe(401);
    expect(again.body.errors.title).toBe('请求已处理过（重复的随机数）');
  });

  it('refuses a revoked key (revoked in the console, with a reason and an audit record)', async () => {
    const other = await createSite(t, 2);
    const { admin } = await consoleCallers(t);
    expect((await push(t, other, read())).status).toBe(200);
    const res = await admin.post('/api/admin/integration/keys/revoke', { key_id: other.keyId, reason: '密钥泄露' });
    expect(res.body.code).toBe(200);
    const refused = await push(t, other, read());
    expect(refused.status).toBe(401);
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('action', '=', 'integration.key-revoke')
      .execute();
    expect(audit).toEqual([{ action: 'integration.key-revoke', reason: '密钥泄露' }]);
  });
});

describe('batches', () => {
  it('counts a batch sent twice once, and says how many were duplicates', async () => {
    const growthFacts = async () => {
      const rows = await t.app.ctx.db
        .selectFrom('growth_events')
        .select(({ fn }) => ['fact', fn.sum<number>('amount').as('amount')])
        .where('account_id', '=', author.accountId)
        .groupBy('fact')
        .execute();
      const of = (fact: string) => Number(rows.find((r) => r.fact === fact)?.amount ?? 0);
      return { readers: of('readers'), subscriptions: of('subscriptions') };
    };
    const factsBefore = await growthFacts();
    const b = await insertBook(t, author);
    const events = [
      {
        event_id: eid(),
        kind: 'chapter_read',
        book_id: b.bookId,
        chapter_id: b.chapterIds[0],
        occurred_at: Date.now(),
      },
      {
        event_id: eid(),
        kind: 'chapter_purchase',
        book_id: b.bookId,
        chapter_id: b.chapterIds[1],
        amount_fen: 12,
        occurred_at: Date.now(),
      },
      { event_id: eid(), kind: 'gift', book_id: b.bookId, amount_fen: 500, occurred_at: Date.now() },
    ];
    const first = await push(t, site, events);
    expect(first.body.data).toEqual({ received: 3, accepted: 3, duplicates: 0 });
    const second = await push(t, site, events);
    expect(second.body.data).toEqual({ received: 3, accepted: 0, duplicates: 3 });
    // A batch mixing new and old events counts only the new.
    const third = await push(t, site, [...events, { ...events[0], event_id: eid() }]);
    expect(third.body.data).toEqual({ received: 4, accepted: 1, duplicates: 3 });
    expect(await statsOf(b.bookId)).toEqual({ reads: 2, subscription_fen: 12, gift_fen: 500 });
    const chapter = await t.app.ctx.db
      .selectFrom('chapter_read_stats')
      .select(['chapter_id', 'reads', 'orders'])
      .where('book_id', '=', b.bookId)
      .orderBy('chapter_id')
      .execute();
    expect(chapter).toEqual([
      { chapter_id: b.chapterIds[0], reads: 2, orders: 0 },
      { chapter_id: b.chapterIds[1], reads: 0, orders: 1 },
    ]);
    // The growth module's facts (levels, badges): the new reads and orders once each, however often sent.
    expect(await growthFacts()).toEqual({
      readers: factsBefore.readers + 2,
      subscriptions: factsBefore.subscriptions + 1,
    });
  });

  it('counts a batch sent twice at the same moment once', async () => {
    const b = await insertBook(t, author);
    const events = Array.from({ length: 50 }, (_, i) => ({
      event_id: eid(),
      kind: 'gift',
      book_id: b.bookId,
      amount_fen: 10 + i,
      occurred_at: Date.now(),
    }));
    const [x, y] = await Promise.all([push(t, site, events), push(t, site, events)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.data.accepted + y.body.data.accepted).toBe(50);
    expect(x.body.data.duplicates + y.body.data.duplicates).toBe(50);
    expect((await statsOf(b.bookId)).gift_fen).toBe(events.reduce((s, e) => s + e.amount_fen, 0));
  });

  it('refuses the whole batch with a reason per event, writing nothing', async () => {
    const b = await insertBook(t, author);
    const stranger = await insertBook(t, await createAuthor(t, { clientId: 3 }));
    const now = Date.now();
    const good = {
      event_id: eid(),
      kind: 'chapter_read',
      book_id: b.bookId,
      chapter_id: b.chapterIds[0],
      occurred_at: now,
    };
    const dup = eid();
    const events = [
      good,
      {
        event_id: eid(),
        kind: 'chapter_read',
        book_id: stranger.bookId,
        chapter_id: stranger.chapterIds[0],
        occurred_at: now,
      },
      { event_id: eid(), kind: 'gift', book_id: b.bookId, amount_fen: -5, occurred_at: now },
      {
        event_id: eid(),
        kind: 'chapter_read',
        book_id: b.bookId,
        chapter_id: b.chapterIds[0],
        occurred_at: now + 3_600_000,
      },
      {
        event_id: eid(),
        kind: 'chapter_read',
        book_id: b.bookId,
        chapter_id: stranger.chapterIds[0],
        occurred_at: now,
      },
      { event_id: eid(), kind: 'partner_revenue', book_id: b.bookId, amount_fen: 100, occurred_at: now },
      { event_id: eid(), kind: 'teleport', book_id: b.bookId, occurred_at: now },
      { event_id: dup, kind: 'favourite', book_id: b.bookId, occurred_at: now },
      { event_id: dup, kind: 'favourite', book_id: b.bookId, occurred_at: now },
      { event_id: eid(), kind: 'chapter_purchase', book_id: b.bookId, chapter_id: b.chapterIds[1], occurred_at: now },
      { kind: 'favourite', book_id: b.bookId, occurred_at: now },
    ];
    const before = await eventCount();
    const res = await push(t, site, events);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(10013001);
    expect(res.body.errors.title).toBe('本批事件未写入：9个事件不合格');
    expect(res.body.data.refused.map((r: any) => [r.index, r.reason, r.field])).toEqual([
      [1, 'unknown_book', 'book_id'],
      [2, 'negative_amount', 'amount_fen'],
      [3, 'future_time', 'occurred_at'],
      [4, 'unknown_chapter', 'chapter_id'],
      [5, 'kind_not_allowed', 'kind'],
      [6, 'unknown_kind', 'kind'],
      [8, 'duplicate_in_batch', 'event_id'],
      [9, 'amount_required', 'amount_fen'],
      [10, 'invalid', 'event_id'],
    ]);
    expect(await eventCount()).toBe(before);
    expect(await statsOf(b.bookId)).toEqual({ reads: 0, subscription_fen: 0, gift_fen: 0 });
    // The same events without the bad ones go through.
    expect((await push(t, site, [good])).body.data.accepted).toBe(1);
  });

  it('takes partner and free-app events only from sites of that kind', async () => {
    const zh = await createSite(t, 2, 'zh');
    const free = await createSite(t, 2, 'free');
    const b = await insertBook(t, author);
    const now = Date.now();
    expect(
      (
        await push(t, zh, [
          { event_id: eid(), kind: 'partner_revenue', book_id: b.bookId, amount_fen: 250, occurred_at: now },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await push(t, free, [
          { event_id: eid(), kind: 'free_read', book_id: b.bookId, chapter_id: b.chapterIds[0], occurred_at: now },
          { event_id: eid(), kind: 'free_revenue', book_id: b.bookId, amount_fen: 30, occurred_at: now },
        ])
      ).status,
    ).toBe(200);
    const rows = await t.app.ctx.db
      .selectFrom('book_day_stats')
      .select(['site_id', 'partner_fen', 'free_fen', 'free_reads'])
      .where('book_id', '=', b.bookId)
      .orderBy('site_id')
      .execute();
    expect(rows).toEqual([
      { site_id: zh.siteId, partner_fen: 250, free_fen: 0, free_reads: 0 },
      { site_id: free.siteId, partner_fen: 0, free_fen: 30, free_reads: 1 },
    ]);
  });
});

describe('console: sites, keys, health', () => {
  it('an admin makes a site and a key pair; the key signs at once; health shows the last batch and refusals', async () => {
    const { admin, editor, otherBrandAdmin } = await consoleCallers(t);
    const made = await admin.post('/api/admin/integration/sites', {
      code: 'reader-new',
      name: '新阅读站',
      kind: 'reading',
      reason: '接入',
    });
    expect(made.body.code).toBe(200);
    expect(
      (await editor.post('/api/admin/integration/sites', { code: 'x-y', name: 'x', kind: 'reading', reason: 'r' }))
        .status,
    ).toBe(403);
    const key = await admin.post('/api/admin/integration/keys', { site_id: made.body.data.site_id, reason: '首次' });
    expect(key.body.data.secret).toMatch(/^[\w-]{40,}$/);
    expect(
      (await otherBrandAdmin.post('/api/admin/integration/keys', { site_id: made.body.data.site_id, reason: 'x' }))
        .status,
    ).toBe(404);
    const s = {
      siteId: made.body.data.site_id,
      clientId: 2,
      keyId: key.body.data.key_id,
      secret: key.body.data.secret,
    };
    const at = Date.now() - 60_000;
    expect(
      (await push(t, s, [{ event_id: eid(), kind: 'favourite', book_id: book.bookId, occurred_at: at }])).status,
    ).toBe(200);
    expect((await push(t, s, [{ event_id: eid(), kind: 'favourite', book_id: 999999, occurred_at: at }])).status).toBe(
      422,
    );
    const list = await admin.get('/api/admin/integration/sites');
    const mine = list.body.data.list.find((x: any) => x.code === 'reader-new');
    expect(mine.keys).toEqual([{ key_id: s.keyId, created_at: expect.any(Number), revoked_at: null }]);
    expect(mine.health).toMatchObject({
      last_event_at: at,
      batches_24h: 2,
      accepted_24h: 1,
      refused_batches_24h: 1,
      refused_events_24h: 1,
      last_refusal: { reason: '#0 unknown_book' },
    });
    expect(mine.health.lag_ms).toBeGreaterThanOrEqual(60_000);
    expect(JSON.stringify(list.body)).not.toContain(s.secret);
    const other = await otherBrandAdmin.get('/api/admin/integration/sites');
    expect(other.body.data.list.find((x: any) => x.code === 'reader-new')).toBeUndefined();
  });

  it('serves the OpenAPI description, listing every event kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/integration/v1/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/integration/v1/events');
    expect(doc.components.schemas.Event.properties.kind.enum).toContain('partner_revenue');
  });

  it('the change feed accepts a console-made key pair', async () => {
    const path = '/api/integration/v1/chapters/changes';
    const query = { cursor: 0, limit: 500 };
    const headers = signedHeaders(site, { method: 'GET', path, query });
    const res = await t.app.inject({ method: 'GET', url: `${path}?cursor=0&limit=500`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((i: any) => i.book_id)).toContain(book.bookId);
    const other = await createSite(t, 3);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${path}?cursor=0&limit=500`,
      headers: signedHeaders(other, { method: 'GET', path, query }),
    });
    expect(theirs.json().data.items.map((i: any) => i.book_id)).not.toContain(book.bookId);
  });

  it('an author cannot call the console routes', async () => {
    const client = await signedInClient(t, author);
    expect((await client.get('/api/admin/integration/sites')).status).toBe(403);
  });
});
