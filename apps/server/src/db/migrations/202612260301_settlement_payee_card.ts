import type { Kysely } from 'kysely';

/**
 * The bank card a monthly statement was paid to, as the author may see it (bank, masked number, masked
 * holder name), written when the payout file lists the statement and kept once it is paid: a card
 * changed afterwards does not rewrite where earlier money went. Never the full number.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('settlements').addColumn('payee_bank_name', 'text').execute();
  await db.schema.alterTable('settlements').addColumn('payee_bank_num_mask', 'text').execute();
  await db.schema.alterTable('settlements').addColumn('payee_holder_mask', 'text').execute();
}
