import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('brands')
    .addColumn('client_id', 'integer', (c) => c.primaryKey())
    .addColumn('brief', 'text', (c) => c.notNull().unique())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('request_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('expires_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_keys_expires').on('request_keys').column('expires_at').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', timeColumn, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', timeColumn, (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['key', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limits_expires').on('rate_limits').column('expires_at').execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('phone_enc', 'text')
    .addColumn('phone_hash', 'text')
    .addColumn('real_name_enc', 'text')
    .addColumn('id_card_enc', 'text')
    .addColumn('id_card_hash', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_phone').on('users').columns(['client_id', 'phone_hash']).unique().execute();

  await withId(db, db.schema.createTable('accounts'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('pen_name', 'text', (c) => c.notNull())
    .addColumn('phone_enc', 'text')
    .addColumn('phone_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('author'))
    .addColumn('avatar', 'text')
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sign_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_learner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_pen_name').on('accounts').columns(['client_id', 'pen_name']).unique().execute();
  await db.schema.createIndex('accounts_user').on('accounts').column('user_id').execute();
  await db.schema.createIndex('accounts_phone').on('accounts').columns(['client_id', 'phone_hash']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('last_seen_at', timeColumn, (c) => c.notNull())
    .addColumn('idle_expires_at', timeColumn, (c) => c.notNull())
    .addColumn('absolute_expires_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
}
