import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * Staff moderation of the embedded forum (issue 16): authors report a post (one report per author and post),
 * the brand's editors see the reported posts in the console, hide or restore a post or thread and lock a
 * thread. A hidden thread remembers whether it was open or closed, so restoring it puts it back as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('forum_threads').addColumn('state_before_hide', 'text').execute();

  await withId(db, db.schema.createTable('forum_post_reports'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    // Set when staff act on the post (hide, restore, keep): the report is then no longer waiting.
    .addColumn('resolved_at', timeColumn)
    // 'hidden' | 'kept'
    .addColumn('resolution', 'text')
    .execute();
  await db.schema
    .createIndex('forum_post_reports_post_account')
    .on('forum_post_reports')
    .columns(['post_id', 'account_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('forum_post_reports_open')
    .on('forum_post_reports')
    .columns(['client_id', 'resolved_at', 'post_id'])
    .execute();
}
