import { isMobile, maskPhone } from '@author-centre/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ipForStaff, listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { badInput } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { sessionOrigins, signInsOf } from '../auth/sign-in-log.ts';
import {
  accountSearch,
  accountsOfPerson,
  bookCountsOf,
  booksOfPerson,
  editorsOfAuthors,
  editorsOfBooks,
  editorsWithCounts,
  liveSessionsOf,
  num,
  personOf,
  portfolioAuthors,
  portfolioBooks,
  type SearchBy,
  unassignedCounts,
} from './people.repository.ts';
import { MAX_BULK, PeopleService, personNotFound, reasonOf } from './people.service.ts';

const editor = { config: { auth: 'editor' as const } };
const admin = { config: { auth: 'admin' as const } };

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const UserParams = z.object({ user_id: id });
const AccountParams = z.object({ account_id: id });

const SEARCH_BY = ['pen_name', 'phone', 'account_id', 'user_id', 'book'] as const;

const AuthorsQuery = listQuery(['pen_name', 'created_at', 'account_id', 'level'], {
  /** What `q` is: a pen name's beginning, a phone, an account id, a user id, or a book (id or title words). */
  by: z.enum(SEARCH_BY).default('pen_name'),
  q: z.string().trim().max(50).optional(),
  role: z.enum(['author', 'editor', 'admin']).optional(),
});

const BooksQuery = listQuery(['updated_at', 'created_at', 'title', 'total_words'], {
  include_deleted: z.enum(['0', '1']).optional(),
});
const SessionsQuery = listQuery(['last_seen_at', 'created_at'], {});
const SignInsQuery = listQuery(['created_at'], {
  result: z.enum(['ok', 'code_refused', 'wrong_password']).optional(),
  method: z.enum(['code', 'password', 'register']).optional(),
});

const EditorsQuery = listQuery(['pen_name', 'book_count', 'author_count', 'created_at'], {
  keyword: z.string().trim().max(30).optional(),
});
/** `editor_id`: an editor's account id, or 'none' for what has no editor yet. */
const editorFilter = z.union([z.literal('none'), id]).optional();
const PortfolioBooksQuery = listQuery(['updated_at', 'created_at', 'title', 'total_words'], {
  editor_id: editorFilter,
  keyword: z.string().trim().max(50).optional(),
});
const PortfolioAuthorsQuery = listQuery(['pen_name', 'created_at', 'level'], {
  editor_id: editorFilter,
  keyword: z.string().trim().max(30).optional(),
});

const RoleBody = z.object({ role: z.enum(['author', 'editor', 'admin']), reason: z.unknown().optional() });
const EndSessionsBody = z.object({
  /** The sessions to end; absent (or `all: true`) ends every live session of the person. */
  session_ids: z
    .array(z.string().regex(/^[0-9a-f]{64}$/))
    .max(100)
    .optional(),
  all: z.boolean().optional(),
  reason: z.unknown().optional(),
});
const idList = z.array(id).min(1).max(MAX_BULK);
const AssignBody = (field: 'book_ids' | 'account_ids') =>
  z.object({
    [field]: idList,
    to_editor_id: id,
    /** Moving: the editor they are taken from (each must be in that editor's portfolio). */
    from_editor_id: id.optional(),
    reason: z.unknown().optional(),
  });
const UnassignBody = (field: 'book_ids' | 'account_ids') =>
  z.object({ [field]: idList, editor_id: id, reason: z.unknown().optional() });

/** '张三' → '张*': enough for staff to confirm a person on the phone, not to copy their name. */
const maskName = (name: string | null) =>
  name ? `${[...name][0]}${'*'.repeat(Math.max(1, [...name].length - 1))}` : '';

/**
 * The operations console's authors (search, a person's pen names, books, sessions, sign-ins and
 * roles) and editors' portfolios, under /api/admin/authors and /api/admin/editors. Staff read;
 * only admins change roles, end sessions and assign editors.
 */
