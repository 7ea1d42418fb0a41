import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/** Sign-in and author accounts: SMS codes, captcha, login tickets, guides, partner accounts, pen-name binding. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sms_codes'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('phone_hash', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('expires_at', timeColumn, (c) => c.notNull())
    .addColumn('used_at', timeColumn)
    .execute();
  await db.schema.createIndex('sms_codes_phone_sent').on('sms_codes').columns(['phone_hash', 'created_at']).execute();
  await db.schema
    .createIndex('sms_codes_lookup')
    .on('sms_codes')
    .columns(['client_id', 'phone_hash', 'type', 'created_at'])
    .execute();

  await db.schema
    .createTable('sms_send_state')
    .addColumn('phone_hash', 'text', (c) => c.primaryKey())
    .addColumn('last_sent_at', timeColumn, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captcha_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('target_x', 'integer', (c) => c.notNull())
    .addColumn('target_y', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('expires_at', timeColumn, (c) => c.notNull())
    .addColumn('rid_hash', 'text')
    .addColumn('rid_expires_at', timeColumn)
    .addColumn('rid_used_at', timeColumn)
    .execute();
  await db.schema.createIndex('captcha_rid').on('captcha_challenges').column('rid_hash').unique().execute();
  await db.schema.createIndex('captcha_expires').on('captcha_challenges').column('expires_at').execute();

  await db.schema
    .createTable('login_tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('expires_at', timeColumn, (c) => c.notNull())
    .addColumn('used_at', timeColumn)
    .execute();

  await db.schema
    .createTable('account_guides')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('guide_type', 'integer', (c) => c.notNull())
    .addColumn('shown', 'integer', (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .addPrimaryKeyConstraint('account_guides_pk', ['account_id', 'guide_type'])
    .execute();

  await withId(db, db.schema.createTable('partner_accounts'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('phone_hash', 'text', (c) => c.notNull())
    .addColumn('phone_enc', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('zh_unit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_unit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('book_coupon', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('account_id', 'integer')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_accounts_phone')
    .on('partner_accounts')
    .columns(['client_id', 'product', 'phone_hash'])
    .unique()
    .execute();
  await db.schema.createIndex('partner_accounts_account').on('partner_accounts').column('account_id').execute();

  await withId(db, db.schema.createTable('pen_name_bind_tasks'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('expires_at', timeColumn, (c) => c.notNull())
    .addColumn('done_at', timeColumn)
    .execute();
  await db.schema.createIndex('pen_name_bind_tasks_user').on('pen_name_bind_tasks').column('user_id').execute();
}
