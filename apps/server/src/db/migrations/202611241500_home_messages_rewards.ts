import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * The author's home and what every page shares (issue 4): badges, level changes, graduations and
 * home models with their noticed flags; messages and notices with read state; home activities;
 * statistics events and daily opens.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Badges a brand awards (definitions) and who holds them.
  await withId(db, db.schema.createTable('badges'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** One address, or a JSON array of addresses (animated frames). */
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('advance_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tips', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('talk_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('talk_author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('growth_value', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('badges_client').on('badges').columns(['client_id', 'sort']).execute();

  await withId(db, db.schema.createTable('account_badges'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('badge_id', 'integer', (c) => c.notNull())
    .addColumn('awarded_at', timeColumn, (c) => c.notNull())
    .addColumn('noticed_at', timeColumn)
    .execute();
  await db.schema
    .createIndex('account_badges_unique')
    .on('account_badges')
    .columns(['account_id', 'badge_id'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('level_changes'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('from_level', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('level_txt', 'text', (c) => c.notNull())
    .addColumn('surpass_txt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('talk_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('talk_author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bg_image_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('jump_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('noticed_at', timeColumn)
    .execute();
  await db.schema
    .createIndex('level_changes_account')
    .on('level_changes')
    .columns(['account_id', 'noticed_at'])
    .execute();

  await withId(db, db.schema.createTable('graduations'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('period_name', 'text', (c) => c.notNull())
    /** '1' normal, anything else excellent (§3). */
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('graduated_at', timeColumn, (c) => c.notNull())
    .addColumn('noticed_at', timeColumn)
    .execute();
  await db.schema.createIndex('graduations_account').on('graduations').columns(['account_id', 'noticed_at']).execute();

  await withId(db, db.schema.createTable('home_models'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    /** 'common_model' (level-upgrade style cards). */
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('report_name', 'text', (c) => c.notNull())
    /** The card's fields as JSON (level, level_txt, surpass_txt, talk, jump_url, bg_image_link). */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('reported_at', timeColumn)
    .execute();
  await db.schema
    .createIndex('home_models_report')
    .on('home_models')
    .columns(['account_id', 'report_name'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('home_activities'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('starts_at', timeColumn, (c) => c.notNull())
    .addColumn('ends_at', timeColumn, (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('home_activities_client')
    .on('home_activities')
    .columns(['client_id', 'ends_at'])
    .execute();

  // Messages to one author account; notices to a whole brand.
  await withId(db, db.schema.createTable('messages'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('read_at', timeColumn)
    .execute();
  await db.schema.createIndex('messages_account').on('messages').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('messages_unread').on('messages').columns(['account_id', 'read_at']).execute();

  await withId(db, db.schema.createTable('notices'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', timeColumn, (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_client').on('notices').columns(['client_id', 'published_at']).execute();

  await db.schema
    .createTable('notice_reads')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('notice_id', 'integer', (c) => c.notNull())
    .addColumn('read_at', timeColumn, (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_reads_pk', ['account_id', 'notice_id'])
    .execute();

  /** "Mark all read" for notices: everything published up to this instant counts as read. */
  await db.schema
    .createTable('notice_read_marks')
    .addColumn('account_id', 'integer', (c) => c.primaryKey())
    .addColumn('read_before', timeColumn, (c) => c.notNull())
    .execute();

  // Statistics collector (§7): event tracks and the once-a-day open.
  await withId(db, db.schema.createTable('tracking_events'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('platform_id', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('occurred_at', timeColumn, (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tracking_events_name')
    .on('tracking_events')
    .columns(['client_id', 'name', 'created_at'])
    .execute();

  await db.schema
    .createTable('daily_opens')
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    /** Asia/Shanghai date 'YYYY-MM-DD'. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('platform_id', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_opens_pk', ['account_id', 'day'])
    .execute();
}
