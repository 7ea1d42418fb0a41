import { BOOK_KINDS } from '@author-centre/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit, recordNoChange } from '../../platform/audit/audit.ts';
import { authOf } from '../../platform/auth/guards.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { badInput, notFound } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { ReadCache } from '../../platform/http/read-cache.ts';
import { cachedReplyRoute, routeAliases } from '../../platform/http/routes.ts';
import { ActivitiesService, statusOf } from './public-pages.service.ts';
import type { ArticleKind } from './public-pages.tables.ts';
import { sanitizeRichText, textOf } from './sanitize.ts';

const ARTICLE_KINDS = ['announcement', 'signing_policy'] as const satisfies readonly ArticleKind[];
const id = z.coerce.number().int().positive();
const time = z.coerce.number().int().min(0).max(4_102_444_800_000);

const ActivityList = z.object({
  status: z.enum(['all', 'current', 'upcoming', 'past']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(12),
});

const ActivitySave = z
  .object({
    id: id.optional(),
    title: z.string().trim().min(1, '请填写活动标题').max(60),
    summary: z.string().trim().max(200).default(''),
    cover: z.string().trim().max(500).default(''),
    content_html: z.string().max(200_000),
    rules_html: z.string().max(100_000).default(''),
    starts_at: time,
    ends_at: time,
    book_kind: z.enum(['', ...BOOK_KINDS]).default(''),
    min_words: z.coerce.number().int().min(0).max(10_000_000).default(0),
    categories: z.array(z.string().max(40)).max(50).default([]),
    state: z.enum(['draft', 'published']),
    publish_at: time,
    reason: z.string().trim().max(200).optional(),
  })
  .refine((v) => v.ends_at > v.starts_at, { path: ['ends_at'], message: '结束时间需晚于开始时间' });

const ArticleSave = z.object({
  id: id.optional(),
  kind: z.enum(ARTICLE_KINDS),
  title: z.string().trim().min(1, '请填写标题').max(80),
  summary: z.string().trim().max(200).default(''),
  content_html: z.string().max(200_000),
  state: z.enum(['draft', 'published']),
  publish_at: time,
  reason: z.string().trim().max(200).optional(),
});

const cover = (value: string) => {
  if (value && !/^(https:\/\/|\/)/.test(value)) {
    throw badInput('cover', {
      'zh-CN': '封面图地址需以 https:// 或 / 开头',
      'en-US': 'The cover address must start with https:// or /',
    });
  }
  return value;
};

/** Rich text from the console, sanitized; a body with nothing visible is refused. */
const richText = (field: string, html: string, required: boolean) => {
  const clean = sanitizeRichText(html);
  if (required && !textOf(clean) && !/<img\b/.test(clean)) {
    throw badInput(field, { 'zh-CN': '请填写正文内容', 'en-US': 'Write the content' });
  }
  return clean;
};

const articleNotFound = () =>
  notFound({ 'zh-CN': '文章不存在或已下线', 'en-US': 'This article does not exist or was taken down' });

// Input schemas are built once, not per request (building a zod object costs more than a cached reply).
const IdQuery = z.object({ id });
const EnterBody = z.object({ id, book_id: id });
const ArticleListQuery = z.object({
  kind: z.enum(ARTICLE_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * Public pages of §2: the activity centre (activity/list, custom-activity/{id}), articles
 * (article/{id}: announcements and the signing policy) and the book-activity index; written and
 * scheduled in the console, HTML sanitized on the server before it is stored.
 */
export async function publicPagesRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const activities = new ActivitiesService(ctx);
  const open = { config: { auth: 'optional' as const } };
  const author = { config: { auth: 'author' as const } };
  const editor = { config: { auth: 'editor' as const } };

  // ---- activities (public) ---------------------------------------------------------------------
  // The two pages every visitor opens are served from a write-aware cache of the serialized reply
  // (exact within an instance; another instance's save shows within 2 s, as does a publish time passing).
  const cache = new ReadCache();
  // Keyed by the parameters as sent: a reply is only ever stored after they were validated, so a hit
  // needs no parsing.
  const raw = (request: { query: unknown }) => request.query as Record<string, string | undefined>;

  cachedReplyRoute(
    app,
    ['/api/pc/v1/custom-activity/list', '/api/custom-activity/list'],
    'optional',
    cache,
    (request) => {
      const { status, page, page_size } = raw(request);
      return `activities:${request.brand.clientId}:${status}:${page}:${page_size}`;
    },
    (request) => {
      const q = parseInput(ActivityList, request.query, request);
      return activities.list(request.brand.clientId, q.status, q.page, q.page_size);
    },
  );

  routeAliases(
    app,
    'GET',
    ['/api/pc/v1/custom-activity/detail', '/api/custom-activity/detail'],
    open,
    async (request) => {
      const q = parseInput(IdQuery, request.query, request);
      const accountId = request.auth?.clientId === request.brand.clientId ? request.auth.accountId : null;
      return ok(await activities.detail(request.brand.clientId, q.id, accountId));
    },
  );

  routeAliases(
    app,
    'POST',
    ['/api/pc/v1/custom-activity/enter', '/api/custom-activity/enter'],
    author,
    async (request) => {
      const body = parseInput(EnterBody, request.body, request);
      const auth = authOf(request);
      return ok(await activities.enter(auth.clientId, auth.accountId, body.id, body.book_id));
    },
  );

  routeAliases(app, 'GET', ['/api/book-activity/index', '/api/pc/v1/book-activity/index'], author, async (request) => {
    const auth = authOf(request);
    return ok(await activities.bookIndex(auth.clientId, auth.accountId));
  });

  // ---- articles (public) -----------------------------------------------------------------------
  cachedReplyRoute(
    app,
    ['/api/pc/v1/article/detail', '/api/article/detail'],
    'optional',
    cache,
    (request) => `article:${request.brand.clientId}:${raw(request).id}`,
    (request) => publishedArticle(request.brand.clientId, parseInput(IdQuery, request.query, request).id),
  );

  const publishedArticle = async (clientId: number, articleId: number) => {
    const row = await ctx.db
      .selectFrom('articles')
      .select(['id', 'kind', 'title', 'summary', 'content_html', 'publish_at', 'updated_at'])
      .where('id', '=', articleId)
      .where('client_id', '=', clientId)
      .where('state', '=', 'published')
      .where('publish_at', '<=', Date.now())
      .executeTakeFirst();
    if (!row) throw articleNotFound();
    return row;
  };

  routeAliases(app, 'GET', ['/api/pc/v1/article/list', '/api/article/list'], open, async (request) => {
    const q = parseInput(ArticleListQuery, request.query, request);
    let query = ctx.db
      .selectFrom('articles')
      .select(['id', 'kind', 'title', 'summary', 'publish_at'])
      .where('client_id', '=', request.brand.clientId)
      .where('state', '=', 'published')
      .where('publish_at', '<=', Date.now());
    if (q.kind) query = query.where('kind', '=', q.kind);
    return ok({ list: await query.orderBy('publish_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute() });
  });

  // ---- console: activities ---------------------------------------------------------------------
  const ConsoleActivities = listQuery(['starts_at', 'updated_at'], {
    state: z.enum(['draft', 'published']).optional(),
    keyword: z.string().trim().max(60).optional(),
  });

  routeAliases(app, 'GET', ['/api/admin/activities'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(ConsoleActivities, request.query, request);
    let query = ctx.db
      .selectFrom('activities')
      .select([
        'id',
        'title',
        'state',
        'publish_at',
        'starts_at',
        'ends_at',
        'updated_at',
        (eb) =>
          eb
            .selectFrom('activity_entries')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('activity_entries.activity_id', '=', 'activities.id')
            .as('entries'),
      ])
      .where('client_id', '=', staff.clientId);
    if (q.state) query = query.where('state', '=', q.state);
    if (q.keyword) query = query.where(containsText('title', q.keyword));
    const page = await pageOf(query, q, {
      sorts: { starts_at: 'starts_at', updated_at: 'updated_at' },
      defaultSort: 'starts_at',
      defaultOrder: 'descend',
      tiebreak: 'id',
    });
    const now = Date.now();
    return ok({
      ...page,
      list: page.list.map((r) => ({ ...r, entries: Number(r.entries ?? 0), status: statusOf(r, now) })),
    });
  });

  routeAliases(app, 'GET', ['/api/admin/activities/detail'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(IdQuery, request.query, request);
    const row = await ctx.db
      .selectFrom('activities')
      .selectAll()
      .where('id', '=', q.id)
      .where('client_id', '=', staff.clientId)
      .executeTakeFirst();
    if (!row) throw notFound({ 'zh-CN': '没有这个活动', 'en-US': 'There is no such activity' });
    return ok({ ...row, categories: JSON.parse(row.categories) as string[] });
  });

  routeAliases(app, 'POST', ['/api/admin/activities/save'], editor, async (request) => {
    const body = parseInput(ActivitySave, request.body, request);
    const values = {
      title: body.title,
      summary: body.summary,
      cover: cover(body.cover),
      content_html: richText('content_html', body.content_html, true),
      rules_html: richText('rules_html', body.rules_html, false),
      starts_at: body.starts_at,
      ends_at: body.ends_at,
      book_kind: body.book_kind,
      min_words: body.min_words,
      categories: JSON.stringify(body.categories),
      state: body.state,
      publish_at: body.publish_at,
    };
    return ok(
      await savePublished(request, {
        table: 'activities',
        id: body.id,
        values,
        reason: body.reason,
        noun: '活动',
        missing: { 'zh-CN': '没有这个活动', 'en-US': 'There is no such activity' },
      }),
    );
  });

  // ---- console: articles -----------------------------------------------------------------------
  const ConsoleArticles = listQuery(['publish_at', 'updated_at'], {
    kind: z.enum(ARTICLE_KINDS).optional(),
    state: z.enum(['draft', 'published']).optional(),
    keyword: z.string().trim().max(60).optional(),
  });

  routeAliases(app, 'GET', ['/api/admin/articles'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(ConsoleArticles, request.query, request);
    let query = ctx.db
      .selectFrom('articles')
      .select(['id', 'kind', 'title', 'state', 'publish_at', 'updated_at'])
      .where('client_id', '=', staff.clientId);
    if (q.kind) query = query.where('kind', '=', q.kind);
    if (q.state) query = query.where('state', '=', q.state);
    if (q.keyword) query = query.where(containsText('title', q.keyword));
    return ok(
      await pageOf(query, q, {
        sorts: { publish_at: 'publish_at', updated_at: 'updated_at' },
        defaultSort: 'updated_at',
        defaultOrder: 'descend',
        tiebreak: 'id',
      }),
    );
  });

  routeAliases(app, 'GET', ['/api/admin/articles/detail'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(IdQuery, request.query, request);
    const row = await ctx.db
      .selectFrom('articles')
      .selectAll()
      .where('id', '=', q.id)
      .where('client_id', '=', staff.clientId)
      .executeTakeFirst();
    if (!row) throw notFound({ 'zh-CN': '没有这篇文章', 'en-US': 'There is no such article' });
    return ok(row);
  });

  routeAliases(app, 'POST', ['/api/admin/articles/save'], editor, async (request) => saveArticle(request));

  async function saveArticle(request: FastifyRequest) {
    const body = parseInput(ArticleSave, request.body, request);
    const values = {
      kind: body.kind,
      title: body.title,
      summary: body.summary,
      content_html: richText('content_html', body.content_html, true),
      state: body.state,
      publish_at: body.publish_at,
    };
    return ok(
      await savePublished(request, {
        table: 'articles',
        id: body.id,
        values,
        reason: body.reason,
        noun: '文章',
        missing: { 'zh-CN': '没有这篇文章', 'en-US': 'There is no such article' },
      }),
    );
  }

  /**
   * Creates or changes an activity or article of the staff member's brand in one transaction with its audit entry;
   * a save that changes nothing is recorded as such and writes nothing.
   */
  async function savePublished<T extends 'activities' | 'articles'>(
    request: FastifyRequest,
    save: {
      table: T;
      id: number | undefined;
      values: Record<string, string | number> & { title: string; state: 'draft' | 'published' };
      reason: string | undefined;
      /** What the audit summary calls it. */
      noun: string;
      missing: { 'zh-CN': string; 'en-US': string };
    },
  ): Promise<{ id: number; state: string }> {
    const staff = staffOf(request);
    const kind = save.table === 'activities' ? 'activity' : 'article';
    return inTransaction(ctx.db, async (tx) => {
      const now = Date.now();
      const table = save.table as 'articles';
      const before = save.id
        ? await tx
            .selectFrom(table)
            .selectAll()
            .where('id', '=', save.id)
            .where('client_id', '=', staff.clientId)
            .executeTakeFirst()
        : undefined;
      if (save.id && !before) throw notFound(save.missing);
      if (before && Object.entries(save.values).every(([k, v]) => before[k as keyof typeof before] === v)) {
        recordNoChange(request);
        return { id: before.id, state: before.state };
      }
      const values = save.values as never;
      const after = before
        ? await tx
            .updateTable(table)
            .set({ ...(values as object), updated_at: now })
            .where('id', '=', before.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await tx
            .insertInto(table)
            .values({ ...(values as object), client_id: staff.clientId, created_at: now, updated_at: now } as never)
            .returningAll()
            .executeTakeFirstOrThrow();
      await recordAudit(tx, request, {
        action: `${kind}.${before ? 'update' : 'create'}`,
        targetType: kind,
        targetId: after.id,
        summary: `${before ? '修改' : '新建'}${save.noun}「${after.title}」（${after.state === 'published' ? '发布' : '草稿'}）`,
        reason: save.reason,
        before,
        after,
      });
      return { id: after.id, state: after.state };
    });
  }
}
