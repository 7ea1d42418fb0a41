import type { Kysely } from 'kysely';
import { storedSettings } from '../../platform/brands/brands.ts';
import { helpSeedFor, RETIRED_ARTICLES } from '../../seed/help-articles.ts';

/**
 * The standard articles' titles before articles answering the same question were merged (help-articles.ts
 * `RETIRED_ARTICLES`) and siblings were retitled to say which question each answers. An article whose title is
 * still this one was never edited by the brand's admins.
 */
const SEEDED_TITLES: Record<number, string> = {
  32: '签约后作品什么时候上架？',
  46: '作者等级有什么用？怎么提升？',
  47: '勋章是什么？怎么获得？会被收回吗？',
  48: '新人写作营怎么参加？怎么毕业？',
  50: '如何请假？请假期间不更新有影响吗？',
  55: '如何联系我的责任编辑？',
  59: '我的责任编辑是谁？',
  110: '签约后怎么申请上架收费？',
  203: '签约政策在哪里看？',
  220: '勋章是怎么获得的？怎么看离下一枚还差多少？',
  225: '训练营怎么结业？结业信封和荣誉墙',
  226: '请假额度、审核与取消',
  227: '请假提交不了怎么办？',
};

/**
 * Brands seeded before the merge hold both articles of a pair. Help articles are seeded only into a brand that
 * has none, so this applies the merge to them: an article still as seeded takes today's standard text (the merged
 * article, or the sharpened title and first sentence) with the brand's own facts, and a retired article still as
 * seeded is unpublished (kept as a draft, so nothing is lost; its address leads to the merged article). An article
 * an admin has retitled is left as the admin wrote it, and so is its pair.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const brands = await db.selectFrom('brands').select(['client_id', 'settings']).execute();
  const now = Date.now();
  for (const brand of brands) {
    const seeded = await db
      .selectFrom('help_articles')
      .select(['id', 'number', 'title', 'status'])
      .where('client_id', '=', brand.client_id)
      .where('number', 'in', Object.keys(SEEDED_TITLES).map(Number))
      .execute();
    const asSeeded = new Map(
      seeded.filter((a) => a.title === SEEDED_TITLES[Number(a.number)]).map((a) => [Number(a.number), a]),
    );
    if (asSeeded.size === 0) continue;
    const today = new Map(helpSeedFor(storedSettings(brand)).articles.map((a) => [a.number, a]));
    let changed = false;
    for (const [number, row] of asSeeded) {
      const mergedInto = RETIRED_ARTICLES.get(number);
      if (mergedInto !== undefined) {
        // Retired only when the article it joins is still as seeded too (it then holds the merged text).
        if (!asSeeded.has(mergedInto) || row.status !== 1) continue;
        await db.updateTable('help_articles').set({ status: 0, updated_at: now }).where('id', '=', row.id).execute();
        changed = true;
        continue;
      }
      const article = today.get(number);
      if (!article) continue;
      await db
        .updateTable('help_articles')
        .set({ title: article.title, body: article.body, keywords: article.keywords, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      changed = true;
    }
    if (changed) {
      await db
        .updateTable('help_state')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('client_id', '=', brand.client_id)
        .execute();
    }
  }
}
