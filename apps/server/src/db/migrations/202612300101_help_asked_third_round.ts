import { SEED_BRANDS } from '@author-centre/shared';
import type { Kysely } from 'kysely';
import { askedText, helpSeedFor } from '../../seed/help-articles.ts';

/** The standard articles' ways of asking before this round: help/asked.json lists this round's 40 after them. */
const LINES_BEFORE = 60;
const ROUND_END = 100;

/**
 * A third round of ways of asking, 40 for each standard article (help/asked.json, after the first 60): a brand
 * seeded earlier gets them on each standard article it holds that its admins did not create in the console (as
 * 202612290101), after the lines the article has, each line once. The brand's help revision is raised so search
 * and the assistant see them.
 */
export async function up(db: Kysely<any>): Promise<void> {
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
      const added = article.asked.slice(LINES_BEFORE, ROUND_END).filter((line) => !held.includes(line));
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
