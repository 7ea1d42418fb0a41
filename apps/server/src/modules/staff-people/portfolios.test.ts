import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient, type TestAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { createBook } from '../works/works.fixtures.ts';
import '../../platform/audit/audit.tables.ts';
import '../works/legacy.tables.ts';
import './people.tables.ts';

let t: TestApp;
let callers: Awaited<ReturnType<typeof consoleCallers>>;
const suffix = Date.now().toString(36).slice(-4);

let editorA: TestAuthor;
let editorB: TestAuthor;
let writer: TestAuthor;
let writerClient: TestClient;
let books: number[];

async function bookEditors(bookId: number) {
  const rows = await t.app.ctx.db
    .selectFrom('book_editors')
    .select('editor_account_id')
    .where('book_id', '=', bookId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.editor_account_id);
}

async function authorEditors(accountId: number) {
  const rows = await t.app.ctx.db
    .selectFrom('author_editors')
    .select('editor_account_id')
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.editor_account_id);
}

const auditCount = async (prefix: string) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', 'like', `${prefix}%`)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  callers = await consoleCallers(t);
  editorA = callers.people.editor;
  editorB = await createAuthor(t, { clientId: 2, role: 'editor', penName: `编辑乙${suffix}` });
  writer = await createAuthor(t, { clientId: 2, penName: `墨客${suffix}` });
  writerClient = await signedInClient(t, writer);
  books = [];
  for (const title of ['长夜行', '星海', '归途']) {
    books.push((await createBook(writerClient, { title: `${title}${suffix}` })).book_id);
  }
});
afterAll(async () => t.close());

describe("editors' portfolios: reading", () => {
  it('lists the brand’s editors with their counts and what has no editor yet', async () => {
    expect((await callers.visitor.get('/api/admin/editors')).status).toBe(401);
    expect((await callers.author.get('/api/admin/editors')).status).toBe(403);
    const res = await callers.editor.get('/api/admin/editors');
    expect(res.body.data.editor_title).toBe('责任编辑');
    expect(res.body.data.list.map((e: { editor_id: number }) => e.editor_id).sort()).toEqual(
      [editorA.accountId, editorB.accountId].sort(),
    );
    expect(res.body.data.list[0]).toMatchObject({ book_count: 0, author_count: 0 });
    expect(res.body.data.unassigned.books).toBe(3);
    expect(res.body.data.unassigned.authors).toBeGreaterThanOrEqual(2);
    // Another brand's admin sees its own (none here), never brand 2's.
    const other = await callers.otherBrandAdmin.get('/api/admin/editors');
    expect(other.body.data.total).toBe(0);
    expect(other.body.data.unassigned.books).toBe(0);
  });
});

