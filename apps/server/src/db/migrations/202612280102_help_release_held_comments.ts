import type { Kysely } from 'kysely';
import {
  ARTICLE_241_BEFORE_RELEASE,
  ARTICLE_241_KEYWORDS,
  ARTICLE_241_KEYWORDS_BEFORE_RELEASE,
  ARTICLE_241_RELEASE,
} from '../../seed/help/comments.ts';

/**
 * Help articles are seeded only into a brand that has none. Article 241 (禁言) gains a paragraph on releasing
 * held comments (放行, issue 14): a brand whose article is still exactly as seeded takes it; one an admin edited
 * is left as the admin wrote it. The brand's help revision is raised so the help centre and the assistant's
 * index see the change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows = await db
    .selectFrom('help_articles')
    .select(['id', 'client_id', 'keywords'])
    .where('number', '=', 241)
    .where('body', '=', ARTICLE_241_BEFORE_RELEASE)
    .execute();
  const now = Date.now();
  for (const row of rows) {
    await db
      .updateTable('help_articles')
      .set({
        body: `${ARTICLE_241_BEFORE_RELEASE}\n\n${ARTICLE_241_RELEASE}`,
        ...(row.keywords === ARTICLE_241_KEYWORDS_BEFORE_RELEASE ? { keywords: ARTICLE_241_KEYWORDS } : {}),
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    await db
      .updateTable('help_state')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .where('client_id', '=', row.client_id)
      .execute();
  }
}
