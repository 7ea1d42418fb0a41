import { decryptRules, ErrorCode, SIGN_HEADER, sign } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { authorClient, createBook, prose, uniqueTitle, writtenChapter } from './works.fixtures.ts';

const APPLY = '/api/pc/v1/screenplay/application';
const LIST = '/api/pc/v1/screenplay/application-list';
const CANCEL = '/api/pc/v1/screenplay/application-cancel';
const OPTIONS = '/api/pc/v1/screenplay/application-options';
const REVIEW = '/api/pc/v1/admin/screenplay/application-review';
const REVIEW_LIST = '/api/pc/v1/admin/screenplay/application-list';

const SYNOPSIS =
  '一位落魄的剑客在边城小镇遇见了失散多年的妹妹，两人联手揭开了一桩尘封二十年的旧案，最终在大雪之夜与真凶正面对决，各自找回了失去的东西。';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A reply's data with its encrypted fields (rules) opened, as the web client does. */
async function opened(client: TestClient, body: any) {
  const data = structuredClone(body.data);
  if (body.rules?.length) await decryptRules(client.secret as string, data, body.rules);
  return data;
}

async function publishedNovel(client: TestClient) {
  const book = await createBook(client, { title: uniqueTitle('改编原著') });
  const ch = await writtenChapter(client, book.book_id, '第一章初见', prose(400));
  const res = await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: ch.chapterId, force: true });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return book;
}

const original = (over: Record<string, unknown> = {}) => ({
  kind: 'original',
  title: uniqueTitle('雪夜'),
  category: 'duanju',
  synopsis: SYNOPSIS,
  episodes: 24,
  contact_note: '微信 snow_night，工作日晚上联系',
  ...over,
});

async function rows() {
  return t.app.ctx.db.selectFrom('screenplay_applications').selectAll().execute();
}

async function editorClient(clientId = 2, host = 'localhost') {
  const editor = await createAuthor(t, { clientId, role: 'editor' });
  const client = t.client(host);
  await logIn(t, client, editor);
  return { editor, client };
}

