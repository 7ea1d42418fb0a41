import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * How many authors of each brand hold each level (issue 15): "surpassed N % of authors" is computed
 * from these few rows rather than by counting every account of the brand on each level change.
 * Kept exact by apps/server/src/platform/level-counts.ts; backfilled here from the accounts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('author_level_counts')
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('authors', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('author_level_counts_pk', ['client_id', 'level'])
    .execute();
  await sql`
    insert into author_level_counts (client_id, level, authors)
    select client_id, level, count(*) from accounts where role = 'author' group by client_id, level
  `.execute(db);
}
