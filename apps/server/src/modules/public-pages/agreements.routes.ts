import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { authOf } from '../../platform/auth/guards.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { inTransaction } from '../../platform/db/database.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { badInput, conflict, notFound } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { AGREEMENT_KINDS, type AgreementKind } from './agreements.tables.ts';
import { sanitizeRichText, textOf } from './sanitize.ts';
import '../auth/auth.tables.ts';

const kind = z.enum(AGREEMENT_KINDS);

/** The version of each kind in force for a brand: the newest whose effective time has come. */
async function inForce(db: Db | Tx, clientId: number, now: number, kinds: readonly AgreementKind[] = AGREEMENT_KINDS) {
  const rows = await db
    .selectFrom('agreements')
    .select(['id', 'kind', 'version', 'title', 'content_html', 'effective_at'])
    .where('client_id', '=', clientId)
    .where('kind', 'in', kinds)
    .where('effective_at', '<=', now)
    .orderBy('version', 'desc')
    .execute();
  const byKind = new Map<AgreementKind, (typeof rows)[number]>();
  for (const row of rows) if (!byKind.has(row.kind)) byKind.set(row.kind, row);
  return byKind;
}

// Input schemas are built once, not per request (building a zod object costs more than a cached reply).
const KindQuery = z.object({ kind });
const AcceptBody = z.object({ kind, version: z.coerce.number().int().positive() });
const IdQuery = z.object({ id: z.coerce.number().int().positive() });
const PublishBody = z.object({
  kind,
  title: z.string().trim().min(1, '请填写标题').max(60),
  content_html: z.string().max(300_000),
  effective_at: z.coerce.number().int().min(0),
  reason: z.string().trim().min(2, '请填写原因').max(200),
});

/**
 * Agreements (§2 page/agreement privacy, user, publish): versioned texts per brand. The page shows
 * the version in force; a version that came into force after a person registered asks them, once
 * logged in, to accept it — once, recorded with the time, the version and the address.
 */
