import type { Kysely } from 'kysely';
import { timeColumn, withId } from '../../platform/db/columns.ts';

/** Exams (issue 15): papers with their question banks, and each author's attempts. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('exam_papers'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    /** 'answer' (/front/page/answer) | 'camp' (the writing-camp exam, counts towards graduation) */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** The period a passed camp exam graduates from. */
    .addColumn('period_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time_limit_s', 'integer', (c) => c.notNull())
    .addColumn('pass_score', 'integer', (c) => c.notNull())
    .addColumn('excellent_score', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('retake_wait_ms', timeColumn, (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', timeColumn, (c) => c.notNull())
    .addColumn('updated_at', timeColumn, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exam_papers_client').on('exam_papers').columns(['client_id', 'kind']).execute();

  await withId(db, db.schema.createTable('exam_questions'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('paper_id', 'integer', (c) => c.notNull())
    /** single | multiple | judge */
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('stem', 'text', (c) => c.notNull())
    /** JSON string[] (judge: ["对","错"]). */
    .addColumn('options', 'text', (c) => c.notNull())
    /** JSON number[] of the right option indexes: read by the server only. */
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('exam_questions_paper').on('exam_questions').columns(['paper_id', 'sort']).execute();

  await withId(db, db.schema.createTable('exam_attempts'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('paper_id', 'integer', (c) => c.notNull())
    .addColumn('started_at', timeColumn, (c) => c.notNull())
    .addColumn('deadline_at', timeColumn, (c) => c.notNull())
    /** JSON {questionId: number[]} of the answers given (check-answer). */
    .addColumn('answers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('submitted_at', timeColumn)
    .addColumn('score', 'integer')
    .addColumn('passed', 'integer')
    .execute();
  await db.schema
    .createIndex('exam_attempts_account')
    .on('exam_attempts')
    .columns(['account_id', 'paper_id'])
    .execute();
}
