import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/** Durable background jobs (platform/jobs): claimed with a lease so one instance runs each job once. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'text', (c) => c.notNull())
    /** A job with a key exists once while pending (e.g. 'publish-chapter:42'). */
    .addColumn('dedupe_key', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', timeColumn, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', timeColumn, (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('started_at', timeColumn)
    .addColumn('finished_at', timeColumn)
    /** How late a job started against its run_at, when it was late (server down, backlog). */
    .addColumn('late_ms', timeColumn)
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_dedupe').on('jobs').column('dedupe_key').unique().execute();
}
