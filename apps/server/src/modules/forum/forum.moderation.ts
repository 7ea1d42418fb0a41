import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { authOf } from '../../platform/auth/guards.ts';
import { inTransaction, type Tx } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { badInput, conflict, notFound, rateLimited } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { THREAD_COLUMNS } from './embedded.ts';
import type { ForumProvider, ForumThreadState } from './forum-provider.ts';
import './forum.tables.ts';

/** Reports an author may file an hour (each post once). */
export const FORUM_REPORTS_PER_HOUR = 20;

const reason = z.string().trim().min(1, '请填写原因').max(500, '原因最多500个字');
const IdBody = z.object({ id: z.coerce.number().int().positive(), reason });
const ReportBody = z.object({
  post_id: z.coerce.number().int().positive(),
  reason: z.string().trim().min(2, '请写明举报原因（至少2个字）').max(200, '举报原因最多200个字'),
});
const IdQuery = z.object({ id: z.coerce.number().int().positive() });
const ThreadsQuery = listQuery(['last_post_at', 'created_at', 'open_reports'], {
  state: z.enum(['open', 'closed', 'hidden']).optional(),
  category: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(60).optional(),
});
const ReportsQuery = listQuery(['last_reported_at', 'reports'], {
  status: z.enum(['open', 'resolved']).default('open'),
});

const threadMissing = () => notFound({ 'zh-CN': '没有这个主题', 'en-US': 'There is no such thread' });
const postMissing = () => notFound({ 'zh-CN': '没有这条帖子', 'en-US': 'There is no such post' });

/**
 * Staff moderation of the embedded forum (console 论坛管理, /admin/forum) and an author's report of a post.
 * Brand-scoped (staffOf), every change audited in its transaction. With Discourse configured, moderation is
 * Discourse's own: these routes say so.
 */
