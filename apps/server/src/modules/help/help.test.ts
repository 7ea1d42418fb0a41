import { ErrorCode, WORKS_LIMITS } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../db/migrations/202612120001_help_merged_articles.ts';
import { up as rewriteForumLinks, rewrites } from '../../db/migrations/202612280102_help_forum_links.ts';
import { up as addReleaseParagraph } from '../../db/migrations/202612280102_help_release_held_comments.ts';
import { up as addAsked } from '../../db/migrations/202612290101_help_articles_asked.ts';
import { up as addThirdRound } from '../../db/migrations/202612300101_help_asked_third_round.ts';
import { up as addFourthRound } from '../../db/migrations/202612310101_help_asked_fourth_round.ts';
import {
  up as addFifthRound,
  LINES_BEFORE as FIFTH_ROUND_LINES_BEFORE,
} from '../../db/migrations/202701020101_help_asked_fifth_round.ts';
import { databaseUnreachable, storageFull } from '../../platform/http/errors.ts';
import ASKED from '../../seed/help/asked.json' with { type: 'json' };
import { ARTICLE_241_BEFORE_RELEASE, ARTICLE_241_KEYWORDS_BEFORE_RELEASE } from '../../seed/help/comments.ts';
import { helpSeedFor } from '../../seed/help-articles.ts';
import { createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AI_TIMED_OUT } from '../ai-assistant/ai-assistant.service.ts';
import { SMS_TIMED_OUT } from '../auth/sms-codes.service.ts';
import { conceptsIn, passagesOf } from './help.retrieval.ts';
import { helpServiceOf } from './help.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HOSTS = { 2: 'wonder.localhost', 3: 'third.localhost', 4: 'brain-hole.localhost' } as const;

async function adminClient(clientId: 2 | 3 | 4) {
  const client = t.client(HOSTS[clientId]);
  const admin = await createAuthor(t, { clientId, role: 'admin' });
  await logIn(t, client, admin);
  return client;
}

/** The brand's help revision, as stored. */
async function helpRevision(clientId: number): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('help_state')
    .select('revision')
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return row.revision;
}

/** An article's ways of asking, as stored. */
async function askedOf(clientId: number, number: number): Promise<string> {
  const row = await t.app.ctx.db
    .selectFrom('help_articles')
    .select('asked')
    .where('client_id', '=', clientId)
    .where('number', '=', number)
    .executeTakeFirstOrThrow();
  return row.asked;
}

