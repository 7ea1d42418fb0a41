import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import './auth.tables.ts';

/** How a person proved who they are. */
export type SignInMethod = 'code' | 'password' | 'register';
/** 'code_refused': a wrong, expired or spent SMS code; 'wrong_password': a wrong password for a known person. */
export type SignInResult = 'ok' | 'code_refused' | 'wrong_password';

/** How long sign-ins are kept (the console shows the history of the last half year). */
export const SIGN_IN_LOG_KEEP_MS = 180 * 24 * 60 * 60 * 1000;

/**
 * Writes one sign-in of a known person. A refusal is written too, so staff can tell a person who
 * cannot sign in what went wrong; nothing of the phone, code or password is kept.
 */
export async function recordSignIn(
  db: Db,
  request: FastifyRequest,
  entry: {
    userId: number;
    accountId: number | null;
    method: SignInMethod;
    result: SignInResult;
    sessionId?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sign_in_log')
    .values({
      client_id: request.brand.clientId,
      user_id: entry.userId,
      account_id: entry.accountId,
      method: entry.method,
      result: entry.result,
      session_id: entry.sessionId ?? null,
      ip: request.ip,
      user_agent: String(request.headers['user-agent'] ?? '').slice(0, 500),
      created_at: Date.now(),
    })
    .execute();
}

/** A person's sign-ins in a brand, for a console table (paged and sorted by the caller). */
export function signInsOf(db: Db, clientId: number, userId: number) {
  return db
    .selectFrom('sign_in_log')
    .leftJoin('accounts', 'accounts.id', 'sign_in_log.account_id')
    .select([
      'sign_in_log.id',
      'sign_in_log.account_id',
      'accounts.pen_name',
      'sign_in_log.method',
      'sign_in_log.result',
      'sign_in_log.session_id',
      'sign_in_log.ip',
      'sign_in_log.user_agent',
      'sign_in_log.created_at',
    ])
    .where('sign_in_log.client_id', '=', clientId)
    .where('sign_in_log.user_id', '=', userId);
}

/** Where each of these sessions was started from (its sign-in), by session id. */
export async function sessionOrigins(
  db: Db,
  sessionIds: string[],
): Promise<Map<string, { ip: string; user_agent: string; method: string }>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sign_in_log')
    .select(['session_id', 'ip', 'user_agent', 'method'])
    .where('session_id', 'in', sessionIds)
    .execute();
  return new Map(rows.map((r) => [r.session_id as string, { ip: r.ip, user_agent: r.user_agent, method: r.method }]));
}

export async function purgeOldSignIns(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('sign_in_log')
    .where('created_at', '<', now - SIGN_IN_LOG_KEEP_MS)
    .execute();
}
