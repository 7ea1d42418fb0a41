import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * The cover maker (fonts and templates per brand; a book's made cover keeps its template and
 * settings so it can be edited again) and interactive images (illustrations attached to chapter
 * paragraphs, and the AI pictures generated for them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('cover_fonts'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('licence', 'text', (c) => c.notNull())
    .addColumn('licence_url', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  // One row per family and weight in a brand: two first visits seeding the defaults cannot both win.
  await db.schema
    .createIndex('cover_fonts_family')
    .on('cover_fonts')
    .columns(['client_id', 'family', 'weight'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('cover_templates'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('background_image', 'text')
    .addColumn('background_color', 'text', (c) => c.notNull())
    .addColumn('background_color2', 'text', (c) => c.notNull())
    .addColumn('slots', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cover_templates_client').on('cover_templates').columns(['client_id', 'sort']).execute();

  // A made cover's template and settings (edit picture: cover_image, tpl_id, tpl_setting), one row
  // per book. They describe the book's cover only while `cover_image` is still the book's cover.
  await withId(db, db.schema.createTable('cover_designs'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull().unique())
    .addColumn('cover_image', 'text', (c) => c.notNull())
    .addColumn('cover_image_2x', 'text', (c) => c.notNull())
    .addColumn('tpl_id', 'integer', (c) => c.notNull())
    .addColumn('tpl_setting', 'text', (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('chapter_illustrations'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    .addColumn('paragraph_index', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull())
    .addColumn('picture_id', 'integer')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chapter_illustrations_chapter')
    .on('chapter_illustrations')
    .columns(['chapter_id', 'sort'])
    .execute();

  await withId(db, db.schema.createTable('ai_pictures'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull())
    .addColumn('paragraph_index', 'integer', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ai_pictures_paragraph')
    .on('ai_pictures')
    .columns(['chapter_id', 'paragraph_index', 'created_at'])
    .execute();
  await db.schema.createIndex('ai_pictures_account').on('ai_pictures').columns(['account_id', 'created_at']).execute();
}
