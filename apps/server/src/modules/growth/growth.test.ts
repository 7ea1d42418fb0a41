import { parseShanghaiDate } from '@author-centre/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAccountLevel } from '../../platform/level-counts.ts';
import { createAuthor, logIn, type TestAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { authorClient, createBook, prose, writtenChapter } from '../works/works.fixtures.ts';
import { growthEvent, recomputeAll, recordGrowthFact, streakWithLeave } from './growth.service.ts';
import { leaveDaysOf, requestLeave } from './leave.service.ts';

/**
 * Badges and levels follow from what the author does (publishing through the works API, under a
 * moved clock for consecutive days), leave requests and rights applications with console review.
 */

let t: TestApp;
let adminAuthor: TestAuthor;
let admin: TestClient;
let adminOf3: TestClient;
let serial = 0;

async function clientOf(author: TestAuthor, host = 'localhost') {
  const client = t.client(host);
  await logIn(t, client, author);
  return client;
}

beforeAll(async () => {
  t = await createTestApp();
  adminAuthor = await createAuthor(t, { role: 'admin' });
  admin = await clientOf(adminAuthor);
  adminOf3 = await clientOf(await createAuthor(t, { role: 'admin', clientId: 3 }), 'third.localhost');
});
afterAll(async () => t.close());
afterEach(async () => {
  vi.useRealTimers();
  await logIn(t, admin, adminAuthor);
  await admin.refreshSecret();
});

/** A badge of brand 2 with a rule. Each test's rules are new badges, so kinds can repeat across tests. */
async function badgeWithRule(kind: string, threshold: number, client = admin): Promise<number> {
  serial += 1;
  const badge = await client.post('/api/admin/rewards/badges', {
    title: `规则勋章${serial}${Math.random().toString(36).slice(2, 6)}`,
    image: '/static/badges/pen.png',
    advance_text: `${kind} ${threshold}`,
    growth_value: 10,
  });
  expect(badge.body.code, JSON.stringify(badge.body)).toBe(200);
  const rule = await client.post('/api/admin/growth/badge-rules', { badge_id: badge.body.data.id, kind, threshold });
  expect(rule.body.code, JSON.stringify(rule.body)).toBe(200);
  return badge.body.data.id;
}

async function publish(client: TestClient, bookId: number, words = 1200) {
  const ch = await writtenChapter(client, bookId, `第${++serial}章`, prose(words));
  const res = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: ch.chapterId, force: true });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return ch.chapterId;
}

const held = (accountId: number, badgeId: number) =>
  t.app.ctx.db
    .selectFrom('account_badges')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('badge_id', '=', badgeId)
    .execute();

/**
 * Moves the clock to noon Shanghai time of a day 'YYYY-MM-DD'. Request keys expire with time, so the
 * clients fetch new ones as a browser does after a long pause.
 */
async function moveTo(day: string, ...clients: TestClient[]) {
  vi.setSystemTime(new Date(`${day}T04:00:00Z`));
  await logIn(t, admin, adminAuthor);
  for (const c of [admin, ...clients]) await c.refreshSecret();
}

