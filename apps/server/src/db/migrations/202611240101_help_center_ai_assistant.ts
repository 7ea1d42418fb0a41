import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/** The help centre (categories, articles, "did this solve it?" answers) and the AI assistant's log. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('help_categories'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('help_categories_number')
    .on('help_categories')
    .columns(['client_id', 'number'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('help_articles'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('popular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('pv', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('solved_yes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('solved_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('help_articles_number')
    .on('help_articles')
    .columns(['client_id', 'number'])
    .unique()
    .execute();
  await db.schema.createIndex('help_articles_category').on('help_articles').column('category_id').execute();

  await withId(db, db.schema.createTable('help_solves'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('voter', 'text', (c) => c.notNull())
    .addColumn('solved', 'integer', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('help_solves_voter')
    .on('help_solves')
    .columns(['article_id', 'voter'])
    .unique()
    .execute();

  await db.schema
    .createTable('help_state')
    .addColumn('client_id', 'integer', (c) => c.primaryKey())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('seeded_at', timeColumn, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('ai_chats'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('answer_index', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error_code', 'integer')
    .addColumn('mark', 'text')
    .addColumn('marked_at', timeColumn)
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ai_chats_brand_time').on('ai_chats').columns(['client_id', 'created_at']).execute();
  await db.schema.createIndex('ai_chats_account').on('ai_chats').columns(['account_id', 'created_at']).execute();
}
