import type { Kysely } from 'kysely';

/**
 * The fingerprint of an imported manuscript's text (issue 18): importing the same file into the
 * same book again is said before duplicate drafts are created. Older sessions have none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_sessions').addColumn('source_hash', 'text').execute();
  await db.schema
    .createIndex('import_sessions_book_hash')
    .on('import_sessions')
    .columns(['book_id', 'source_hash'])
    .execute();
}
