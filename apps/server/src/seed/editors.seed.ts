import type { AppContext } from '../platform/context.ts';
import type { DemoData } from './demo.ts';
import '../modules/staff-people/people.tables.ts';

/**
 * Demo editors' portfolios: in every brand the demo editor looks after the demo author (both pen
 * names), so the author's chapter pages show '责任编辑：<editor>' and the console's portfolio has
 * something in it; the brand's other books wait under "unassigned".
 */
export async function seedEditors(ctx: AppContext, demo: DemoData): Promise<void> {
  const now = Date.now();
  for (const [clientIdText, people] of Object.entries(demo.authors)) {
    const clientId = Number(clientIdText);
    for (const author of [people.author, people.secondPenName]) {
      await ctx.db
        .insertInto('author_editors')
        .values({
          client_id: clientId,
          account_id: author.accountId,
          editor_account_id: people.editor.accountId,
          assigned_at: now,
        })
        .execute();
    }
  }
}
