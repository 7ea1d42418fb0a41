import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { badInput, notFound, rateLimited } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { onLogout } from '../auth/services.ts';
import { DiscourseEnv, DiscourseForum } from './discourse.ts';
import { EmbeddedForum } from './embedded.ts';
import { forumModerationRoutes } from './forum.moderation.ts';
import { type ForumAuthor, type ForumProvider, FORUM_LIMITS as L } from './forum-provider.ts';

/** The configured forum: FORUM_PROVIDER=discourse (with its DISCOURSE_* settings), else the embedded one. */
export function createForum(ctx: AppContext): ForumProvider {
  const kind = ctx.config.env.FORUM_PROVIDER ?? 'embedded';
  if (kind === 'embedded') return new EmbeddedForum(ctx);
  if (kind !== 'discourse') throw new Error(`FORUM_PROVIDER: must be 'embedded' or 'discourse'`);
  const parsed = DiscourseEnv.safeParse(ctx.config.env);
  if (!parsed.success) {
    throw new Error(`FORUM_PROVIDER=discourse: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  }
  return new DiscourseForum(parsed.data);
}

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(50).default(20);
const text = (min: number, max: number, zh: string) => z.string().trim().min(min, zh).max(max);

// Input schemas are built once, not per request (building a zod object costs more than a cached reply).
const ThreadsQuery = z.object({ category: z.coerce.number().int().positive(), page, page_size: pageSize });
const IdQuery = z.object({ id: z.coerce.number().int().positive() });
const ThreadBody = z.object({
  category: z.coerce.number().int().positive(),
  title: text(L.title.min, L.title.max, `标题需要${L.title.min}到${L.title.max}个字`),
  body: text(L.body.min, L.body.max, `内容需要${L.body.min}到${L.body.max}个字`),
});
const ReplyBody = z.object({
  thread_id: z.coerce.number().int().positive(),
  body: text(L.reply.min, L.reply.max, `回复需要${L.reply.min}到${L.reply.max}个字`),
});
const MyPostsQuery = z.object({ type: z.enum(['thread', 'reply']).default('thread'), page, page_size: pageSize });

/** What a refused post says before rateLimited's "please try again in …": the hourly limit that was reached. */
export function postingLimitMessage(what: 'thread' | 'reply') {
  return what === 'thread'
    ? {
        'zh-CN': `每小时最多发${L.threadsPerHour}个主题`,
        'en-US': `You can start at most ${L.threadsPerHour} threads an hour`,
      }
    : {
        'zh-CN': `每小时最多发${L.repliesPerHour}条回复`,
        'en-US': `You can post at most ${L.repliesPerHour} replies an hour`,
      };
}

/**
 * The forum (§7 bbsGet/bbsPost: categories, threads, posts; sso; §2 my-post; §4 forum logout)
 * through the configured provider. Reading is public; posting and my-post need an author.
 */
export async function forumRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const forum = createForum(ctx);
  const open = { config: { auth: 'optional' as const } };
  const author = { config: { auth: 'author' as const } };

  const authorOf = async (request: FastifyRequest): Promise<ForumAuthor> => {
    const auth = authOf(request);
    const account = await ctx.db
      .selectFrom('accounts')
      .select('pen_name')
      .where('id', '=', auth.accountId)
      .executeTakeFirstOrThrow();
    return { clientId: auth.clientId, userId: auth.userId, accountId: auth.accountId, penName: account.pen_name };
  };

  // Reporting a post, and the console's moderation of the embedded forum (forum.moderation.ts).
  forumModerationRoutes(app, forum);

  // Logging out of the author centre logs out of the forum too (§4).
  onLogout(ctx, (who) => forum.logout({ clientId: who.clientId, userId: who.userId }));

  routeAliases(app, 'GET', ['/api/bbs/categories', '/api/pc/v1/bbs/categories'], open, async (request) =>
    ok({ provider: forum.name, list: await forum.categories(request.brand.clientId) }),
  );

  routeAliases(app, 'GET', ['/api/bbs/threads', '/api/pc/v1/bbs/threads'], open, async (request) => {
    const q = parseInput(ThreadsQuery, request.query, request);
    return ok(await forum.threads(request.brand.clientId, q.category, q.page, q.page_size));
  });

  routeAliases(app, 'GET', ['/api/bbs/thread', '/api/pc/v1/bbs/thread'], open, async (request) => {
    const q = parseInput(IdQuery, request.query, request);
    return ok(await forum.thread(request.brand.clientId, q.id));
  });

  routeAliases(app, 'POST', ['/api/bbs/thread', '/api/pc/v1/bbs/thread'], author, async (request) => {
    const body = parseInput(ThreadBody, request.body, request);
    await limit(request, 'thread');
    return ok(await forum.createThread(await authorOf(request), body));
  });

  routeAliases(app, 'POST', ['/api/bbs/reply', '/api/pc/v1/bbs/reply'], author, async (request) => {
    const body = parseInput(ReplyBody, request.body, request);
    await limit(request, 'reply');
    return ok(await forum.reply(await authorOf(request), { threadId: body.thread_id, body: body.body }));
  });

  /** /front/my-post: the author's threads or replies, with their state, from the configured forum. */
  routeAliases(app, 'GET', ['/api/bbs/my-posts', '/api/pc/v1/bbs/my-posts'], author, async (request) => {
    const q = parseInput(MyPostsQuery, request.query, request);
    const me = await authorOf(request);
    return ok({ provider: forum.name, ...(await forum.myPosts(me, q.type, q.page, q.page_size)) });
  });

  // DiscourseConnect: the forum sends the browser here; a logged-in author goes back signed on.
  // A browser navigation (not a signed API call); a visitor is sent to log in first.
  app.get('/api/bbs/sso', { config: { signed: false, auth: 'optional' } }, async (request, reply) => {
    if (!(forum instanceof DiscourseForum)) {
      throw notFound({ 'zh-CN': '未配置外部论坛', 'en-US': 'No external forum is configured' });
    }
    const q = request.query as Record<string, string | undefined>;
    if (!q.sso || !q.sig)
      throw badInput('sso', { 'zh-CN': '论坛登录请求无效', 'en-US': 'The forum sign-on request is not valid' });
    if (!request.auth || request.auth.clientId !== request.brand.clientId) {
      const here = `/api/bbs/sso?${new URLSearchParams({ sso: q.sso, sig: q.sig })}`;
      return reply.redirect(`/front/register-login/login?redirect=${encodeURIComponent(here)}`);
    }
    return reply.redirect(forum.signOn(await authorOf(request), request.brand.domains.pc, q.sso, q.sig));
  });

  /** Posting limits: threads and replies an hour per author (FORUM_LIMITS). */
  async function limit(request: FastifyRequest, what: 'thread' | 'reply') {
    const auth = authOf(request);
    const hit = await ctx.rateLimiter.hit(
      `bbs:${what}:${auth.accountId}`,
      what === 'thread' ? L.threadsPerHour : L.repliesPerHour,
      3_600_000,
    );
    if (!hit.allowed) {
      // rateLimited adds when they can post again: 「每小时最多发10个主题，请23分钟后再试」.
      throw rateLimited(hit.retryAfterMs, postingLimitMessage(what));
    }
  }
}
