import type { Kysely } from 'kysely';
import { timeColumn } from '../../platform/db/columns.ts';

/**
 * Which keys sealed this database's personal data (issue 20): each key's id and a check value
 * (both one-way from the key, never the key), and which one seals now and which one makes the
 * lookup index. Instances compare their configured keys with these at start, and say which keys they hold.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_keys')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('check_value', 'text', (c) => c.notNull())
    .addColumn('recorded_at', timeColumn, (c) => c.notNull())
    // Set once a rotation re-sealed everything it sealed: instances no longer need it to open data.
    .addColumn('retired_at', timeColumn)
    .execute();
  // One row (id 1): a primary key, so two instances starting on an empty database cannot both record a key.
  await db.schema
    .createTable('data_key_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seal_key_id', 'text', (c) => c.notNull())
    .addColumn('index_key_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  // Which keys each running instance holds (a beat every few seconds): the rotation command refuses to switch to a
  // key some live instance could not open.
  await db.schema
    .createTable('data_key_holders')
    .addColumn('instance_id', 'text', (c) => c.primaryKey())
    .addColumn('key_ids', 'text', (c) => c.notNull())
    .addColumn('seen_at', timeColumn, (c) => c.notNull())
    .execute();
}
