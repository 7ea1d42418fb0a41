import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/** The writing camp (issue 15): periods, lessons, trainees of a period, appointments and attendance. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('camp_periods'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /** Asia/Shanghai 'YYYY-MM-DD', inclusive. */
    .addColumn('start_day', 'text', (c) => c.notNull())
    .addColumn('end_day', 'text', (c) => c.notNull())
    .addColumn('lessons_required', 'integer', (c) => c.notNull())
    /** Assignments: words to publish and chapters to publish within the period. */
    .addColumn('words_goal', 'integer', (c) => c.notNull())
    .addColumn('chapters_goal', 'integer', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('camp_periods_client').on('camp_periods').columns(['client_id', 'start_day']).execute();

  await withId(db, db.schema.createTable('camp_lessons'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('period_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** video (content: its address) | article (content: the text) */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('starts_at', timeColumn, (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('camp_lessons_period').on('camp_lessons').columns(['period_id', 'starts_at']).execute();

  await withId(db, db.schema.createTable('camp_members'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('period_id', 'integer', (c) => c.notNull())
    /** learning | delayed (moved to a later period) | graduated */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('joined_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('camp_members_unique')
    .on('camp_members')
    .columns(['account_id', 'period_id'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('camp_appointments'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('lesson_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('attended_at', timeColumn)
    /** 1: attended as a make-up (the recording after the lesson), outside the capacity. */
    .addColumn('repair', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('camp_appointments_unique')
    .on('camp_appointments')
    .columns(['lesson_id', 'account_id'])
    .unique()
    .execute();
}
