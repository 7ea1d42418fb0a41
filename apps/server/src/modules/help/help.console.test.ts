import { ErrorCode } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpSeedFor } from '../../seed/help-articles.ts';
import { consoleCallers } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof consoleCallers>>;

/** Articles the seed puts in a category of brand 2 (capabilities add their own, so the figure is read, not fixed). */
const seededIn = (category: number) =>
  helpSeedFor(t.app.ctx.brands.get(2)).articles.filter((a) => a.category === category).length;

beforeAll(async () => {
  t = await createTestApp();
  callers = await consoleCallers(t);
});
afterAll(async () => t.close());

const auditOf = (action: string, targetId: number | string) =>
  t.app.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('client_id', '=', 2)
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();

const auditCount = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An author's view of the brand-2 help centre (the pages authors read). */
const authorSees = (ids: string) => callers.author.get('/api/pc/v1/help/detail', { ids });

async function asBrand<T>(client: TestClient, clientId: number, work: () => Promise<T>): Promise<T> {
  client.headers['x-console-client'] = String(clientId);
  try {
    return await work();
  } finally {
    delete client.headers['x-console-client'];
  }
}

describe('console help centre: who may', () => {
  it('every help content route: visitor 401, author 403, editor 403, admin of the brand ok', async () => {
    const routes: Array<['GET' | 'POST', string, Record<string, unknown>]> = [
      ['GET', '/api/admin/help/categories', {}],
      ['GET', '/api/admin/help/articles', {}],
      ['GET', '/api/admin/help/article', { id: 24 }],
      ['POST', '/api/admin/help/category/save', { name: '不该出现的分类' }],
      ['POST', '/api/admin/help/category/reorder', { ids: [1] }],
      ['POST', '/api/admin/help/category/delete', { id: 1 }],
      ['POST', '/api/admin/help/article/save', { category_id: 1, title: '不该出现的问题', body: '正文' }],
      ['POST', '/api/admin/help/article/status', { id: 24, status: 0 }],
      ['POST', '/api/admin/help/article/delete', { id: 24 }],
      ['POST', '/api/admin/help/article/add-asked', { id: 24, question: '不该出现的问法' }],
    ];
    const before = await auditCount();
    for (const [method, path, input] of routes) {
      const call = (c: TestClient) =>
        method === 'GET' ? c.get(path, input as Record<string, number>) : c.post(path, input);
      expect((await call(callers.visitor)).status, path).toBe(401);
      const author = await call(callers.author);
      expect(author.status, path).toBe(403);
      expect(author.body.errors.code).toBe(ErrorCode.forbidden);
      // Help content is the admins' job; editors read the AI questions log instead.
      expect((await call(callers.editor)).status, path).toBe(403);
    }
    expect(await auditCount()).toBe(before);
    // Nothing of those refused calls reached the authors.
    expect((await authorSees('4-24')).status).toBe(200);
    const cats = await callers.admin.get('/api/admin/help/categories');
    expect(cats.status).toBe(200);
    expect(cats.body.data.list.map((c: { name: string }) => c.name)).not.toContain('不该出现的分类');
  });

  it('another brand admin sees and changes nothing of brand 2; the platform admin acts in brand 2 by the header', async () => {
    const created = await callers.admin.post('/api/admin/help/article/save', {
      category_id: 9,
      title: '品牌二自己的问题',
      body: '只属于品牌二。',
      status: 0,
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;

    const other = callers.otherBrandAdmin;
    expect((await other.get('/api/admin/help/article', { id })).status).toBe(404);
    const list = await other.get('/api/admin/help/articles', { keyword: '品牌二自己的问题' });
    expect(list.body.data).toMatchObject({ total: 0, list: [] });
    expect((await other.post('/api/admin/help/article/status', { id, status: 1 })).status).toBe(404);
    expect((await other.post('/api/admin/help/article/delete', { id })).status).toBe(404);
    // A brand admin naming brand 2 in the header is refused, not re-scoped.
    const named = await asBrand(other, 2, () => other.post('/api/admin/help/article/status', { id, status: 1 }));
    expect(named.status).toBe(403);
    expect((await callers.admin.get('/api/admin/help/article', { id })).body.data.status).toBe(0);

    // The platform admin's own brand (1) does not hold it either; with the header it acts in brand 2.
    expect((await callers.platformAdmin.get('/api/admin/help/article', { id })).status).toBe(404);
    const published = await asBrand(callers.platformAdmin, 2, () =>
      callers.platformAdmin.post('/api/admin/help/article/status', { id, status: 1 }),
    );
    expect(published.body.data).toMatchObject({ id, status: 1, changed: true });
    expect((await authorSees(created.body.data.ids)).body.data.title).toBe('品牌二自己的问题');
    const [entry] = await auditOf('help.article.publish', id);
    expect(entry).toMatchObject({
      client_id: 2,
      actor_client_id: 1,
      actor_role: 'platform_admin',
      actor_account_id: callers.people.platformAdmin.accountId,
    });
    await callers.admin.post('/api/admin/help/article/delete', { id });
  });

  it('the first admin API (/api/pc/v1/admin/help) is the same handler: audited, editors still refused', async () => {
    const res = await callers.admin.post('/api/pc/v1/admin/help/category/save', { name: '旧接口建的分类' });
    expect(res.status).toBe(200);
    const [entry] = await auditOf('help.category.create', res.body.data.id);
    expect(entry.summary).toBe('新建问题分类「旧接口建的分类」');
    expect((await callers.editor.get('/api/pc/v1/admin/help/categories')).status).toBe(403);
    await callers.admin.post('/api/pc/v1/admin/help/category/delete', { id: res.body.data.id });
  });
});

describe('console help centre: articles', () => {
  it('a draft is invisible to authors until published; unpublishing takes it down again; each step audited', async () => {
    const admin = callers.admin;
    const created = await admin.post('/api/admin/help/article/save', {
      category_id: 5,
      title: '什么是限时免费活动？',
      keywords: '限免,限时免费',
      body: '## 限时免费\n限时免费期间，读者可以免费阅读付费章节。\n\n- 活动由编辑邀请\n- 期间稿酬按活动规则计算',
      status: 0,
    });
    expect(created.status).toBe(200);
    const { id, ids } = created.body.data as { id: number; ids: string };
    expect(ids).toBe(`5-${id}`);

    expect((await authorSees(ids)).status).toBe(404);
    const search = await callers.author.get('/api/pc/v1/help/search', { keyword: '限时免费活动' });
    expect(search.body.data.list.map((r: { id: string }) => r.id)).not.toContain(ids);

    const drafts = await admin.get('/api/admin/help/articles', { state: 'draft', category_id: 5 });
    expect(drafts.body.data.list).toEqual([
      expect.objectContaining({ id, ids, category_id: 5, category_name: '上架与付费', status: 0 }),
    ]);
    const [createdEntry] = await auditOf('help.article.create', id);
    expect(createdEntry.summary).toBe('新建问题「什么是限时免费活动？」（草稿）');
    expect(JSON.parse(createdEntry.after_json!)).toMatchObject({
      id,
      category_id: 5,
      status: 0,
      keywords: '限免,限时免费',
    });
    expect(createdEntry.before_json).toBeNull();

    const published = await admin.post('/api/admin/help/article/status', { id, status: 1 });
    expect(published.body.data).toMatchObject({ status: 1, changed: true });
    const seen = await authorSees(ids);
    expect(seen.body.data.body).toContain('限时免费期间，读者可以免费阅读付费章节。');
    const found = await callers.author.get('/api/pc/v1/help/search', { keyword: '限时免费活动' });
    expect(found.body.data.list[0].id).toBe(ids);

    // Publishing what is already published changes nothing and records nothing.
    const again = await admin.post('/api/admin/help/article/status', { id, status: 1 });
    expect(again.body.data.changed).toBe(false);
    expect(await auditOf('help.article.publish', id)).toHaveLength(1);

    await admin.post('/api/admin/help/article/status', { id, status: 0, reason: '活动规则还在调整' });
    expect((await authorSees(ids)).status).toBe(404);
    const [down] = await auditOf('help.article.unpublish', id);
    expect(down).toMatchObject({
      summary: '下线问题「什么是限时免费活动？」',
      reason: '活动规则还在调整',
      client_id: 2,
      actor_role: 'admin',
    });
    expect(JSON.parse(down.before_json!)).toEqual({ status: 1 });
    expect(JSON.parse(down.after_json!)).toEqual({ status: 0 });
  });

  it('an edit keeps what it leaves out, moves categories, and records before and after', async () => {
    const admin = callers.admin;
    const created = await admin.post('/api/admin/help/article/save', {
      category_id: 9,
      title: '旧标题：怎么申请推荐位？',
      keywords: '推荐位,推荐',
      popular: 1,
      sort: 7,
      body: '联系编辑申请。',
      status: 0,
    });
    const { id } = created.body.data;
    const opened = (await admin.get('/api/admin/help/article', { id })).body.data;
    const edited = await admin.post('/api/admin/help/article/save', {
      id,
      category_id: 5,
      title: '怎么申请推荐位？',
      body: '在作品管理中向编辑申请推荐位。',
      updated_at: opened.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.ids).toBe(`5-${id}`);
    const now = (await admin.get('/api/admin/help/article', { id })).body.data;
    expect(now).toMatchObject({ category_id: 5, keywords: '推荐位,推荐', popular: 1, sort: 7, status: 0 });

    const [entry] = await auditOf('help.article.update', id);
    expect(JSON.parse(entry.before_json!)).toMatchObject({
      category_id: 9,
      title: '旧标题：怎么申请推荐位？',
      body: '联系编辑申请。',
    });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ category_id: 5, title: '怎么申请推荐位？', status: 0 });

    // An edit from a page opened before that save is refused and changes nothing.
    const stale = await admin.post('/api/admin/help/article/save', {
      id,
      category_id: 5,
      title: '别人看到的旧版本',
      body: '覆盖',
      updated_at: opened.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors.title).toBe('这个问题刚被其他人修改过，请复制您的修改后刷新页面再保存');
    expect((await admin.get('/api/admin/help/article', { id })).body.data.title).toBe('怎么申请推荐位？');
    expect(await auditOf('help.article.update', id)).toHaveLength(1);

    const deleted = await admin.post('/api/admin/help/article/delete', { id });
    expect(deleted.status).toBe(200);
    expect((await admin.get('/api/admin/help/article', { id })).status).toBe(404);
    // Its number (the page address) is never given to another article.
    const next = await admin.post('/api/admin/help/article/save', {
      category_id: 5,
      title: '之后的问题',
      body: '正文',
      status: 0,
    });
    expect(next.body.data.id).toBe(id + 1);
    await admin.post('/api/admin/help/article/delete', { id: next.body.data.id });
    const [gone] = await auditOf('help.article.delete', id);
    expect(JSON.parse(gone.before_json!)).toMatchObject({
      title: '怎么申请推荐位？',
      body: '在作品管理中向编辑申请推荐位。',
    });
  });

  it('lists with paging, sorting and filters by category, state and keyword (taken literally)', async () => {
    const admin = callers.admin;
    const all = await admin.get('/api/admin/help/articles', { page_size: 500 });
    expect(all.body.data.total).toBeGreaterThanOrEqual(56);
    const page2 = await admin.get('/api/admin/help/articles', {
      page: 2,
      page_size: 10,
      sort: 'number',
      order: 'ascend',
    });
    expect(page2.body.data.list.map((a: { id: number }) => a.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const inCategory = await admin.get('/api/admin/help/articles', { category_id: 4, page_size: 100 });
    expect(inCategory.body.data.list.every((a: { category_id: number }) => a.category_id === 4)).toBe(true);
    expect(inCategory.body.data.total).toBe(seededIn(4));
    const keyword = await admin.get('/api/admin/help/articles', { keyword: '实名认证' });
    expect(keyword.body.data.list.map((a: { ids: string }) => a.ids)).toContain('4-31');
    expect((await admin.get('/api/admin/help/articles', { keyword: '%' })).body.data.total).toBe(0);
  });

  it('bad input says which field and what is wrong, and changes nothing', async () => {
    const admin = callers.admin;
    const before = await auditCount();
    const noTitle = await admin.post('/api/admin/help/article/save', { category_id: 1, title: ' ', body: '正文' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors.field).toBe('title');
    const noBody = await admin.post('/api/admin/help/article/save', { category_id: 1, title: '标题', body: '' });
    expect(noBody.body.errors.field).toBe('body');
    const badState = await admin.get('/api/admin/help/articles', { state: 'hidden' });
    expect(badState.body.errors.field).toBe('state');
    const badStatus = await admin.post('/api/admin/help/article/status', { id: 24, status: 2 });
    expect(badStatus.body.errors.field).toBe('status');
    const noCategory = await admin.post('/api/admin/help/article/save', {
      category_id: 777,
      title: '标题',
      body: '正文',
    });
    expect(noCategory.status).toBe(404);
    expect(noCategory.body.errors.title).toBe('这个问题分类不存在或已删除');
    admin.headers['accept-language'] = 'en-US';
    const english = await admin.post('/api/admin/help/article/status', { id: 99_999, status: 1 });
    delete admin.headers['accept-language'];
    expect(english.status).toBe(404);
    expect(english.body.errors.title).toBe('This question does not exist or was taken down');
    expect(await auditCount()).toBe(before);
    expect((await authorSees('4-24')).status).toBe(200);
  });
});

describe('console help centre: categories', () => {
  it('add (goes last), rename (keeps its place), refuse a taken name, reorder, delete only when empty', async () => {
    const admin = callers.admin;
    const added = await admin.post('/api/admin/help/category/save', { name: '活动与征文', description: '平台活动' });
    const id = added.body.data.id as number;
    let list = (await admin.get('/api/admin/help/categories')).body.data.list as Array<{
      id: number;
      name: string;
      count: number;
      published: number;
    }>;
    expect(list.at(-1)).toMatchObject({ id, name: '活动与征文', count: 0, published: 0 });
    expect(list.find((c) => c.id === 4)).toMatchObject({ count: seededIn(4), published: seededIn(4) });

    const taken = await admin.post('/api/admin/help/category/save', { name: '签约与合同' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.title).toBe('已经有名为「签约与合同」的分类了，请换一个名称');

    const renamed = await admin.post('/api/admin/help/category/save', { id, name: '活动' });
    expect(renamed.status).toBe(200);
    list = (await admin.get('/api/admin/help/categories')).body.data.list;
    expect(list.at(-1)).toMatchObject({ id, name: '活动' });
    const [rename] = await auditOf('help.category.update', id);
    expect(rename.summary).toBe('问题分类「活动与征文」改名为「活动」');
    expect(JSON.parse(rename.before_json!)).toMatchObject({ name: '活动与征文', description: '平台活动' });
    expect(JSON.parse(rename.after_json!)).toMatchObject({ name: '活动', description: '平台活动' });

    const order = list.map((c) => c.id);
    const wanted = [id, ...order.filter((n) => n !== id)];
    expect((await admin.post('/api/admin/help/category/reorder', { ids: wanted })).status).toBe(200);
    const home = await callers.author.get('/api/pc/v1/help/index');
    expect(home.body.data.categories[0].name).toBe('活动');
    const [reorder] = await auditOf('help.category.reorder', 'order');
    expect(JSON.parse(reorder.after_json!)[0]).toEqual({ id, name: '活动' });

    const missing = await admin.post('/api/admin/help/category/reorder', { ids: wanted.slice(1) });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.field).toBe('ids');

    const article = await admin.post('/api/admin/help/article/save', {
      category_id: id,
      title: '征文怎么报名？',
      body: '看活动页。',
    });
    const refused = await admin.post('/api/admin/help/category/delete', { id });
    expect(refused.status).toBe(409);
    expect(refused.body.errors.title).toBe('分类「活动」下还有1个问题，请先移动或删除这些问题');
    expect(await auditOf('help.category.delete', id)).toHaveLength(0);

    await admin.post('/api/admin/help/article/delete', { id: article.body.data.id });
    const deleted = await admin.post('/api/admin/help/category/delete', { id });
    expect(deleted.status).toBe(200);
    expect(
      (await admin.get('/api/admin/help/categories')).body.data.list.map((c: { id: number }) => c.id),
    ).not.toContain(id);
    const [entry] = await auditOf('help.category.delete', id);
    expect(JSON.parse(entry.before_json!)).toMatchObject({ name: '活动' });
    await admin.post('/api/admin/help/category/reorder', { ids: order.filter((n) => n !== id) });
  });
});
