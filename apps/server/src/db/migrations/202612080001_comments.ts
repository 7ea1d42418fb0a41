import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * Reader comments and reader error corrections (issue 14): comments and their threads as the
 * reading sites send them, the author's mutes and default replies, reports for the console's
 * moderation queue, brand-wide reader bans, the feed of replies and moderation back to the sites,
 * corrections, and the brand's sensitive-word list (shared with the works checks).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('comments'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    // The pen name owning the book (the author side of every query).
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('paragraph_index', 'integer')
    .addColumn('paragraph_text', 'text')
    .addColumn('rating', 'integer')
    // The thread's first comment (null for the first comment itself) and the comment answered.
    .addColumn('root_id', 'integer')
    .addColumn('parent_id', 'integer')
    .addColumn('site_id', 'integer')
    .addColumn('event_id', 'text')
    .addColumn('reader_id', 'text')
    .addColumn('reader_name', 'text', (c) => c.notNull())
    // A reply of the author's: the pen name it was written as.
    .addColumn('author_account_id', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('liked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('essence', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('folded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('visible'))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replies', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  // The author's list (newest first) and its unread filter run on these.
  await db.schema
    .createIndex('comments_account_list')
    .on('comments')
    .columns(['client_id', 'account_id', 'folded', 'state', 'created_at'])
    .execute();
  await db.schema
    .createIndex('comments_account_unread')
    .on('comments')
    .columns(['client_id', 'account_id', 'unread', 'folded', 'state', 'created_at'])
    .execute();
  await db.schema.createIndex('comments_root').on('comments').columns(['root_id', 'created_at']).execute();
  await db.schema.createIndex('comments_book').on('comments').columns(['book_id', 'created_at']).execute();
  await db.schema.createIndex('comments_site_event').on('comments').columns(['site_id', 'event_id']).unique().execute();

  await withId(db, db.schema.createTable('comment_mutes'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('reader_id', 'text', (c) => c.notNull())
    .addColumn('reader_name', 'text', (c) => c.notNull())
    .addColumn('until', timeColumn, (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_mutes_reader')
    .on('comment_mutes')
    .columns(['account_id', 'reader_id'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('comment_default_replies'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_default_replies_account')
    .on('comment_default_replies')
    .columns(['account_id'])
    .execute();

  await withId(db, db.schema.createTable('comment_reports'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('handled_by', 'integer')
    .addColumn('handled_at', timeColumn)
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_reports_queue')
    .on('comment_reports')
    .columns(['client_id', 'status', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('reader_bans'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('reader_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reader_bans_reader')
    .on('reader_bans')
    .columns(['client_id', 'reader_id'])
    .unique()
    .execute();

  // Replies and moderation for the reading sites, pulled with a cursor (the id).
  await withId(db, db.schema.createTable('comment_feed'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('comment_id', 'integer')
    .addColumn('reader_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_feed_cursor').on('comment_feed').columns(['client_id', 'id']).execute();

  await withId(db, db.schema.createTable('reader_corrections'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('reader_id', 'text', (c) => c.notNull())
    .addColumn('reader_name', 'text', (c) => c.notNull())
    .addColumn('paragraph_index', 'integer', (c) => c.notNull())
    .addColumn('original', 'text', (c) => c.notNull())
    .addColumn('suggestion', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision', 'integer')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('handled_at', timeColumn)
    .execute();
  await db.schema
    .createIndex('reader_corrections_chapter')
    .on('reader_corrections')
    .columns(['account_id', 'status', 'chapter_id'])
    .execute();

  await withId(db, db.schema.createTable('sensitive_words'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sensitive_words_word')
    .on('sensitive_words')
    .columns(['client_id', 'word'])
    .unique()
    .execute();
}
