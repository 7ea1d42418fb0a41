import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit, recordNoChange } from '../../platform/audit/audit.ts';
import { listQuery, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { type Audit, helpServiceOf } from './help.service.ts';

const Ids = z.string().regex(/^\d{1,9}-\d{1,9}$/, 'must look like 1-12 (category-question)');
const Number_ = z.coerce.number().int().min(1).max(999_999_999);

/** A visitor's browser, for one "did this solve it?" answer and one page view per period without a login. */
const VISITOR_COOKIE = 'ac_hv';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const VISITOR_MAX_AGE_S = 365 * 24 * 60 * 60;

/** One answer per logged-in author, else per browser (an anonymous visitor cookie, set when first needed). */
function voterOf(request: FastifyRequest, reply?: FastifyReply): string | null {
  if (request.auth) return `a:${request.auth.accountId}`;
  const known = request.cookies[VISITOR_COOKIE];
  if (known && VISITOR_ID.test(known)) return `v:${known}`;
  if (!reply) return null;
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.ctx.config.isProduction,
    maxAge: VISITOR_MAX_AGE_S,
  });
  return `v:${id}`;
}

/** Left out of an edit, description and sort keep their value; a new category goes last. */
const CategoryInput = z.object({
  id: Number_.optional(),
  name: z.string().trim().min(1).max(30),
  description: z.string().trim().max(200).optional(),
  sort: z.coerce.number().int().min(0).max(100_000).optional(),
});

/** help_articles.asked at most: a standard article's ways of asking (up to 263 lines) hold under 6,500 characters. */
const ASKED_MAX_CHARS = 20_000;
/** One way of asking, as the console's "nothing found" list adds it (a longer question is refused, saying so). */
const ASKED_LINE_MAX_CHARS = 200;

/**
 * Left out of an edit, keywords, asked, popular, status and sort keep their value; a new article is
 * published unless `status` is 0 (the console creates drafts and publishes with its own call).
 */
const ArticleInput = z.object({
  id: Number_.optional(),
  category_id: Number_,
  title: z.string().trim().min(2).max(100),
  body: z.string().trim().min(1).max(20_000),
  keywords: z.string().trim().max(500).optional(),
  /** How authors ask what it answers, a question a line. */
  asked: z.string().trim().max(ASKED_MAX_CHARS).optional(),
  popular: z.union([z.literal(0), z.literal(1)]).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  sort: z.coerce.number().int().min(0).max(100_000).optional(),
  updated_at: z.number().int().min(0).optional(),
});

/** Why an article is taken down or deleted (optional; kept in the audit log). */
const Reason = z.string().trim().max(200).optional();

const CategoriesQuery = listQuery(['sort', 'name', 'updated_at'], {});

const ArticlesQuery = listQuery(['updated_at', 'sort', 'number', 'title', 'pv', 'solved_no'], {
  category_id: Number_.optional(),
  state: z.enum(['published', 'draft']).optional(),
  keyword: z.string().trim().max(100).optional(),
});