describe("editors' portfolios: assigning and moving books", () => {
  const assign = '/api/admin/editors/books/assign';

  it('only an admin assigns, with a reason; bad ids change nothing and say which one', async () => {
    const body = { book_ids: books, to_editor_id: editorA.accountId, reason: '新书分配' };
    expect((await callers.visitor.post(assign, body)).status).toBe(401);
    expect((await callers.author.post(assign, body)).status).toBe(403);
    expect((await callers.editor.post(assign, body)).status).toBe(403);
    // Another brand's admin: brand 2's books and editors are not theirs.
    const other = await callers.otherBrandAdmin.post(assign, body);
    expect(other.status).toBe(400);
    expect(other.body.errors).toMatchObject({ field: 'to_editor_id', title: '该账号不是本品牌的编辑' });
    const noReason = await callers.admin.post(assign, { ...body, reason: '' });
    expect(noReason.body.errors).toMatchObject({ field: 'reason', title: '请填写操作原因' });
    const notEditor = await callers.admin.post(assign, { ...body, to_editor_id: writer.accountId });
    expect(notEditor.body.errors).toMatchObject({ field: 'to_editor_id', title: '该账号不是本品牌的编辑' });
    const foreignBook = await callers.admin.post(assign, { ...body, book_ids: [books[0], 999_999] });
    expect(foreignBook.body.errors).toMatchObject({ field: 'book_ids.1', title: '作品不存在或已删除' });
    for (const id of books) expect(await bookEditors(id)).toEqual([]);
    expect(await auditCount('editor.')).toBe(0);
  });

  it('assigns several books at once; the author then sees the editor with the brand’s editor title', async () => {
    const res = await callers.admin.post(assign, {
      book_ids: books,
      to_editor_id: editorA.accountId,
      reason: '新书分配',
    });
    expect(res.body.data).toEqual({ changed: 3, unchanged: 0 });
    for (const id of books) expect(await bookEditors(id)).toEqual([editorA.accountId]);
    const seen = await writerClient.get('/api/author-book/get-new-editors', { book_id: books[0] });
    expect(seen.body.data.list).toMatchObject([
      { editor_id: editorA.accountId, name: editorA.penName, title: '责任编辑' },
    ]);

    // Assigning again changes nothing and writes nothing.
    const again = await callers.admin.post(assign, {
      book_ids: [books[0]],
      to_editor_id: editorA.accountId,
      reason: '重复',
    });
    expect(again.body.data).toEqual({ changed: 0, unchanged: 1 });
    expect(await auditCount('editor.assign_book')).toBe(3);

    const list = await callers.editor.get('/api/admin/editors/books', { editor_id: editorA.accountId });
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.list[0].editors).toEqual([{ editor_id: editorA.accountId, name: editorA.penName }]);
    const editors = await callers.editor.get('/api/admin/editors', { sort: 'book_count', order: 'descend' });
    expect(editors.body.data.list[0]).toMatchObject({ editor_id: editorA.accountId, book_count: 3 });
    expect(editors.body.data.unassigned.books).toBe(0);
  });

  it('moves books from one editor to another in bulk; a book not in the first editor’s portfolio is named', async () => {
    const notTheirs = await callers.admin.post(assign, {
      book_ids: [books[0]],
      from_editor_id: editorB.accountId,
      to_editor_id: editorA.accountId,
      reason: '交接',
    });
    expect(notTheirs.body.errors).toMatchObject({
      field: 'book_ids.0',
      title: `《长夜行${suffix}》不在「${editorB.penName}」名下`,
    });
    const same = await callers.admin.post(assign, {
      book_ids: [books[0]],
      from_editor_id: editorA.accountId,
      to_editor_id: editorA.accountId,
      reason: '交接',
    });
    expect(same.body.errors.field).toBe('to_editor_id');

    const moved = await callers.admin.post(assign, {
      book_ids: [books[0], books[1]],
      from_editor_id: editorA.accountId,
      to_editor_id: editorB.accountId,
      reason: '编辑甲休假，交接给编辑乙',
    });
    expect(moved.body.data).toEqual({ changed: 2, unchanged: 0 });
    expect(await bookEditors(books[0])).toEqual([editorB.accountId]);
    expect(await bookEditors(books[2])).toEqual([editorA.accountId]);
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'editor.move_book')
      .where('target_id', '=', String(books[0]))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      client_id: 2,
      target_type: 'book',
      reason: '编辑甲休假，交接给编辑乙',
      summary: `将《长夜行${suffix}》从「${editorA.penName}」移交给「${editorB.penName}」`,
    });
    expect(JSON.parse(audit.before_json!)).toEqual({ editors: [editorA.penName] });
    expect(JSON.parse(audit.after_json!)).toEqual({ editors: [editorB.penName] });
    const seen = await writerClient.get('/api/author-book/get-new-editors', { book_id: books[0] });
    expect(seen.body.data.list.map((e: { name: string }) => e.name)).toEqual([editorB.penName]);
  });

  it('an editor still responsible for books keeps the role until they are moved', async () => {
    const path = `/api/admin/authors/accounts/${editorB.accountId}/role`;
    const refused = await callers.admin.post(path, { role: 'author', reason: '离职' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors.title).toBe(
      `「${editorB.penName}」还负责2部作品、0位作者，请先在「编辑责任」中移交给其他编辑`,
    );
    const unassign = await callers.admin.post('/api/admin/editors/books/unassign', {
      book_ids: [books[0], books[1]],
      editor_id: editorB.accountId,
      reason: '离职交接',
    });
    expect(unassign.body.data).toEqual({ changed: 2, unchanged: 0 });
    expect(await bookEditors(books[0])).toEqual([]);
    const none = await callers.editor.get('/api/admin/editors/books', { editor_id: 'none' });
    expect(none.body.data.list.map((b: { book_id: number }) => b.book_id).sort()).toEqual([books[0], books[1]].sort());
    expect((await callers.admin.post(path, { role: 'author', reason: '离职' })).body.data.role).toBe('author');
    // Back to editor for the next tests.
    await callers.admin.post(path, { role: 'editor', reason: '返岗' });
  });
});