describe('help centre content', () => {
  it('seeds at least 40 articles in every brand, each stating its own sign-up threshold and sign success text', async () => {
    const expected = {
      2: { threshold: '2万字（20,000字）', days: '1~3个工作日' },
      3: { threshold: '1万字（10,000字）', days: '5~7个工作日' },
      4: { threshold: '4千字（4,000字）', days: '5~7个工作日' },
    } as const;
    for (const clientId of [2, 3, 4] as const) {
      const client = t.client(HOSTS[clientId]);
      const home = await client.get('/api/pc/v1/help/index');
      expect(home.body.code).toBe(200);
      const total = home.body.data.categories.reduce((n: number, c: { count: number }) => n + c.count, 0);
      expect(total).toBeGreaterThanOrEqual(40);
      expect(home.body.data.popular.length).toBeGreaterThan(0);

      const sign = await client.get('/api/pc/v1/help/detail', { ids: '4-24' });
      expect(sign.body.data.body).toContain(`写满${expected[clientId].threshold}即可申请签约`);
      const online = await client.get('/api/pc/v1/help/detail', { ids: '4-27' });
      expect(online.body.data.body).toContain(t.app.ctx.brands.get(clientId).onlineSignSuccessText);
      const days = await client.get('/api/pc/v1/help/detail', { ids: '4-28' });
      expect(days.body.data.body).toContain(expected[clientId].days);
    }
  });

  it('states the guide rules: short stories, free-app listing, royalties paid on the 8th', async () => {
    const client = t.client(HOSTS[2]);
    const short = await client.get('/api/pc/v1/help/detail', { ids: '4-25' });
    expect(short.body.data.body).toMatch(/4,000字[\s\S]*实名认证[\s\S]*付费点/);
    const shelf = await client.get('/api/pc/v1/help/detail', { ids: '5-32' });
    expect(shelf.body.data.body).toContain('正文字数达到3万字，作品会自动在免费App上架');
    const pay = await client.get('/api/pc/v1/help/detail', { ids: '6-36' });
    expect(pay.body.data.body).toContain('稿酬每月结算一次，于每月8日发放到您绑定的银行卡');
    const parts = await client.get('/api/pc/v1/help/detail', { ids: '6-35' });
    expect(parts.body.data.body).toMatch(/保底[\s\S]*分成[\s\S]*福利/);
  });

  it('answers what authors asked and found nothing on, with what the product does and what to do instead', async () => {
    for (const clientId of [2, 4] as const) {
      const client = t.client(HOSTS[clientId]);
      const brand = t.app.ctx.brands.get(clientId);
      const body = async (ids: string) => (await client.get('/api/pc/v1/help/detail', { ids })).body.data.body;
      const ending = await body('4-250');
      expect(ending).toContain('作者中心没有在线解约的功能');
      expect(ending).toContain('24个月、48个月、60个月');
      expect(ending).toContain(`请联系您的${brand.editorTitle}协商`);
      const tax = await body('6-251');
      expect(tax).toContain('其中没有税费这一行，作者中心也不计算或申报个人所得税');
      expect(tax).toContain(`需要完税证明，请联系您的${brand.editorTitle}`);
      const comments = await body('7-252');
      expect(comments).toContain('目前不能关闭整部作品或某一章的评论');
      expect(comments).toContain('禁言（1天、3天、7天、30天、365天）');
      expect(await body('3-253')).toContain('把「完结状态」从「连载中」改为「已完结」');
      const chapter = await body('3-254');
      expect(chapter).toContain('章节会移入「回收站」，可随时恢复');
      expect(chapter).toContain('已发布的付费章节不能删除：读者已为其付费');
      const forum = await body('9-255');
      expect(forum).toContain('论坛（页面顶部的「作者论坛」）');
      expect(forum).toContain('超过时提示还要等多久，例如“每小时最多发10个主题，请23分钟后再试”');
      expect(forum).toContain('点它下方的「举报」');
      expect(forum).toContain('主题的标题4～60个字，内容10～5000个字；回复2～5000个字');
      expect(forum).toContain('每人每小时最多发10个主题、60条回复');
    }
    const client = t.client(HOSTS[2]);
    for (const [keyword, ids] of [
      ['完本之后还能更新番外吗', '3-253'],
      ['不小心把一章删了还能弄回来吗', '3-254'],
      ['论坛的版规在哪看', '9-255'],
    ]) {
      const res = await client.get('/api/pc/v1/help/search', { keyword });
      expect(res.body.data.list[0]?.id, keyword).toBe(ids);
    }
  });

  it("quotes the server's 503, 507 and 504 messages as the server says them, and says the text is safe", async () => {
    for (const clientId of [2, 4] as const) {
      const client = t.client(HOSTS[clientId]);
      const brand = t.app.ctx.brands.get(clientId);
      const res = await client.get('/api/pc/v1/help/detail', { ids: '9-162' });
      const body: string = res.body.data.body;
      for (const { title } of [databaseUnreachable(), storageFull()])
        expect(body).toContain(`提示原文：「${typeof title === 'string' ? title : title['zh-CN']}」`);
      expect(body).toContain(`「${SMS_TIMED_OUT['zh-CN']}」`);
      expect(body).toContain(`「${AI_TIMED_OUT['zh-CN']}」`);
      expect(body).toContain('请等5秒左右再试');
      expect(body).toContain('显示「保存失败，正在重试…（内容已暂存在本机）」');
      expect(body).toContain(`请联系您的${brand.editorTitle}`);
    }
    const client = t.client(HOSTS[2]);
    for (const keyword of ['提示服务暂时无法连接数据库是怎么回事', '上传插图报507', 'AI助理响应超时是什么原因']) {
      const res = await client.get('/api/pc/v1/help/search', { keyword });
      expect(res.body.data.list[0]?.id, keyword).toBe('9-162');
    }
  });

  it("says how a published chapter is edited and states the works' limits from the product's own", async () => {
    const client = t.client(HOSTS[3]);
    const body = async (ids: string) => (await client.get('/api/pc/v1/help/detail', { ids })).body.data.body;
    expect(await body('3-163')).toContain('保存后章节显示「已修改待发布」：读者看到的仍是上次发布的内容');
    const limits = await body('3-164');
    expect(limits).toContain(`简介：${WORKS_LIMITS.introMin}～${WORKS_LIMITS.introMax}个字`);
    expect(limits).toContain('一章最多200,000个字符');
    expect(limits).toContain(`作品名：最多${WORKS_LIMITS.titleMax}个字`);
    for (const [keyword, ids] of [
      ['发布了的章节能改吗', '3-163'],
      ['简介有字数限制吗', '3-164'],
    ]) {
      const res = await client.get('/api/pc/v1/help/search', { keyword });
      expect(res.body.data.list[0]?.id, keyword).toBe(ids);
    }
  });

  it('keeps the write-guide target: questions/1-12 is the new-author guide of category 1', async () => {
    const res = await t.client().get('/api/pc/v1/help/detail', { ids: '1-12' });
    expect(res.body.data).toMatchObject({ id: '1-12', category: { id: 1, name: '新手指南' } });
    expect(res.body.data.title).toContain('新人作者必读');
  });

  it('lists questions by category and says plainly when a question or category does not exist', async () => {
    const client = t.client();
    const list = await client.get('/api/pc/v1/help/category', { category_id: 6 });
    expect(list.body.data.category.name).toBe('稿酬与结算');
    expect(list.body.data.list.map((q: { id: string }) => q.id)).toContain('6-36');
    expect(list.body.data.categories.length).toBe(9);

    const missing = await client.get('/api/pc/v1/help/detail', { ids: '1-999' });
    expect(missing.status).toBe(404);
    expect(missing.body.errors.title).toBe('这个问题不存在或已下线');
    const badCategory = await client.get('/api/pc/v1/help/category', { category_id: 99 });
    expect(badCategory.status).toBe(404);
    const badIds = await client.get('/api/pc/v1/help/detail', { ids: 'abc' });
    expect(badIds.status).toBe(400);
    expect(badIds.body.errors.field).toBe('ids');
  });

  it('answers the legacy /api/help names with the same handlers', async () => {
    const res = await t.client().get('/api/help/index');
    expect(res.body.code).toBe(200);
    expect(res.body.data.categories.length).toBe(9);
  });
});

