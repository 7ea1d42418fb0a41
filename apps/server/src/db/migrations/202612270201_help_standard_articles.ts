import type { Kysely } from 'kysely';
import { storedSettings } from '../../platform/brands/brands.ts';
import { timeColumn } from '../../platform/db/columns.ts';
import { helpSeedFor } from '../../seed/help-articles.ts';

/**
 * Which standard articles (help-articles.ts, keyed by their number) each brand has ever been given: the help
 * service adds on start every standard article a brand was never given, and a row here is never removed, so an
 * article the brand's admins deleted is not brought back. One row per brand and article (the primary key):
 * two instances starting at once give each article once.
 *
 * Backfill for brands seeded before this table: an article counts as given when the brand holds it as seeded
 * (created with the seeding, whatever was edited since), when the console's audit log records deleting that
 * number and no console created it (a standard article the admins deleted), or when it was retired into another.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('help_standard_articles')
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('article_key', 'integer', (c) => c.notNull())
    .addColumn('given_at', timeColumn, (c) => c.notNull())
    .addPrimaryKeyConstraint('help_standard_articles_pk', ['client_id', 'article_key'])
    .execute();
  await backfillStandardGiven(db);
}

/** Records the standard articles each seeded brand was given (exported for the tests of brands seeded earlier). */
export async function backfillStandardGiven(db: Kysely<any>): Promise<void> {
  const states = await db.selectFrom('help_state').select(['client_id', 'seeded_at']).execute();
  const brands = new Map(
    (await db.selectFrom('brands').select(['client_id', 'settings']).execute()).map((b) => [Number(b.client_id), b]),
  );
  const now = Date.now();
  for (const state of states) {
    const clientId = Number(state.client_id);
    const brand = brands.get(clientId);
    if (!brand) continue;
    const standard = new Set(
      helpSeedFor(storedSettings({ client_id: clientId, settings: brand.settings })).articles.map((a) => a.number),
    );
    const seeded = await db
      .selectFrom('help_articles')
      .select('number')
      .where('client_id', '=', clientId)
      .where('created_at', '=', state.seeded_at)
      .execute();
    const audits = await db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('client_id', '=', clientId)
      .where('target_type', '=', 'help_article')
      .where('action', 'in', ['help.article.create', 'help.article.delete'])
      .execute();
    const created = new Set(audits.filter((a) => a.action === 'help.article.create').map((a) => Number(a.target_id)));
    const deleted = audits
      .filter((a) => a.action === 'help.article.delete' && !created.has(Number(a.target_id)))
      .map((a) => Number(a.target_id));
    const given = new Set<number>([...seeded.map((r) => Number(r.number)), ...deleted]);
    const keys = [...given].filter((n) => standard.has(n));
    if (keys.length === 0) continue;
    await db
      .insertInto('help_standard_articles')
      .values(keys.map((k) => ({ client_id: clientId, article_key: k, given_at: now })))
      .onConflict((oc) => oc.columns(['client_id', 'article_key']).doNothing())
      .execute();
  }
}
