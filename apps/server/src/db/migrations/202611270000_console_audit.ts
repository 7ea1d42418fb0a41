import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/** The operations console's audit log: one row per change a staff member made. Append-only. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('actor_client_id', 'integer', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.notNull())
    .addColumn('actor_account_id', 'integer', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_client_time').on('audit_log').columns(['client_id', 'created_at']).execute();
  await db.schema
    .createIndex('audit_log_client_target')
    .on('audit_log')
    .columns(['client_id', 'target_type', 'target_id'])
    .execute();
  await db.schema.createIndex('audit_log_client_action').on('audit_log').columns(['client_id', 'action']).execute();
}
