import type { Kysely } from 'kysely';
import { addAskedRound } from '../../seed/help-asked-round.ts';

/** The standard articles' ways of asking before this round: help/asked.json lists this round's 40 after them. */
const LINES_BEFORE = 60;
const ROUND_END = 100;

/**
 * A third round of ways of asking, 40 for each standard article (help/asked.json, after the first 60), for brands
 * seeded earlier (addAskedRound).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addAskedRound(db, (article) => article.asked.slice(LINES_BEFORE, ROUND_END));
}