describe("editors' portfolios: authors", () => {
  const assign = '/api/admin/editors/authors/assign';

  it('assigns an author; their books without an editor of their own show the author’s editor', async () => {
    const body = { account_ids: [writer.accountId], to_editor_id: editorB.accountId, reason: '签约作者对接' };
    expect((await callers.editor.post(assign, body)).status).toBe(403);
    expect((await callers.author.post(assign, body)).status).toBe(403);
    const other = await callers.otherBrandAdmin.post(assign, body);
    expect(other.status).toBe(400);
    expect(await authorEditors(writer.accountId)).toEqual([]);
    const staff = await callers.admin.post(assign, { ...body, account_ids: [editorA.accountId] });
    expect(staff.body.errors).toMatchObject({
      field: 'account_ids.0',
      title: '该作者不存在，或不是本品牌的作者',
    });

    expect((await callers.admin.post(assign, body)).body.data).toEqual({ changed: 1, unchanged: 0 });
    expect(await authorEditors(writer.accountId)).toEqual([editorB.accountId]);
    // books[0] has no editor of its own: the author's editor looks after it.
    const fallback = await writerClient.get('/api/author-book/get-new-editors', { book_id: books[0] });
    expect(fallback.body.data.list).toMatchObject([{ name: editorB.penName, title: '责任编辑' }]);
    // books[2] keeps its own editor.
    const own = await writerClient.get('/api/author-book/get-new-editors', { book_id: books[2] });
    expect(own.body.data.list.map((e: { name: string }) => e.name)).toEqual([editorA.penName]);
    // The console says the same: the book is looked after (by the author's editor), not unassigned.
    const none = await callers.editor.get('/api/admin/editors/books', { editor_id: 'none' });
    expect(none.body.data.list.map((b: { book_id: number }) => b.book_id)).not.toContain(books[0]);
    const all = await callers.editor.get('/api/admin/editors/books', { keyword: `长夜行${suffix}` });
    expect(all.body.data.list[0]).toMatchObject({
      book_id: books[0],
      editors: [],
      author_editors: [{ editor_id: editorB.accountId, name: editorB.penName }],
    });

    const mine = await callers.editor.get('/api/admin/editors/authors', { editor_id: editorB.accountId });
    expect(mine.body.data.list).toMatchObject([
      { account_id: writer.accountId, book_count: 3, editors: [{ editor_id: editorB.accountId }] },
    ]);
    const person = await callers.editor.get(`/api/admin/authors/people/${writer.userId}`);
    expect(person.body.data.accounts[0].editors).toEqual([{ editor_id: editorB.accountId, name: editorB.penName }]);
  });

  it('moves and removes authors, audited per author', async () => {
    const moved = await callers.admin.post(assign, {
      account_ids: [writer.accountId],
      from_editor_id: editorB.accountId,
      to_editor_id: editorA.accountId,
      reason: '调整分工',
    });
    expect(moved.body.data).toEqual({ changed: 1, unchanged: 0 });
    expect(await authorEditors(writer.accountId)).toEqual([editorA.accountId]);
    const wrong = await callers.admin.post('/api/admin/editors/authors/unassign', {
      account_ids: [writer.accountId],
      editor_id: editorB.accountId,
      reason: '测试',
    });
    expect(wrong.body.errors).toMatchObject({
      field: 'account_ids.0',
      title: `「${writer.penName}」不在「${editorB.penName}」名下`,
    });
    const removed = await callers.admin.post('/api/admin/editors/authors/unassign', {
      account_ids: [writer.accountId],
      editor_id: editorA.accountId,
      reason: '作者解约',
    });
    expect(removed.body.data).toEqual({ changed: 1, unchanged: 0 });
    expect(await authorEditors(writer.accountId)).toEqual([]);
    const actions = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('target_type', '=', 'account')
      .where('target_id', '=', String(writer.accountId))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'editor.assign_author',
      'editor.move_author',
      'editor.unassign_author',
    ]);
    expect(actions[2].summary).toBe(`取消「${editorA.penName}」对「${writer.penName}」的负责`);
  });

  it('a platform admin assigns in the brand picked in the brand switcher', async () => {
    callers.platformAdmin.headers['x-console-client'] = '2';
    const res = await callers.platformAdmin.post(assign, {
      account_ids: [writer.accountId],
      to_editor_id: editorA.accountId,
      reason: '平台统一分配',
    });
    delete callers.platformAdmin.headers['x-console-client'];
    expect(res.body.data).toEqual({ changed: 1, unchanged: 0 });
    const row = await t.app.ctx.db
      .selectFrom('author_editors')
      .selectAll()
      .where('account_id', '=', writer.accountId)
      .executeTakeFirstOrThrow();
    expect(row.client_id).toBe(2);
  });
});

