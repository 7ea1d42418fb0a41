import type { Kysely } from 'kysely';
import { timeColumn } from '../../platform/db/columns.ts';

/** Contracts (issue 12): when an approved apply-sale put the book on sale (null: not on sale). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('books').addColumn('on_sale_at', timeColumn).execute();
}
