import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { authOf } from '../../platform/auth/guards.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { badgeProgress } from '../growth/levels.service.ts';
import * as rewards from './rewards.service.ts';
import { rewardsConsoleRoutes } from './rewards-console.routes.ts';

const author = { config: { auth: 'author' as const } };
const admin = { config: { auth: 'admin' as const } };

/** `ids=3,5`: only those; absent: everything the account has not seen yet. */
const NoticedQuery = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
});
const idsOf = (q: z.infer<typeof NoticedQuery>) => (q.ids ? q.ids.split(',').map(Number) : null);

const Talk = z.object({ content: z.string().max(500), author: z.string().max(50) });
const AccountRef = {
  account_id: z.coerce.number().int().positive().optional(),
  pen_name: z.string().trim().min(1).max(30).optional(),
};
const Url = z.string().trim().max(500);

const HomeModelBody = z.object({
  ...AccountRef,
  report_name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/),
  level: z.number().int().min(0).max(99),
  level_txt: z.string().trim().min(1).max(30),
  surpass_txt: z.string().max(100).optional(),
  talk: Talk.optional(),
  jump_url: Url.optional(),
  bg_image_link: Url.optional(),
});
const ReportBody = z.object({ report_name: z.string().trim().min(1).max(64) });

export async function rewardsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // The noticed calls of §7: pops 3, 2 and 7 tell the server, 2 s after showing, that they were seen.
  routeAliases(app, 'GET', ['/api/badge/noticed', '/api/pc/v1/badge/noticed'], author, async (request) => {
    const n = await rewards.markBadgesNoticed(
      ctx,
      authOf(request),
      idsOf(parseInput(NoticedQuery, request.query, request)),
    );
    return ok({ noticed: n });
  });
  routeAliases(
    app,
    'GET',
    ['/api/author-level/noticed', '/api/pc/v1/author-level/noticed'],
    author,
    async (request) => {
      const ids = idsOf(parseInput(NoticedQuery, request.query, request));
      return ok({ noticed: await rewards.markLevelChangesNoticed(ctx, authOf(request), ids) });
    },
  );
  routeAliases(app, 'GET', ['/api/new-user/noticed', '/api/pc/v1/new-user/noticed'], author, async (request) => {
    const ids = idsOf(parseInput(NoticedQuery, request.query, request));
    return ok({ noticed: await rewards.markGraduationsNoticed(ctx, authOf(request), ids) });
  });

  routeAliases(app, 'GET', ['/api/pc/v1/author/home-model-list'], author, async (request) =>
    ok(await rewards.homeModelList(ctx, authOf(request))),
  );
  routeAliases(app, 'POST', ['/api/pc/v1/author/home-model-report'], author, async (request) => {
    const { report_name } = parseInput(ReportBody, request.body, request);
    return ok({ reported: await rewards.reportHomeModel(ctx, authOf(request), report_name) });
  });

  // The medal wall, each badge with its rule and the author's progress towards it (growth module).
  routeAliases(app, 'GET', ['/api/pc/v1/badge/list', '/api/badge/scan'], author, async (request) => {
    const who = authOf(request);
    const [wall, progress] = await Promise.all([rewards.medalWall(ctx, who), badgeProgress(ctx.db, who)]);
    return ok({ ...wall, list: wall.list.map((b) => ({ ...b, rule: progress.get(b.id) ?? null })) });
  });

  // Console: badges, levels and graduations (the first admin paths are aliases there).
  await rewardsConsoleRoutes(app);
  routeAliases(app, 'POST', ['/api/pc/v1/admin/home-models'], admin, async (request) => {
    const input = parseInput(HomeModelBody, request.body, request);
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const card = await rewards.publishHomeModel(ctx, clientId, input, Date.now(), tx);
        await recordAudit(tx, request, {
          action: 'home_model.publish',
          targetType: 'account',
          targetId: card.account_id,
          summary: `给作者发布首页卡片「${input.level_txt}」`,
          after: input,
        });
        return card;
      }),
    );
  });
}
