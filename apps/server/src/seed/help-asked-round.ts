import { SEED_BRANDS } from '@author-centre/shared';
import type { Kysely } from 'kysely';
import { askedText, helpSeedFor, type StandardArticle } from './help-articles.ts';

/**
 * A round of ways of asking for brands seeded before it (the migrations that added the column and the third, fourth
 * and fifth rounds): each standard article a brand holds that its admins did not create in the console gets the
 * round's lines (`roundOf` picks them from the standard article's lines, help/asked.json) after the lines it has, each
 * line once. The brand's help revision is raised so search and the assistant see them.
 */
export async function addAskedRound(
  db: Kysely<any>,
  roundOf: (article: StandardArticle) => readonly string[],
): Promise<void> {
  const standard = new Map(helpSeedFor(SEED_BRANDS[0]).articles.map((a) => [a.number, a]));
  const brands = await db.selectFrom('help_state').select('client_id').execute();
  for (const { client_id: clientId } of brands) {
    const rows = await db
      .selectFrom('help_articles')
      .innerJoin('help_categories', 'help_categories.id', 'help_articles.category_id')
      .select([
        'help_articles.id',
        'help_articles.number',
        'help_articles.asked',
        'help_categories.number as category_number',
      ])
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
      const held = String(row.asked)
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      const added = roundOf(article).filter((line) => !held.includes(line));
      if (added.length === 0) continue;
      await db
        .updateTable('help_articles')
        .set({ asked: askedText([...held, ...added]) })
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
