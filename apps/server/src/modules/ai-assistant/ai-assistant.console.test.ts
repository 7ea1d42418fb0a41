import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { questionKey } from './ai-assistant.service.ts';

const CHAT = '/api/pc/v1/book-chapter/ai-chat';
const MARK = '/api/pc/v1/book-chapter/ai-chat-mark';
const LOG = '/api/admin/ai-assistant/chats';
const NOTHING = '/api/admin/ai-assistant/nothing-found';

let t: TestApp;
let callers: Awaited<ReturnType<typeof consoleCallers>>;
let second: TestClient;
let secondPenName: string;
let otherBrandAuthor: TestClient;

const ask = (client: TestClient, content: string, answer_index = 0) =>
  client.post(CHAT, { message: [{ role: 'user', content }], answer_index });

beforeAll(async () => {
  t = await createTestApp();
  callers = await consoleCallers(t);
  const person = await createAuthor(t, { clientId: 2 });
  secondPenName = person.penName;
  second = await signedInClient(t, person);
  otherBrandAuthor = await signedInClient(t, await createAuthor(t, { clientId: 3 }));

  // What authors asked: answered and marked, nothing found (the same question three ways, by two
  // authors, once more with '换一换'), a greeting, and brand 3's own question.
  const answered = await ask(callers.author, '稿费每个月几号到账');
  await callers.author.post(MARK, { id: answered.body.data.id, use: 'use' });
  const useless = await ask(callers.author, '勋章墙在哪里');
  await callers.author.post(MARK, { id: useless.body.data.id, use: 'useless' });
  await ask(callers.author, '能不能出版实体书');
  await ask(callers.author, '能不能出版实体书？', 1);
  await ask(second, '能不能 出版实体书?');
  await ask(second, '能不能出版实体书！');
  await ask(second, '火星上能投稿吗');
  await ask(second, '你好');
  await ask(otherBrandAuthor, '品牌三的影视改编怎么谈');
});
afterAll(async () => t.close());