describe('screenplay applications', () => {
  it('applies for an original screenplay and lists it under review, the contact note sealed at rest', async () => {
    const { client, author } = await authorClient(t);
    const empty = await client.get(LIST);
    expect(empty.body.data).toMatchObject({ list: [], total: 0 });

    const input = original();
    const res = await client.post(APPLY, input);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const created = await opened(client, res.body);
    expect(created).toMatchObject({
      kind: 'original',
      title: input.title,
      category_label: '短剧',
      episodes: 24,
      status: 'pending',
      status_label: '审核中',
      book_id: null,
      contact_note: '微信 snow_night，工作日晚上联系',
    });

    const list = await client.get(LIST);
    expect(list.body.data.total).toBe(1);
    const [item] = (await opened(client, list.body)).list;
    expect(item).toMatchObject({ application_id: created.application_id, status_label: '审核中', synopsis: SYNOPSIS });
    expect(item.contact_note).toBe('微信 snow_night，工作日晚上联系');

    const [row] = (await rows()).filter((r) => r.id === created.application_id);
    expect(row).toMatchObject({ account_id: author.accountId, client_id: 2, status: 'pending', pending_key: null });
    expect(row.contact_note_enc).not.toContain('snow_night');
  });

  it('refuses bad input with a specific message naming the field, and stores nothing', async () => {
    const { client, author } = await authorClient(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ kind: '' }, 'kind', '请选择申请类型'],
      [{ title: '  ' }, 'title', '请填写剧本名称'],
      [{ title: '剧本<script>' }, 'title', '仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、及，：！？中文标点'],
      [{ title: '长'.repeat(31) }, 'title', '剧本名称最多30个字'],
      [{ category: 'xuanhuan' }, 'category', '请选择剧本类型'],
      [{ synopsis: '太短的梗概' }, 'synopsis', '剧情梗概需50~2000字'],
      [{ synopsis: '长'.repeat(2001) }, 'synopsis', '剧情梗概需50~2000字'],
      [{ episodes: 0 }, 'episodes', '计划集数需为1~200的整数'],
      [{ episodes: 2.5 }, 'episodes', '计划集数需为1~200的整数'],
      [{ episodes: 201 }, 'episodes', '计划集数需为1~200的整数'],
      [{ episodes: null }, 'episodes', '计划集数需为1~200的整数'],
      [{ contact_note: '长'.repeat(201) }, 'contact_note', '联系备注最多200字'],
      [{ kind: 'adaptation' }, 'book_id', '请选择要改编的小说'],
    ];
    for (const [over, field, message] of cases) {
      const res = await client.post(APPLY, original(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors, JSON.stringify(over)).toMatchObject({
        code: ErrorCode.invalidInput,
        field,
        title: message,
      });
    }
    expect((await rows()).filter((r) => r.account_id === author.accountId)).toEqual([]);
  });

  it('says the problem in English for an English-speaking author', async () => {
    const { client } = await authorClient(t);
    const secret = await client.refreshSecret();
    const raw = JSON.stringify({ ...original({ synopsis: '短' }), t: Date.now() });
    const res = await client.raw({
      method: 'POST',
      url: APPLY,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-lang': 'en-US',
        [SIGN_HEADER]: sign(secret, 'POST', APPLY, raw, JSON.parse(raw).t),
      },
    });
    expect(res.body.errors).toMatchObject({ field: 'synopsis', title: 'The synopsis needs 50–2000 characters' });
  });

  it('adapts only the author’s own published novel, once at a time per book', async () => {
    const { client } = await authorClient(t);
    const draftOnly = await createBook(client, { title: uniqueTitle('未发布') });
    const published = await publishedNovel(client);
    const short = await createBook(client, { kind: 'short' });
    const other = await authorClient(t);
    const othersNovel = await publishedNovel(other.client);

    const options = await client.get(OPTIONS);
    expect(options.body.data.kinds.map((k: any) => k.label)).toEqual(['原创剧本', '小说改编']);
    expect(options.body.data.books).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ book_id: draftOnly.book_id, published: false, pending: false }),
        expect.objectContaining({ book_id: published.book_id, published: true, pending: false }),
      ]),
    );
    expect(options.body.data.books.map((b: any) => b.book_id)).not.toContain(short.book_id);

    const notPublished = await client.post(APPLY, original({ kind: 'adaptation', book_id: draftOnly.book_id }));
    expect(notPublished.body.errors).toMatchObject({
      field: 'book_id',
      title: '这部小说还没有发布章节，发布后才能申请改编',
    });
    for (const bookId of [short.book_id, othersNovel.book_id, 999_999]) {
      const res = await client.post(APPLY, original({ kind: 'adaptation', book_id: bookId }));
      expect(res.body.errors).toMatchObject({ field: 'book_id', title: '只能改编自己名下的小说' });
    }

    const first = await client.post(APPLY, original({ kind: 'adaptation', book_id: published.book_id }));
    expect(first.body.data).toMatchObject({
      kind: 'adaptation',
      book_id: published.book_id,
      book_title: published.title,
    });
    const again = await client.post(APPLY, original({ kind: 'adaptation', book_id: published.book_id }));
    expect(again.status).toBe(409);
    expect(again.body.errors).toMatchObject({
      code: ErrorCode.conflict,
      field: 'book_id',
      title: '这部小说已有审核中的改编申请，请等待审核结果',
    });
    expect((await client.get(LIST)).body.data.total).toBe(1);
    expect((await client.get(OPTIONS)).body.data.books.find((b: any) => b.book_id === published.book_id).pending).toBe(
      true,
    );

    // Once withdrawn, the book can be applied for again; the withdrawn application is kept.
    await client.post(CANCEL, { application_id: first.body.data.application_id });
    const third = await client.post(APPLY, original({ kind: 'adaptation', book_id: published.book_id }));
    expect(third.body.code).toBe(200);
    const list = (await client.get(LIST)).body.data.list;
    expect(list.map((a: any) => a.status)).toEqual(['pending', 'cancelled']);
  });

  it('refuses the same book submitted twice at the same moment', async () => {
    const { client } = await authorClient(t);
    const book = await publishedNovel(client);
    const results = await Promise.all(
      [1, 2, 3].map(() => client.post(APPLY, original({ kind: 'adaptation', book_id: book.book_id }))),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.body.code !== 200)) {
      expect(r.body.errors.title).toBe('这部小说已有审核中的改编申请，请等待审核结果');
    }
    const pending = (await rows()).filter((r) => r.book_id === book.book_id && r.status === 'pending');
    expect(pending).toHaveLength(1);
  });

  it('limits how many applications can be under review at once', async () => {
    const { client } = await authorClient(t);
    for (let i = 0; i < 5; i++) expect((await client.post(APPLY, original())).body.code).toBe(200);
    const sixth = await client.post(APPLY, original());
    expect(sixth.status).toBe(409);
    expect(sixth.body.errors.title).toBe('审核中的申请最多5个，请等待审核结果后再申请');
  });

  it('cancels only a pending application of the author, keeping what was written', async () => {
    const { client } = await authorClient(t);
    const other = await authorClient(t);
    const created = (await client.post(APPLY, original())).body.data;

    const stranger = await other.client.post(CANCEL, { application_id: created.application_id });
    expect(stranger.status).toBe(404);
    expect((await rows()).find((r) => r.id === created.application_id)?.status).toBe('pending');

    const res = await client.post(CANCEL, { application_id: created.application_id });
    expect(res.body.data).toMatchObject({ status: 'cancelled', status_label: '已撤销' });
    const row = (await rows()).find((r) => r.id === created.application_id);
    expect(row).toMatchObject({ status: 'cancelled', synopsis: SYNOPSIS, title: created.title });
    expect(row?.cancelled_at).toBeGreaterThan(0);

    const twice = await client.post(CANCEL, { application_id: created.application_id });
    expect(twice.status).toBe(409);
    expect(twice.body.errors.title).toBe('该申请已撤销');
  });

  it('lets an editor of the brand approve or refuse with a reason; the author sees the result', async () => {
    const { client, author } = await authorClient(t);
    const a = (await client.post(APPLY, original())).body.data;
    const b = (await client.post(APPLY, original())).body.data;

    // Authors cannot review.
    const self = await client.post(REVIEW, { application_id: a.application_id, decision: 'approve' });
    expect(self.status).toBe(403);
    expect((await client.get(REVIEW_LIST)).status).toBe(403);

    const { client: editor, editor: who } = await editorClient();
    const pending = await editor.get(REVIEW_LIST, { status: 'pending' });
    const listed = (await opened(editor, pending.body)).list.find((x: any) => x.application_id === a.application_id);
    expect(listed).toMatchObject({ pen_name: author.penName, contact_note: '微信 snow_night，工作日晚上联系' });

    const noReason = await editor.post(REVIEW, { application_id: b.application_id, decision: 'refuse', reason: ' ' });
    expect(noReason.body.errors).toMatchObject({ field: 'reason', title: '请填写未通过的原因' });
    expect((await rows()).find((r) => r.id === b.application_id)?.status).toBe('pending');

    const approved = await editor.post(REVIEW, { application_id: a.application_id, decision: 'approve' });
    expect(approved.body.data).toMatchObject({ status: 'approved', status_label: '已通过' });
    const refused = await editor.post(REVIEW, {
      application_id: b.application_id,
      decision: 'refuse',
      reason: '梗概与平台方向不符，请补充人物小传后再申请',
    });
    expect(refused.body.data).toMatchObject({
      status: 'refused',
      reason: '梗概与平台方向不符，请补充人物小传后再申请',
    });
    expect((await rows()).find((r) => r.id === a.application_id)?.reviewer_account_id).toBe(who.accountId);

    const list = (await client.get(LIST)).body.data.list;
    expect(list.map((x: any) => [x.application_id, x.status_label, x.reason])).toEqual([
      [b.application_id, '未通过', '梗概与平台方向不符，请补充人物小传后再申请'],
      [a.application_id, '已通过', null],
    ]);

    const twice = await editor.post(REVIEW, { application_id: a.application_id, decision: 'refuse', reason: '改主意' });
    expect(twice.status).toBe(409);
    expect(twice.body.errors.title).toBe('该申请已审核，不能重复审核');
    const cancelReviewed = await client.post(CANCEL, { application_id: a.application_id });
    expect(cancelReviewed.body.errors.title).toBe('该申请已审核完毕，不能撤销');
    // Approving creates nothing else: the author has no new screenplay.
    expect((await client.get('/api/pc/v1/book/screenplay-list')).body.data.total).toBe(0);
  });

  it('keeps applications inside their brand', async () => {
    const { client } = await authorClient(t);
    const a = (await client.post(APPLY, original())).body.data;
    const third = await editorClient(3, 'third.localhost');
    const list = await third.client.get(REVIEW_LIST);
    expect(list.body.data.list.map((x: any) => x.application_id)).not.toContain(a.application_id);
    const res = await third.client.post(REVIEW, { application_id: a.application_id, decision: 'approve' });
    expect(res.status).toBe(404);
    expect((await rows()).find((r) => r.id === a.application_id)?.status).toBe('pending');
  });

  it('needs a login', async () => {
    const anonymous = t.client();
    expect((await anonymous.get(LIST)).status).toBe(401);
    expect((await anonymous.post(APPLY, original())).status).toBe(401);
  });
});

