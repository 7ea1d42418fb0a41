import { ErrorCode } from '@author-centre/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { localize } from '../../platform/http/language.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { entry, eventKinds, ingestBatch, MAX_BATCH } from './events.ts';
import { integrationOpenApi } from './openapi.ts';
import { createSiteKey, SiteAuth } from './site-auth.ts';

const AUTHS = new WeakMap<AppContext, SiteAuth>();

/** The signed-call checker of an app (the works change feed uses it too). */
export function siteAuthOf(ctx: AppContext): SiteAuth {
  return entry(AUTHS as unknown as Map<AppContext, SiteAuth>, ctx, () => new SiteAuth(ctx));
}

const SiteBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, 'code: 2–40 lower-case letters, digits or -'),
  name: z.string().trim().min(1).max(60),
  kind: z.enum(['reading', 'zh', 'free']),
  reason: z.string().trim().min(1).max(500),
});
const KeyBody = z.object({ site_id: z.coerce.number().int().positive(), reason: z.string().trim().min(1).max(500) });
const RevokeBody = z.object({ key_id: z.string().min(1).max(60), reason: z.string().trim().min(1).max(500) });

/**
 * The query of the reading sites' change feeds (chapters, comments): declared in each route's config, since the
 * site's signature is checked before the query is read.
 */
