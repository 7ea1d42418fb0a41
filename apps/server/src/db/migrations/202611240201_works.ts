import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * Works: books, volumes, chapters (metadata rows kept small), chapter texts in their own table,
 * version history, words published per Shanghai day, publishing log, import sessions, the author's
 * text-check excludes and the change sequence the reading sites follow.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('books'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** The title as compared for uniqueness within the brand; null once the book is deleted. */
    .addColumn('title_key', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull())
    .addColumn('cover', 'text')
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_words', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_words', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chapter_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pay_point_chapter_id', 'integer')
    /** JSON RegularSchedule, or null. */
    .addColumn('regular_schedule', 'text')
    .addColumn('regular_job_id', 'integer')
    .addColumn('last_published_at', timeColumn)
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .addColumn('deleted_at', timeColumn)
    .execute();
  await db.schema.createIndex('books_title').on('books').columns(['client_id', 'title_key']).unique().execute();
  await db.schema.createIndex('books_owner').on('books').columns(['account_id', 'kind', 'deleted_at']).execute();

  await withId(db, db.schema.createTable('volumes'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('is_notice', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('volumes_book').on('volumes').columns(['book_id', 'sort']).execute();

  await withId(db, db.schema.createTable('chapters'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('volume_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    /** 1 when the chapter counts towards words and streaks (not in the notice volume). */
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('words', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_words', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_title', 'text')
    .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text_hash', 'text')
    .addColumn('published_hash', 'text')
    .addColumn('scheduled_at', timeColumn)
    .addColumn('schedule_job_id', 'integer')
    .addColumn('published_at', timeColumn)
    .addColumn('first_published_at', timeColumn)
    /** Position in the reading sites' change feed; raised on every change they must see. */
    .addColumn('change_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('saved_at', timeColumn, (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .addColumn('deleted_at', timeColumn)
    .execute();
  await db.schema.createIndex('chapters_volume').on('chapters').columns(['volume_id', 'deleted_at', 'sort']).execute();
  await db.schema.createIndex('chapters_book').on('chapters').columns(['book_id', 'status']).execute();
  await db.schema.createIndex('chapters_hash').on('chapters').columns(['book_id', 'text_hash']).execute();
  await db.schema.createIndex('chapters_changes').on('chapters').columns(['client_id', 'change_seq']).execute();

  await db.schema
    .createTable('chapter_texts')
    .addColumn('chapter_id', 'integer', (c) => c.primaryKey())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_say', 'text', (c) => c.notNull())
    .addColumn('published_body', 'text')
    .addColumn('published_author_say', 'text')
    /** The idempotency key of the last applied save and the revision it produced. */
    .addColumn('last_save_key', 'text')
    .addColumn('last_save_revision', 'integer')
    .addColumn('snapshot_at', timeColumn, (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('chapter_versions'))
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    /** autosave | save | publish | restore | conflict | import | before-restore */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('words', 'integer', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chapter_versions_chapter')
    .on('chapter_versions')
    .columns(['chapter_id', 'id'])
    .execute();

  await db.schema
    .createTable('book_daily_words')
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    /** 'YYYY-MM-DD' in Asia/Shanghai. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('words', 'integer', (c) => c.notNull())
    .addColumn('chapters', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('book_daily_words_pk', ['book_id', 'day'])
    .execute();
  await db.schema
    .createIndex('book_daily_words_author')
    .on('book_daily_words')
    .columns(['account_id', 'day'])
    .execute();

  await withId(db, db.schema.createTable('publish_log'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    /** now | schedule | regular */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', timeColumn)
    .addColumn('published_at', timeColumn, (c) => c.notNull())
    /** Set when a scheduled publication ran late (the server was down at its time). */
    .addColumn('late_ms', timeColumn)
    /** published | blocked (a scheduled chapter the checks stopped) */
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('publish_log_book').on('publish_log').columns(['book_id', 'id']).execute();

  await withId(db, db.schema.createTable('text_check_excludes'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('text_check_excludes_word')
    .on('text_check_excludes')
    .columns(['account_id', 'word'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('import_sessions'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('encoding', 'text', (c) => c.notNull())
    /** The decoded manuscript; emptied once its drafts exist. */
    .addColumn('source', 'text', (c) => c.notNull())
    /** previewed | committing | done | failed */
    .addColumn('status', 'text', (c) => c.notNull())
    /** JSON: the headings chosen at commit. */
    .addColumn('plan', 'text')
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('works_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('works_counters').values({ name: 'chapter_change_seq', value: 0 }).execute();
}
