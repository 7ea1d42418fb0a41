import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * Works: the editors responsible for a book (get-new-editors) and the toasts an author dismissed for
 * a book (close-words-toast: "your book reached the signing threshold").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('book_editors'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('editor_account_id', 'integer', (c) => c.notNull())
    .addColumn('assigned_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('book_editors_book')
    .on('book_editors')
    .columns(['book_id', 'editor_account_id'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('book_toasts_closed'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('toast', 'text', (c) => c.notNull())
    .addColumn('closed_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('book_toasts_closed_book')
    .on('book_toasts_closed')
    .columns(['book_id', 'account_id', 'toast'])
    .unique()
    .execute();
}
