import { PAGINATION } from '@author-centre/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import { ok } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { languageOf } from '../../platform/http/language.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import * as messages from './messages.service.ts';
import { messagesConsoleRoutes } from './messages-console.routes.ts';

const author = { config: { auth: 'author' as const } };

const NewsType = z.enum(['message', 'notice']);
const ListQuery = z.object({
  type: NewsType.default('message'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(PAGINATION.defaultPageSize),
});
const DetailQuery = z.object({ type: NewsType.default('message'), id: z.coerce.number().int().positive() });
const AllReadBody = z.object({ type: z.enum(['message', 'notice', 'all']).default('all') });

/** News list, detail, set-all-read and unread count of the §7 catalogue, and the console's publishing. */
export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  routeAliases(app, 'GET', ['/api/pc/v1/news/list'], author, async (request) =>
    ok(
      await messages.list(
        ctx,
        authOf(request),
        parseInput(ListQuery, request.query, request),
        Date.now(),
        languageOf(request),
      ),
    ),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/news/detail'], author, async (request) => {
    const { type, id } = parseInput(DetailQuery, request.query, request);
    return ok(await messages.detail(ctx, authOf(request), type, id, Date.now(), languageOf(request)));
  });
  routeAliases(app, 'POST', ['/api/pc/v1/news/set-all-read'], author, async (request) => {
    const { type } = parseInput(AllReadBody, request.body, request);
    return ok(await messages.setAllRead(ctx, authOf(request), type));
  });
  routeAliases(app, 'GET', ['/api/pc/v1/news/unread-count'], author, async (request) =>
    ok(await messages.unreadCounts(ctx, authOf(request))),
  );

  // The console's notices and messages (the first admin paths are aliases there).
  await messagesConsoleRoutes(app);
}
