import type { Kysely } from 'kysely';
import { timeColumn } from '../../platform/db/columns.ts';

/**
 * The live (published) text of a chapter moves to its own table, and the working text's small
 * columns come before the text: an autosave of a published chapter no longer rewrites the live
 * text beside the working one, and reading the save bookkeeping never walks a long text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chapter_live')
    .addColumn('chapter_id', 'integer', (c) => c.primaryKey())
    .addColumn('author_say', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('chapter_live')
    .columns(['chapter_id', 'author_say', 'body'])
    .expression((eb) =>
      eb
        .selectFrom('chapter_texts')
        .select(['chapter_id', eb.fn.coalesce('published_author_say', eb.val('')).as('author_say'), 'published_body'])
        .where('published_body', 'is not', null),
    )
    .execute();

  await db.schema
    .createTable('chapter_texts_next')
    .addColumn('chapter_id', 'integer', (c) => c.primaryKey())
    .addColumn('last_save_key', 'text')
    .addColumn('last_save_revision', 'integer')
    .addColumn('snapshot_at', timeColumn, (c) => c.notNull().defaultTo(0))
    .addColumn('author_say', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('chapter_texts_next')
    .columns(['chapter_id', 'last_save_key', 'last_save_revision', 'snapshot_at', 'author_say', 'body'])
    .expression(
      db
        .selectFrom('chapter_texts')
        .select(['chapter_id', 'last_save_key', 'last_save_revision', 'snapshot_at', 'author_say', 'body']),
    )
    .execute();
  await db.schema.dropTable('chapter_texts').execute();
  await db.schema.alterTable('chapter_texts_next').renameTo('chapter_texts').execute();
}
