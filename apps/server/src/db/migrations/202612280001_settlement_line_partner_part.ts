import type { Kysely } from 'kysely';

/**
 * The partner platform's (zh) part of a statement line, written by the month's close: on a share line
 * the zh revenue of the month it settled and the share of it; on a correction line the zh part of the
 * late revenue. settlement-summary-zh reads a closed month from these, so late zh revenue never changes
 * a released month there (it is the next statement's correction). Null on lines closed before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('settlement_lines').addColumn('partner_fen', 'integer').execute();
  await db.schema.alterTable('settlement_lines').addColumn('partner_share_fen', 'integer').execute();
}