export const ChangesQuery = z.object({
  cursor: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const siteAuth = siteAuthOf(ctx);

  /** A batch of reader events (see events.ts for the rules, docs/integration-api.md for the contract). */
  // Declared: the site's signature is checked before the body is read.
  const EventsBody = z.object({ events: z.array(z.unknown()).min(1).max(MAX_BATCH) });
  app.post(
    '/api/integration/v1/events',
    { config: { signed: false, input: { body: EventsBody } } },
    async (request, reply) => {
      const site = await siteAuth.verify(request);
      const body = parseInput(EventsBody, request.body, request);
      const outcome = await ingestBatch(ctx.db, site, body.events);
      if (outcome.refused.length) {
        return reply.status(422).send({
          code: ErrorCode.integrationBatchRefused,
          errors: {
            code: ErrorCode.integrationBatchRefused,
            title: localize(request, {
              'zh-CN': `本批事件未写入：${outcome.refused.length}个事件不合格`,
              'en-US': `Nothing of the batch was written: ${outcome.refused.length} event(s) refused`,
            }),
          },
          data: { refused: outcome.refused },
        });
      }
      return ok({ received: body.events.length, accepted: outcome.accepted, duplicates: outcome.duplicates });
    },
  );

  app.get('/api/integration/v1/openapi.json', { config: { signed: false } }, async () =>
    integrationOpenApi([...eventKinds().keys()]),
  );

  // Console: the brand's sites, their keys and the ingestion health.
  routeAliases(app, 'GET', ['/api/admin/integration/sites'], { config: { auth: 'admin' } }, async (request) => {
    const staff = staffOf(request);
    const now = Date.now();
    const sites = await ctx.db
      .selectFrom('integration_sites')
      .selectAll()
      .where('client_id', '=', staff.clientId)
      .orderBy('id')
      .execute();
    const keys = await ctx.db
      .selectFrom('integration_keys')
      .select(['id', 'site_id', 'key_id', 'created_at', 'revoked_at'])
      .where('client_id', '=', staff.clientId)
      .orderBy('id')
      .execute();
    const since = now - 24 * 3_600_000;
    const list = [];
    for (const s of sites) {
      const last = await ctx.db
        .selectFrom('integration_batches')
        .select(['received_at', 'latest_event_at'])
        .where('site_id', '=', s.id)
        .where('accepted', '>', 0)
        .orderBy('received_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const day = await ctx.db
        .selectFrom('integration_batches')
        .select((eb) => [
          eb.fn.countAll<number>().as('batches'),
          eb.fn.sum<number>('refused').as('refused_events'),
          eb.fn.sum<number>(eb.case().when('refused', '>', 0).then(1).else(0).end()).as('refused_batches'),
          eb.fn.sum<number>('accepted').as('accepted'),
        ])
        .where('site_id', '=', s.id)
        .where('received_at', '>=', since)
        .executeTakeFirst();
      const lastRefusal = await ctx.db
        .selectFrom('integration_batches')
        .select(['received_at', 'first_reason'])
        .where('site_id', '=', s.id)
        .where('refused', '>', 0)
        .orderBy('received_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      list.push({
        site_id: s.id,
        code: s.code,
        name: s.name,
        kind: s.kind,
        created_at: s.created_at,
        keys: keys
          .filter((k) => k.site_id === s.id)
          .map((k) => ({ key_id: k.key_id, created_at: k.created_at, revoked_at: k.revoked_at })),
        health: {
          last_batch_at: last?.received_at ?? null,
          last_event_at: last?.latest_event_at ?? null,
          // How far behind the site's newest event was when it arrived, and how long since anything came.
          lag_ms: last?.latest_event_at ? last.received_at - last.latest_event_at : null,
          silent_ms: last ? now - last.received_at : null,
          batches_24h: Number(day?.batches ?? 0),
          accepted_24h: Number(day?.accepted ?? 0),
          refused_batches_24h: Number(day?.refused_batches ?? 0),
          refused_events_24h: Number(day?.refused_events ?? 0),
          last_refusal: lastRefusal ? { at: lastRefusal.received_at, reason: lastRefusal.first_reason } : null,
        },
      });
    }
    return ok({ list });
  });

  routeAliases(app, 'POST', ['/api/admin/integration/sites'], { config: { auth: 'admin' } }, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(SiteBody, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const exists = await tx
          .selectFrom('integration_sites')
          .select('id')
          .where('client_id', '=', staff.clientId)
          .where('code', '=', body.code)
          .executeTakeFirst();
        if (exists) throw conflict({ 'zh-CN': '站点代码已存在', 'en-US': 'A site with this code exists' });
        const row = await tx
          .insertInto('integration_sites')
          .values({
            client_id: staff.clientId,
            code: body.code,
            name: body.name,
            kind: body.kind,
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const site = { site_id: row.id, code: body.code, name: body.name, kind: body.kind };
        await recordAudit(tx, request, {
          action: 'integration.site-create',
          targetType: 'integration_site',
          targetId: row.id,
          summary: `新增阅读站点「${body.name}」(${body.code})`,
          reason: body.reason,
          after: site,
        });
        return site;
      }),
    );
  });

  /** A new key pair for a site; the secret is in this reply only. */
  routeAliases(app, 'POST', ['/api/admin/integration/keys'], { config: { auth: 'admin' } }, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(KeyBody, request.body, request);
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const site = await tx
          .selectFrom('integration_sites')
          .select(['id', 'client_id', 'name'])
          .where('id', '=', body.site_id)
          .where('client_id', '=', staff.clientId)
          .executeTakeFirst();
        if (!site) throw notFound({ 'zh-CN': '站点不存在', 'en-US': 'No such site' });
        const key = await createSiteKey(ctx, tx, { id: site.id, clientId: site.client_id }, staff.accountId);
        await recordAudit(tx, request, {
          action: 'integration.key-create',
          targetType: 'integration_site',
          targetId: site.id,
          summary: `为「${site.name}」生成密钥 ${key.keyId}`,
          reason: body.reason,
          after: { key_id: key.keyId },
        });
        return { key_id: key.keyId, secret: key.secret };
      }),
    );
  });

  routeAliases(app, 'POST', ['/api/admin/integration/keys/revoke'], { config: { auth: 'admin' } }, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(RevokeBody, request.body, request);
    const result = await inTransaction(ctx.db, async (tx) => {
      const key = await tx
        .selectFrom('integration_keys')
        .select(['id', 'site_id', 'revoked_at'])
        .where('key_id', '=', body.key_id)
        .where('client_id', '=', staff.clientId)
        .executeTakeFirst();
      if (!key) throw notFound({ 'zh-CN': '密钥不存在', 'en-US': 'No such key' });
      if (key.revoked_at !== null) throw conflict({ 'zh-CN': '密钥已停用', 'en-US': 'The key is already revoked' });
      const now = Date.now();
      await tx.updateTable('integration_keys').set({ revoked_at: now }).where('id', '=', key.id).execute();
      await recordAudit(tx, request, {
        action: 'integration.key-revoke',
        targetType: 'integration_site',
        targetId: key.site_id,
        summary: `停用密钥 ${body.key_id}`,
        reason: body.reason,
        before: { revoked_at: null },
        after: { revoked_at: now },
      });
      return { key_id: body.key_id, revoked_at: now };
    });
    siteAuth.forget(body.key_id);
    return ok(result);
  });
}
