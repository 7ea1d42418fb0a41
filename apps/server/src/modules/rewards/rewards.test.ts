import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, logIn, type TestAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestClient;
let adminOf3: TestClient;

async function clientOf(author: TestAuthor, host = 'localhost'): Promise<TestClient> {
  const client = t.client(host);
  await logIn(t, client, author);
  return client;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientOf(await createAuthor(t, { role: 'admin' }));
  adminOf3 = await clientOf(await createAuthor(t, { role: 'admin', clientId: 3 }), 'third.localhost');
});
afterAll(async () => t.close());

let badgeSerial = 0;

/** A new badge of brand 2; titles are unique in a brand's catalogue, so each gets a number. */
async function newBadge(title = '妙笔生花', extra: Record<string, unknown> = {}): Promise<number> {
  badgeSerial += 1;
  const res = await admin.post('/api/pc/v1/admin/badges', {
    title: `${title}${badgeSerial}`,
    image: '/static/badges/pen.png',
    advance_text: '连续更新30天',
    desc: '坚持就是胜利',
    tips: '更新不断，读者常在',
    talk: { content: '写作是一场长跑。', author: '编辑部' },
    growth_value: 20,
    ...extra,
  });
  expect(res.body.code).toBe(200);
  return res.body.data.id;
}

const profile = async (client: TestClient) => (await client.get('/api/author/profile')).body.data;

describe('badges', () => {
  it('an awarded badge is in the profile with the envelope defaults until noticed', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    const badgeId = await newBadge();
    const award = await admin.post('/api/pc/v1/admin/badges/award', {
      reason: '测试',
      account_id: author.accountId,
      badge_id: badgeId,
    });
    expect(award.body.code).toBe(200);

    const before = await profile(client);
    expect(before.badges).toMatchObject({
      show: true,
      btnType: 'more',
      animation: '1',
      button_text: '太棒了',
      author_level_score: 20,
      fields: ['title', 'image', 'talk', 'advanceText', 'tips'],
    });
    expect(before.badges.list).toHaveLength(1);
    expect(before.badges.list[0]).toMatchObject({
      id: badgeId,
      title: expect.stringMatching(/^妙笔生花\d+$/),
      image: '/static/badges/pen.png',
      advance_text: '连续更新30天',
      desc: '坚持就是胜利',
      tips: '更新不断，读者常在',
      talk: { content: '写作是一场长跑。', author: '编辑部' },
      author_level_score: 20,
    });
    expect(before.badges.list[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const noticed = await client.get('/api/badge/noticed');
    expect(noticed.body).toEqual({ code: 200, data: { noticed: 1 } });
    const row = await t.app.ctx.db
      .selectFrom('account_badges')
      .select('noticed_at')
      .where('account_id', '=', author.accountId)
      .executeTakeFirstOrThrow();
    expect(row.noticed_at).toBeGreaterThan(0);
    expect((await profile(client)).badges).toMatchObject({ show: false, list: [] });
    // Seen once: a second notice changes nothing.
    expect((await client.get('/api/badge/noticed')).body.data.noticed).toBe(0);
  });

  it('noticing named ids leaves a badge awarded meanwhile unseen', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    const first = await newBadge('初出茅庐');
    const second = await newBadge('笔耕不辍', { image: ['/a.png', '/b.png'] });
    await admin.post('/api/pc/v1/admin/badges/award', {
      reason: '测试',
      account_id: author.accountId,
      badge_id: first,
    });
    await admin.post('/api/pc/v1/admin/badges/award', { reason: '测试', pen_name: author.penName, badge_id: second });
    expect((await profile(client)).badges.list.map((b: { id: number }) => b.id)).toEqual([first, second]);
    expect((await client.get('/api/badge/noticed', { ids: String(first) })).body.data.noticed).toBe(1);
    const left = (await profile(client)).badges.list;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: second, image: ['/a.png', '/b.png'] });
  });

  it('a badge is awarded once', async () => {
    const author = await createAuthor(t);
    const badgeId = await newBadge();
    await admin.post('/api/pc/v1/admin/badges/award', {
      reason: '测试',
      account_id: author.accountId,
      badge_id: badgeId,
    });
    const again = await admin.post('/api/pc/v1/admin/badges/award', {
      reason: '测试',
      account_id: author.accountId,
      badge_id: badgeId,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors.title).toBe('该作者已获得这枚勋章');
  });

  it('the medal wall lists every badge of the brand, owned ones with a date', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    const owned = await newBadge('墙上勋章');
    await admin.post('/api/pc/v1/admin/badges/award', {
      reason: '测试',
      account_id: author.accountId,
      badge_id: owned,
    });
    const wall = (await client.get('/api/pc/v1/badge/list')).body.data;
    expect(wall.owned).toBe(1);
    expect(wall.total).toBeGreaterThan(1);
    const mine = wall.list.find((b: { id: number }) => b.id === owned);
    expect(mine.owned).toBe(true);
    expect(wall.list.filter((b: { owned: boolean }) => !b.owned).every((b: { date: string }) => b.date === '')).toBe(
      true,
    );
  });
});