describe("editors' portfolios: who may read and change them", () => {
  it('every read: visitor 401, author 403, staff of the brand yes, another brand sees none of it, a platform admin in the brand does', async () => {
    for (const path of ['/api/admin/editors', '/api/admin/editors/books', '/api/admin/editors/authors']) {
      expect((await callers.visitor.get(path)).status, path).toBe(401);
      expect((await callers.author.get(path)).status, path).toBe(403);
      expect((await callers.editor.get(path)).body.data.total, path).toBeGreaterThan(0);
      expect((await callers.admin.get(path)).body.data.total, path).toBeGreaterThan(0);
      const other = await callers.otherBrandAdmin.get(path);
      expect(JSON.stringify(other.body.data.list), path).not.toContain(suffix);
      callers.platformAdmin.headers['x-console-client'] = '2';
      const platform = await callers.platformAdmin.get(path);
      delete callers.platformAdmin.headers['x-console-client'];
      expect(JSON.stringify(platform.body.data.list), path).toContain(suffix);
    }
  });

  it('every removal: visitor 401, author and editor 403, another brand refused, and nothing changes', async () => {
    await callers.admin.post('/api/admin/editors/books/assign', {
      book_ids: [books[1]],
      to_editor_id: editorA.accountId,
      reason: '矩阵测试',
    });
    const before = await auditCount('editor.unassign_book');
    for (const [path, body] of [
      ['/api/admin/editors/books/unassign', { book_ids: [books[1]], editor_id: editorA.accountId, reason: '测试' }],
      [
        '/api/admin/editors/authors/unassign',
        { account_ids: [writer.accountId], editor_id: editorA.accountId, reason: '测试' },
      ],
    ] as const) {
      expect((await callers.visitor.post(path, body)).status, path).toBe(401);
      expect((await callers.author.post(path, body)).status, path).toBe(403);
      expect((await callers.editor.post(path, body)).status, path).toBe(403);
      const other = await callers.otherBrandAdmin.post(path, body);
      expect(other.status, path).toBe(400);
      expect(other.body.errors.field, path).toBe('editor_id');
    }
    expect(await bookEditors(books[1])).toContain(editorA.accountId);
    expect(await auditCount('editor.unassign_book')).toBe(before);
  });

  it('people sub-pages: visitor 401, author 403', async () => {
    for (const sub of ['books', 'sessions', 'sign-ins']) {
      const path = `/api/admin/authors/people/${writer.userId}/${sub}`;
      expect((await callers.visitor.get(path)).status, path).toBe(401);
      expect((await callers.author.get(path)).status, path).toBe(403);
      expect((await callers.editor.get(path)).body.code, path).toBe(200);
    }
  });
});
