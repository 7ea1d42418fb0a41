import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * Agreements (issue 16): versioned texts per brand (privacy, user, publish), never edited once
 * published (a change is a new version), and each person's acceptance of a version, once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('agreements'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('effective_at', timeColumn, (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('agreements_client_kind_version')
    .on('agreements')
    .columns(['client_id', 'kind', 'version'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('agreement_acceptances'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('agreement_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('accepted_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('agreement_acceptances_user_agreement')
    .on('agreement_acceptances')
    .columns(['user_id', 'agreement_id'])
    .unique()
    .execute();
}
