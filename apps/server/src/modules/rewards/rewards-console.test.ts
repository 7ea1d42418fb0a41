import { canonicalParams, sign } from '@author-centre/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient, type TestAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let c: Awaited<ReturnType<typeof consoleCallers>>;
let serial = 0;
const uniq = (prefix: string) => `${prefix}${++serial}`;

beforeAll(async () => {
  t = await createTestApp();
  c = await consoleCallers(t);
});
afterAll(async () => t.close());

async function newBadge(client: TestClient = c.admin, extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/admin/rewards/badges', {
    title: uniq('勋章'),
    image: '/uploads/rewards/2/badge.png',
    advance_text: '连续更新30天',
    desc: '坚持就是胜利',
    tips: '获得条件：连续更新30天',
    talk: { content: '写作是一场长跑。', author: '编辑部' },
    growth_value: 20,
    ...extra,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; title: string };
}

const profile = async (client: TestClient) => (await client.get('/api/author/profile')).body.data;

async function auditOf(action: string, targetId: number | string) {
  return t.app.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id', 'desc')
    .execute();
}

/** An image upload as the console sends it: raw bytes, signed in the query. */
async function upload(client: TestClient, payload: Buffer | string, kind = 'badge') {
  await client.refreshSecret().catch(() => undefined);
  const tms = Date.now();
  const path = '/api/admin/rewards/images';
  const signature = client.secret ? sign(client.secret, 'POST', path, canonicalParams({ kind, t: tms }), tms) : '';
  return client.raw({
    method: 'POST',
    url: `${path}?kind=${kind}&t=${tms}&sign=${signature}`,
    payload: payload as unknown as string,
    headers: { 'content-type': 'image/png', ...client.headers },
  });
}

async function newAuthorClient(options: { clientId?: number } = {}): Promise<[TestAuthor, TestClient]> {
  const author = await createAuthor(t, options);
  return [author, await signedInClient(t, author)];
}

describe('rewards console: who may call what', () => {
  it('every route refuses a visitor (401), an author and an editor (403)', async () => {
    const badge = await newBadge();
    const routes: Array<[string, (client: TestClient) => Promise<{ status: number }>]> = [
      ['badges', (x) => x.get('/api/admin/rewards/badges')],
      ['badge create', (x) => x.post('/api/admin/rewards/badges', { title: uniq('x'), image: '/a.png' })],
      ['badge edit', (x) => x.post(`/api/admin/rewards/badges/${badge.id}`, { title: 'x', image: '/a.png' })],
      ['image upload', (x) => upload(x, Buffer.from('x'))],
      ['awards', (x) => x.get('/api/admin/rewards/awards')],
      [
        'award',
        (x) =>
          x.post('/api/admin/rewards/badges/award', {
            account_id: c.people.author.accountId,
            badge_id: badge.id,
            reason: 'r',
          }),
      ],
      ['revoke', (x) => x.post('/api/admin/rewards/awards/1/revoke', { reason: 'r' })],
      ['levels', (x) => x.get('/api/admin/rewards/levels')],
      ['level create', (x) => x.post('/api/admin/rewards/levels', { level: 50, level_txt: 'x' })],
      ['level edit', (x) => x.post('/api/admin/rewards/levels/1', { level_txt: 'x' })],
      ['level changes', (x) => x.get('/api/admin/rewards/level-changes')],
      [
        'level change',
        (x) =>
          x.post('/api/admin/rewards/level-changes', {
            account_id: c.people.author.accountId,
            level: 9,
            level_txt: 'x',
            reason: 'r',
          }),
      ],
      ['graduations', (x) => x.get('/api/admin/rewards/graduations')],
      [
        'graduation',
        (x) =>
          x.post('/api/admin/rewards/graduations', {
            account_id: c.people.author.accountId,
            period_name: '第1期',
            level: '1',
            reason: 'r',
          }),
      ],
      ['author lookup', (x) => x.get('/api/admin/rewards/author-lookup', { q: '测试' })],
    ];
    for (const [name, call] of routes) {
      expect((await call(c.visitor)).status, `${name}: visitor`).toBe(401);
      expect((await call(c.author)).status, `${name}: author`).toBe(403);
      expect((await call(c.editor)).status, `${name}: editor`).toBe(403);
    }
    // Nothing was changed by the refused calls.
    expect((await profile(c.author)).user.level).toBe(1);
    expect(
      await t.app.ctx.db
        .selectFrom('account_badges')
        .selectAll()
        .where('account_id', '=', c.people.author.accountId)
        .execute(),
    ).toEqual([]);
  });
});

