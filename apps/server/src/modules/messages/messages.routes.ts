import { PAGINATION } from '@author-centre/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import { ok } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { resolveAuthor } from '../rewards/rewards.service.ts';
import * as messages from './messages.service.ts';

const author = { config: { auth: 'author' as const } };
const admin = { config: { auth: 'admin' as const } };

const NewsType = z.enum(['message', 'notice']);
const ListQuery = z.object({
  type: NewsType.default('message'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(PAGINATION.defaultPageSize),
});
const DetailQuery = z.object({ type: NewsType.default('message'), id: z.coerce.number().int().positive() });
const AllReadBody = z.object({ type: z.enum(['message', 'notice', 'all']).default('all') });

const NoticeBody = z.object({
  category: z.enum(messages.NOTICE_CATEGORIES).default('platform'),
  title: z.string().trim().min(1).max(60),
  content: z.string().trim().min(1).max(20_000),
  pinned: z.boolean().optional(),
  published_at: z.number().int().positive().optional(),
});
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
    .regex(/^(\/(?!\/)|https:\/\/)/, 'link: 只能是站内路径或 https 地址')
    .optional(),
  sender: z.string().trim().max(30).optional(),
});

/** News list, detail, set-all-read and unread count of the §7 catalogue, and the console's publishing. */
export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  routeAliases(app, 'GET', ['/api/pc/v1/news/list'], author, async (request) =>
    ok(await messages.list(ctx, authOf(request), parseInput(ListQuery, request.query, request))),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/news/detail'], author, async (request) => {
    const { type, id } = parseInput(DetailQuery, request.query, request);
    return ok(await messages.detail(ctx, authOf(request), type, id));
  });
  routeAliases(app, 'POST', ['/api/pc/v1/news/set-all-read'], author, async (request) => {
    const { type } = parseInput(AllReadBody, request.body, request);
    return ok(await messages.setAllRead(ctx, authOf(request), type));
  });
  routeAliases(app, 'GET', ['/api/pc/v1/news/unread-count'], author, async (request) =>
    ok(await messages.unreadCounts(ctx, authOf(request))),
  );

  routeAliases(app, 'GET', ['/api/pc/v1/admin/notices'], admin, async (request) =>
    ok({ list: await messages.adminNotices(ctx, authOf(request).clientId) }),
  );
  routeAliases(app, 'POST', ['/api/pc/v1/admin/notices'], admin, async (request) => {
    const who = authOf(request);
    return ok(
      await messages.publishNotice(ctx, who.clientId, who.accountId, parseInput(NoticeBody, request.body, request)),
    );
  });
  routeAliases(app, 'POST', ['/api/pc/v1/admin/messages'], admin, async (request) => {
    const who = authOf(request);
    const input = parseInput(MessageBody, request.body, request);
    const target = await resolveAuthor(ctx, who.clientId, input);
    const sent = await messages.sendMessage(ctx, { clientId: who.clientId, accountId: target.id }, input);
    return ok({ ...sent, account_id: target.id });
  });
}
