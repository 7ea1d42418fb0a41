import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * The screenplay adaptation list (issue 16): books a brand offers for adaptation, with their
 * ranking score and adaptation materials, managed in the console.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('adapt_books'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('genre', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    // Sanitized HTML: outline, characters, selling points, rights notes.
    .addColumn('materials_html', 'text', (c) => c.notNull().defaultTo(''))
    // The ranking score (reads, votes, editors' weight) set in the console; higher ranks first.
    .addColumn('heat', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('adapt_books_client_heat')
    .on('adapt_books')
    .columns(['client_id', 'state', 'heat'])
    .execute();
}
