import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { forbidden, rateLimited } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { createIpLookup } from './ip-lookup.ts';
import { branchInfo, checkEnv, track } from './tracking.service.ts';

const optional = { config: { auth: 'optional' as const } };

const Scalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
const EventSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/),
  properties: z
    .record(z.string().max(64), Scalar)
    .refine((p) => Object.keys(p).length <= 30, 'properties: 最多30个字段')
    .default({}),
  platform_id: z.coerce.string().trim().min(1).max(32),
  time: z.number().int().positive().optional(),
  path: z.string().max(300).optional(),
});
const TrackBody = z.object({ events: z.array(EventSchema).min(1).max(50) });
const IpQuery = z.object({
  ip: z
    .string()
    .max(64)
    .refine((v) => isIP(v) !== 0, 'ip: 不是有效的IP地址')
    .optional(),
});

/** Events per minute one browser may send. */
const TRACK_LIMIT = { events: 300, windowMs: 60_000 };

/** Statistics collector, environment check, IP time zone and the test environment's branch list. */
export async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const lookup = createIpLookup(ctx.config.env);

  routeAliases(app, 'POST', ['/api/pc/v1/statistics/track'], optional, async (request) => {
    const { events } = parseInput(TrackBody, request.body, request);
    const who = request.auth;
    const key = `track:${who ? `a${who.accountId}` : `ip${request.ip}`}`;
    const decision = await ctx.rateLimiter.hit(key, TRACK_LIMIT.events, TRACK_LIMIT.windowMs);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs);
    return ok(await track(ctx, { clientId: request.brand.clientId, accountId: who?.accountId ?? null }, events));
  });

  // GLOBAL_CHECK_ENV (§3, §4): polled every 300000 ms by the web app until env is 1.
  routeAliases(app, 'GET', ['/api/pc/v1/global/check-env'], optional, async (request) =>
    ok(await checkEnv(lookup, request.ip)),
  );

  // The IP lookup of §7: the caller's own address unless another is named.
  routeAliases(app, 'GET', ['/api/pc/v1/global/ip-time-zone'], optional, async (request) => {
    const { ip = request.ip } = parseInput(IpQuery, request.query, request);
    const info = await lookup.lookup(ip);
    return ok({ ip, time_zone: info?.timeZone ?? '', country: info?.country ?? '' });
  });

  // Branch tooltip (§2): only in a test environment (brand environment '0').
  routeAliases(app, 'GET', ['/api/pc/v1/global/branch-info'], {}, async (request) => {
    if (request.brand.environment !== '0') throw forbidden();
    return ok({ list: await branchInfo() });
  });
}
