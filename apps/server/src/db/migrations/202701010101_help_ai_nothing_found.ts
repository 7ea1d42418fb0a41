import type { Kysely } from 'kysely';
import { AI_ASSISTANT_SCOPE } from '../../seed/help-articles.ts';

/** The line of article 51 (AI助理能做什么？怎么用？) the new one follows, as seeded. */
export const AFTER_LINE = '- 答案下方有帮助中心原文的链接，可以查看完整说明。\n';

/**
 * Article 51 did not say what the assistant does with a question the help centre does not cover, or with a request
 * to write for the author: it answers only from the help centre, declines writing, and says it found nothing rather
 * than guessing. A brand seeded earlier gets that line (AI_ASSISTANT_SCOPE) after the answer-link line, only where
 * that line is still as seeded and the article does not hold the new line yet (an admin's own wording is left alone);
 * the brand's help revision is raised so search and the assistant see the change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows = await db
    .selectFrom('help_articles')
    .select(['id', 'client_id', 'body'])
    .where('number', '=', 51)
    .execute();
  const now = Date.now();
  for (const row of rows) {
    const body = String(row.body);
    if (!body.includes(AFTER_LINE) || body.includes(AI_ASSISTANT_SCOPE)) continue;
    await db
      .updateTable('help_articles')
      .set({ body: body.replace(AFTER_LINE, `${AFTER_LINE}- ${AI_ASSISTANT_SCOPE}\n`), updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await db
      .updateTable('help_state')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .where('client_id', '=', row.client_id)
      .execute();
  }
}
