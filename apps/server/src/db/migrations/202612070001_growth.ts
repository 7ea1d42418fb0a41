import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * Growth (issue 15): the rules that award badges, growth facts reported by other modules, level
 * thresholds, level rights and their applications, and leave requests with the brand's leave rules.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One rule per badge: the badge is awarded once the author's fact `kind` reaches `threshold`.
  await withId(db, db.schema.createTable('badge_rules'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('badge_id', 'integer', (c) => c.notNull())
    /** chapters | words | streak | update_days | signed | subscriptions | readers | graduated */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('badge_rules_badge').on('badge_rules').columns(['badge_id']).unique().execute();
  await db.schema.createIndex('badge_rules_client').on('badge_rules').columns(['client_id']).execute();

  // Facts other modules report (subscriptions, readers): one row per event key, so a replay adds nothing.
  await withId(db, db.schema.createTable('growth_events'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('fact', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('growth_events_key')
    .on('growth_events')
    .columns(['client_id', 'event_key'])
    .unique()
    .execute();
  await db.schema.createIndex('growth_events_account').on('growth_events').columns(['account_id', 'fact']).execute();

  // The growth value an author needs for a level (null: the level is only given by hand).
  await db.schema.alterTable('author_levels').addColumn('min_growth', 'integer').execute();

  // Rights of a level and the applications for them.
  await withId(db, db.schema.createTable('level_rights'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** 1: the author applies and staff review; 0: held by reaching the level. */
    .addColumn('needs_apply', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('level_rights_client').on('level_rights').columns(['client_id', 'level']).execute();

  await withId(db, db.schema.createTable('right_applications'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('right_id', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    /** pending | approved | refused */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('review_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('reviewed_at', timeColumn)
    .execute();
  await db.schema
    .createIndex('right_applications_account')
    .on('right_applications')
    .columns(['account_id', 'right_id'])
    .execute();
  await db.schema
    .createIndex('right_applications_client')
    .on('right_applications')
    .columns(['client_id', 'status'])
    .execute();

  // Leave requests: whole Asia/Shanghai days from start_day to end_day.
  await withId(db, db.schema.createTable('leave_requests'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('start_day', 'text', (c) => c.notNull())
    .addColumn('end_day', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** pending | approved | refused | cancelled */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('review_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('reviewed_at', timeColumn)
    /** The author saw the decision (askleave notice / ignore). */
    .addColumn('noticed_at', timeColumn)
    .execute();
  await db.schema
    .createIndex('leave_requests_account')
    .on('leave_requests')
    .columns(['account_id', 'start_day'])
    .execute();
  await db.schema.createIndex('leave_requests_client').on('leave_requests').columns(['client_id', 'status']).execute();

  // A brand's leave rules: days a month per level (JSON {"1":3,…,"default":3}) and auto-approval.
  await db.schema
    .createTable('leave_rules')
    .addColumn('client_id', 'integer', (c) => c.primaryKey())
    .addColumn('quotas', 'text', (c) => c.notNull())
    .addColumn('auto_approve', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
}