/**
 * The help centre (§2 help-center pages, §7 help calls: index, category, search, solve, pv; plus the
 * article itself) for everyone, logged in or not; its content is managed by the brand's admins.
 */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  const help = helpServiceOf(app.ctx);
  await help.seedAll();

  const open = { config: { auth: 'optional' as const } };

  routeAliases(app, 'GET', ['/api/pc/v1/help/index', '/api/help/index'], open, async (request) =>
    ok(await help.home(request.brand.clientId)),
  );

  routeAliases(app, 'GET', ['/api/pc/v1/help/category', '/api/help/category'], open, async (request) => {
    const q = parseInput(z.object({ category_id: Number_.optional() }), request.query, request);
    return ok(await help.questions(request.brand.clientId, q.category_id));
  });

  routeAliases(app, 'GET', ['/api/pc/v1/help/detail', '/api/help/detail'], open, async (request) => {
    const q = parseInput(z.object({ ids: Ids }), request.query, request);
    return ok(await help.detail(request.brand.clientId, q.ids, voterOf(request)));
  });

  routeAliases(app, 'GET', ['/api/pc/v1/help/search', '/api/help/search'], open, async (request) => {
    const q = parseInput(
      z.object({
        keyword: z.string().trim().min(1).max(100),
        page: z.coerce.number().int().min(1).max(1000).default(1),
        page_size: z.coerce.number().int().min(1).max(50).default(10),
      }),
      request.query,
      request,
    );
    return ok(await help.search(request.brand.clientId, q.keyword, q.page, q.page_size));
  });

  routeAliases(app, 'POST', ['/api/pc/v1/help/pv', '/api/help/pv'], open, async (request, reply) => {
    const b = parseInput(z.object({ ids: Ids }), request.body, request);
    return ok(await help.recordView(request.brand.clientId, b.ids, voterOf(request, reply)!));
  });

  routeAliases(app, 'POST', ['/api/pc/v1/help/solve', '/api/help/solve'], open, async (request, reply) => {
    const b = parseInput(z.object({ ids: Ids, solved: z.union([z.literal(0), z.literal(1)]) }), request.body, request);
    return ok(await help.solve(request.brand.clientId, b.ids, voterOf(request, reply)!, b.solved));
  });

  // ---- operations console: the brand's admins manage categories and articles ----
  // Help content is an admin's job (decisions.md: an admin runs a brand's help content); editors
  // read the AI questions log instead (ai-assistant module). Each path under /api/admin is the
  // console's; the /api/pc/v1/admin names are the first admin API's, the same handlers.
  const admin = { config: { auth: 'admin' as const } };
  /** Records in the audit log, with the reason the staff member gave for taking an article down, if any. */
  const auditOf =
    (request: FastifyRequest, reason?: string): Audit =>
    (tx, entry) =>
      recordAudit(tx, request, { ...entry, reason: entry.reason ?? reason });

  routeAliases(
    app,
    'GET',
    ['/api/admin/help/categories', '/api/pc/v1/admin/help/categories'],
    admin,
    async (request) => {
      const q = parseInput(CategoriesQuery, request.query, request);
      return ok(await help.adminCategories(staffOf(request).clientId, q));
    },
  );

  routeAliases(
    app,
    'POST',
    ['/api/admin/help/category/save', '/api/pc/v1/admin/help/category/save'],
    admin,
    async (request) => {
      const { id, ...input } = parseInput(CategoryInput, request.body, request);
      return ok(await help.saveCategory(staffOf(request).clientId, id, input, auditOf(request)));
    },
  );

  routeAliases(app, 'POST', ['/api/admin/help/category/reorder'], admin, async (request) => {
    const b = parseInput(z.object({ ids: z.array(Number_).min(1).max(200) }), request.body, request);
    return ok(await help.reorderCategories(staffOf(request).clientId, b.ids, auditOf(request)));
  });

  routeAliases(
    app,
    'POST',
    ['/api/admin/help/category/delete', '/api/pc/v1/admin/help/category/delete'],
    admin,
    async (request) => {
      const b = parseInput(z.object({ id: Number_ }), request.body, request);
      return ok(await help.deleteCategory(staffOf(request).clientId, b.id, auditOf(request)));
    },
  );

  routeAliases(app, 'GET', ['/api/admin/help/articles', '/api/pc/v1/admin/help/articles'], admin, async (request) => {
    const q = parseInput(ArticlesQuery, request.query, request);
    return ok(await help.adminArticles(staffOf(request).clientId, q));
  });

  routeAliases(app, 'GET', ['/api/admin/help/article', '/api/pc/v1/admin/help/article'], admin, async (request) => {
    const q = parseInput(z.object({ id: Number_ }), request.query, request);
    return ok(await help.adminArticle(staffOf(request).clientId, q.id));
  });

  routeAliases(
    app,
    'POST',
    ['/api/admin/help/article/save', '/api/pc/v1/admin/help/article/save'],
    admin,
    async (request) => {
      const { id, ...input } = parseInput(ArticleInput, request.body, request);
      return ok(await help.saveArticle(staffOf(request).clientId, id, input, auditOf(request)));
    },
  );

  // A question that found nothing, added to the ways of asking of the article that answers it.
  routeAliases(app, 'POST', ['/api/admin/help/article/add-asked'], admin, async (request) => {
    const b = parseInput(
      z.object({
        id: Number_,
        question: z
          .string()
          .trim()
          .min(1)
          .max(ASKED_LINE_MAX_CHARS)
          .refine((q) => !q.includes('\n'), 'question: 一次添加一个问法，不能换行'),
      }),
      request.body,
      request,
    );
    const result = await help.addAsked(staffOf(request).clientId, b.id, b.question, auditOf(request));
    if (!result.added) recordNoChange(request);
    return ok(result);
  });

  routeAliases(app, 'POST', ['/api/admin/help/article/status'], admin, async (request) => {
    const b = parseInput(
      z.object({ id: Number_, status: z.union([z.literal(0), z.literal(1)]), reason: Reason }),
      request.body,
      request,
    );
    const result = await help.setArticleStatus(staffOf(request).clientId, b.id, b.status, auditOf(request, b.reason));
    if (!result.changed) recordNoChange(request);
    return ok(result);
  });

  routeAliases(
    app,
    'POST',
    ['/api/admin/help/article/delete', '/api/pc/v1/admin/help/article/delete'],
    admin,
    async (request) => {
      const b = parseInput(z.object({ id: Number_, reason: Reason }), request.body, request);
      return ok(await help.deleteArticle(staffOf(request).clientId, b.id, auditOf(request, b.reason)));
    },
  );
}