describe('badges earned by rules', () => {
  it('the first published chapter earns its badge once, as the envelope, and the medal wall says how', async () => {
    const first = await badgeWithRule('chapters', 1);
    const tenThousand = await badgeWithRule('words', 10_000);
    const { author, client } = await authorClient(t);
    const book = await createBook(client);

    const wallBefore = (await client.get('/api/badge/scan')).body.data;
    const item = wallBefore.list.find((b: { id: number }) => b.id === tenThousand);
    expect(item).toMatchObject({ owned: false, rule: { kind: 'words', threshold: 10_000, current: 0 } });

    await publish(client, book.book_id);
    expect(await held(author.accountId, first)).toHaveLength(1);
    expect(await held(author.accountId, tenThousand)).toHaveLength(0);
    const profile = (await client.get('/api/author/profile')).body.data;
    expect(profile.badges.list.map((b: { id: number }) => b.id)).toContain(first);

    // Publishing again and evaluating again (a replayed event) award nothing twice.
    await publish(client, book.book_id);
    await growthEvent(t.app.ctx.db, 2, author.accountId, Date.now());
    await recomputeAll(t.app.ctx.db);
    expect(await held(author.accountId, first)).toHaveLength(1);

    const wall = (await client.get('/api/badge/scan')).body.data;
    expect(wall.list.find((b: { id: number }) => b.id === first)).toMatchObject({ owned: true });
    expect(wall.list.find((b: { id: number }) => b.id === tenThousand).rule.current).toBeGreaterThan(1000);
    const timeline = (await client.get('/api/badge/timeline')).body.data.list;
    expect(timeline[0]).toMatchObject({ id: first, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it("a brand's rules award nothing in another brand, and a rule on another brand's badge is refused", async () => {
    const badge3 = await badgeWithRule('chapters', 1, adminOf3);
    const { author, client } = await authorClient(t);
    await publish(client, (await createBook(client)).book_id);
    expect(await held(author.accountId, badge3)).toHaveLength(0);
    const res = await admin.post('/api/admin/growth/badge-rules', { badge_id: badge3, kind: 'words', threshold: 5 });
    expect(res.body.code).not.toBe(200);
    const rule = await t.app.ctx.db
      .selectFrom('badge_rules')
      .selectAll()
      .where('badge_id', '=', badge3)
      .executeTakeFirst();
    expect(rule).toMatchObject({ kind: 'chapters', threshold: 1 });
  });

  it('a reported fact counts once however often its event is replayed', async () => {
    const badge = await badgeWithRule('subscriptions', 3);
    const author = await createAuthor(t);
    const fact = {
      clientId: 2,
      accountId: author.accountId,
      fact: 'subscriptions' as const,
      amount: 2,
      eventKey: `sub-${serial}`,
    };
    await recordGrowthFact(t.app.ctx.db, fact);
    await recordGrowthFact(t.app.ctx.db, fact);
    expect(await held(author.accountId, badge)).toHaveLength(0);
    await recordGrowthFact(t.app.ctx.db, { ...fact, amount: 1, eventKey: `sub-${serial}-b` });
    expect(await held(author.accountId, badge)).toHaveLength(1);
  });
});

describe('the nightly recomputation', () => {
  it('awards what facts recorded elsewhere reach (a signing) and schedules the next night', async () => {
    const badge = await badgeWithRule('signed', 1);
    const author = await createAuthor(t);
    // The signing module sets the flag; nothing else tells growth about it until the night.
    await t.app.ctx.db.updateTable('accounts').set({ sign_flag: 1 }).where('id', '=', author.accountId).execute();
    expect(await held(author.accountId, badge)).toHaveLength(0);
    const now = Date.now();
    await t.app.ctx.jobs.schedule(t.app.ctx.db, { kind: 'growth.nightly', runAt: now });
    await t.app.ctx.jobs.runDue(now);
    await vi.waitFor(async () => expect(await held(author.accountId, badge)).toHaveLength(1), { timeout: 20_000 });
    const next = await t.app.ctx.db
      .selectFrom('jobs')
      .select(['run_at', 'status'])
      .where('kind', '=', 'growth.nightly')
      .where('status', '=', 'pending')
      .execute();
    expect(next).toHaveLength(1);
    expect(next[0].run_at).toBeGreaterThan(now);
  });
});

describe('update streaks under a moved clock', () => {
  it('three days in a row earn the streak badge; a missed day starts again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await moveTo('2031-03-01');
    const streak = await badgeWithRule('streak', 3);
    const { author, client } = await authorClient(t);
    const book = await createBook(client);
    await publish(client, book.book_id);
    await moveTo('2031-03-02', client);
    await publish(client, book.book_id);
    await moveTo('2031-03-04', client);
    await publish(client, book.book_id);
    expect(await held(author.accountId, streak)).toHaveLength(0);
    await moveTo('2031-03-05', client);
    await publish(client, book.book_id);
    expect(await held(author.accountId, streak)).toHaveLength(0);
    await moveTo('2031-03-06', client);
    await publish(client, book.book_id);
    const award = await held(author.accountId, streak);
    expect(award).toHaveLength(1);
    expect(award[0].noticed_at).toBeNull();
    expect((await client.get('/api/author/profile')).body.data.badges.list.map((b: { id: number }) => b.id)).toContain(
      streak,
    );
  });

  it('an approved leave day bridges the streak without counting', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await moveTo('2031-04-01');
    const streak = await badgeWithRule('streak', 3);
    const { author, client } = await authorClient(t);
    const book = await createBook(client);
    await publish(client, book.book_id);
    const asked = await client.post('/api/pc/v1/askleave/add', {
      start_day: '2031-04-02',
      end_day: '2031-04-02',
      reason: '家中有事',
    });
    expect(asked.body.data).toMatchObject({ status: 'pending', days: 1 });
    expect(
      (await admin.post(`/api/admin/growth/leave/${asked.body.data.id}/approve`, { reason: '同意' })).body.code,
    ).toBe(200);
    await moveTo('2031-04-03', client);
    await publish(client, book.book_id);
    expect(await held(author.accountId, streak)).toHaveLength(0); // 2 publishing days, the leave day not counted
    await moveTo('2031-04-04', client);
    await publish(client, book.book_id);
    expect(await held(author.accountId, streak)).toHaveLength(1);
    expect(await leaveDaysOf(t.app.ctx.db, 2, author.accountId, '2031-04-01', '2031-04-30')).toEqual(['2031-04-02']);
  });

  it('streakWithLeave: today not yet written counts from yesterday; leave alone is no streak', () => {
    const days = new Set(['2031-01-01', '2031-01-02', '2031-01-04']);
    expect(streakWithLeave(days, new Set(), '2031-01-04')).toBe(1);
    expect(streakWithLeave(days, new Set(['2031-01-03']), '2031-01-04')).toBe(3);
    expect(streakWithLeave(days, new Set(['2031-01-03']), '2031-01-05')).toBe(3);
    expect(streakWithLeave(new Set(), new Set(['2031-01-04']), '2031-01-04')).toBe(0);
  });
});

describe('levels and rights', () => {
  it('crossing a threshold raises the level once with a truthful surpass text, and the level page shows progress', async () => {
    // Brand 3 has its own catalogue here, so other tests' authors do not move the distribution.
    const levels = [
      { level: 1, level_txt: '初出茅庐', min: 0 },
      { level: 2, level_txt: '小有名气', min: 5 },
      { level: 3, level_txt: '笔耕不辍', min: 1000 },
    ];
    for (const l of levels) {
      const res = await adminOf3.post('/api/admin/rewards/levels', { level: l.level, level_txt: l.level_txt });
      const id =
        res.body.data?.id ??
        (
          await t.app.ctx.db
            .selectFrom('author_levels')
            .select('id')
            .where('client_id', '=', 3)
            .where('level', '=', l.level)
            .executeTakeFirstOrThrow()
        ).id;
      expect((await adminOf3.post(`/api/admin/growth/levels/${id}/threshold`, { min_growth: l.min })).body.code).toBe(
        200,
      );
    }
    const others = await Promise.all([1, 2, 3].map(() => createAuthor(t, { clientId: 3 })));
    // Set up as the console would (the level counts move with it).
    await t.app.ctx.db
      .transaction()
      .execute((tx) =>
        setAccountLevel(tx, { clientId: 3, accountId: others[0].accountId, from: 1, to: 2, now: Date.now() }),
      );
    const { author, client } = await authorClient(t, { clientId: 3, host: 'third.localhost' });
    const book = await createBook(client);
    await publish(client, book.book_id, 3000); // 3 for the words + 5 for the day = 8 ≥ 5

    const changes = await t.app.ctx.db
      .selectFrom('level_changes')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .execute();
    expect(changes).toHaveLength(1);
    // Of the other authors of brand 3 (admin Lv1, two at Lv1, one at Lv2 and any others), those below Lv2.
    const dist = await t.app.ctx.db
      .selectFrom('accounts')
      .select(['id', 'level'])
      .where('client_id', '=', 3)
      .where('role', '=', 'author')
      .where('id', '!=', author.accountId)
      .execute();
    const pct = Math.floor((100 * dist.filter((a) => a.level < 2).length) / dist.length);
    expect(changes[0]).toMatchObject({
      from_level: 1,
      level: 2,
      level_txt: '小有名气',
      surpass_txt: `超过了${pct}%的作者`,
      noticed_at: null,
    });
    const profile = (await client.get('/api/author/profile')).body.data;
    expect(profile.author_level_upgrade.list[0]).toMatchObject({ level: 2, level_txt: '小有名气' });
    // The rise is pop 2 only: pop 4 (common_model) stays the staff's report card (docs/growth.md), so the
    // author is not shown the same upgrade twice in one queue.
    expect((await client.get('/api/pc/v1/author/home-model-list')).body.data.common_model).toEqual([]);

    await publish(client, book.book_id, 1500);
    expect(
      await t.app.ctx.db.selectFrom('level_changes').selectAll().where('account_id', '=', author.accountId).execute(),
    ).toHaveLength(1);

    const info = (await client.get('/api/pc/v1/author/level-info')).body.data;
    expect(info).toMatchObject({ level: 2, level_txt: '小有名气', next: { level: 3, min_growth: 1000 } });
    expect(info.growth).toBe(info.sources.words + info.sources.update_days + info.sources.badges);
    expect(info.progress).toBeGreaterThanOrEqual(0);
    expect(info.progress).toBeLessThan(100);
  });

  it('rights: below the level refused, apply once, console approves and the author is told', async () => {
    const lv1 = await admin.post('/api/admin/growth/rights', { level: 1, title: '专属编辑', needs_apply: true });
    const lv9 = await admin.post('/api/admin/growth/rights', { level: 9, title: '封面定制', needs_apply: true });
    const { client, author } = await authorClient(t);
    const refused = await client.post('/api/pc/v1/rights/apply', { right_id: lv9.body.data.id });
    expect(refused.body.code).toBe(10000001);
    expect(refused.body.errors?.[0]?.title ?? JSON.stringify(refused.body)).toContain('Lv9');
    const applied = await client.post('/api/pc/v1/rights/apply', {
      right_id: lv1.body.data.id,
      note: '希望获得编辑指导',
    });
    expect(applied.body.data).toMatchObject({ status: 'pending' });
    expect((await client.post('/api/pc/v1/rights/apply', { right_id: lv1.body.data.id })).body.code).not.toBe(200);

    const list = (await client.get('/api/pc/v1/author/rights-list')).body.data.list;
    expect(list.find((r: { id: number }) => r.id === lv1.body.data.id)).toMatchObject({
      held: false,
      can_apply: false,
      application: { status: 'pending' },
    });

    expect(
      (await admin.post(`/api/admin/growth/right-applications/${applied.body.data.id}/approve`, {})).body.code,
    ).toBe(10000001);
    expect(
      (await adminOf3.post(`/api/admin/growth/right-applications/${applied.body.data.id}/approve`, { reason: 'ok' }))
        .body.code,
    ).not.toBe(200);
    expect(
      (await admin.post(`/api/admin/growth/right-applications/${applied.body.data.id}/approve`, { reason: '符合条件' }))
        .body.code,
    ).toBe(200);
    const after = (await client.get('/api/pc/v1/author/rights-list')).body.data.list;
    expect(after.find((r: { id: number }) => r.id === lv1.body.data.id)).toMatchObject({ held: true });
    const message = await t.app.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .executeTakeFirst();
    expect(message?.title).toContain('专属编辑');
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'growth.right_application.approve')
      .execute();
    expect(audit.at(-1)?.reason).toBe('符合条件');
  });
});

describe('leave requests', () => {
  it('past dates, overlaps, too long and beyond the quota are refused with the reason; nothing is stored', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await moveTo('2031-05-10');
    const { author, client } = await authorClient(t);
    const ask = (start_day: string, end_day: string) =>
      client.post('/api/pc/v1/askleave/add', { start_day, end_day, reason: '休息' });

    const past = await ask('2031-05-09', '2031-05-11');
    expect(past.body.code).toBe(10000001);
    expect(JSON.stringify(past.body)).toContain('已经过去');
    expect((await ask('2031-05-12', '2031-05-11')).body.code).toBe(10000001);
    expect(JSON.stringify((await ask('2031-05-12', '2031-05-30')).body)).toContain('最多 7 天');

    expect((await ask('2031-05-12', '2031-05-13')).body.code).toBe(200);
    const overlap = await ask('2031-05-13', '2031-05-14');
    expect(overlap.body.code).not.toBe(200);
    expect(JSON.stringify(overlap.body)).toContain('2031-05-12');
    expect((await ask('2031-05-20', '2031-05-21')).body.code).toBe(200); // 4 days: the default quota
    const beyond = await ask('2031-05-25', '2031-05-25');
    expect(JSON.stringify(beyond.body)).toContain('超出请假额度');

    const rows = await t.app.ctx.db
      .selectFrom('leave_requests')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .execute();
    expect(rows.map((r) => [r.start_day, r.status])).toEqual([
      ['2031-05-12', 'pending'],
      ['2031-05-20', 'pending'],
    ]);
    const list = (await client.get('/api/pc/v1/askleave/list')).body.data;
    expect(list.quota).toMatchObject({ per_month: 4, used: 4 });

    // Cancelling frees the quota; the console's rules give more days to the level.
    expect((await client.post('/api/pc/v1/askleave/cancel', { id: rows[1].id })).body.code).toBe(200);
    expect((await ask('2031-05-25', '2031-05-25')).body.code).toBe(200);
    expect(
      (
        await admin.post('/api/admin/growth/leave-rules', {
          quotas: { default: 4, '1': 6 },
          auto_approve: true,
          max_days: 7,
        })
      ).body.code,
    ).toBe(200);
    const auto = await ask('2031-05-27', '2031-05-27');
    expect(auto.body.data).toMatchObject({ status: 'approved' });
    await admin.post('/api/admin/growth/leave-rules', { quotas: { default: 4 }, auto_approve: false, max_days: 7 });
  });

  it('a decision reaches the author as a notice until ignored, and in the message centre', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await moveTo('2031-06-10');
    const { author, client } = await authorClient(t);
    const a = await client.post('/api/pc/v1/askleave/add', {
      start_day: '2031-06-11',
      end_day: '2031-06-11',
      reason: '看病',
    });
    const b = await client.post('/api/pc/v1/askleave/add', {
      start_day: '2031-06-15',
      end_day: '2031-06-15',
      reason: '出行',
    });
    await admin.post(`/api/admin/growth/leave/${a.body.data.id}/approve`, { reason: '同意' });
    await admin.post(`/api/admin/growth/leave/${b.body.data.id}/refuse`, { reason: '本月活动期间' });
    expect(
      (await admin.post(`/api/admin/growth/leave/${b.body.data.id}/approve`, { reason: '再批' })).body.code,
    ).not.toBe(200);
    const notices = (await client.get('/api/pc/v1/askleave/notice')).body.data.list;
    expect(notices.map((n: { status: string }) => n.status).sort()).toEqual(['approved', 'refused']);
    expect(notices.find((n: { status: string }) => n.status === 'refused').review_note).toBe('本月活动期间');
    expect((await client.post('/api/pc/v1/askleave/ignore', {})).body.data).toEqual({ ignored: 2 });
    expect((await client.get('/api/pc/v1/askleave/notice')).body.data.list).toEqual([]);
    const messages = await t.app.ctx.db
      .selectFrom('messages')
      .select('title')
      .where('account_id', '=', author.accountId)
      .execute();
    expect(messages.map((m) => m.title).sort()).toEqual(['请假申请已通过', '请假申请未通过']);
    expect(await leaveDaysOf(t.app.ctx.db, 2, author.accountId, '2031-06-01', '2031-06-30')).toEqual(['2031-06-11']);
  });

  it('requests sent at the same moment never exceed the quota together, nor overlap', async () => {
    const { author } = await authorClient(t);
    const who = { clientId: 2, accountId: author.accountId };
    const now = parseShanghaiDate('2032-03-01');
    // Four requests of three days each in one month (the quota is 4 days), and the first one twice.
    const asked = [
      ['2032-03-02', '2032-03-04'],
      ['2032-03-02', '2032-03-04'],
      ['2032-03-08', '2032-03-10'],
      ['2032-03-14', '2032-03-16'],
      ['2032-03-20', '2032-03-22'],
    ];
    const outcomes = await Promise.allSettled(
      asked.map(([start_day, end_day]) => requestLeave(t.app.ctx, who, { start_day, end_day, reason: '休息' }, now)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const reasons = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason?.message ?? o.reason)] : []));
    expect(reasons).toHaveLength(4);
    for (const reason of reasons) expect(reason).toMatch(/^(Beyond your quota|Overlaps your leave)/);
    const rows = await t.app.ctx.db
      .selectFrom('leave_requests')
      .select(['days', 'status'])
      .where('account_id', '=', author.accountId)
      .execute();
    expect(rows).toEqual([{ days: 3, status: 'pending' }]);
  });
});
