import type { Kysely } from 'kysely';
import { addAskedRound } from '../../seed/help-asked-round.ts';

/** The standard articles' ways of asking before this round: help/asked.json lists the new ones after them. */
const LINES_BEFORE = 100;

/**
 * A fourth round of ways of asking (help/asked.json, after the first 100 of a standard article): questions written
 * without reading any article, from the help centre's category names and descriptions alone, in authors' own words,
 * then labelled with the article that answers them; an article has as many as were asked of it (none for some).
 * For brands seeded earlier (addAskedRound).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addAskedRound(db, (article) => article.asked.slice(LINES_BEFORE));
}
