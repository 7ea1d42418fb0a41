import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * The console's side of notices, messages, badges and levels (issue 11): a notice's audience
 * (all authors, signed authors, trainees, or a list of accounts) and its withdrawal; who sent a
 * message; each brand's level catalogue (the texts of the level-upgrade pop-up).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // 'all' | 'signed' | 'learners' | 'list' (then notice_targets names the accounts).
  await db.schema
    .alterTable('notices')
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
    .execute();
  await db.schema.alterTable('notices').addColumn('withdrawn_at', timeColumn).execute();
  await db.schema.alterTable('notices').addColumn('updated_at', timeColumn).execute();

  await db.schema
    .createTable('notice_targets')
    .addColumn('notice_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_targets_pk', ['notice_id', 'account_id'])
    .execute();
  await db.schema.createIndex('notice_targets_account').on('notice_targets').columns(['account_id']).execute();
  // Read counts per notice.
  await db.schema.createIndex('notice_reads_notice').on('notice_reads').columns(['notice_id']).execute();

  /** The staff account that sent a message from the console; null for the system's own messages. */
  await db.schema.alterTable('messages').addColumn('sent_by', 'integer').execute();
  await db.schema.createIndex('messages_client_time').on('messages').columns(['client_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('author_levels'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('level_txt', 'text', (c) => c.notNull())
    .addColumn('surpass_txt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('talk_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('talk_author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bg_image_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('jump_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('author_levels_client_level')
    .on('author_levels')
    .columns(['client_id', 'level'])
    .unique()
    .execute();

  await db.schema.createIndex('account_badges_badge').on('account_badges').columns(['client_id', 'badge_id']).execute();
}