describe('badge catalogue', () => {
  it('creates and edits a badge with its envelope texts, lists it with its award count, audits both', async () => {
    const badge = await newBadge();
    const [author, authorClient] = await newAuthorClient();
    await c.admin.post('/api/admin/rewards/badges/award', {
      account_id: author.accountId,
      badge_id: badge.id,
      reason: '首次签约',
    });

    const list = (await c.admin.get('/api/admin/rewards/badges', { keyword: badge.title })).body.data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      id: badge.id,
      title: badge.title,
      image: '/uploads/rewards/2/badge.png',
      advance_text: '连续更新30天',
      talk: { content: '写作是一场长跑。', author: '编辑部' },
      growth_value: 20,
      award_count: 1,
    });

    const edited = await c.admin.post(`/api/admin/rewards/badges/${badge.id}`, {
      title: `${badge.title}改`,
      image: ['/uploads/a.png', '/uploads/b.png'],
      advance_text: '连续更新60天',
      tips: '更新不断',
      talk: { content: '改过的寄语', author: '主编' },
      growth_value: 30,
    });
    expect(edited.body.data).toMatchObject({ title: `${badge.title}改`, image: ['/uploads/a.png', '/uploads/b.png'] });
    // The author's waiting envelope shows the new texts.
    expect((await profile(authorClient)).badges.list[0]).toMatchObject({
      id: badge.id,
      title: `${badge.title}改`,
      advance_text: '连续更新60天',
      talk: { content: '改过的寄语', author: '主编' },
      author_level_score: 30,
    });

    const [create] = await auditOf('badge.create', badge.id);
    expect(create).toMatchObject({ client_id: 2, actor_account_id: c.people.admin.accountId, actor_role: 'admin' });
    expect(create!.summary).toBe(`新建勋章「${badge.title}」`);
    const [update] = await auditOf('badge.update', badge.id);
    expect(JSON.parse(update!.before_json!)).toMatchObject({ title: badge.title, growth_value: 20 });
    expect(JSON.parse(update!.after_json!)).toMatchObject({ title: `${badge.title}改`, growth_value: 30 });
  });

  it('refuses a duplicate title, a script address and a missing title, changing nothing', async () => {
    const badge = await newBadge();
    const before = await c.admin.get('/api/admin/rewards/badges', { page_size: 500 });
    const dup = await c.admin.post('/api/admin/rewards/badges', { title: badge.title, image: '/a.png' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors.title).toBe(`已有名为「${badge.title}」的勋章，请换一个名称`);
    const script = await c.admin.post('/api/admin/rewards/badges', { title: uniq('x'), image: 'javascript:alert(1)' });
    expect(script.status).toBe(400);
    expect(script.body.errors.field).toBe('image');
    const empty = await c.admin.post(`/api/admin/rewards/badges/${badge.id}`, { title: ' ', image: '/a.png' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.field).toBe('title');
    const after = await c.admin.get('/api/admin/rewards/badges', { page_size: 500 });
    expect(after.body.data.total).toBe(before.body.data.total);
    expect(after.body.data.list.find((b: { id: number }) => b.id === badge.id).title).toBe(badge.title);
  });

  it('stores an uploaded badge image as a PNG served from /uploads; refuses what is not an image', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 4, background: '#c33a' } })
      .png()
      .toBuffer();
    const res = await upload(c.admin, png);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.url).toMatch(/^\/uploads\/rewards\/2\/badge-.+\.png$/);
    expect(res.body.data).toMatchObject({ width: 480, height: 320 });
    const file = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(['png', true]);

    const bg = await upload(c.admin, png, 'level-bg');
    expect(bg.body.data.url).toMatch(/^\/uploads\/rewards\/2\/level-bg-.+\.jpg$/);

    const notImage = await upload(c.admin, 'not an image');
    expect(notImage.status).toBe(400);
    expect(notImage.body.errors.title).toBe('无法识别的图片，请上传 JPG、PNG、WebP 或 GIF 图片');
    expect((await upload(c.editor, png)).status).toBe(403);
  });
});