export async function staffPeopleRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const people = new PeopleService(ctx);
  const open = (sealed: string | null) => ctx.personalData.openOrNull(sealed);

  routeAliases(app, 'GET', ['/api/admin/authors'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(AuthorsQuery, request.query, request);
    const text = q.q ?? '';
    const search: Parameters<typeof accountSearch>[3] = { by: q.by as SearchBy, role: q.role };
    if (text) {
      if (q.by === 'pen_name') search.text = text;
      else if (q.by === 'phone') {
        if (!isMobile(text)) {
          throw badInput('q', {
            'zh-CN': '请输入完整的11位手机号（手机号按完整号码精确查找）',
            'en-US': 'Enter the whole 11-digit phone number (phones are matched exactly)',
          });
        }
        search.phoneHash = ctx.personalData.index('phone', text);
      } else if (q.by === 'book') {
        if (/^\d+$/.test(text)) search.id = Number(text);
        else search.text = text;
      } else {
        if (!/^\d{1,15}$/.test(text)) {
          throw badInput('q', { 'zh-CN': 'ID只能是数字', 'en-US': 'An id is a number' });
        }
        search.id = Number(text);
      }
    }
    // A pen-name search is read in pen-name order along the index, so a page costs the same however
    // many pen names share the prefix.
    const byPrefix = q.by === 'pen_name' && text !== '';
    const page = await pageOf(accountSearch(ctx.db, ctx.engine, staff.clientId, search), q, {
      sorts: {
        pen_name: 'accounts.pen_name',
        created_at: 'accounts.created_at',
        account_id: 'accounts.id',
        level: 'accounts.level',
      },
      defaultSort: byPrefix ? 'pen_name' : 'created_at',
      defaultOrder: byPrefix ? 'ascend' : 'descend',
      tiebreak: 'accounts.id',
    });
    // A pen name without a phone of its own signs in with its person's phone.
    const withoutPhone = [...new Set(page.list.filter((r) => !r.phone_enc).map((r) => r.user_id))];
    const userPhones = new Map<number, string | null>();
    if (withoutPhone.length) {
      const rows = await ctx.db
        .selectFrom('users')
        .select(['id', 'phone_enc'])
        .where('client_id', '=', staff.clientId)
        .where('id', 'in', withoutPhone)
        .execute();
      for (const r of rows) userPhones.set(r.id, r.phone_enc);
    }
    const bookCounts = await bookCountsOf(
      ctx.db,
      page.list.map((r) => r.account_id),
    );
    return ok({
      ...page,
      list: page.list.map(({ phone_enc, ...row }) => ({
        ...row,
        book_count: bookCounts.get(row.account_id) ?? 0,
        phone: maskPhone(open(phone_enc ?? userPhones.get(row.user_id) ?? null)),
      })),
    });
  });

  routeAliases(app, 'GET', ['/api/admin/authors/people/:user_id'], editor, async (request) => {
    const staff = staffOf(request);
    const { user_id } = parseInput(UserParams, request.params, request);
    const person = await personOf(ctx.db, staff.clientId, user_id);
    if (!person) throw personNotFound();
    const accounts = await accountsOfPerson(ctx.db, staff.clientId, user_id);
    const editors = await editorsOfAuthors(
      ctx.db,
      staff.clientId,
      accounts.map((a) => a.account_id),
    );
    const live = await liveSessionsOf(ctx.db, staff.clientId, user_id)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const isSelf = user_id === staff.userId;
    return ok({
      user_id,
      phone: maskPhone(open(person.phone_enc)),
      real_name: maskName(open(person.real_name_enc)),
      id_verified: person.id_card_enc ? 1 : 0,
      has_password: person.password_hash ? 1 : 0,
      created_at: person.created_at,
      live_sessions: num(live?.n),
      editor_title: ctx.brands.get(staff.clientId).editorTitle,
      accounts: accounts.map(({ phone_enc, ...a }) => ({
        ...a,
        book_count: num(a.book_count),
        phone: maskPhone(open(phone_enc) ?? open(person.phone_enc)),
        editors: editors.get(a.account_id) ?? [],
      })),
      /** What the caller may do here (the server checks again on every action). */
      can: {
        change_roles: staff.role === 'admin' && !isSelf,
        end_sessions: staff.role === 'admin',
      },
      is_self: isSelf ? 1 : 0,
    });
  });

  routeAliases(app, 'GET', ['/api/admin/authors/people/:user_id/books'], editor, async (request) => {
    const staff = staffOf(request);
    const { user_id } = parseInput(UserParams, request.params, request);
    const q = parseInput(BooksQuery, request.query, request);
    if (!(await personOf(ctx.db, staff.clientId, user_id))) throw personNotFound();
    const page = await pageOf(booksOfPerson(ctx.db, staff.clientId, user_id, q.include_deleted === '1'), q, {
      sorts: {
        updated_at: 'books.updated_at',
        created_at: 'books.created_at',
        title: 'books.title',
        total_words: 'books.total_words',
      },
      defaultSort: 'updated_at',
      defaultOrder: 'descend',
      tiebreak: 'books.id',
    });
    const editors = await editorsOfBooks(
      ctx.db,
      staff.clientId,
      page.list.map((b) => b.book_id),
    );
    return ok({ ...page, list: page.list.map((b) => ({ ...b, editors: editors.get(b.book_id) ?? [] })) });
  });

  routeAliases(app, 'GET', ['/api/admin/authors/people/:user_id/sessions'], editor, async (request) => {
    const staff = staffOf(request);
    const { user_id } = parseInput(UserParams, request.params, request);
    const q = parseInput(SessionsQuery, request.query, request);
    if (!(await personOf(ctx.db, staff.clientId, user_id))) throw personNotFound();
    const page = await pageOf(liveSessionsOf(ctx.db, staff.clientId, user_id), q, {
      sorts: { last_seen_at: 'sessions.last_seen_at', created_at: 'sessions.created_at' },
      defaultSort: 'last_seen_at',
      defaultOrder: 'descend',
      tiebreak: 'sessions.id',
    });
    const origins = await sessionOrigins(
      ctx.db,
      page.list.map((s) => s.session_id),
    );
    return ok({
      ...page,
      list: page.list.map((s) => ({
        ...s,
        ip: ipForStaff(staff, origins.get(s.session_id)?.ip ?? ''),
        user_agent: origins.get(s.session_id)?.user_agent ?? '',
        method: origins.get(s.session_id)?.method ?? '',
        /** The session this very console request is made with. */
        current: s.session_id === staff.sessionId ? 1 : 0,
      })),
    });
  });

  routeAliases(app, 'GET', ['/api/admin/authors/people/:user_id/sign-ins'], editor, async (request) => {
    const staff = staffOf(request);
    const { user_id } = parseInput(UserParams, request.params, request);
    const q = parseInput(SignInsQuery, request.query, request);
    if (!(await personOf(ctx.db, staff.clientId, user_id))) throw personNotFound();
    let query = signInsOf(ctx.db, staff.clientId, user_id);
    if (q.result) query = query.where('sign_in_log.result', '=', q.result);
    if (q.method) query = query.where('sign_in_log.method', '=', q.method);
    const page = await pageOf(query, q, {
      sorts: { created_at: 'sign_in_log.created_at' },
      defaultSort: 'created_at',
      defaultOrder: 'descend',
      tiebreak: 'sign_in_log.id',
    });
    const ids = page.list.map((r) => r.session_id).filter((s): s is string => s !== null);
    const live = new Set(
      ids.length
        ? (await liveSessionsOf(ctx.db, staff.clientId, user_id).where('sessions.id', 'in', ids).execute()).map(
            (s) => s.session_id,
          )
        : [],
    );
    return ok({
      ...page,
      list: page.list.map(({ session_id, ...row }) => ({
        ...row,
        ip: ipForStaff(staff, row.ip),
        /** The session this sign-in started is still open (it can be ended under 会话). */
        session_live: session_id && live.has(session_id) ? 1 : 0,
      })),
    });
  });

  routeAliases(app, 'POST', ['/api/admin/authors/people/:user_id/sessions/end'], admin, async (request) => {
    const { user_id } = parseInput(UserParams, request.params, request);
    const body = parseInput(EndSessionsBody, request.body, request);
    const reason = reasonOf(body.reason);
    const which = body.all || !body.session_ids?.length ? 'all' : body.session_ids;
    return ok(await people.endSessions(request, user_id, which, reason));
  });

  routeAliases(app, 'POST', ['/api/admin/authors/accounts/:account_id/role'], admin, async (request) => {
    const { account_id } = parseInput(AccountParams, request.params, request);
    const body = parseInput(RoleBody, request.body, request);
    const reason = reasonOf(body.reason);
    return ok(await people.changeRole(request, account_id, body.role, reason));
  });

  // ---- editors' portfolios ------------------------------------------------------------------

  routeAliases(app, 'GET', ['/api/admin/editors'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(EditorsQuery, request.query, request);
    const page = await pageOf(editorsWithCounts(ctx.db, staff.clientId, q.keyword), q, {
      sorts: {
        pen_name: 'accounts.pen_name',
        book_count: 'book_count',
        author_count: 'author_count',
        created_at: 'accounts.created_at',
      },
      defaultSort: 'pen_name',
      defaultOrder: 'ascend',
      tiebreak: 'accounts.id',
    });
    return ok({
      ...page,
      list: page.list.map((e) => ({ ...e, book_count: num(e.book_count), author_count: num(e.author_count) })),
      unassigned: await unassignedCounts(ctx.db, staff.clientId),
      editor_title: ctx.brands.get(staff.clientId).editorTitle,
    });
  });

  routeAliases(app, 'GET', ['/api/admin/editors/books'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(PortfolioBooksQuery, request.query, request);
    const page = await pageOf(portfolioBooks(ctx.db, staff.clientId, q.editor_id, q.keyword), q, {
      sorts: {
        updated_at: 'books.updated_at',
        created_at: 'books.created_at',
        title: 'books.title',
        total_words: 'books.total_words',
      },
      defaultSort: 'updated_at',
      defaultOrder: 'descend',
      tiebreak: 'books.id',
    });
    const editors = await editorsOfBooks(
      ctx.db,
      staff.clientId,
      page.list.map((b) => b.book_id),
    );
    const authorEditors = await editorsOfAuthors(ctx.db, staff.clientId, [
      ...new Set(page.list.map((b) => b.account_id)),
    ]);
    return ok({
      ...page,
      list: page.list.map((b) => ({
        ...b,
        editors: editors.get(b.book_id) ?? [],
        /** The author's editors, who look after the book while it has none of its own (what the author sees). */
        author_editors: authorEditors.get(b.account_id) ?? [],
      })),
    });
  });

  routeAliases(app, 'GET', ['/api/admin/editors/authors'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(PortfolioAuthorsQuery, request.query, request);
    const page = await pageOf(portfolioAuthors(ctx.db, staff.clientId, q.editor_id, q.keyword), q, {
      sorts: { pen_name: 'accounts.pen_name', created_at: 'accounts.created_at', level: 'accounts.level' },
      defaultSort: 'pen_name',
      defaultOrder: 'ascend',
      tiebreak: 'accounts.id',
    });
    const editors = await editorsOfAuthors(
      ctx.db,
      staff.clientId,
      page.list.map((a) => a.account_id),
    );
    return ok({
      ...page,
      list: page.list.map((a) => ({ ...a, book_count: num(a.book_count), editors: editors.get(a.account_id) ?? [] })),
    });
  });

  for (const kind of ['books', 'authors'] as const) {
    const field = kind === 'books' ? 'book_ids' : 'account_ids';
    routeAliases(app, 'POST', [`/api/admin/editors/${kind}/assign`], admin, async (request) => {
      const body = parseInput(AssignBody(field), request.body, request) as {
        to_editor_id: number;
        from_editor_id?: number;
        reason: unknown;
      } & Record<typeof field, number[]>;
      const reason = reasonOf(body.reason);
      const operation =
        body.from_editor_id !== undefined
          ? { op: 'move' as const, fromEditorId: body.from_editor_id, toEditorId: body.to_editor_id }
          : { op: 'assign' as const, toEditorId: body.to_editor_id };
      return ok(await people.changePortfolio(request, kind, body[field], operation, reason));
    });
    routeAliases(app, 'POST', [`/api/admin/editors/${kind}/unassign`], admin, async (request) => {
      const body = parseInput(UnassignBody(field), request.body, request) as {
        editor_id: number;
        reason: unknown;
      } & Record<typeof field, number[]>;
      const reason = reasonOf(body.reason);
      return ok(
        await people.changePortfolio(request, kind, body[field], { op: 'unassign', editorId: body.editor_id }, reason),
      );
    });
  }
}
