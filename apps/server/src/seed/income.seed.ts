import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSiteKey } from '../modules/income/site-auth.ts';
import type { AppContext } from '../platform/context.ts';
import type { DemoData } from './demo.ts';

/** Where the demo's site keys are written for `npm run simulate` (development only; never in production). */
export const DEMO_SITE_KEYS_FILE = 'reading-sites.json';

/**
 * Each demo brand's reading site, the zh partner platform and the free app, each with a key pair;
 * settlement terms for the demo authors' novels (the signed contract's terms until the contracts
 * module provides them). The keys go to DATA_DIR/reading-sites.json for the simulator.
 */
export async function seedIncome(ctx: AppContext, demo: DemoData): Promise<void> {
  if (ctx.config.isProduction) return;
  const keys: Array<{ client_id: number; host: string; code: string; kind: string; key_id: string; secret: string }> =
    [];
  const now = Date.now();
  for (const clientIdText of Object.keys(demo.authors)) {
    const clientId = Number(clientIdText);
    const brand = ctx.brands.get(clientId);
    const sites = [
      { code: `reader-${brand.brief}`, name: `${brand.brief} 阅读站`, kind: 'reading' as const },
      { code: 'zh', name: '纵横（合作平台）', kind: 'zh' as const },
      { code: 'free', name: '免费阅读App', kind: 'free' as const },
    ];
    for (const s of sites) {
      const row = await ctx.db
        .insertInto('integration_sites')
        .values({ client_id: clientId, ...s, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const key = await createSiteKey(ctx, ctx.db, { id: row.id, clientId }, null);
      keys.push({
        client_id: clientId,
        host: clientId === 2 ? 'localhost' : `${brand.brief}.localhost`,
        code: s.code,
        kind: s.kind,
        key_id: key.keyId,
        secret: key.secret,
      });
    }
    const novels = await ctx.db
      .selectFrom('books')
      .select('id')
      .where('client_id', '=', clientId)
      .where('kind', '=', 'novel')
      .where('published_count', '>', 0)
      .orderBy('id')
      .execute();
    for (const [i, b] of novels.entries()) {
      await ctx.db
        .insertInto('income_terms')
        .values({
          book_id: b.id,
          client_id: clientId,
          share_permille: 600,
          // The first novel has a guaranteed minimum of 1,000 yuan a month.
          guarantee_fen: i === 0 ? 100_000 : 0,
          updated_at: now,
        })
        .execute();
    }
  }
  writeFileSync(resolve(ctx.config.DATA_DIR, DEMO_SITE_KEYS_FILE), `${JSON.stringify(keys, null, 2)}\n`, {
    mode: 0o600,
  });
}
