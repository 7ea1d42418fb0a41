import type { HomeWork } from '@author-centre/shared/home-api';
import type { AppContext } from '../../platform/context.ts';

/**
 * Words written today and this month and the author's works, for the home page. Filled from the
 * works module once it lands; until then `available` is false and the home says so.
 */
export async function worksSummary(
  _ctx: AppContext,
  _who: { clientId: number; accountId: number },
  _now: number,
): Promise<{ available: boolean; words: { today: number; month: number }; works: HomeWork[] }> {
  return { available: false, words: { today: 0, month: 0 }, works: [] };
}
