import { type Kysely, sql } from 'kysely';

/**
 * The author's comment list sorts pinned comments first, then newest first (`top desc, created_at desc,
 * id desc`). The indexes of 202612080001_comments stopped at `created_at`, so every list sorted all the
 * rows its filters matched before taking a page. These replace them with indexes in the list's own
 * order, so a page is read off the index:
 * - the unread list (and the header count, a prefix of it);
 * - the list of readers' comments (visible, held or folded ones): partial on `author_account_id is null`
 *   (the author's own replies are in threads, never in the list), so it also filters without a table read.
 * `id` is named last for PostgreSQL (SQLite has the rowid at the end of every index anyway).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('comments_account_unread').ifExists().execute();
  await db.schema
    .createIndex('comments_account_unread_top')
    .on('comments')
    .columns(['client_id', 'account_id', 'unread', 'folded', 'state', 'top', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('comments_account_list').ifExists().execute();
  await db.schema
    .createIndex('comments_account_readers_top')
    .on('comments')
    .columns(['client_id', 'account_id', 'folded', 'state', 'top', 'created_at', 'id'])
    .where(sql.ref('author_account_id'), 'is', null)
    .execute();
}