describe('awarding and revoking badges', () => {
  it('an award with a reason waits as the envelope; a revoke takes it off the medal wall; both audited', async () => {
    const badge = await newBadge();
    const [author, authorClient] = await newAuthorClient();
    const noReason = await c.admin.post('/api/admin/rewards/badges/award', {
      account_id: author.accountId,
      badge_id: badge.id,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.field).toBe('reason');
    expect((await profile(authorClient)).badges.list).toEqual([]);

    const award = await c.admin.post('/api/admin/rewards/badges/award', {
      pen_name: author.penName,
      badge_id: badge.id,
      reason: '征文大赛一等奖',
    });
    expect(award.body.data).toMatchObject({ account_id: author.accountId, badge_id: badge.id, title: badge.title });
    expect((await profile(authorClient)).badges).toMatchObject({ show: true, list: [{ id: badge.id }] });
    const [audit] = await auditOf('badge.award', author.accountId);
    expect(audit).toMatchObject({
      reason: '征文大赛一等奖',
      summary: `授予「${author.penName}」勋章「${badge.title}」`,
      target_type: 'account',
    });

    const awards = (await c.admin.get('/api/admin/rewards/awards', { account_id: author.accountId })).body.data;
    expect(awards.list).toHaveLength(1);
    expect(awards.list[0]).toMatchObject({
      id: award.body.data.id,
      pen_name: author.penName,
      title: badge.title,
      noticed_at: null,
    });

    const noRevokeReason = await c.admin.post(`/api/admin/rewards/awards/${award.body.data.id}/revoke`, {
      reason: '  ',
    });
    expect(noRevokeReason.status).toBe(400);
    const revoked = await c.admin.post(`/api/admin/rewards/awards/${award.body.data.id}/revoke`, {
      reason: '误发',
    });
    expect(revoked.body.code).toBe(200);
    expect((await profile(authorClient)).badges).toMatchObject({ show: false, list: [] });
    const wall = (await authorClient.get('/api/pc/v1/badge/list')).body.data;
    expect(wall.list.find((b: { id: number }) => b.id === badge.id).owned).toBe(false);
    const [revokeAudit] = await auditOf('badge.revoke', author.accountId);
    expect(revokeAudit).toMatchObject({ reason: '误发', summary: `收回「${author.penName}」的勋章「${badge.title}」` });
    expect(JSON.parse(revokeAudit!.before_json!)).toMatchObject({ badge_id: badge.id, title: badge.title });

    const again = await c.admin.post(`/api/admin/rewards/awards/${award.body.data.id}/revoke`, { reason: '误发' });
    expect(again.status).toBe(404);
    expect(again.body.errors.title).toBe('这条授予记录不存在或已被收回');
    // Revoked, it can be awarded again.
    const reAward = await c.admin.post('/api/admin/rewards/badges/award', {
      account_id: author.accountId,
      badge_id: badge.id,
      reason: '重新授予',
    });
    expect(reAward.body.code).toBe(200);
  });
});

describe('level catalogue and level changes', () => {
  it('a level from the catalogue raises the author, who sees its texts in the upgrade pop; audited', async () => {
    const created = await c.admin.post('/api/admin/rewards/levels', {
      level: 7,
      level_txt: 'Lv7 殿堂作者',
      surpass_txt: '超越了99%的作者',
      talk: { content: '殿堂之上，仍有新篇。', author: '主编' },
      bg_image_link: '/uploads/rewards/2/level-bg-7.jpg',
      jump_url: '/front/author-level',
    });
    expect(created.body.data).toMatchObject({ level: 7, level_txt: 'Lv7 殿堂作者' });
    const dup = await c.admin.post('/api/admin/rewards/levels', { level: 7, level_txt: '重复' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors.title).toBe('等级目录中已有 Lv7，请直接编辑它');
    const badJump = await c.admin.post(`/api/admin/rewards/levels/${created.body.data.id}`, {
      level_txt: 'Lv7 殿堂作者',
      jump_url: 'javascript:alert(1)',
    });
    expect(badJump.status).toBe(400);
    expect(badJump.body.errors.field).toBe('jump_url');

    const [author, authorClient] = await newAuthorClient();
    const change = await c.admin.post('/api/admin/rewards/level-changes', {
      account_id: author.accountId,
      level: 7,
      reason: '年度优秀作者',
    });
    expect(change.body.data).toMatchObject({ from_level: 1, level: 7, pop: true });
    const p = await profile(authorClient);
    expect(p.user.level).toBe(7);
    expect(p.author_level_upgrade.list).toEqual([
      {
        id: change.body.data.id,
        level: 7,
        level_txt: 'Lv7 殿堂作者',
        surpass_txt: '超越了99%的作者',
        talk: { content: '殿堂之上，仍有新篇。', author: '主编' },
        report_name: '',
        jump_url: '/front/author-level',
        bg_image_link: '/uploads/rewards/2/level-bg-7.jpg',
      },
    ]);
    const [audit] = await auditOf('level.change', author.accountId);
    expect(audit).toMatchObject({
      reason: '年度优秀作者',
      summary: `将「${author.penName}」的等级从 Lv1 调整为 Lv7`,
    });
    expect(JSON.parse(audit!.before_json!)).toEqual({ level: 1 });

    const levels = (await c.admin.get('/api/admin/rewards/levels')).body.data.list;
    expect(levels.find((l: { level: number }) => l.level === 7)).toMatchObject({ authors: 1 });

    const edit = await c.admin.post(`/api/admin/rewards/levels/${created.body.data.id}`, {
      level_txt: 'Lv7 殿堂级作者',
      surpass_txt: '超越了99.9%的作者',
    });
    expect(edit.body.data).toMatchObject({ level: 7, level_txt: 'Lv7 殿堂级作者', talk: { content: '', author: '' } });
    expect((await auditOf('level.update', created.body.data.id))[0]!.summary).toBe('修改等级 Lv7「Lv7 殿堂级作者」');
  });

  it('refuses the same level and a level missing from the catalogue; a lowering shows no upgrade pop', async () => {
    const [author, authorClient] = await newAuthorClient();
    const same = await c.admin.post('/api/admin/rewards/level-changes', {
      account_id: author.accountId,
      level: 1,
      reason: 'x',
    });
    expect(same.status).toBe(400);
    expect(same.body.errors.title).toBe('该作者已是 Lv1');
    const missing = await c.admin.post('/api/admin/rewards/level-changes', {
      account_id: author.accountId,
      level: 42,
      reason: 'x',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({
      field: 'level',
      title: '等级目录中没有 Lv42，请先在等级目录中添加它',
    });
    expect((await profile(authorClient)).user.level).toBe(1);

    await c.admin.post('/api/admin/rewards/levels', { level: 3, level_txt: 'Lv3 进阶作者' });
    await c.admin.post('/api/admin/rewards/levels', { level: 2, level_txt: 'Lv2 成长作者' });
    await c.admin.post('/api/admin/rewards/level-changes', { account_id: author.accountId, level: 3, reason: '升' });
    await authorClient.get('/api/author-level/noticed');
    const down = await c.admin.post('/api/admin/rewards/level-changes', {
      account_id: author.accountId,
      level: 2,
      reason: '违规降级',
    });
    expect(down.body.data).toMatchObject({ from_level: 3, level: 2, pop: false });
    const p = await profile(authorClient);
    expect(p.user.level).toBe(2);
    expect(p.author_level_upgrade.list).toEqual([]);
    const history = (await c.admin.get('/api/admin/rewards/level-changes', { account_id: author.accountId })).body.data;
    expect(history.list.map((h: { from_level: number; level: number }) => [h.from_level, h.level])).toEqual([
      [3, 2],
      [1, 3],
    ]);
  });
});

describe('graduations', () => {
  it('a graduation with a reason waits as the graduate envelope; the same period twice is refused', async () => {
    const [author, authorClient] = await newAuthorClient();
    const res = await c.admin.post('/api/admin/rewards/graduations', {
      pen_name: author.penName,
      period_name: '第12期新人训练营',
      level: '2',
      reason: '结营考核优秀',
    });
    expect(res.body.code).toBe(200);
    expect((await profile(authorClient)).new_user_graduate.list).toMatchObject([
      { level: '2', period_name: '第12期新人训练营' },
    ]);
    const again = await c.admin.post('/api/admin/rewards/graduations', {
      account_id: author.accountId,
      period_name: '第12期新人训练营',
      level: '1',
      reason: '重复',
    });
    expect(again.status).toBe(409);
    expect(again.body.errors.title).toBe('该作者已从「第12期新人训练营」毕业');
    const [audit] = await auditOf('graduation.record', author.accountId);
    expect(audit).toMatchObject({
      reason: '结营考核优秀',
      summary: `记录「${author.penName}」从「第12期新人训练营」优秀毕业`,
    });
    const list = (await c.admin.get('/api/admin/rewards/graduations', { pen_name: author.penName })).body.data;
    expect(list.list).toMatchObject([{ account_id: author.accountId, period_name: '第12期新人训练营', level: '2' }]);
  });
});

describe('brands: another brand sees and changes nothing; a platform admin acts in the brand picked', () => {
  it('the admin of brand 3 cannot read or touch brand 2', async () => {
    const badge = await newBadge();
    const [author, authorClient] = await newAuthorClient();
    const award = await c.admin.post('/api/admin/rewards/badges/award', {
      account_id: author.accountId,
      badge_id: badge.id,
      reason: 'r',
    });
    const level = await c.admin.post('/api/admin/rewards/levels', { level: 11, level_txt: 'Lv11' });
    const other = c.otherBrandAdmin;

    const badges = (await other.get('/api/admin/rewards/badges', { page_size: 500 })).body.data.list;
    expect(badges.map((b: { id: number }) => b.id)).not.toContain(badge.id);
    const awards = (await other.get('/api/admin/rewards/awards', { page_size: 500 })).body.data.list;
    expect(awards.map((a: { id: number }) => a.id)).not.toContain(award.body.data.id);
    expect(
      (await other.get('/api/admin/rewards/levels')).body.data.list.map((l: { id: number }) => l.id),
    ).not.toContain(level.body.data.id);
    expect((await other.get('/api/admin/rewards/author-lookup', { q: author.penName })).body.data.list).toEqual([]);

    expect((await other.post(`/api/admin/rewards/badges/${badge.id}`, { title: '改', image: '/a.png' })).status).toBe(
      404,
    );
    expect((await other.post(`/api/admin/rewards/awards/${award.body.data.id}/revoke`, { reason: 'r' })).status).toBe(
      404,
    );
    expect((await other.post(`/api/admin/rewards/levels/${level.body.data.id}`, { level_txt: '改' })).status).toBe(404);
    const author3 = await createAuthor(t, { clientId: 3 });
    expect(
      (
        await other.post('/api/admin/rewards/badges/award', {
          account_id: author3.accountId,
          badge_id: badge.id,
          reason: 'r',
        })
      ).status,
    ).toBe(404);
    for (const [path, body] of [
      ['/api/admin/rewards/badges/award', { account_id: author.accountId, badge_id: badge.id, reason: 'r' }],
      ['/api/admin/rewards/level-changes', { account_id: author.accountId, level: 11, reason: 'r' }],
      [
        '/api/admin/rewards/graduations',
        { account_id: author.accountId, period_name: '第1期', level: '1', reason: 'r' },
      ],
    ] as const) {
      const res = await other.post(path, body);
      expect(res.status, path).toBe(404);
      expect(res.body.errors.title).toBe('该作者不存在');
    }
    // A brand admin naming brand 2 in the header is refused outright.
    other.headers['x-console-client'] = '2';
    const named = await other.get('/api/admin/rewards/badges');
    delete other.headers['x-console-client'];
    expect(named.status).toBe(403);

    const p = await profile(authorClient);
    expect(p.user.level).toBe(1);
    expect(p.new_user_graduate.list).toEqual([]);
    expect(p.badges.list.map((b: { id: number; title: string }) => [b.id, b.title])).toEqual([[badge.id, badge.title]]);
  });

  it('a platform admin awards in the brand picked in the switcher, audited there as platform admin', async () => {
    const admin3 = c.otherBrandAdmin;
    const badge3 = await newBadge(admin3);
    const [author3, author3Client] = await newAuthorClient({ clientId: 3 });

    // Without the header the platform admin works in the main platform and sees none of brand 3.
    const own = (await c.platformAdmin.get('/api/admin/rewards/badges', { page_size: 500 })).body.data.list;
    expect(own.map((b: { id: number }) => b.id)).not.toContain(badge3.id);

    c.platformAdmin.headers['x-console-client'] = '3';
    try {
      const list = (await c.platformAdmin.get('/api/admin/rewards/badges', { keyword: badge3.title })).body.data;
      expect(list.list.map((b: { id: number }) => b.id)).toEqual([badge3.id]);
      const lookup = (await c.platformAdmin.get('/api/admin/rewards/author-lookup', { q: author3.penName })).body.data;
      expect(lookup.list).toMatchObject([{ account_id: author3.accountId, pen_name: author3.penName, level: 1 }]);
      const award = await c.platformAdmin.post('/api/admin/rewards/badges/award', {
        account_id: author3.accountId,
        badge_id: badge3.id,
        reason: '平台活动',
      });
      expect(award.body.code, JSON.stringify(award.body)).toBe(200);
    } finally {
      delete c.platformAdmin.headers['x-console-client'];
    }
    expect((await profile(author3Client)).badges.list.map((b: { id: number }) => b.id)).toEqual([badge3.id]);
    const [audit] = await auditOf('badge.award', author3.accountId);
    expect(audit).toMatchObject({ client_id: 3, actor_client_id: 1, actor_role: 'platform_admin', reason: '平台活动' });
  });
});

describe('author lookup', () => {
  it('finds the brand’s authors by pen-name prefix or account id, wildcards taken literally, no staff', async () => {
    const a = await createAuthor(t, { penName: `查找甲${serial}` });
    await createAuthor(t, { penName: `查找乙${serial}` });
    const byPrefix = (await c.admin.get('/api/admin/rewards/author-lookup', { q: '查找' })).body.data.list;
    expect(byPrefix.length).toBeGreaterThanOrEqual(2);
    const byId = (await c.admin.get('/api/admin/rewards/author-lookup', { q: String(a.accountId) })).body.data.list;
    expect(byId.map((x: { account_id: number }) => x.account_id)).toContain(a.accountId);
    expect((await c.admin.get('/api/admin/rewards/author-lookup', { q: '查%' })).body.data.list).toEqual([]);
    const staff = (await c.admin.get('/api/admin/rewards/author-lookup', { q: c.people.editor.penName })).body.data;
    expect(staff.list).toEqual([]);
  });
});
