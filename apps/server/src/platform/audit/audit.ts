import { ErrorCode } from '@author-centre/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/database.ts';
import { staffOf } from '../http/console.ts';
import './audit.tables.ts';

/** One change made in the operations console. */
export interface AuditEntry {
  /** `<area>.<verb>`, e.g. 'badge.award', 'brand.update', 'account.role'. */
  action: string;
  targetType: string;
  targetId: string | number;
  /** One line a person reads in the log, in the language the staff member works in. */
  summary: string;
  reason?: string | null;
  /** The state before and after (personal data already masked by the caller). */
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * THE one way a console write is recorded: who (the staff account and its role), in which brand,
 * when, what, before and after, from which IP and user agent. Pass the transaction of the change
 * itself, so the change and its record are written together or not at all.
 * The log has no update or delete path anywhere.
 */
export async function recordAudit(db: Db | Tx, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const staff = staffOf(request);
  const actor = await db.selectFrom('accounts').select('pen_name').where('id', '=', staff.accountId).executeTakeFirst();
  await db
    .insertInto('audit_log')
    .values({
      client_id: staff.clientId,
      actor_client_id: staff.ownClientId,
      actor_user_id: staff.userId,
      actor_account_id: staff.accountId,
      actor_name: actor?.pen_name ?? String(staff.accountId),
      actor_role: staff.platformAdmin ? 'platform_admin' : staff.role,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      summary: entry.summary.slice(0, 500),
      reason: entry.reason?.trim() || null,
      before_json: json(entry.before),
      after_json: json(entry.after),
      ip: request.ip,
      user_agent: String(request.headers['user-agent'] ?? '').slice(0, 500),
      created_at: Date.now(),
    })
    .execute();
  request.auditRecorded = true;
}

/**
 * Says that a console write changed nothing (publishing what is already published, saving the same
 * settings), so there is nothing to record: the audit guard lets it through.
 */
export function recordNoChange(request: FastifyRequest): void {
  request.auditRecorded = true;
}

/**
 * The guard that makes the audit log complete: a console write (an editor or admin route that is
 * not a GET) that succeeds without a recordAudit call is logged as an error, and in tests answered
 * with 500 so the missing record is found before it ships.
 */
export function auditGuard(options: { refuse: boolean }) {
  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, payload: unknown) => void,
  ) => {
    if (reply.statusCode >= 300 || request.auditRecorded) return done(null, payload);
    request.log.error({ path: request.routeOptions.url }, 'a console write succeeded without an audit record');
    if (!options.refuse) return done(null, payload);
    reply.code(500);
    done(
      null,
      JSON.stringify({
        code: ErrorCode.internal,
        errors: {
          code: ErrorCode.internal,
          title: `console write without an audit record: ${request.routeOptions.url}`,
        },
      }),
    );
  };
}