describe('screenplay applications in the console', () => {
  const QUEUE = '/api/admin/screenplay/applications';
  const DETAIL = '/api/admin/screenplay/applications/detail';
  const DECIDE = '/api/admin/screenplay/applications/review';
  let callers: Awaited<ReturnType<typeof consoleCallers>>;
  beforeAll(async () => {
    callers = await consoleCallers(t);
  });

  it('role rules: a visitor logs in, an author is refused, staff of the brand review, other brands see nothing', async () => {
    const { client } = await authorClient(t);
    const a = (await client.post(APPLY, original())).body.data;

    expect((await callers.visitor.get(QUEUE)).status).toBe(401);
    expect((await callers.visitor.post(DECIDE, { application_id: a.application_id, decision: 'approve' })).status).toBe(
      401,
    );
    for (const path of [QUEUE, DETAIL]) {
      expect((await callers.author.get(path, { application_id: a.application_id })).status).toBe(403);
    }
    expect((await callers.author.post(DECIDE, { application_id: a.application_id, decision: 'approve' })).status).toBe(
      403,
    );
    for (const staff of [callers.editor, callers.admin]) {
      const queue = await staff.get(QUEUE, { status: 'pending' });
      expect(queue.body.data.list.map((x: any) => x.application_id)).toContain(a.application_id);
      expect((await staff.get(DETAIL, { application_id: a.application_id })).body.data.title).toBe(a.title);
    }

    // Another brand's admin: not in the queue, no detail, no decision.
    const other = await callers.otherBrandAdmin.get(QUEUE);
    expect(other.body.data.list.map((x: any) => x.application_id)).not.toContain(a.application_id);
    expect((await callers.otherBrandAdmin.get(DETAIL, { application_id: a.application_id })).status).toBe(404);
    const refused = await callers.otherBrandAdmin.post(DECIDE, {
      application_id: a.application_id,
      decision: 'refuse',
      reason: '不是我们的',
    });
    expect(refused.status).toBe(404);
    expect((await rows()).find((r) => r.id === a.application_id)?.status).toBe('pending');

    // The platform admin acts in brand 2 through the switcher.
    callers.platformAdmin.headers['x-console-client'] = '2';
    const platform = await callers.platformAdmin.get(DETAIL, { application_id: a.application_id });
    delete callers.platformAdmin.headers['x-console-client'];
    expect(platform.body.data).toMatchObject({ application_id: a.application_id, status: 'pending' });
    // In its own brand (the main platform) it is not there.
    expect((await callers.platformAdmin.get(DETAIL, { application_id: a.application_id })).status).toBe(404);
  });

  it('filters by state, keyword and date, sorts and pages on the server', async () => {
    const { client, author } = await authorClient(t);
    const tag = uniqueTitle('筛选');
    const made: any[] = [];
    for (let i = 0; i < 3; i++) made.push((await client.post(APPLY, original({ title: `${tag}${i}` }))).body.data);
    await callers.editor.post(DECIDE, { application_id: made[1].application_id, decision: 'refuse', reason: '不合适' });

    const byKeyword = await callers.editor.get(QUEUE, { keyword: tag, sort: 'created_at', order: 'ascend' });
    expect(byKeyword.body.data.list.map((x: any) => x.title)).toEqual([`${tag}0`, `${tag}1`, `${tag}2`]);
    expect(byKeyword.body.data.list[1]).toMatchObject({
      status: 'refused',
      reason: '不合适',
      reviewer_name: callers.people.editor.penName,
      pen_name: author.penName,
    });
    const pending = await callers.editor.get(QUEUE, { keyword: tag, status: 'pending' });
    expect(pending.body.data.list.map((x: any) => x.title)).toEqual([`${tag}0`, `${tag}2`]);
    const byPenName = await callers.editor.get(QUEUE, { keyword: author.penName, page_size: 2, page: 2 });
    expect(byPenName.body.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(byPenName.body.data.list).toHaveLength(1);
    // The application's number finds it (titles and pen names with those digits come along).
    const number = String(made[2].application_id);
    const byNumber = (await callers.editor.get(QUEUE, { keyword: number })).body.data.list;
    expect(byNumber.map((x: any) => x.application_id)).toContain(made[2].application_id);
    for (const x of byNumber.filter((x: any) => x.application_id !== made[2].application_id)) {
      expect(`${x.title} ${x.pen_name} ${x.book_title ?? ''}`).toContain(number);
    }
    const future = await callers.editor.get(QUEUE, { keyword: tag, created_from: Date.now() + 60_000 });
    expect(future.body.data.total).toBe(0);
    const window = await callers.editor.get(QUEUE, {
      keyword: tag,
      created_from: made[0].created_at,
      created_to: Date.now() + 1,
    });
    expect(window.body.data.total).toBe(3);
    const bad = await callers.editor.get(QUEUE, { status: 'lost' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.field).toBe('status');
  });

  it('shows what the author sent and their other applications; the adapted novel with its numbers', async () => {
    const { client, author } = await authorClient(t);
    const novel = await publishedNovel(client);
    const first = (await client.post(APPLY, original())).body.data;
    const res = await client.post(APPLY, original({ kind: 'adaptation', book_id: novel.book_id }));
    const detail = await callers.editor.get(DETAIL, { application_id: res.body.data.application_id });
    const data = await opened(callers.editor, detail.body);
    expect(data).toMatchObject({
      kind: 'adaptation',
      synopsis: SYNOPSIS,
      episodes: 24,
      contact_note: '微信 snow_night，工作日晚上联系',
      pen_name: author.penName,
      book: { book_id: novel.book_id, title: novel.title, published_count: 1, deleted: false },
    });
    expect(data.book.reading_url).toBe(`https://www.wonder.example.com/book/${novel.book_id}`);
    expect(data.other_applications).toEqual([
      expect.objectContaining({ application_id: first.application_id, status: 'pending', status_label: '审核中' }),
    ]);
    expect((await callers.editor.get(DETAIL, { application_id: 999_999 })).status).toBe(404);
  });

  it('a refusal needs a reason; a decision is audited with it and the author is told in a message', async () => {
    const { client, author } = await authorClient(t);
    const a = (await client.post(APPLY, original())).body.data;
    const empty = await callers.editor.post(DECIDE, { application_id: a.application_id, decision: 'refuse' });
    expect(empty.body.errors).toMatchObject({ field: 'reason', title: '请填写未通过的原因' });
    const long = await callers.editor.post(DECIDE, {
      application_id: a.application_id,
      decision: 'refuse',
      reason: '长'.repeat(501),
    });
    expect(long.body.errors).toMatchObject({ field: 'reason', title: '原因最多500字' });
    const audits = () =>
      t.app.ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target_type', '=', 'screenplay_application')
        .where('target_id', '=', String(a.application_id))
        .execute();
    expect(await audits()).toEqual([]);
    expect((await rows()).find((r) => r.id === a.application_id)?.status).toBe('pending');

    const reason = '人物动机不够清晰，请补充主要人物小传后再提交';
    const res = await callers.editor.post(DECIDE, { application_id: a.application_id, decision: 'refuse', reason });
    expect(res.body.data).toMatchObject({ status: 'refused', status_label: '未通过', reason });
    const [audit] = await audits();
    expect(audit).toMatchObject({
      client_id: 2,
      action: 'screenplay.refuse',
      actor_account_id: callers.people.editor.accountId,
      reason,
      summary: `退回剧本申请「${a.title}」（${author.penName}）`,
    });
    expect(JSON.parse(audit.after_json as string)).toEqual({ status: 'refused', reason });

    // The author's page shows it refused with the reason, and a message says so.
    const mine = (await client.get(LIST)).body.data.list.find((x: any) => x.application_id === a.application_id);
    expect(mine).toMatchObject({ status: 'refused', status_label: '未通过', reason });
    const messages = await t.app.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .execute();
    expect(messages).toEqual([
      expect.objectContaining({
        title: '剧本申请未通过',
        sender: '责任编辑',
        link: '/front/book-manage/screenplay/application',
        content: expect.stringContaining(`责任编辑的意见：${reason}`),
      }),
    ]);
    // Read in English, the same message is worded in English (issue 18).
    client.headers['x-lang'] = 'en-US';
    const listed = (await client.get('/api/pc/v1/news/list', { type: 'message' })).body.data.list;
    const opened = (await client.get('/api/pc/v1/news/detail', { type: 'message', id: listed[0].id })).body.data;
    delete client.headers['x-lang'];
    expect(listed[0]).toMatchObject({ title: 'Screenplay application not approved' });
    expect(opened.content).toContain(`Comments from your 责任编辑: ${reason}`);

    // A second decision changes nothing and is not audited.
    const again = await callers.admin.post(DECIDE, { application_id: a.application_id, decision: 'approve' });
    expect(again.status).toBe(409);
    expect(await audits()).toHaveLength(1);
  });
});
