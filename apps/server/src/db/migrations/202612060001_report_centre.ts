import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * The report centre (issue 16): an informer's verified phone (a short-lived token after the type 5
 * code), evidence files, cases and each step of a case as the informer sees it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('report_informers'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('phone_enc', 'text', (c) => c.notNull())
    .addColumn('phone_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('expires_at', timeColumn, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('report_cases'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('case_no', 'text', (c) => c.notNull().unique())
    .addColumn('phone_enc', 'text', (c) => c.notNull())
    .addColumn('phone_hash', 'text', (c) => c.notNull())
    // The informer's author account when they were logged in; never shown to the reported author.
    .addColumn('informer_account_id', 'integer')
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('book_id', 'integer')
    .addColumn('target_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('original_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('decision', 'text')
    .addColumn('assignee_account_id', 'integer')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_cases_client_state')
    .on('report_cases')
    .columns(['client_id', 'state', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('report_case_steps'))
    .addColumn('case_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Words the informer reads (a question, a decision's explanation, their own supplement).
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('staff_account_id', 'integer')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_case_steps_case').on('report_case_steps').columns(['case_id', 'id']).execute();

  await withId(db, db.schema.createTable('report_evidence'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('phone_hash', 'text', (c) => c.notNull())
    .addColumn('case_id', 'integer')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_evidence_case').on('report_evidence').columns(['case_id']).execute();
}
