import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * Public pages (issue 16): the activity centre's activities and the books entered in them, and
 * articles (announcements, signing policy). Written and scheduled in the console; shown once
 * published and their publish time has come.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('activities'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    // Sanitized HTML (the console's rich-text editor).
    .addColumn('content_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rules_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', timeColumn, (c) => c.notNull())
    .addColumn('ends_at', timeColumn, (c) => c.notNull())
    // Eligibility: the book kind ('' any), its least written words, its categories (JSON, [] any).
    .addColumn('book_kind', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('min_words', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('publish_at', timeColumn, (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activities_client_state')
    .on('activities')
    .columns(['client_id', 'state', 'starts_at'])
    .execute();

  await withId(db, db.schema.createTable('activity_entries'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_entries_activity_book')
    .on('activity_entries')
    .columns(['activity_id', 'book_id'])
    .unique()
    .execute();
  await db.schema.createIndex('activity_entries_book').on('activity_entries').columns(['book_id']).execute();

  await withId(db, db.schema.createTable('articles'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    // 'announcement' | 'signing_policy'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_html', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('publish_at', timeColumn, (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('articles_client_kind')
    .on('articles')
    .columns(['client_id', 'kind', 'publish_at'])
    .execute();
}
