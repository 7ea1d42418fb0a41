import { SEED_BRANDS } from '@author-centre/shared';
import type { Kysely } from 'kysely';
import { askedText, helpSeedFor } from '../../seed/help-articles.ts';

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
  // The questions are the same for every brand (they name no brand's facts).
  const standard = new Map(helpSeedFor(SEED_BRANDS[0]).articles.map((a) => [a.number, a]));
  const brands = await db.selectFrom('help_state').select('client_id').execute();
  for (const { client_id: clientId } of brands) {
    const rows = await db
      .selectFrom('help_articles')
      .innerJoin('help_categories', 'help_categories.id', 'help_articles.category_id')
      .select(['help_articles.id', 'help_articles.number', 'help_categories.number as category_number'])
      .where('help_articles.client_id', '=', clientId)
      .execute();
    const created = await db
      .selectFrom('audit_log')
      .select('target_id')
      .where('client_id', '=', clientId)
      .where('action', '=', 'help.article.create')
      .execute();
    const createdInConsole = new Set(created.map((r) => Number(r.target_id)));
    let changed = 0;
    for (const row of rows) {
      const article = standard.get(row.number);
      if (!article || article.category !== row.category_number || createdInConsole.has(row.number)) continue;
      if (article.asked.length === 0) continue;
      await db
        .updateTable('help_articles')
        .set({ asked: askedText(article.asked) })
        .where('id', '=', row.id)
        .execute();
      changed++;
    }
    if (changed > 0) {
      await db
        .updateTable('help_state')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('client_id', '=', clientId)
        .execute();
    }
  }
}
