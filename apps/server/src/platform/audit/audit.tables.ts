/** The console's audit log (migration 202611270000_console_audit). Rows are only ever inserted. */

import type { Generated } from 'kysely';

export interface AuditLogTable {
  id: Generated<number>;
  /** The brand the change was made in (a platform admin may act in any brand). */
  client_id: number;
  /** The staff member's own brand. */
  actor_client_id: number;
  actor_user_id: number;
  actor_account_id: number;
  /** The pen name of the staff account when it acted (kept even if it is renamed later). */
  actor_name: string;
  actor_role: string;
  /** What was done, `<area>.<verb>`: 'badge.award', 'brand.update', 'account.role'. */
  action: string;
  /** What it was done to: 'account', 'book', 'badge', 'brand', … and its id. */
  target_type: string;
  target_id: string;
  /** One line a person reads in the log ("授予勋章「首签」给 墨客"). */
  summary: string;
  /** The reason the staff member gave, when the action asks for one. */
  reason: string | null;
  /** JSON of the state before and after the change (personal data masked). */
  before_json: string | null;
  after_json: string | null;
  ip: string;
  user_agent: string;
  created_at: number;
}

declare module '../db/schema.ts' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