describe('search', () => {
  it('ranks the article that answers an author question first', async () => {
    const client = t.client(HOSTS[2]);
    const cases: Array<[string, string]> = [
      ['稿费每个月几号到账', '6-36'],
      ['我写了多少字才可以签约啊', '4-24'],
      ['想请几天假不更新', '9-50'],
      ['手机收不到验证码', '2-6'],
    ];
    for (const [keyword, ids] of cases) {
      const res = await client.get('/api/pc/v1/help/search', { keyword });
      expect(res.body.data.list[0]?.id, keyword).toBe(ids);
      expect(res.body.data.list[0].snippet.length).toBeGreaterThan(0);
    }
  });

  it('meets an article that says the same thing in other words (合同是不是真的 → 合同真伪, 黑色背景 → 夜间模式)', async () => {
    expect(conceptsIn('怎么知道合同是不是真的')).toEqual(['真伪']);
    expect(conceptsIn('如何核验合同真伪')).toEqual([]);
    const client = t.client(HOSTS[2]);
    for (const [keyword, ids] of [
      ['怎么知道合同是不是真的', '4-101'],
      ['码字的页面怎么调成黑色背景', '3-14'],
    ]) {
      const res = await client.get('/api/pc/v1/help/search', { keyword });
      expect(res.body.data.list[0]?.id, keyword).toBe(ids);
    }
  });

  it("reads mistyped, variant and everyday forms as the articles' words, and drops polite fillers", async () => {
    const client = t.client(HOSTS[2]);
    for (const [keyword, ids] of [
      ['帐号登陆不上去', '2-5'],
      ['作者名能改吗', '2-9'],
      ['求助大佬，章节被打回了', '3-19'],
      ['结婚那几天没法更新怎么办', '9-50'],
    ]) {
      const res = await client.get('/api/pc/v1/help/search', { keyword });
      expect(res.body.data.list[0]?.id, keyword).toBe(ids);
    }
    // A reason for a break is a leave only when said with updating or writing.
    const trip = await client.get('/api/pc/v1/help/search', { keyword: '周末去哪里旅游比较好' });
    expect(trip.body.data).toMatchObject({ total: 0, list: [] });
  });

  it('finds nothing for what the help centre does not cover', async () => {
    const res = await t.client().get('/api/pc/v1/help/search', { keyword: '今天天气怎么样' });
    expect(res.body.data).toMatchObject({ total: 0, list: [] });
  });

  it('pages results', async () => {
    const client = t.client();
    const all = await client.get('/api/pc/v1/help/search', { keyword: '签约', page_size: 50 });
    expect(all.body.data.total).toBeGreaterThan(3);
    const second = await client.get('/api/pc/v1/help/search', { keyword: '签约', page: 2, page_size: 2 });
    expect(second.body.data.list.map((r: { id: string }) => r.id)).toEqual(
      all.body.data.list.slice(2, 4).map((r: { id: string }) => r.id),
    );
  });
});

