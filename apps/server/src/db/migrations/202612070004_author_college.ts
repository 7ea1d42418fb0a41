import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/** The author college (issue 15): writing-craft articles by category, with reading counts. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('college_articles'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('college_articles_client')
    .on('college_articles')
    .columns(['client_id', 'published', 'category'])
    .execute();
}