describe('console AI questions log', () => {
  it('visitor 401, author 403; editors and admins of the brand read it; it has no write path', async () => {
    for (const path of [LOG, NOTHING, '/api/pc/v1/admin/ai-assistant/chats']) {
      expect((await callers.visitor.get(path)).status, path).toBe(401);
      const author = await callers.author.get(path);
      expect(author.status, path).toBe(403);
      expect(author.body.errors.title).toBe('您没有权限操作！');
      expect((await callers.editor.get(path)).status, path).toBe(200);
      expect((await callers.admin.get(path)).status, path).toBe(200);
      expect((await callers.admin.raw({ method: 'POST', url: path, payload: '{}' })).status).toBe(404);
    }
  });

  it('shows each question with the answer given, its articles, the mark, the time and the pen name', async () => {
    const res = await callers.editor.get(LOG, { page_size: 100 });
    expect(res.body.data.total).toBe(8);
    const row = res.body.data.list.find((r: { question: string }) => r.question === '稿费每个月几号到账');
    expect(row).toMatchObject({
      pen_name: callers.people.author.penName,
      outcome: 'answered',
      mark: 'use',
      sources: ['6-36'],
      source_articles: [{ ids: '6-36', title: '稿酬什么时候发放？' }],
      nothing_found: false,
    });
    expect(row.answer).toContain('稿酬每月结算一次，于每月8日发放到您绑定的银行卡');
    expect(row.created_at).toBeGreaterThan(Date.now() - 60_000);
    // Newest first by default; brand 3's question is not here.
    const times = res.body.data.list.map((r: { created_at: number }) => r.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.body.data.list.map((r: { question: string }) => r.question)).not.toContain('品牌三的影视改编怎么谈');
    expect(res.body.data.counts).toEqual(
      expect.arrayContaining([
        { mark: 'use', outcome: 'answered', count: 1 },
        { mark: 'useless', outcome: 'answered', count: 1 },
      ]),
    );
  });

  it('filters by mark, by date, by words of the question and by "nothing found"', async () => {
    const questions = async (query: Record<string, string | number>) =>
      (await callers.editor.get(LOG, { page_size: 100, ...query })).body.data.list.map(
        (r: { question: string }) => r.question,
      );
    expect(await questions({ mark: 'useless' })).toEqual(['勋章墙在哪里']);
    expect(await questions({ mark: 'use' })).toEqual(['稿费每个月几号到账']);
    expect(await questions({ mark: 'none' })).toHaveLength(6);
    expect(await questions({ created_from: Date.now() + 60_000 })).toEqual([]);
    expect(await questions({ created_to: Date.now() - 3_600_000 })).toEqual([]);
    expect(await questions({ created_from: Date.now() - 3_600_000, created_to: Date.now() + 1000 })).toHaveLength(8);
    expect(await questions({ keyword: '实体书' })).toHaveLength(4);
    // The greeting got an introduction, not a search: it is not "nothing found".
    const nothing = await questions({ nothing_found: 1 });
    expect(nothing).toHaveLength(5);
    expect(nothing).not.toContain('你好');

    const bad = await callers.editor.get(LOG, { mark: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.field).toBe('mark');
  });

  it("another brand's admin sees only their brand; the platform admin sees brand 2 with the header", async () => {
    const other = await callers.otherBrandAdmin.get(LOG);
    expect(other.body.data.list.map((r: { question: string }) => r.question)).toEqual(['品牌三的影视改编怎么谈']);
    const otherNothing = await callers.otherBrandAdmin.get(NOTHING);
    expect(otherNothing.body.data.list.map((r: { question: string }) => r.question)).not.toContain('能不能出版实体书');

    callers.otherBrandAdmin.headers['x-console-client'] = '2';
    const named = await callers.otherBrandAdmin.get(LOG);
    delete callers.otherBrandAdmin.headers['x-console-client'];
    expect(named.status).toBe(403);

    callers.platformAdmin.headers['x-console-client'] = '2';
    const platform = await callers.platformAdmin.get(LOG);
    delete callers.platformAdmin.headers['x-console-client'];
    expect(platform.body.data.total).toBe(8);
  });
});

describe('console "nothing found": what to write next', () => {
  it('groups a question asked in other spacing and punctuation, counts asks and authors, most asked first', async () => {
    const res = await callers.editor.get(NOTHING);
    expect(res.body.data.total).toBe(2);
    const [top, next] = res.body.data.list;
    // '换一换' on the same question is not a second ask.
    expect(top).toMatchObject({ question_key: questionKey('能不能出版实体书'), asks: 3, authors: 2, found_now: null });
    expect(['能不能出版实体书', '能不能 出版实体书?', '能不能出版实体书！']).toContain(top.question);
    expect(top.last_asked_at).toBeGreaterThanOrEqual(top.first_asked_at);
    expect(next).toMatchObject({ question: '火星上能投稿吗', asks: 1, authors: 1 });

    const byRecent = await callers.editor.get(NOTHING, { sort: 'last_asked_at', order: 'descend' });
    expect(byRecent.body.data.list[0].question).toBe('火星上能投稿吗');
    const keyword = await callers.editor.get(NOTHING, { keyword: '火星' });
    expect(keyword.body.data.list.map((r: { question: string }) => r.question)).toEqual(['火星上能投稿吗']);
    const later = await callers.editor.get(NOTHING, { created_from: Date.now() + 60_000 });
    expect(later.body.data).toMatchObject({ total: 0, list: [] });
  });

  it('shows the article that answers it once an admin has written one', async () => {
    const created = await callers.admin.post('/api/admin/help/article/save', {
      category_id: 5,
      title: '作品可以出版实体书吗？',
      keywords: '出版,实体书,纸质书',
      body: '签约作品的实体书出版由编辑部评估，符合条件时责任编辑会联系您。',
    });
    const res = await callers.editor.get(NOTHING);
    const top = res.body.data.list.find((r: { asks: number }) => r.asks === 3);
    expect(top.found_now).toEqual({
      ids: created.body.data.ids,
      title: '作品可以出版实体书吗？',
      url: `/front/help-center/questions/${created.body.data.ids}`,
    });
    // The log still tells what the author was answered at the time.
    const log = await callers.editor.get(LOG, { keyword: '实体书', nothing_found: 1 });
    expect(log.body.data.list[0]).toMatchObject({ nothing_found: true, outcome: 'no_match', sources: [] });
  });

  it('an admin adds a question to the ways of asking of the article that answers it: it is found now, once, audited', async () => {
    const add = (client: TestClient, body: Record<string, unknown>) =>
      client.post('/api/admin/help/article/add-asked', body);
    // Only admins write help content; a question that is two lines is refused, naming the field.
    expect((await add(callers.editor, { id: 15, question: '火星上能投稿吗' })).status).toBe(403);
    const twoLines = await add(callers.admin, { id: 15, question: '火星上\n能投稿吗' });
    expect(twoLines.body.errors).toMatchObject({ field: 'question', title: 'question: 一次添加一个问法，不能换行' });
    expect((await add(callers.admin, { id: 99_999, question: '火星上能投稿吗' })).status).toBe(404);
    const tooLong = await add(callers.admin, { id: 15, question: '长'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors.field).toBe('question');

    const added = await add(callers.admin, { id: 15, question: ' 火星上能投稿吗 ' });
    expect(added.body.data).toMatchObject({ id: 15, ids: '3-15', added: true });
    const row = (await callers.editor.get(NOTHING, { keyword: '火星' })).body.data.list[0];
    expect(row.found_now).toMatchObject({ ids: '3-15' });
    const article = (await callers.admin.get('/api/admin/help/article', { id: 15 })).body.data;
    expect(article.asked.split('\n').at(-1)).toBe('火星上能投稿吗');
    // The same question again changes nothing.
    const again = await add(callers.admin, { id: 15, question: '火星上能投稿吗' });
    expect(again.body.data.added).toBe(false);
    expect((await callers.admin.get('/api/admin/help/article', { id: 15 })).body.data.asked).toBe(article.asked);
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('client_id', '=', 2)
      .where('action', '=', 'help.article.update')
      .where('target_id', '=', '15')
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([`为问题「${article.title}」添加作者的问法「火星上能投稿吗」`]);
  });

  it("the pen name shown is the asker's, from the accounts of the brand", async () => {
    const res = await callers.editor.get(LOG, { keyword: '火星' });
    expect(res.body.data.list[0].pen_name).toBe(secondPenName);
  });
});
