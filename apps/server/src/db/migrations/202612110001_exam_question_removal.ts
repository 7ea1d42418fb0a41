import type { Kysely } from 'kysely';
import { timeColumn } from '../../platform/db/columns.ts';

/**
 * Growth (issue 15): a question removed from a paper in the console leaves the paper but keeps its
 * row, so the attempts that answered it keep what they answered and scored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_questions').addColumn('removed_at', timeColumn).execute();
}
