import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { ChangesQuery, siteAuthOf } from '../income/integration.routes.ts';
import { feed } from './comments.service.ts';
import type { ReportOutcome } from './comments.tables.ts';

const editor = { config: { auth: 'editor' as const } };
const id = z.coerce.number().int().positive();
const reason = z.string().trim().min(2).max(500);

const ReportsQuery = listQuery(['created_at'], { status: z.enum(['open', 'done']).optional() });
const ReportAction = z.object({ report_id: id, action: z.enum(['hide', 'restore', 'warn', 'ban', 'unban']), reason });
const WordsQuery = listQuery(['created_at', 'word'], { keyword: z.string().trim().max(40).optional() });
const WordBody = z.object({ word: z.string().trim().min(1).max(40), reason });
const WordRemove = z.object({ id, reason });

/**
 * The console's moderation queue of reported comments (hide, restore, warn, ban the reader across
 * the brand, lift that ban), the brand's sensitive-word list, and the reading sites' pull of replies and moderation.
 */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  routeAliases(app, 'GET', ['/api/admin/comment-reports'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(ReportsQuery, request.query, request);
    let query = ctx.db
      .selectFrom('comment_reports')
      .innerJoin('comments', 'comments.id', 'comment_reports.comment_id')
      .innerJoin('books', 'books.id', 'comments.book_id')
      .innerJoin('accounts', 'accounts.id', 'comment_reports.account_id')
      .select([
        'comment_reports.id',
        'comment_reports.comment_id',
        'comment_reports.reason',
        'comment_reports.status',
        'comment_reports.outcome',
        'comment_reports.created_at',
        'comment_reports.handled_at',
        'comments.content',
        'comments.reader_id',
        'comments.reader_name',
        'comments.state as comment_state',
        'books.title as book_title',
        'accounts.pen_name',
      ])
      .where('comment_reports.client_id', '=', staff.clientId);
    if (q.status) query = query.where('comment_reports.status', '=', q.status);
    return ok(
      await pageOf(query, q, {
        sorts: { created_at: 'comment_reports.created_at' },
        defaultSort: 'created_at',
        defaultOrder: 'descend',
        tiebreak: 'comment_reports.id',
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/comment-reports/action'], editor, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(ReportAction, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const report = await tx
          .selectFrom('comment_reports')
          .selectAll()
          .where('id', '=', body.report_id)
          .where('client_id', '=', staff.clientId)
          .executeTakeFirst();
        if (!report) throw notFound();
        const comment = await tx
          .selectFrom('comments')
          .selectAll()
          .where('id', '=', report.comment_id)
          .executeTakeFirstOrThrow();
        const now = Date.now();
        const state =
          body.action === 'hide' || body.action === 'ban'
            ? 'hidden'
            : body.action === 'restore'
              ? 'visible'
              : comment.state;
        if (state !== comment.state)
          await tx.updateTable('comments').set({ state, updated_at: now }).where('id', '=', comment.id).execute();
        if (body.action === 'unban') {
          // Lifts the reader's ban in the brand: their new comments are no longer held. The comment
          // itself stays as it is (restore shows it again).
          const lifted = comment.reader_id
            ? await tx
                .deleteFrom('reader_bans')
                .where('client_id', '=', staff.clientId)
                .where('reader_id', '=', comment.reader_id)
                .executeTakeFirst()
            : null;
          if (!lifted || lifted.numDeletedRows === 0n)
            throw conflict({ 'zh-CN': '该读者未被封禁', 'en-US': 'This reader is not banned' });
        }
        if (body.action === 'ban' && comment.reader_id) {
          await tx
            .insertInto('reader_bans')
            .values({ client_id: staff.clientId, reader_id: comment.reader_id, reason: body.reason, created_at: now })
            .onConflict((oc) => oc.columns(['client_id', 'reader_id']).doNothing())
            .execute();
        }
        await tx
          .updateTable('comment_reports')
          .set({ status: 'done', outcome: body.action as ReportOutcome, handled_by: staff.userId, handled_at: now })
          .where('id', '=', report.id)
          .execute();
        await feed(tx, staff.clientId, body.action, comment, { reason: body.reason }, comment.reader_id);
        const after = { status: 'done', outcome: body.action, comment_state: state };
        await recordAudit(tx, request, {
          action: `comment-report.${body.action}`,
          targetType: 'comment_report',
          targetId: report.id,
          summary: `${body.action} 评论 #${comment.id}（读者 ${comment.reader_name}）`,
          reason: body.reason,
          before: { status: report.status, outcome: report.outcome, comment_state: comment.state },
          after,
        });
        return { report_id: report.id, ...after };
      }),
    );
  });

  routeAliases(app, 'GET', ['/api/admin/sensitive-words'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(WordsQuery, request.query, request);
    let query = ctx.db
      .selectFrom('sensitive_words')
      .select(['id', 'word', 'created_at'])
      .where('client_id', '=', staff.clientId);
    if (q.keyword) query = query.where('word', 'like', `%${q.keyword.replace(/[%_\\]/g, '')}%`);
    return ok(
      await pageOf(query, q, {
        sorts: { created_at: 'created_at', word: 'word' },
        defaultSort: 'created_at',
        defaultOrder: 'descend',
        tiebreak: 'id',
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/sensitive-words'], editor, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(WordBody, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const row = await tx
          .insertInto('sensitive_words')
          .values({ client_id: staff.clientId, word: body.word, created_by: staff.userId, created_at: Date.now() })
          .onConflict((oc) => oc.columns(['client_id', 'word']).doNothing())
          .returning(['id', 'word', 'created_at'])
          .executeTakeFirst();
        if (!row) throw conflict({ 'zh-CN': '该敏感词已在列表中', 'en-US': 'The word is already on the list' });
        await recordAudit(tx, request, {
          action: 'sensitive-word.add',
          targetType: 'sensitive_word',
          targetId: row.id,
          summary: `添加敏感词「${row.word}」`,
          reason: body.reason,
          after: row,
        });
        return row;
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/sensitive-words/remove'], editor, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(WordRemove, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const row = await tx
          .selectFrom('sensitive_words')
          .select(['id', 'word', 'created_at'])
          .where('id', '=', body.id)
          .where('client_id', '=', staff.clientId)
          .executeTakeFirst();
        if (!row) throw notFound();
        await tx.deleteFrom('sensitive_words').where('id', '=', row.id).execute();
        await recordAudit(tx, request, {
          action: 'sensitive-word.remove',
          targetType: 'sensitive_word',
          targetId: row.id,
          summary: `删除敏感词「${row.word}」`,
          reason: body.reason,
          before: row,
        });
        return { id: row.id, deleted: true };
      }),
    );
  });

  /**
   * Replies and moderation since a cursor, oldest first, for the reading sites (signed with a
   * console-made key pair, docs/income.md). Follow `next_cursor` while `has_more`.
   */
  app.get(
    '/api/integration/v1/comments/changes',
    { config: { signed: false, input: { query: ChangesQuery } } },
    async (request) => {
      const site = await siteAuthOf(ctx).verify(request);
      const q = parseInput(ChangesQuery, request.query, request);
      const rows = await ctx.db
        .selectFrom('comment_feed')
        .select(['id', 'action', 'payload', 'created_at'])
        .where('client_id', '=', site.clientId)
        .where('id', '>', q.cursor)
        .orderBy('id')
        .limit(q.limit + 1)
        .execute();
      const list = rows
        .slice(0, q.limit)
        .map((r) => ({ cursor: r.id, action: r.action, at: r.created_at, ...JSON.parse(r.payload) }));
      return ok({
        list,
        next_cursor: list.length ? list[list.length - 1].cursor : q.cursor,
        has_more: rows.length > q.limit,
      });
    },
  );
}
