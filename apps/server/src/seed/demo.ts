import type { AppContext } from '../platform/context.ts';
import { type DemoAuthors, seedAuthors } from './authors.seed.ts';
import { seedEditors } from './editors.seed.ts';
import { seedGrowth } from './growth.seed.ts';
import { seedHome } from './home.seed.ts';
import { seedIncome } from './income.seed.ts';
import { seedPublicPages } from './public-pages.seed.ts';
import { seedScreenplayApplications } from './screenplay-applications.seed.ts';
import { seedWorks } from './works.seed.ts';

/** What earlier seeders created, for later ones to build on. */
export interface DemoData {
  authors: DemoAuthors;
}

/**
 * Demo data for `npm start`: brands' authors, editors and admins first, then each capability's
 * content. Runs once, on an empty database.
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const existing = await ctx.db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const authors = await seedAuthors(ctx);
  const demo: DemoData = { authors };
  for (const seed of CONTENT_SEEDERS) await seed(ctx, demo);
  return true;
}

/** Each capability's demo content, in order; a module adds its seeder here. */
const CONTENT_SEEDERS: Array<(ctx: AppContext, demo: DemoData) => Promise<void>> = [
  seedHome,
  seedWorks,
  seedScreenplayApplications,
  seedEditors,
  seedIncome,
  seedPublicPages,
  seedGrowth,
];
