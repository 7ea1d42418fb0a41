import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth/guards.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { addProfileContributor, type ProfileContributor } from '../auth/accounts.service.ts';
import {
  activityListQuery,
  activityState,
  createActivity,
  endActivity,
  homeIndex,
  popupProfileFields,
  updateActivity,
} from './home.service.ts';

const author = { config: { auth: 'author' as const } };
const admin = { config: { auth: 'admin' as const } };

const ActivityBody = z
  .object({
    title: z.string().trim().min(1).max(40),
    summary: z.string().trim().max(120).optional(),
    cover: z.string().trim().max(500).optional(),
    url: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/(?!\/)|https:\/\/)/),
    starts_at: z.number().int().positive(),
    ends_at: z.number().int().positive(),
    sort: z.number().int().optional(),
  })
  .refine((a) => a.ends_at > a.starts_at, { path: ['ends_at'], message: 'ends_at: 结束时间须晚于开始时间' });

const ActivityListQuery = listQuery(['starts_at', 'ends_at', 'sort', 'created_at'], {
  state: z.enum(['upcoming', 'running', 'ended']).optional(),
  keyword: z.string().trim().max(40).optional(),
});
const ActivityId = z.coerce.number().int().positive();
const EndActivityBody = z.object({ id: ActivityId, reason: z.string().trim().min(2).max(200) });

let contributorAdded = false;

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // The profile (sign-in module) carries the pop-up fields this module owns.
  if (!contributorAdded) {
    contributorAdded = true;
    addProfileContributor(async (c, auth) => {
      const { message_count, ...fields } = await popupProfileFields(c, auth);
      // author_level_upgrade is ours too; the sign-in module's Profile type lists only the fields it knows.
      return { ...fields, user: { message_count } } as unknown as Awaited<ReturnType<ProfileContributor>>;
    });
  }

  routeAliases(app, 'GET', ['/api/author/index', '/api/pc/v1/author/index'], author, async (request) =>
    ok(await homeIndex(ctx, authOf(request))),
  );

  // GET_COMMENT_MSG_NUM and the corrections count are the comments module's (issue 14).

  // The console's home-page activities (the cards of the author's home): list, create, edit, end early.
  routeAliases(app, 'GET', ['/api/admin/home-activities'], admin, async (request) => {
    const q = parseInput(ActivityListQuery, request.query, request);
    const now = Date.now();
    const page = await pageOf(activityListQuery(ctx, staffOf(request).clientId, q, now), q, {
      sorts: { starts_at: 'starts_at', ends_at: 'ends_at', sort: 'sort', created_at: 'created_at' },
      defaultSort: 'created_at',
      defaultOrder: 'descend',
      tiebreak: 'id',
    });
    return ok({ ...page, list: page.list.map((row) => ({ ...row, state: activityState(row, now) })) });
  });
  routeAliases(
    app,
    'POST',
    ['/api/admin/home-activities', '/api/pc/v1/admin/home-activities'],
    admin,
    async (request) => ok(await createActivity(ctx, request, parseInput(ActivityBody, request.body, request))),
  );
  routeAliases(app, 'POST', ['/api/admin/home-activities/update'], admin, async (request) => {
    const body = parseInput(ActivityBody.and(z.object({ id: ActivityId })), request.body, request);
    return ok(await updateActivity(ctx, request, body.id, body));
  });
  routeAliases(app, 'POST', ['/api/admin/home-activities/end'], admin, async (request) => {
    const body = parseInput(EndActivityBody, request.body, request);
    return ok(await endActivity(ctx, request, body.id, body.reason));
  });
}