export async function agreementsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const open = { config: { auth: 'optional' as const } };
  const author = { config: { auth: 'author' as const } };
  const editor = { config: { auth: 'editor' as const } };

  routeAliases(app, 'GET', ['/api/pc/v1/agreement/detail', '/api/agreement/detail'], open, async (request) => {
    const q = parseInput(KindQuery, request.query, request);
    const row = (await inForce(ctx.db, request.brand.clientId, Date.now(), [q.kind])).get(q.kind);
    if (!row) throw notFound({ 'zh-CN': '协议尚未发布', 'en-US': 'This agreement has not been published yet' });
    return ok(row);
  });

  /** The versions in force this person has not accepted and that came into force after they registered. */
  const pendingOf = async (db: Db | Tx, clientId: number, userId: number, now: number) => {
    const user = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
    const current = [...(await inForce(db, clientId, now)).values()].filter(
      (a) => a.effective_at > (user?.created_at ?? 0),
    );
    if (current.length === 0) return [];
    const accepted = await db
      .selectFrom('agreement_acceptances')
      .select('agreement_id')
      .where('user_id', '=', userId)
      .where(
        'agreement_id',
        'in',
        current.map((a) => a.id),
      )
      .execute();
    const done = new Set(accepted.map((r) => r.agreement_id));
    return current
      .filter((a) => !done.has(a.id))
      .map(({ kind: k, version, title, effective_at }) => ({ kind: k, version, title, effective_at }));
  };

  routeAliases(app, 'GET', ['/api/pc/v1/agreement/pending', '/api/agreement/pending'], author, async (request) => {
    const auth = authOf(request);
    return ok({ list: await pendingOf(ctx.db, auth.clientId, auth.userId, Date.now()) });
  });

  routeAliases(app, 'POST', ['/api/pc/v1/agreement/accept', '/api/agreement/accept'], author, async (request) => {
    const body = parseInput(AcceptBody, request.body, request);
    const auth = authOf(request);
    const now = Date.now();
    const current = (await inForce(ctx.db, auth.clientId, now, [body.kind])).get(body.kind);
    if (!current || current.version !== body.version) {
      throw badInput('version', {
        'zh-CN': '协议已更新，请阅读最新版本后再同意',
        'en-US': 'The agreement has changed; please read the newest version before accepting',
      });
    }
    await ctx.db
      .insertInto('agreement_acceptances')
      .values({
        client_id: auth.clientId,
        user_id: auth.userId,
        account_id: auth.accountId,
        agreement_id: current.id,
        kind: body.kind,
        version: current.version,
        ip: request.ip,
        accepted_at: now,
      })
      // Accepted once: a second click (another tab) keeps the first record.
      .onConflict((oc) => oc.columns(['user_id', 'agreement_id']).doNothing())
      .execute();
    return ok({ list: await pendingOf(ctx.db, auth.clientId, auth.userId, now) });
  });

  // ---- console ---------------------------------------------------------------------------------
  const ConsoleList = listQuery(['version', 'effective_at'], { kind: kind.optional() });

  routeAliases(app, 'GET', ['/api/admin/agreements'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(ConsoleList, request.query, request);
    let query = ctx.db
      .selectFrom('agreements')
      .select([
        'id',
        'kind',
        'version',
        'title',
        'effective_at',
        'created_at',
        (eb) =>
          eb
            .selectFrom('agreement_acceptances')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('agreement_acceptances.agreement_id', '=', 'agreements.id')
            .as('accepted'),
      ])
      .where('client_id', '=', staff.clientId);
    if (q.kind) query = query.where('kind', '=', q.kind);
    const page = await pageOf(query, q, {
      sorts: { version: 'version', effective_at: 'effective_at' },
      defaultSort: 'effective_at',
      defaultOrder: 'descend',
      tiebreak: 'id',
    });
    const current = await inForce(ctx.db, staff.clientId, Date.now());
    return ok({
      ...page,
      list: page.list.map((r) => ({
        ...r,
        accepted: Number(r.accepted ?? 0),
        in_force: current.get(r.kind)?.id === r.id,
      })),
    });
  });

  routeAliases(app, 'GET', ['/api/admin/agreements/detail'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(IdQuery, request.query, request);
    const row = await ctx.db
      .selectFrom('agreements')
      .selectAll()
      .where('id', '=', q.id)
      .where('client_id', '=', staff.clientId)
      .executeTakeFirst();
    if (!row) throw notFound({ 'zh-CN': '没有这个协议版本', 'en-US': 'There is no such version' });
    return ok(row);
  });

  /** A new version (texts are never edited once published): admins only, with a reason. */
  routeAliases(app, 'POST', ['/api/admin/agreements/publish'], { config: { auth: 'admin' } }, async (request) => {
    const staff = staffOf(request);
    const body = parseInput(PublishBody, request.body, request);
    const html = sanitizeRichText(body.content_html);
    if (!textOf(html)) throw badInput('content_html', { 'zh-CN': '请填写协议正文', 'en-US': 'Write the text' });
    const now = Date.now();
    if (body.effective_at < now - 60_000) {
      throw badInput('effective_at', {
        'zh-CN': '生效时间不能早于现在',
        'en-US': 'The version cannot come into force in the past',
      });
    }
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const last = await tx
          .selectFrom('agreements')
          .select(['version', 'effective_at'])
          .where('client_id', '=', staff.clientId)
          .where('kind', '=', body.kind)
          .orderBy('version', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (last && last.effective_at > Math.max(now, body.effective_at)) {
          throw conflict({
            'zh-CN': '已有一个尚未生效的新版本，新版本的生效时间不能早于它',
            'en-US': 'A newer version is already scheduled; this one cannot come into force before it',
          });
        }
        const row = await tx
          .insertInto('agreements')
          .values({
            client_id: staff.clientId,
            kind: body.kind,
            version: (last?.version ?? 0) + 1,
            title: body.title,
            content_html: html,
            effective_at: Math.max(body.effective_at, now),
            created_by: staff.accountId,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(tx, request, {
          action: 'agreement.publish',
          targetType: 'agreement',
          targetId: row.id,
          summary: `发布「${row.title}」第${row.version}版`,
          reason: body.reason,
          after: { kind: row.kind, version: row.version, effective_at: row.effective_at },
        });
        return { id: row.id, version: row.version };
      }),
    );
  });
}
