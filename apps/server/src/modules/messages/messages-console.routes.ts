import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { containsText, startsWithText } from '../../platform/db/like.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { badInput } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { localize } from '../../platform/http/language.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { resolveAuthor } from '../rewards/rewards.service.ts';
import * as messages from './messages.service.ts';

/**
 * The console's notices and messages (issue 11): admin-only, scoped by the brand the staff member
 * acts in, every change audited in its own transaction. The first console paths of issue 4
 * (/api/pc/v1/admin/notices, /messages) are aliases of the same handlers.
 */

const admin = { config: { auth: 'admin' as const } };

/** A scheduled time a little in the past (the form was open a while) still means "now". */
const PAST_GRACE_MS = 60_000;
const MAX_AHEAD_MS = 366 * 86_400_000;

const NoticeBody = z.object({
  category: z.enum(messages.NOTICE_CATEGORIES).default('platform'),
  title: z.string().trim().min(1).max(60),
  content: z.string().trim().min(1).max(20_000),
  pinned: z.boolean().optional(),
  published_at: z.number().int().positive().optional(),
  audience: z.enum(messages.NOTICE_AUDIENCES).default('all'),
  pen_names: z.array(z.string().trim().min(1).max(30)).max(messages.NOTICE_MAX_TARGETS).optional(),
  account_ids: z.array(z.number().int().positive()).max(messages.NOTICE_MAX_TARGETS).optional(),
});
const NoticeListQuery = listQuery(['published_at', 'created_at', 'title', 'read_count'], {
  state: z.enum(['scheduled', 'published', 'withdrawn']).optional(),
  keyword: z.string().trim().max(60).optional(),
});
const WithdrawBody = z.object({ reason: z.string().trim().min(1).max(200) });
const Id = z.object({ id: z.coerce.number().int().positive() });

const MessageBody = z.object({
  account_id: z.coerce.number().int().positive().optional(),
  pen_name: z.string().trim().min(1).max(30).optional(),
  category: z.enum(messages.MESSAGE_CATEGORIES).default('system'),
  title: z.string().trim().min(1).max(60),
  content: z.string().trim().min(1).max(5000),
  link: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/(?!\/)|https:\/\/)/, 'link: 只能是站内路径或 https 地址 / must be an in-site path or an https address')
    .optional()
    .or(z.literal('')),
  sender: z.string().trim().max(30).optional(),
});
const MessageListQuery = listQuery(['created_at', 'pen_name'], {
  account_id: z.coerce.number().int().positive().optional(),
  pen_name: z.string().trim().max(30).optional(),
  /** 'console' (default): the messages staff sent; 'all': also those the system sent. */
  source: z.enum(['console', 'all']).default('console'),
});

const say = (request: FastifyRequest, zh: string, en: string) => localize(request, { 'zh-CN': zh, 'en-US': en });

