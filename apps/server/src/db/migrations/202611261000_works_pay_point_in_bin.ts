import type { Kysely } from 'kysely';

/**
 * Works: the pay-point chapter the author sent to the recycle bin. Deleting it moves the pay point
 * to the next chapter; restoring it makes it the pay point again, as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('books').addColumn('pay_point_in_bin', 'integer').execute();
}
