import { type Kysely, sql } from 'kysely';
import { isPostgres, timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * The console's authors and editors' portfolios:
 * - sign_in_log: every sign-in of a person (method, result, IP, user agent), written by the login paths;
 *   login_tickets.method keeps how a login that still has to choose its pen name was verified;
 * - author_editors: the editors responsible for an author (pen name), as book_editors is for a book;
 * - indexes for the console's author search (pen-name prefix) and portfolio counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sign_in_log'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_log_user').on('sign_in_log').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('sign_in_log_time').on('sign_in_log').column('created_at').execute();
  await db.schema.createIndex('sign_in_log_session').on('sign_in_log').column('session_id').execute();

  await db.schema.alterTable('login_tickets').addColumn('method', 'text').execute();

  await withId(db, db.schema.createTable('author_editors'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('editor_account_id', 'integer', (c) => c.notNull())
    .addColumn('assigned_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('author_editors_account')
    .on('author_editors')
    .columns(['account_id', 'editor_account_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('author_editors_editor')
    .on('author_editors')
    .columns(['client_id', 'editor_account_id'])
    .execute();
  await db.schema
    .createIndex('book_editors_editor')
    .on('book_editors')
    .columns(['client_id', 'editor_account_id'])
    .execute();
  await db.schema.createIndex('accounts_role').on('accounts').columns(['client_id', 'role']).execute();
  await db.schema.createIndex('accounts_created').on('accounts').columns(['client_id', 'created_at']).execute();

  // Pen-name prefix search is `pen_name LIKE 'x%'` on both engines. SQLite's LIKE ignores ASCII case,
  // so it uses an index only when that index is NOCASE; PostgreSQL uses one for LIKE under any
  // database collation only with text_pattern_ops.
  if (isPostgres(db)) {
    await sql`create index accounts_pen_name_prefix on accounts (client_id, pen_name text_pattern_ops)`.execute(db);
  } else {
    await sql`create index accounts_pen_name_prefix on accounts (client_id, pen_name collate nocase)`.execute(db);
  }
}
