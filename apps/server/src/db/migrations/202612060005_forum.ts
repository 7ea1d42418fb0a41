import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * The embedded forum (issue 16, decisions.md "Forum"): categories, threads and posts stored by the
 * project, enough for the feedback category (number 8) and an author's posts, when no real forum
 * (Discourse) is configured.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('forum_categories'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    // The number in addresses (the footer's feedback is category 8).
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('forum_categories_client_number')
    .on('forum_categories')
    .columns(['client_id', 'number'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('forum_threads'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('category_number', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // 'open' | 'closed' (answered, no more replies) | 'hidden' (removed by staff)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_post_at', timeColumn, (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('forum_threads_category')
    .on('forum_threads')
    .columns(['client_id', 'category_number', 'last_post_at'])
    .execute();
  await db.schema.createIndex('forum_threads_account').on('forum_threads').columns(['account_id', 'id']).execute();

  await withId(db, db.schema.createTable('forum_posts'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('thread_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // 1 for the thread's opening post.
    .addColumn('is_first', 'integer', (c) => c.notNull())
    // 'visible' | 'hidden'
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forum_posts_thread').on('forum_posts').columns(['thread_id', 'id']).execute();
  await db.schema.createIndex('forum_posts_account').on('forum_posts').columns(['account_id', 'id']).execute();
}
