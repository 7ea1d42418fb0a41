import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { containsText } from '../../platform/db/like.ts';
import { ipForStaff, listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import '../../platform/audit/audit.tables.ts';

const editor = { config: { auth: 'editor' as const } };

const AuditQuery = listQuery(['created_at', 'action', 'actor_name'], {
  action: z.string().trim().max(64).optional(),
  /** The staff member's pen name, or part of it. */
  actor: z.string().trim().max(30).optional(),
  target_type: z.string().trim().max(32).optional(),
  target_id: z.string().trim().max(64).optional(),
  /** Words of the summary or the reason. */
  keyword: z.string().trim().max(50).optional(),
  created_from: z.coerce.number().int().min(0).optional(),
  created_to: z.coerce.number().int().min(0).optional(),
});

/** The console shell's own calls: who the staff member is, and the audit log (read only). */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  routeAliases(app, 'GET', ['/api/admin/me'], editor, async (request) => {
    const staff = staffOf(request);
    const account = await ctx.db
      .selectFrom('accounts')
      .select(['pen_name', 'avatar'])
      .where('id', '=', staff.accountId)
      .executeTakeFirst();
    const own = ctx.brands.get(staff.ownClientId);
    const brands = staff.platformAdmin
      ? ctx.brands.all().map((b) => ({ client_id: b.clientId, name: b.clientName, brief: b.brief }))
      : [{ client_id: own.clientId, name: own.clientName, brief: own.brief }];
    return ok({
      account_id: staff.accountId,
      pen_name: account?.pen_name ?? '',
      avatar: account?.avatar ?? null,
      role: staff.role,
      platform_admin: staff.platformAdmin,
      client_id: staff.clientId,
      own_client_id: staff.ownClientId,
      editor_title: ctx.brands.get(staff.clientId).editorTitle,
      brands: brands.sort((a, b) => a.client_id - b.client_id),
    });
  });

  // The audit log is searchable by every staff member of the brand; nothing changes it from here.
  routeAliases(app, 'GET', ['/api/admin/audit'], editor, async (request) => {
    const staff = staffOf(request);
    const q = parseInput(AuditQuery, request.query, request);
    let query = ctx.db
      .selectFrom('audit_log')
      .select([
        'id',
        'created_at',
        'actor_account_id',
        'actor_name',
        'actor_role',
        'action',
        'target_type',
        'target_id',
        'summary',
        'reason',
        'before_json',
        'after_json',
        'ip',
        'user_agent',
      ])
      .where('client_id', '=', staff.clientId);
    if (q.action) query = query.where('action', '=', q.action);
    if (q.actor) query = query.where(containsText('actor_name', q.actor));
    if (q.target_type) query = query.where('target_type', '=', q.target_type);
    if (q.target_id) query = query.where('target_id', '=', q.target_id);
    if (q.keyword) {
      const keyword = q.keyword;
      query = query.where((eb) => eb.or([containsText('summary', keyword), containsText('reason', keyword)]));
    }
    if (q.created_from !== undefined) query = query.where('created_at', '>=', q.created_from);
    if (q.created_to !== undefined) query = query.where('created_at', '<', q.created_to);
    const page = await pageOf(query, q, {
      sorts: { created_at: 'created_at', action: 'action', actor_name: 'actor_name' },
      defaultSort: 'created_at',
      defaultOrder: 'descend',
      tiebreak: 'id',
    });
    return ok({
      ...page,
      list: page.list.map(({ before_json, after_json, ...row }) => ({
        ...row,
        ip: ipForStaff(staff, row.ip),
        before: before_json ? JSON.parse(before_json) : null,
        after: after_json ? JSON.parse(after_json) : null,
      })),
    });
  });
}
