import type { Kysely } from 'kysely';
import { timeColumn } from '../../platform/db/columns.ts';

/**
 * Fingerprints of the secrets every instance must share (issue 20, SHARED_SECRETS in config.ts): a keyed hash
 * of each value (never the value), recorded by the first instance that has it. An instance whose value differs
 * refuses to start naming the variable. One row per variable: the primary key makes two instances starting
 * together record one value.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shared_secret_fingerprints')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('recorded_at', timeColumn, (c) => c.notNull())
    .execute();
}
