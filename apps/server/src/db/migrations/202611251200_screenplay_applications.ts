import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * Screenplay applications (book-manage/screenplay/application): an author asks to write an original
 * screenplay or to adapt one of their own novels; an editor approves or refuses with a reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('screenplay_applications'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    /** 'original' | 'adaptation'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The adapted novel (adaptation only). */
    .addColumn('book_id', 'integer')
    /** The novel's title when the application was made. */
    .addColumn('book_title', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('synopsis', 'text', (c) => c.notNull())
    .addColumn('episodes', 'integer', (c) => c.notNull())
    /** The author's contact note, sealed (it may hold a phone number). */
    .addColumn('contact_note_enc', 'text')
    /** 'pending' | 'approved' | 'refused' | 'cancelled'. */
    .addColumn('status', 'text', (c) => c.notNull())
    /** The editor's reason (refused; optional note when approved). */
    .addColumn('reason', 'text')
    .addColumn('reviewer_account_id', 'integer')
    .addColumn('reviewed_at', timeColumn)
    .addColumn('cancelled_at', timeColumn)
    /** 'book:<id>' while an adaptation is pending, else null: one pending application per book. */
    .addColumn('pending_key', 'text')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('screenplay_applications_owner')
    .on('screenplay_applications')
    .columns(['client_id', 'account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('screenplay_applications_status')
    .on('screenplay_applications')
    .columns(['client_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('screenplay_applications_pending')
    .on('screenplay_applications')
    .columns(['pending_key'])
    .unique()
    .execute();
}
