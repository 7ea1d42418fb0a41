import type { Kysely } from 'kysely';
import { addAskedRound } from '../../seed/help-asked-round.ts';

/**
 * help_articles.asked: how authors ask what an article answers, a question a line, matched line by line by search
 * and the AI assistant (issue 18). A brand seeded earlier gets the standard articles' questions on each standard
 * article it holds: one with a standard number, in that article's standard category, that its admins did not
 * create in the console. Authors never see them, so the articles' update times stay. The brand's help revision is
 * raised so the help centre and the assistant's index see them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('help_articles')
    .addColumn('asked', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The column is empty: each standard article gets all its lines (the same for every brand: they name no brand's facts).
  await addAskedRound(db, (article) => article.asked);
}
