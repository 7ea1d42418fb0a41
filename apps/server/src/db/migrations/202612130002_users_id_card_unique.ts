import { type Kysely, sql } from 'kysely';

/**
 * Contracts (issue 12): one person per national ID per brand, held by the database and not only by
 * the code (two concurrent saves of the same ID could both pass a check-then-write). A unique index
 * on users(client_id, id_card_hash) where an ID is set; users without one (null) are not affected.
 * Rows that already break the rule stop the migration with what to resolve (brands and counts, no
 * personal data): which of two people keeps a document is a decision for the brand's staff.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const duplicates = await db
    .selectFrom('users')
    .select(['client_id', sql<number>`count(*)`.as('n')])
    .where('id_card_hash', 'is not', null)
    .groupBy(['client_id', 'id_card_hash'])
    .having(sql`count(*)`, '>', 1)
    .execute();
  if (duplicates.length > 0) {
    const brands = [...new Set(duplicates.map((d) => Number(d.client_id)))].sort((a, b) => a - b);
    throw new Error(
      `users_id_card_unique: ${duplicates.length} national ID(s) are verified for more than one user in brand(s) ${brands.join(', ')}; ` +
        'clear id_card_enc/id_card_hash of all but one user per ID (select client_id, id_card_hash, id from users where id_card_hash in (…)) and start again',
    );
  }
  await db.schema
    .createIndex('users_id_card_unique')
    .on('users')
    .columns(['client_id', 'id_card_hash'])
    .unique()
    .where('id_card_hash', 'is not', null)
    .execute();
}