/** 'YYYY-MM-DD HH:mm' Beijing time, for audit summaries. */
function beijing(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function checkSchedule(publishedAt: number | undefined, now: number): number | undefined {
  if (publishedAt === undefined) return undefined;
  if (publishedAt < now - PAST_GRACE_MS) {
    throw badInput('published_at', {
      'zh-CN': '定时发布的时间已经过去，请选择将来的时间，或改为立即发布',
      'en-US': 'The scheduled time has passed; pick a later time or publish now',
    });
  }
  if (publishedAt > now + MAX_AHEAD_MS) {
    throw badInput('published_at', {
      'zh-CN': '定时发布的时间最多只能在一年之后',
      'en-US': 'A notice can be scheduled at most a year ahead',
    });
  }
  return publishedAt <= now ? undefined : publishedAt;
}

export async function messagesConsoleRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // ---- Notices -----------------------------------------------------------------------------

  routeAliases(app, 'GET', ['/api/admin/notices', '/api/pc/v1/admin/notices'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(NoticeListQuery, request.query, request);
    const now = Date.now();
    let query = ctx.db
      .selectFrom('notices as n')
      .select([
        'n.id',
        'n.category',
        'n.title',
        'n.pinned',
        'n.audience',
        'n.published_at',
        'n.withdrawn_at',
        'n.created_at',
      ])
      .select((eb) => [
        eb
          .selectFrom('notice_reads as r')
          .select((c) => c.fn.countAll<number>().as('c'))
          .whereRef('r.notice_id', '=', 'n.id')
          .as('read_count'),
        eb
          .selectFrom('notice_targets as t')
          .select((c) => c.fn.countAll<number>().as('c'))
          .whereRef('t.notice_id', '=', 'n.id')
          .as('target_count'),
      ])
      .where('n.client_id', '=', staff.clientId);
    if (q.state === 'withdrawn') query = query.where('n.withdrawn_at', 'is not', null);
    if (q.state === 'scheduled') query = query.where('n.withdrawn_at', 'is', null).where('n.published_at', '>', now);
    if (q.state === 'published') query = query.where('n.withdrawn_at', 'is', null).where('n.published_at', '<=', now);
    if (q.keyword) query = query.where(containsText('n.title', q.keyword));
    const [page, sizes] = await Promise.all([
      pageOf(query, q, {
        sorts: {
          published_at: 'n.published_at',
          created_at: 'n.created_at',
          title: 'n.title',
          read_count: 'read_count',
        },
        defaultSort: 'published_at',
        defaultOrder: 'descend',
        tiebreak: 'n.id',
      }),
      messages.audienceSizes(ctx.db, staff.clientId),
    ]);
    return ok({
      ...page,
      list: page.list.map(({ target_count, ...row }) => ({
        ...row,
        pinned: row.pinned === 1,
        state: messages.noticeState(row, now),
        read_count: Number(row.read_count ?? 0),
        audience_count: row.audience === 'list' ? Number(target_count ?? 0) : sizes[row.audience],
      })),
      audience_sizes: sizes,
    });
  });

  routeAliases(app, 'GET', ['/api/admin/notices/:id'], admin, async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(Id, request.params, request);
    return ok(await messages.consoleNotice(ctx.db, staff.clientId, id));
  });

  routeAliases(app, 'POST', ['/api/admin/notices', '/api/pc/v1/admin/notices'], admin, async (request) => {
    const staff = staffOf(request);
    const input = parseInput(NoticeBody, request.body, request);
    const now = Date.now();
    const publishedAt = checkSchedule(input.published_at, now);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const created = await messages.publishNotice(
          ctx,
          staff.clientId,
          staff.accountId,
          { ...input, published_at: publishedAt },
          now,
          tx,
        );
        const notice = await messages.consoleNotice(tx, staff.clientId, created.id, now);
        await recordAudit(tx, request, {
          action: 'notice.create',
          targetType: 'notice',
          targetId: created.id,
          summary:
            notice.state === 'scheduled'
              ? say(
                  request,
                  `定时公告「${input.title}」，北京时间 ${beijing(notice.published_at)} 发布`,
                  `Scheduled the notice "${input.title}" for ${beijing(notice.published_at)} Beijing time`,
                )
              : say(request, `发布公告「${input.title}」`, `Published the notice "${input.title}"`),
          after: auditView(notice),
        });
        return notice;
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/notices/:id'], admin, async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(Id, request.params, request);
    const input = parseInput(NoticeBody, request.body, request);
    const now = Date.now();
    const publishedAt = checkSchedule(input.published_at, now);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const { before, after } = await messages.updateScheduledNotice(
          tx,
          staff.clientId,
          id,
          { ...input, published_at: publishedAt },
          now,
        );
        await recordAudit(tx, request, {
          action: 'notice.update',
          targetType: 'notice',
          targetId: id,
          summary:
            after.state === 'scheduled'
              ? say(
                  request,
                  `修改定时公告「${after.title}」，北京时间 ${beijing(after.published_at)} 发布`,
                  `Edited the scheduled notice "${after.title}", going out at ${beijing(after.published_at)} Beijing time`,
                )
              : say(
                  request,
                  `修改定时公告「${after.title}」并立即发布`,
                  `Edited the scheduled notice "${after.title}" and published it now`,
                ),
          before: auditView(before),
          after: auditView(after),
        });
        return after;
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/notices/:id/withdraw'], admin, async (request) => {
    const staff = staffOf(request);
    const { id } = parseInput(Id, request.params, request);
    const { reason } = parseInput(WithdrawBody, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const { before, after } = await messages.withdrawNotice(tx, staff.clientId, id);
        await recordAudit(tx, request, {
          action: 'notice.withdraw',
          targetType: 'notice',
          targetId: id,
          summary:
            before.state === 'scheduled'
              ? say(request, `撤回定时公告「${before.title}」`, `Withdrew the scheduled notice "${before.title}"`)
              : say(
                  request,
                  `撤回已发布的公告「${before.title}」（${before.read_count}位作者已读）`,
                  `Withdrew the published notice "${before.title}" (read by ${before.read_count})`,
                ),
          reason,
          before: { state: before.state },
          after: { state: after.state },
        });
        return after;
      }),
    );
  });

  // ---- Messages to one author ----------------------------------------------------------------

  routeAliases(app, 'GET', ['/api/admin/messages'], admin, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(MessageListQuery, request.query, request);
    let query = ctx.db
      .selectFrom('messages as m')
      .innerJoin('accounts as a', 'a.id', 'm.account_id')
      .leftJoin('accounts as s', 's.id', 'm.sent_by')
      .select([
        'm.id',
        'm.account_id',
        'a.pen_name',
        'm.category',
        'm.title',
        'm.content',
        'm.link',
        'm.sender',
        'm.sent_by',
        's.pen_name as sent_by_name',
        'm.created_at',
        'm.read_at',
      ])
      .where('m.client_id', '=', staff.clientId);
    if (q.source === 'console') query = query.where('m.sent_by', 'is not', null);
    if (q.account_id) query = query.where('m.account_id', '=', q.account_id);
    if (q.pen_name) query = query.where(startsWithText('a.pen_name', q.pen_name));
    return ok(
      await pageOf(query, q, {
        sorts: { created_at: 'm.created_at', pen_name: 'a.pen_name' },
        defaultSort: 'created_at',
        defaultOrder: 'descend',
        tiebreak: 'm.id',
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/messages', '/api/pc/v1/admin/messages'], admin, async (request) => {
    const staff = staffOf(request);
    const input = parseInput(MessageBody, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const target = await resolveAuthor(ctx, staff.clientId, input, tx);
        const sent = await messages.sendMessage(
          ctx,
          { clientId: staff.clientId, accountId: target.id },
          { ...input, link: input.link || undefined },
          Date.now(),
          { sentBy: staff.accountId, db: tx },
        );
        await recordAudit(tx, request, {
          action: 'message.send',
          targetType: 'account',
          targetId: target.id,
          summary: say(
            request,
            `给「${target.pen_name}」发送消息「${input.title}」`,
            `Sent the message "${input.title}" to ${target.pen_name}`,
          ),
          after: { message_id: sent.id, category: input.category, title: input.title },
        });
        return { ...sent, account_id: target.id, pen_name: target.pen_name };
      }),
    );
  });
}

/** A notice in the audit log: what it said and to whom, without repeating its whole text. */
function auditView(n: Awaited<ReturnType<typeof messages.consoleNotice>>) {
  return {
    title: n.title,
    category: n.category,
    pinned: n.pinned,
    audience: n.audience,
    targets: n.targets.map((t) => t.pen_name),
    published_at: n.published_at,
    state: n.state,
    content: n.content,
  };
}