export function forumModerationRoutes(app: FastifyInstance, forum: ForumProvider): void {
  const { ctx } = app;
  const editor = { config: { auth: 'editor' as const } };
  const author = { config: { auth: 'author' as const } };

  const embeddedOnly = () => {
    if (forum.name !== 'embedded') {
      throw conflict({
        'zh-CN': '论坛由外部的 Discourse 提供，请在 Discourse 的管理后台处理帖子',
        'en-US': 'The forum is Discourse: moderate its posts in Discourse',
      });
    }
  };

  // ---- an author reports a post -------------------------------------------------------------
  routeAliases(app, 'POST', ['/api/bbs/report', '/api/pc/v1/bbs/report'], author, async (request) => {
    embeddedOnly();
    const body = parseInput(ReportBody, request.body, request);
    const auth = authOf(request);
    const post = await ctx.db
      .selectFrom('forum_posts')
      .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
      .select(['forum_posts.id', 'forum_posts.account_id'])
      .where('forum_posts.id', '=', body.post_id)
      .where('forum_posts.client_id', '=', auth.clientId)
      .where('forum_posts.state', '=', 'visible')
      .where('forum_threads.state', '!=', 'hidden')
      .executeTakeFirst();
    if (!post) throw postMissing();
    if (post.account_id === auth.accountId) {
      throw badInput('post_id', { 'zh-CN': '不能举报自己的帖子', 'en-US': 'You cannot report your own post' });
    }
    const already = await ctx.db
      .selectFrom('forum_post_reports')
      .select('id')
      .where('post_id', '=', post.id)
      .where('account_id', '=', auth.accountId)
      .executeTakeFirst();
    if (already) {
      throw conflict({ 'zh-CN': '您已举报过这条帖子，编辑会尽快处理', 'en-US': 'You have already reported this post' });
    }
    const hit = await ctx.rateLimiter.hit(`bbs:report:${auth.accountId}`, FORUM_REPORTS_PER_HOUR, 3_600_000);
    if (!hit.allowed) {
      throw rateLimited(hit.retryAfterMs, {
        'zh-CN': `每小时最多举报${FORUM_REPORTS_PER_HOUR}次`,
        'en-US': `You can report at most ${FORUM_REPORTS_PER_HOUR} posts an hour`,
      });
    }
    await ctx.db
      .insertInto('forum_post_reports')
      .values({
        client_id: auth.clientId,
        post_id: post.id,
        account_id: auth.accountId,
        reason: body.reason,
        created_at: Date.now(),
        resolved_at: null,
        resolution: null,
      })
      .onConflict((oc) => oc.columns(['post_id', 'account_id']).doNothing())
      .execute();
    return ok({ reported: true });
  });

  // ---- the console -------------------------------------------------------------------------
  const openReports = (eb: any, postColumn: string) =>
    eb
      .selectFrom('forum_post_reports')
      .select(eb.fn.countAll().as('n'))
      .whereRef('forum_post_reports.post_id', '=', postColumn)
      .where('forum_post_reports.resolved_at', 'is', null);

  routeAliases(app, 'GET', ['/api/admin/forum/threads'], editor, async (request) => {
    const staff = staffOf(request);
    embeddedOnly();
    const q = parseInput(ThreadsQuery, request.query, request);
    let query = ctx.db
      .selectFrom('forum_threads')
      .innerJoin('accounts', 'accounts.id', 'forum_threads.account_id')
      .select((eb) => [
        ...THREAD_COLUMNS,
        eb
          .selectFrom('forum_post_reports')
          .innerJoin('forum_posts as p', 'p.id', 'forum_post_reports.post_id')
          .select(eb.fn.countAll().as('n'))
          .whereRef('p.thread_id', '=', 'forum_threads.id')
          .where('forum_post_reports.resolved_at', 'is', null)
          .as('open_reports'),
      ])
      .where('forum_threads.client_id', '=', staff.clientId);
    if (q.state) query = query.where('forum_threads.state', '=', q.state);
    if (q.category) query = query.where('forum_threads.category_number', '=', q.category);
    if (q.keyword) query = query.where(containsText('forum_threads.title', q.keyword));
    const page = await pageOf(query, q, {
      sorts: {
        last_post_at: 'forum_threads.last_post_at',
        created_at: 'forum_threads.created_at',
        open_reports: 'open_reports',
      },
      defaultSort: 'last_post_at',
      defaultOrder: 'descend',
      tiebreak: 'forum_threads.id',
    });
    return ok({ ...page, list: page.list.map((r) => ({ ...r, open_reports: Number(r.open_reports ?? 0) })) });
  });

  const threadOf = async (db: typeof ctx.db | Tx, clientId: number, id: number) => {
    const row = await db
      .selectFrom('forum_threads')
      .selectAll()
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) throw threadMissing();
    return row;
  };

  routeAliases(app, 'GET', ['/api/admin/forum/thread'], editor, async (request) => {
    const staff = staffOf(request);
    embeddedOnly();
    const { id } = parseInput(IdQuery, request.query, request);
    const thread = await threadOf(ctx.db, staff.clientId, id);
    const starter = await ctx.db
      .selectFrom('accounts')
      .select('pen_name')
      .where('id', '=', thread.account_id)
      .executeTakeFirst();
    const posts = await ctx.db
      .selectFrom('forum_posts')
      .innerJoin('accounts', 'accounts.id', 'forum_posts.account_id')
      .select((eb) => [
        'forum_posts.id',
        'accounts.pen_name as author',
        'forum_posts.body',
        'forum_posts.is_first',
        'forum_posts.state',
        'forum_posts.created_at',
        openReports(eb, 'forum_posts.id').as('open_reports'),
      ])
      .where('forum_posts.thread_id', '=', thread.id)
      .where('forum_posts.client_id', '=', staff.clientId)
      .orderBy('forum_posts.id')
      .execute();
    const reasons = posts.length
      ? await ctx.db
          .selectFrom('forum_post_reports')
          .select(['post_id', 'reason', 'created_at'])
          .where(
            'post_id',
            'in',
            posts.map((p) => p.id),
          )
          .where('resolved_at', 'is', null)
          .orderBy('id')
          .execute()
      : [];
    return ok({
      thread: {
        id: thread.id,
        category: thread.category_number,
        title: thread.title,
        author: starter?.pen_name ?? '',
        state: thread.state,
        reply_count: thread.reply_count,
        created_at: thread.created_at,
        last_post_at: thread.last_post_at,
      },
      // Reporters are not named: staff judge the post, not who reported it.
      posts: posts.map((p) => ({
        ...p,
        is_first: p.is_first === 1,
        open_reports: Number(p.open_reports ?? 0),
        report_reasons: reasons.filter((r) => r.post_id === p.id).map((r) => r.reason),
      })),
    });
  });

  routeAliases(app, 'GET', ['/api/admin/forum/reports'], editor, async (request) => {
    const staff = staffOf(request);
    embeddedOnly();
    const q = parseInput(ReportsQuery, request.query, request);
    const open = q.status === 'open';
    const grouped = ctx.db
      .selectFrom('forum_post_reports as r')
      .innerJoin('forum_posts', 'forum_posts.id', 'r.post_id')
      .select((eb) => ['r.post_id', eb.fn.countAll().as('reports'), eb.fn.max('r.created_at').as('last_reported_at')])
      .where('r.client_id', '=', staff.clientId)
      .where('forum_posts.client_id', '=', staff.clientId)
      .where('r.resolved_at', open ? 'is' : 'is not', null)
      .groupBy('r.post_id');
    const query = ctx.db
      .selectFrom(grouped.as('g'))
      .innerJoin('forum_posts', 'forum_posts.id', 'g.post_id')
      .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
      .innerJoin('accounts', 'accounts.id', 'forum_posts.account_id')
      .select([
        'g.post_id',
        'g.reports',
        'g.last_reported_at',
        'forum_posts.thread_id',
        'forum_threads.title as thread_title',
        'forum_threads.state as thread_state',
        'forum_posts.is_first',
        'forum_posts.body',
        'forum_posts.state',
        'accounts.pen_name as author',
      ]);
    const page = await pageOf(query, q, {
      sorts: { last_reported_at: 'g.last_reported_at', reports: 'g.reports' },
      defaultSort: 'last_reported_at',
      defaultOrder: 'descend',
      tiebreak: 'g.post_id',
    });
    return ok({
      ...page,
      list: page.list.map((r) => ({
        post_id: r.post_id,
        thread_id: r.thread_id,
        thread_title: r.thread_title,
        thread_state: r.thread_state,
        is_first: r.is_first === 1,
        excerpt: String(r.body).slice(0, 120),
        state: r.state,
        author: r.author,
        reports: Number(r.reports),
        last_reported_at: Number(r.last_reported_at),
      })),
    });
  });

  /** Resolves the open reports of these posts: hidden (the post was taken down) or kept. */
  const resolve = (tx: Tx, clientId: number, postIds: number[], resolution: 'hidden' | 'kept') =>
    postIds.length === 0
      ? Promise.resolve()
      : tx
          .updateTable('forum_post_reports')
          .set({ resolved_at: Date.now(), resolution })
          .where('client_id', '=', clientId)
          .where('post_id', 'in', postIds)
          .where('resolved_at', 'is', null)
          .execute()
          .then(() => undefined);

  type ThreadAction = 'hide' | 'restore' | 'lock' | 'unlock';
  const THREAD_WORDS: Record<ThreadAction, string> = {
    hide: '隐藏主题',
    restore: '恢复主题',
    lock: '关闭主题（不能再回复）',
    unlock: '重新开放主题',
  };
  const nextThreadState = (
    action: ThreadAction,
    row: { state: ForumThreadState; state_before_hide: ForumThreadState | null },
  ): ForumThreadState => {
    const hidden = row.state === 'hidden';
    if (action === 'hide') {
      if (hidden) throw conflict({ 'zh-CN': '该主题已隐藏', 'en-US': 'This thread is already hidden' });
      return 'hidden';
    }
    if (action === 'restore') {
      if (!hidden) throw conflict({ 'zh-CN': '该主题没有被隐藏', 'en-US': 'This thread is not hidden' });
      return row.state_before_hide === 'closed' ? 'closed' : 'open';
    }
    if (hidden) {
      throw conflict({ 'zh-CN': '该主题已隐藏，请先恢复', 'en-US': 'This thread is hidden; restore it first' });
    }
    if (action === 'lock') {
      if (row.state === 'closed') throw conflict({ 'zh-CN': '该主题已关闭', 'en-US': 'This thread is already closed' });
      return 'closed';
    }
    if (row.state === 'open') throw conflict({ 'zh-CN': '该主题没有关闭', 'en-US': 'This thread is not closed' });
    return 'open';
  };

  for (const action of ['hide', 'restore', 'lock', 'unlock'] as const) {
    routeAliases(app, 'POST', [`/api/admin/forum/thread/${action}`], editor, async (request) => {
      const staff = staffOf(request);
      embeddedOnly();
      const body = parseInput(IdBody, request.body, request);
      return ok(
        await inTransaction(ctx.db, async (tx) => {
          const before = await threadOf(tx, staff.clientId, body.id);
          const state = nextThreadState(action, before);
          await tx
            .updateTable('forum_threads')
            .set({
              state,
              state_before_hide:
                action === 'hide' ? before.state : action === 'restore' ? null : before.state_before_hide,
            })
            .where('id', '=', before.id)
            .execute();
          if (action === 'hide' || action === 'restore') {
            const posts = await tx.selectFrom('forum_posts').select('id').where('thread_id', '=', before.id).execute();
            await resolve(
              tx,
              staff.clientId,
              posts.map((p) => p.id),
              action === 'hide' ? 'hidden' : 'kept',
            );
          }
          await recordAudit(tx, request, {
            action: `forum.thread.${action}`,
            targetType: 'forum_thread',
            targetId: before.id,
            summary: `${THREAD_WORDS[action]}「${before.title}」`,
            reason: body.reason,
            before: { state: before.state },
            after: { state },
          });
          return { id: before.id, state };
        }),
      );
    });
  }

  const postOf = async (tx: Tx, clientId: number, id: number) => {
    const row = await tx
      .selectFrom('forum_posts')
      .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
      .select([
        'forum_posts.id',
        'forum_posts.state',
        'forum_posts.is_first',
        'forum_posts.body',
        'forum_threads.id as thread_id',
        'forum_threads.title',
      ])
      .where('forum_posts.id', '=', id)
      .where('forum_posts.client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) throw postMissing();
    return row;
  };

  const POST_WORDS = { hide: '隐藏回复', restore: '恢复回复', keep: '保留被举报的帖子' } as const;
  for (const action of ['hide', 'restore', 'keep'] as const) {
    routeAliases(app, 'POST', [`/api/admin/forum/post/${action}`], editor, async (request) => {
      const staff = staffOf(request);
      embeddedOnly();
      const body = parseInput(IdBody, request.body, request);
      return ok(
        await inTransaction(ctx.db, async (tx) => {
          const before = await postOf(tx, staff.clientId, body.id);
          if (before.is_first === 1 && action !== 'keep') {
            throw badInput('id', {
              'zh-CN': '这是主题的首帖：请隐藏或恢复整个主题',
              'en-US': "This is the thread's opening post: hide or restore the whole thread",
            });
          }
          let state = before.state;
          if (action === 'keep') {
            const waiting = await tx
              .selectFrom('forum_post_reports')
              .select('id')
              .where('post_id', '=', before.id)
              .where('resolved_at', 'is', null)
              .executeTakeFirst();
            if (!waiting) {
              throw conflict({ 'zh-CN': '这条帖子没有待处理的举报', 'en-US': 'This post has no report waiting' });
            }
          } else {
            state = action === 'hide' ? 'hidden' : 'visible';
            if (state === before.state) {
              throw conflict(
                action === 'hide'
                  ? { 'zh-CN': '该回复已隐藏', 'en-US': 'This reply is already hidden' }
                  : { 'zh-CN': '该回复没有被隐藏', 'en-US': 'This reply is not hidden' },
              );
            }
            await tx.updateTable('forum_posts').set({ state }).where('id', '=', before.id).execute();
            // A reply count is of the replies readers see.
            await tx
              .updateTable('forum_threads')
              .set((eb) => ({ reply_count: eb('reply_count', action === 'hide' ? '-' : '+', 1) }))
              .where('id', '=', before.thread_id)
              .execute();
          }
          await resolve(tx, staff.clientId, [before.id], action === 'hide' ? 'hidden' : 'kept');
          await recordAudit(tx, request, {
            action: `forum.post.${action}`,
            targetType: 'forum_post',
            targetId: before.id,
            summary: `${POST_WORDS[action]}（主题「${before.title}」）：${before.body.slice(0, 40)}`,
            reason: body.reason,
            before: { state: before.state },
            after: { state },
          });
          return { id: before.id, state };
        }),
      );
    });
  }
}