describe('level changes and graduations', () => {
  it('a level change raises the level and waits in the profile until noticed', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    const res = await admin.post('/api/pc/v1/admin/level-changes', {
      reason: '测试',
      account_id: author.accountId,
      level: 4,
      level_txt: 'Lv4 潜力作者',
      surpass_txt: '超越了86%的作者',
      talk: { content: '每一个字都算数。', author: '主编' },
      bg_image_link: '/static/level/bg4.png',
    });
    expect(res.body.data).toMatchObject({ from_level: 1, level: 4 });
    const p = await profile(client);
    expect(p.user.level).toBe(4);
    expect(p.author_level_upgrade.list).toEqual([
      {
        id: res.body.data.id,
        level: 4,
        level_txt: 'Lv4 潜力作者',
        surpass_txt: '超越了86%的作者',
        talk: { content: '每一个字都算数。', author: '主编' },
        report_name: '',
        jump_url: '/front/author-level',
        bg_image_link: '/static/level/bg4.png',
      },
    ]);
    expect((await client.get('/api/author-level/noticed')).body.data.noticed).toBe(1);
    expect((await profile(client)).author_level_upgrade.list).toEqual([]);
    const row = await t.app.ctx.db
      .selectFrom('level_changes')
      .select('noticed_at')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.noticed_at).not.toBeNull();
  });

  it('a graduation is in new_user_graduate until the new-user noticed call', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    await admin.post('/api/pc/v1/admin/graduations', {
      reason: '测试',
      account_id: author.accountId,
      period_name: '第12期',
      level: '2',
    });
    const list = (await profile(client)).new_user_graduate.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ level: '2', period_name: '第12期' });
    expect((await client.get('/api/pc/v1/new-user/noticed')).body.data.noticed).toBe(1);
    expect((await profile(client)).new_user_graduate.list).toEqual([]);
  });
});

describe('home model list', () => {
  it('common_model cards stay until reported; account_split_model lists pen names sharing a phone', async () => {
    const author = await createAuthor(t);
    const client = await clientOf(author);
    const published = await admin.post('/api/pc/v1/admin/home-models', {
      account_id: author.accountId,
      report_name: 'annual-2025',
      level: 3,
      level_txt: '年度成长',
      surpass_txt: '超越了72%的作者',
    });
    expect(published.body.code).toBe(200);
    const list = (await client.get('/api/pc/v1/author/home-model-list')).body.data;
    expect(list.account_split_model).toEqual([]);
    expect(list.common_model).toHaveLength(1);
    expect(list.common_model[0]).toMatchObject({ report_name: 'annual-2025', level: 3, level_txt: '年度成长' });
    expect(
      (await client.post('/api/pc/v1/author/home-model-report', { report_name: 'annual-2025' })).body.data,
    ).toEqual({
      reported: 1,
    });
    expect((await client.get('/api/pc/v1/author/home-model-list')).body.data.common_model).toEqual([]);

    // A second pen name of the same person on the same phone.
    const now = Date.now();
    const phoneHash = t.app.ctx.personalData.index('phone', author.phone);
    const second = await t.app.ctx.db
      .insertInto('accounts')
      .values({
        client_id: 2,
        user_id: author.userId,
        pen_name: `${author.penName}二号`,
        phone_enc: t.app.ctx.personalData.seal(author.phone),
        phone_hash: phoneHash,
        role: 'author',
        avatar: null,
        level: 1,
        sign_flag: 0,
        is_learner: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const split = (await client.get('/api/pc/v1/author/home-model-list')).body.data.account_split_model;
    expect(split).toEqual([
      { account_id: author.accountId, pen_name: author.penName },
      { account_id: second.id, pen_name: `${author.penName}二号` },
    ]);
  });
});

describe('permissions and brands', () => {
  it('only an admin may award, and only in their own brand', async () => {
    const author = await createAuthor(t);
    const authorClient = await clientOf(author);
    const editorClient = await clientOf(await createAuthor(t, { role: 'editor' }));
    const badgeId = await newBadge();
    const body = { account_id: author.accountId, badge_id: badgeId, reason: '测试' };
    expect((await authorClient.post('/api/pc/v1/admin/badges/award', body)).status).toBe(403);
    expect((await editorClient.post('/api/pc/v1/admin/badges/award', body)).status).toBe(403);
    expect((await t.client().post('/api/pc/v1/admin/badges/award', body)).status).toBe(401);
    // Brand 3's admin cannot reach a brand 2 author, nor a brand 2 badge.
    const cross = await adminOf3.post('/api/pc/v1/admin/level-changes', {
      reason: '测试',
      account_id: author.accountId,
      level: 9,
      level_txt: 'x',
    });
    expect(cross.status).toBe(404);
    expect(cross.body.errors.title).toBe('该作者不存在');
    const author3 = await createAuthor(t, { clientId: 3 });
    const crossBadge = await adminOf3.post('/api/pc/v1/admin/badges/award', {
      reason: '测试',
      account_id: author3.accountId,
      badge_id: badgeId,
    });
    expect(crossBadge.status).toBe(404);
    expect((await profile(authorClient)).user.level).toBe(1);
  });

  it('admin input is checked and nothing changes on bad input', async () => {
    const author = await createAuthor(t);
    const res = await admin.post('/api/pc/v1/admin/graduations', {
      reason: '测试',
      account_id: author.accountId,
      period_name: '',
      level: '1',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.field).toBe('period_name');
    const none = await admin.post('/api/pc/v1/admin/graduations', { reason: '测试', period_name: '第1期', level: '1' });
    expect(none.status).toBe(400);
    expect(none.body.errors.field).toBe('account_id');
    const rows = await t.app.ctx.db
      .selectFrom('graduations')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .execute();
    expect(rows).toEqual([]);
  });

  it('noticed calls need a session and only touch the caller’s rows', async () => {
    const a = await createAuthor(t);
    const b = await createAuthor(t);
    const badgeId = await newBadge();
    await admin.post('/api/pc/v1/admin/badges/award', { reason: '测试', account_id: a.accountId, badge_id: badgeId });
    expect((await t.client().get('/api/badge/noticed')).status).toBe(401);
    const bClient = await clientOf(b);
    expect((await bClient.get('/api/badge/noticed', { ids: String(badgeId) })).body.data.noticed).toBe(0);
    expect((await profile(await clientOf(a))).badges.list).toHaveLength(1);
  });
});
