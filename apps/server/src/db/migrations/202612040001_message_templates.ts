import type { Kysely } from 'kysely';

/**
 * A message the system sends (scheduled publishing, issue 18) is stored as a template key with its
 * parameters, JSON `{key, params}`, and worded in the reader's language when shown; title and
 * content keep the Chinese wording for anything that reads the row without the template.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('template', 'text').execute();
}
