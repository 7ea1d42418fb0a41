import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/**
 * Reader activity from the reading sites, book data and income (issue 13): the sites and their
 * signing keys, the raw events (each once per site event id), the rollups every page reads, the
 * settlement terms, and the monthly statements with their lines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A reading site or partner platform of a brand: 'reading' (the sibling sites), 'zh', 'free'.
  await withId(db, db.schema.createTable('integration_sites'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('integration_sites_code')
    .on('integration_sites')
    .columns(['client_id', 'code'])
    .unique()
    .execute();

  // A site's key pair: the public key id it sends, the secret (sealed) both sides sign with.
  await withId(db, db.schema.createTable('integration_keys'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull().unique())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('revoked_at', timeColumn)
    .execute();

  // Nonces seen within the signature window: a request seen once is never accepted again.
  await db.schema
    .createTable('integration_nonces')
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', timeColumn, (c) => c.notNull())
    .addPrimaryKeyConstraint('integration_nonces_pk', ['key_id', 'nonce'])
    .execute();
  await db.schema.createIndex('integration_nonces_expiry').on('integration_nonces').columns(['expires_at']).execute();

  // Every accepted event once (unique per site and the site's own event id): the idempotency record.
  await withId(db, db.schema.createTable('reader_events'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer')
    .addColumn('amount_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('occurred_at', timeColumn, (c) => c.notNull())
    .addColumn('received_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reader_events_site_event')
    .on('reader_events')
    .columns(['site_id', 'event_id'])
    .unique()
    .execute();

  // One row per push: the ingestion health the console shows.
  await withId(db, db.schema.createTable('integration_batches'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('received_at', timeColumn, (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addColumn('accepted', 'integer', (c) => c.notNull())
    .addColumn('duplicates', 'integer', (c) => c.notNull())
    .addColumn('refused', 'integer', (c) => c.notNull())
    .addColumn('first_reason', 'text')
    .addColumn('latest_event_at', timeColumn)
    .execute();
  await db.schema
    .createIndex('integration_batches_site_time')
    .on('integration_batches')
    .columns(['site_id', 'received_at'])
    .execute();
  // The brand's cut-off time (newest batch received), shown beside every estimate.
  await db.schema
    .createIndex('integration_batches_client_time')
    .on('integration_batches')
    .columns(['client_id', 'received_at'])
    .execute();

  // The rollup every trend and income page reads: one row per book, Asia/Shanghai day and site.
  await db.schema
    .createTable('book_day_stats')
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('reads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_reads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('favourites', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscription_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('gifts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gift_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rewards', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reward_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('partner_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('free_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .addPrimaryKeyConstraint('book_day_stats_pk', ['book_id', 'day', 'site_id'])
    .execute();
  await db.schema
    .createIndex('book_day_stats_account_day')
    .on('book_day_stats')
    .columns(['account_id', 'day'])
    .execute();

  // Reads and purchases per chapter: retention (read-through) and orders per chapter.
  await db.schema
    .createTable('chapter_read_stats')
    .addColumn('chapter_id', 'integer', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('reads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('chapter_read_stats_book').on('chapter_read_stats').columns(['book_id']).execute();

  // Revenue per book and month as it arrives, and how much of it a closed month already settled:
  // the difference is the correction the next close writes.
  await db.schema
    .createTable('book_month_revenue')
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('revenue_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('settled_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('settled_share_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('book_month_revenue_pk', ['book_id', 'month'])
    .execute();
  await db.schema
    .createIndex('book_month_revenue_client_month')
    .on('book_month_revenue')
    .columns(['client_id', 'month'])
    .execute();

  // The terms settlement reads (until the contracts module provides the signed contract's terms).
  await db.schema
    .createTable('income_terms')
    .addColumn('book_id', 'integer', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('share_permille', 'integer', (c) => c.notNull())
    .addColumn('guarantee_fen', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();

  // A brand's close of one month: 'review' until an admin releases it to the authors.
  await withId(db, db.schema.createTable('settlement_runs'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('statements', 'integer', (c) => c.notNull())
    .addColumn('total_fen', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', timeColumn, (c) => c.notNull())
    .addColumn('released_at', timeColumn)
    .addColumn('released_by', 'integer')
    .execute();
  await db.schema
    .createIndex('settlement_runs_month')
    .on('settlement_runs')
    .columns(['client_id', 'month'])
    .unique()
    .execute();

  // One author's (pen name's) statement of a month.
  await withId(db, db.schema.createTable('settlements'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('total_fen', 'bigint', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', timeColumn)
    .addColumn('paid_at', timeColumn)
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('settlements_account_month')
    .on('settlements')
    .columns(['account_id', 'month'])
    .unique()
    .execute();
  await db.schema.createIndex('settlements_run').on('settlements').columns(['run_id']).execute();

  // The lines a statement adds up from: share, guarantee top-up, welfare, correction (of an earlier month).
  await withId(db, db.schema.createTable('settlement_lines'))
    .addColumn('settlement_id', 'integer', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('for_month', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('revenue_fen', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('settlement_lines_settlement')
    .on('settlement_lines')
    .columns(['settlement_id'])
    .execute();
}