describe('page views and "did this solve it?"', () => {
  it('counts a browser once per article and records its answer once', async () => {
    const reader = t.client();
    const first = await reader.post('/api/pc/v1/help/pv', { ids: '6-37' });
    const again = await reader.post('/api/pc/v1/help/pv', { ids: '6-37' });
    expect(again.body.data.pv).toBe(first.body.data.pv);
    const other = await t.client().post('/api/pc/v1/help/pv', { ids: '6-37' });
    expect(other.body.data.pv).toBe(first.body.data.pv + 1);

    expect(reader.cookies.get('ac_hv')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Still the same browser after its signing key is renewed (a reload).
    await reader.refreshSecret();
    const yes = await reader.post('/api/pc/v1/help/solve', { ids: '6-37', solved: 1 });
    expect(yes.body.data).toMatchObject({ solved_yes: 1, solved_no: 0, my_solve: 1 });
    const changed = await reader.post('/api/pc/v1/help/solve', { ids: '6-37', solved: 0 });
    expect(changed.body.data).toMatchObject({ solved_yes: 1, solved_no: 0, my_solve: 1 });
    await reader.refreshSecret();
    const detail = await reader.get('/api/pc/v1/help/detail', { ids: '6-37' });
    expect(detail.body.data).toMatchObject({ my_solve: 1, solved_yes: 1 });
    const stranger = await t.client().get('/api/pc/v1/help/detail', { ids: '6-37' });
    expect(stranger.body.data.my_solve).toBeNull();

    const author = await createAuthor(t, { clientId: 2 });
    const loggedIn = t.client();
    await logIn(t, loggedIn, author);
    const no = await loggedIn.post('/api/pc/v1/help/solve', { ids: '6-37', solved: 0 });
    expect(no.body.data).toMatchObject({ solved_yes: 1, solved_no: 1, my_solve: 0 });
    const row = await t.app.ctx.db
      .selectFrom('help_solves')
      .select('solved')
      .where('voter', '=', `a:${author.accountId}`)
      .executeTakeFirst();
    expect(row?.solved).toBe(0);
  });
});

describe('admin API', () => {
  it('refuses visitors, authors and editors', async () => {
    const anonymous = await t.client().get('/api/pc/v1/admin/help/categories');
    expect(anonymous.status).toBe(401);
    for (const role of ['author', 'editor'] as const) {
      const client = t.client();
      await logIn(t, client, await createAuthor(t, { clientId: 2, role }));
      const res = await client.post('/api/pc/v1/admin/help/article/save', {
        category_id: 1,
        title: '不该出现的问题',
        body: '正文',
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ErrorCode.forbidden);
    }
    const search = await t.client().get('/api/pc/v1/help/search', { keyword: '不该出现的问题' });
    expect(search.body.data.list.find((r: { title: string }) => r.title === '不该出现的问题')).toBeUndefined();
  });

  it('creates, edits and deletes articles and categories; search and the assistant follow at once', async () => {
    const admin = await adminClient(3);
    const category = await admin.post('/api/pc/v1/admin/help/category/save', {
      name: '活动与征文',
      description: '平台活动和征文比赛',
    });
    expect(category.body.code).toBe(200);
    const categoryId = category.body.data.id as number;

    const created = await admin.post('/api/pc/v1/admin/help/article/save', {
      category_id: categoryId,
      title: '如何参加征文比赛？',
      keywords: '征文,比赛,投稿活动',
      body: '在活动中心找到正在进行的征文比赛，按活动规则创建作品并报名。\n\n报名后的作品会在活动结束后统一评选。',
    });
    const ids = created.body.data.ids as string;
    expect(ids).toBe(`${categoryId}-${created.body.data.id}`);

    const visitor = t.client(HOSTS[3]);
    const found = await visitor.get('/api/pc/v1/help/search', { keyword: '征文比赛怎么报名' });
    expect(found.body.data.list[0].id).toBe(ids);

    // Another brand never sees it.
    const elsewhere = await t.client(HOSTS[2]).get('/api/pc/v1/help/search', { keyword: '征文比赛怎么报名' });
    expect(elsewhere.body.data.list.map((r: { title: string }) => r.title)).not.toContain('如何参加征文比赛？');
    const elsewhereDetail = await t.client(HOSTS[2]).get('/api/pc/v1/help/detail', { ids });
    expect(elsewhereDetail.status).toBe(404);

    const edited = await admin.post('/api/pc/v1/admin/help/article/save', {
      id: created.body.data.id,
      category_id: categoryId,
      title: '如何报名参加征文比赛？',
      keywords: '征文,比赛',
      body: '在活动中心找到征文比赛，点击报名即可。',
      status: 1,
    });
    expect(edited.body.code).toBe(200);
    const detail = await visitor.get('/api/pc/v1/help/detail', { ids });
    expect(detail.body.data).toMatchObject({
      title: '如何报名参加征文比赛？',
      body: '在活动中心找到征文比赛，点击报名即可。',
    });

    const refusedDelete = await admin.post('/api/pc/v1/admin/help/category/delete', { id: categoryId });
    expect(refusedDelete.status).toBe(409);

    // Hidden articles leave the pages, the search and the assistant.
    await admin.post('/api/pc/v1/admin/help/article/save', {
      id: created.body.data.id,
      category_id: categoryId,
      title: '如何报名参加征文比赛？',
      body: '在活动中心找到征文比赛，点击报名即可。',
      status: 0,
    });
    expect((await visitor.get('/api/pc/v1/help/detail', { ids })).status).toBe(404);
    const listed = await admin.get('/api/pc/v1/admin/help/articles', { category_id: categoryId });
    expect(listed.body.data.list).toHaveLength(1);
    expect(listed.body.data.list[0].status).toBe(0);

    await admin.post('/api/pc/v1/admin/help/article/delete', { id: created.body.data.id });
    const gone = await admin.get('/api/pc/v1/admin/help/article', { id: created.body.data.id });
    expect(gone.status).toBe(404);
    const deleted = await admin.post('/api/pc/v1/admin/help/category/delete', { id: categoryId });
    expect(deleted.body.code).toBe(200);
  });

  it("cannot manage another brand's content with its session", async () => {
    const client = t.client(HOSTS[2]);
    await logIn(t, client, await createAuthor(t, { clientId: 2, role: 'admin' }));
    // The session belongs to brand 2; on brand 4's host it is no session at all.
    const crossed = t.client(HOSTS[4]);
    for (const [k, v] of client.cookies) crossed.cookies.set(k, v);
    const res = await crossed.get('/api/pc/v1/admin/help/categories');
    expect(res.status).toBe(401);
  });

  it('validates input with a clear message naming the field', async () => {
    const admin = await adminClient(2);
    const res = await admin.post('/api/pc/v1/admin/help/article/save', { category_id: 1, title: '', body: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errors.field).toBe('title');
    const noCategory = await admin.post('/api/pc/v1/admin/help/article/save', {
      category_id: 77,
      title: '分类不存在',
      body: 'x',
    });
    expect(noCategory.status).toBe(404);
  });
});

describe('passages', () => {
  it('joins a lone heading or lead-in line to what follows and shows list marks plainly', () => {
    expect(passagesOf('## 第一步\n创建作品。\n\n签约的完整流程：\n\n1. 申请\n2. 审核\n\n- 甲\n- 乙')).toEqual([
      '【第一步】\n创建作品。',
      '签约的完整流程：\n1. 申请\n2. 审核',
      '· 甲\n· 乙',
    ]);
  });
});

describe('articles merged because they answered the same question', () => {
  it('leads an old address to the merged article, for the page, its views and "did this solve it?"', async () => {
    const client = t.client(HOSTS[2]);
    const old = await client.get('/api/pc/v1/help/detail', { ids: '9-59' });
    expect(old.body.data).toMatchObject({ id: '9-55', title: '我的责任编辑是谁？怎么联系？' });
    expect(old.body.data.body).toContain('暂未分配');
    expect(old.body.data.body).toContain('编辑名录');
    for (const [retired, merged] of [
      ['8-220', '8-47'],
      ['8-225', '8-48'],
      ['9-226', '9-50'],
    ]) {
      expect((await client.get('/api/pc/v1/help/detail', { ids: retired })).body.data.id).toBe(merged);
    }
    const before = (await client.get('/api/pc/v1/help/detail', { ids: '9-55' })).body.data.pv;
    const view = await client.post('/api/pc/v1/help/pv', { ids: '9-59' });
    expect(view.body.data.pv).toBe(before + 1);
    const vote = await client.post('/api/pc/v1/help/solve', { ids: '9-59', solved: 1 });
    expect(vote.body.data.my_solve).toBe(1);
    expect((await client.get('/api/pc/v1/help/detail', { ids: '9-55' })).body.data).toMatchObject({ my_solve: 1 });

    const list = await client.get('/api/pc/v1/help/category', { category_id: 9 });
    const ids = list.body.data.list.map((q: { id: string }) => q.id);
    expect(ids).toContain('9-55');
    expect(ids).not.toContain('9-59');
  });

  it('applies the merge to a brand seeded before it, leaving what an admin retitled as it is', async () => {
    const { db } = t.app.ctx;
    const clientId = 3;
    const client = t.client(HOSTS[clientId]);
    await client.get('/api/pc/v1/help/index');
    const row = (number: number) =>
      db
        .selectFrom('help_articles')
        .selectAll()
        .where('client_id', '=', clientId)
        .where('number', '=', number)
        .executeTakeFirstOrThrow();
    // The brand as the earlier seed left it: both articles of each pair, under their earlier titles.
    const sibling = await row(55);
    const earlier = (number: number, title: string) =>
      db
        .insertInto('help_articles')
        .values({ ...sibling, id: undefined, number, title, body: `${title}（旧文）`, keywords: '旧' })
        .execute();
    await earlier(59, '我的责任编辑是谁？');
    await earlier(220, '勋章是怎么获得的？怎么看离下一枚还差多少？');
    const setTitle = (number: number, title: string) =>
      db
        .updateTable('help_articles')
        .set({ title, body: `${title}（旧文）` })
        .where('client_id', '=', clientId)
        .where('number', '=', number)
        .execute();
    await setTitle(55, '如何联系我的责任编辑？');
    await setTitle(203, '签约政策在哪里看？');
    await setTitle(47, '勋章：管理员改过的标题');

    await up(db);

    const merged = await row(55);
    expect(merged.title).toBe('我的责任编辑是谁？怎么联系？');
    expect(merged.body).toContain('点页面底部的「意见反馈」，在论坛的意见反馈版块留言');
    expect(merged.keywords).toContain('暂未分配');
    expect((await row(59)).status).toBe(0);
    expect((await row(59)).body).toBe('我的责任编辑是谁？（旧文）');
    expect((await row(203)).title).toBe('签约政策文章在哪里看？');
    // The admin's retitled badge article and its sibling stay as they are.
    expect((await row(47)).title).toBe('勋章：管理员改过的标题');
    expect((await row(220)).status).toBe(1);

    const old = await client.get('/api/pc/v1/help/detail', { ids: '9-59' });
    expect(old.body.data).toMatchObject({ id: '9-55', title: '我的责任编辑是谁？怎么联系？' });
  });

  it('adds the paragraph on releasing held comments to article 241 where it is as seeded, not where an admin edited it', async () => {
    const { db } = t.app.ctx;
    for (const clientId of [2, 3, 4] as const) await t.client(HOSTS[clientId]).get('/api/pc/v1/help/index');
    const body = async (clientId: number) =>
      (await t.client(HOSTS[clientId as 2 | 3 | 4]).get('/api/pc/v1/help/detail', { ids: '7-241' })).body.data.body;
    // Seeded today: it says how to release.
    expect(await body(2)).toContain('点击评论右侧的「放行」');
    // Brand 3 as the earlier seed left it; brand 4's admin edited it.
    const set = (clientId: number, values: { body: string; keywords?: string }) =>
      db.updateTable('help_articles').set(values).where('client_id', '=', clientId).where('number', '=', 241).execute();
    await set(3, { body: ARTICLE_241_BEFORE_RELEASE, keywords: ARTICLE_241_KEYWORDS_BEFORE_RELEASE });
    await set(4, { body: `${ARTICLE_241_BEFORE_RELEASE}\n\n管理员补充的一段。` });
    const revision = async (clientId: number) =>
      (await db.selectFrom('help_state').select('revision').where('client_id', '=', clientId).executeTakeFirstOrThrow())
        .revision;
    const before = { 3: await revision(3), 4: await revision(4) };
    await addReleaseParagraph(db);
    const row = await db
      .selectFrom('help_articles')
      .selectAll()
      .where('client_id', '=', 3)
      .where('number', '=', 241)
      .executeTakeFirstOrThrow();
    expect(row.body).toContain('被平台封禁的读者，其评论不能由作者放行');
    expect(row.keywords).toContain('批量放行');
    expect(await revision(3)).toBe(before[3] + 1);
    expect(await body(4)).toContain('管理员补充的一段。');
    expect(await body(4)).not.toContain('放行');
    expect(await revision(4)).toBe(before[4]);
  });
});

describe('how authors ask (help_articles.asked)', () => {
  it('every standard article is seeded with its ways of asking, and every way of asking belongs to a standard article', async () => {
    const standard = helpSeedFor(t.app.ctx.brands.get(2)).articles;
    const keys = new Set(standard.map((a) => `${a.category}-${a.number}`));
    expect(Object.keys(ASKED).filter((key) => !keys.has(key))).toEqual([]);
    expect(standard.filter((a) => a.asked.length < 40).map((a) => a.number)).toEqual([]);
    const row = await t.app.ctx.db
      .selectFrom('help_articles')
      .select('asked')
      .where('client_id', '=', 2)
      .where('number', '=', 36)
      .executeTakeFirstOrThrow();
    expect(row.asked.split('\n')).toEqual(ASKED['6-36']);
  });

  it('an admin adds the way an author asked to the article that answers it: that question then finds it', async () => {
    const admin = await adminClient(3);
    const author = t.client(HOSTS[3]);
    // An author's question in words no article uses.
    const question = '我家猫咪踩了键盘';
    expect((await author.get('/api/pc/v1/help/search', { keyword: question })).body.data.total).toBe(0);
    const article = (await admin.get('/api/pc/v1/admin/help/article', { id: 16 })).body.data;
    expect(article.asked.split('\n').length).toBeGreaterThanOrEqual(40);
    const saved = await admin.post('/api/pc/v1/admin/help/article/save', {
      id: 16,
      category_id: article.category_id,
      title: article.title,
      body: article.body,
      asked: `${article.asked}\n${question}`,
      updated_at: article.updated_at,
    });
    expect(saved.body.code).toBe(200);
    const found = await author.get('/api/pc/v1/help/search', { keyword: question });
    expect(found.body.data.list[0].id).toBe(article.ids);
    // Left out of an edit, the ways of asking stay.
    const again = (await admin.get('/api/pc/v1/admin/help/article', { id: 16 })).body.data;
    await admin.post('/api/pc/v1/admin/help/article/save', {
      id: 16,
      category_id: again.category_id,
      title: again.title,
      body: again.body,
      updated_at: again.updated_at,
    });
    expect((await admin.get('/api/pc/v1/admin/help/article', { id: 16 })).body.data.asked).toBe(again.asked);
    // Another brand's article is not changed.
    expect((await t.client(HOSTS[2]).get('/api/pc/v1/help/search', { keyword: question })).body.data.total).toBe(0);
  });

  it('ranks first the article whose ways of asking a question resembles', async () => {
    const client = t.client(HOSTS[2]);
    const ask = async (keyword: string) =>
      (await client.get('/api/pc/v1/help/search', { keyword })).body.data.list.map((r: { id: string }) => r.id);
    await helpServiceOf(t.app.ctx).trained(2);
    const before = await ask('签约作品能不能中途放弃');
    const admin = await adminClient(2);
    const article = (await admin.get('/api/pc/v1/admin/help/article', { id: 250 })).body.data;
    expect(before[0]).not.toBe(article.ids);
    await admin.post('/api/pc/v1/admin/help/article/save', {
      id: 250,
      category_id: article.category_id,
      title: article.title,
      body: article.body,
      asked: `${article.asked}\n签约作品能不能中途放弃`,
      updated_at: article.updated_at,
    });
    // Until the classifier has learnt the new line (a second or two), the brand's previous one still ranks.
    await helpServiceOf(t.app.ctx).trained(2);
    expect((await ask('签约作品能不能中途放弃'))[0]).toBe(article.ids);
    // Two trainings of the brand's classifier on every standard article's ways of asking: ~7 s each on an idle
    // two-core machine, two to three times that while CI runs another server file beside it (30 s was exceeded).
  }, 120_000);

  it('gives a brand seeded before the ways of asking of the standard articles it holds, not of one its admins wrote', async () => {
    const { db } = t.app.ctx;
    const clientId = 4;
    await t.client(HOSTS[clientId]).get('/api/pc/v1/help/index');
    const admin = await adminClient(clientId);
    const created = await admin.post('/api/pc/v1/admin/help/article/save', {
      category_id: 6,
      title: '管理员写的问题',
      body: '管理员写的正文。',
      asked: '管理员写的问法',
    });
    // As the brand was before the column: no ways of asking on any article.
    await db.schema.alterTable('help_articles').dropColumn('asked').execute();
    const revision = () => helpRevision(clientId);
    const before = await revision();
    await addAsked(db);
    const asked = (number: number) => askedOf(clientId, number);
    expect((await asked(36)).split('\n')).toEqual(ASKED['6-36']);
    expect(await asked(created.body.data.id)).toBe('');
    expect(await revision()).toBe(before + 1);
  });

  it.each([
    { round: 'third', addRound: addThirdRound, before: 60, after: 100 },
    { round: 'fourth', addRound: addFourthRound, before: 100, after: undefined },
    { round: 'fifth', addRound: addFifthRound, before: FIFTH_ROUND_LINES_BEFORE['6-36'], after: undefined },
  ])(
    'adds the $round round of ways of asking to a brand seeded before it, after the lines its articles hold',
    async ({ addRound, before: linesBefore, after: roundEnd }) => {
      const { db } = t.app.ctx;
      const clientId = 3;
      await t.client(HOSTS[clientId]).get('/api/pc/v1/help/index');
      const admin = await adminClient(clientId);
      const created = await admin.post('/api/pc/v1/admin/help/article/save', {
        category_id: 6,
        title: '管理员写的另一个问题',
        body: '管理员写的正文。',
        asked: '管理员写的问法',
      });
      // As the brand was before the round: the lines of the rounds before, and one its admin added.
      const held = [...ASKED['6-36'].slice(0, linesBefore), '管理员加的问法'];
      await db
        .updateTable('help_articles')
        .set({ asked: held.join('\n') })
        .where('client_id', '=', clientId)
        .where('number', '=', 36)
        .execute();
      const revision = () => helpRevision(clientId);
      const asked = (number: number) => askedOf(clientId, number);
      const added = ASKED['6-36'].slice(linesBefore, roundEnd);
      expect(added.length).toBeGreaterThan(0);
      const revisionBefore = await revision();
      await addRound(db);
      expect((await asked(36)).split('\n')).toEqual([...held, ...added]);
      expect(await asked(created.body.data.id)).toBe('管理员写的问法');
      expect(await revision()).toBe(revisionBefore + 1);
      // Once: run again, nothing is added twice and the revision stays.
      await addRound(db);
      expect((await asked(36)).split('\n')).toEqual([...held, ...added]);
      expect(await revision()).toBe(revisionBefore + 1);
    },
  );
});

describe('forum links in help articles', () => {
  it('no article names a forum host; feedback and the forum are the page links that follow the configured forum', async () => {
    for (const clientId of [2, 3, 4] as const) {
      const client = t.client(HOSTS[clientId]);
      const brand = t.app.ctx.brands.get(clientId);
      const body = async (ids: string) =>
        (await client.get('/api/pc/v1/help/detail', { ids })).body.data.body as string;
      for (const ids of ['9-55', '9-57', '9-206']) {
        const text = await body(ids);
        expect(text, ids).toContain('意见反馈');
        expect(text, ids).not.toContain(brand.domains.bbs);
      }
      expect(await body('9-55')).toContain('点页面底部的「意见反馈」，在论坛的意见反馈版块留言');
      expect(await body('1-3')).toContain('用本站论坛时是帮助中心的入门文章');
      const all = await t.app.ctx.db
        .selectFrom('help_articles')
        .select('body')
        .where('client_id', '=', clientId)
        .execute();
      expect(all.filter((a) => a.body.includes(brand.domains.bbs))).toEqual([]);
    }
  });

  it('rewrites the bbs host sentences of a brand seeded before, leaving what an admin wrote', async () => {
    const { db } = t.app.ctx;
    const clientId = 4;
    const client = t.client(HOSTS[clientId]);
    await client.get('/api/pc/v1/help/index');
    const bbs = t.app.ctx.brands.get(clientId).domains.bbs;
    const rowOf = (number: number) =>
      db
        .selectFrom('help_articles')
        .select(['id', 'body'])
        .where('client_id', '=', clientId)
        .where('number', '=', number)
        .executeTakeFirstOrThrow();
    const today = new Map<number, string>();
    // Put the earlier seed's sentences back (today's text with each rewrite undone).
    for (const number of [3, 55, 57, 206, 255]) {
      const row = await rowOf(number);
      today.set(number, row.body);
      let old = row.body;
      for (const [from, to] of rewrites(bbs)) old = old.split(to).join(from);
      expect(old, String(number)).not.toBe(row.body);
      await db.updateTable('help_articles').set({ body: old }).where('id', '=', row.id).execute();
    }
    expect((await rowOf(206)).body).toContain(`（${bbs}）`);
    const rules = await rowOf(255);
    await db
      .updateTable('help_articles')
      .set({
        title: '论坛发帖有什么规定？',
        keywords: '论坛规则,版规,发帖规定,发帖要求,帖子被关闭,帖子被删除,发帖过于频繁,论坛',
      })
      .where('id', '=', rules.id)
      .execute();
    const admins = `欢迎到 ${bbs} 看看（管理员自己写的）。`;
    const adminRow = await rowOf(57);
    await db.updateTable('help_articles').set({ body: admins }).where('id', '=', adminRow.id).execute();

    await rewriteForumLinks(db);

    for (const number of [3, 55, 206, 255]) expect((await rowOf(number)).body, String(number)).toBe(today.get(number));
    expect((await rowOf(57)).body).toBe(admins);
    const retitled = await db
      .selectFrom('help_articles')
      .select(['title', 'keywords'])
      .where('id', '=', rules.id)
      .executeTakeFirstOrThrow();
    expect(retitled.title).toBe('论坛发帖有什么规定？违规帖子怎么举报？');
    expect(retitled.keywords).toContain('举报帖子');
    // The help centre serves the new text at once (its revision moved).
    const detail = await client.get('/api/pc/v1/help/detail', { ids: '9-206' });
    expect(detail.body.data.body).not.toContain(bbs);
  });
});
