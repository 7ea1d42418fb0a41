import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { AiAnswerMark, AiChatOutcome, AiChatTable } from './ai-assistant.tables.ts';

export type AiChatRow = Selectable<AiChatTable>;

export async function insertChat(db: Db, row: Insertable<AiChatTable>): Promise<number> {
  const inserted = await db.insertInto('ai_chats').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export function chatOf(db: Db, clientId: number, accountId: number, id: number): Promise<AiChatRow | undefined> {
  return db
    .selectFrom('ai_chats')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks an answer once: true only when this call set the mark. */
export async function markOnce(
  db: Db,
  clientId: number,
  accountId: number,
  id: number,
  mark: AiAnswerMark,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('ai_chats')
    .set({ mark, marked_at: now })
    .where('client_id', '=', clientId)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('mark', 'is', null)
    .where('outcome', 'in', ['answered', 'no_match'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ChatFilter {
  mark?: AiAnswerMark;
  outcome?: AiChatOutcome;
  page: number;
  pageSize: number;
}

export async function listChats(db: Db, clientId: number, filter: ChatFilter) {
  let q = db
    .selectFrom('ai_chats')
    .leftJoin('accounts', 'accounts.id', 'ai_chats.account_id')
    .where('ai_chats.client_id', '=', clientId);
  if (filter.mark) q = q.where('ai_chats.mark', '=', filter.mark);
  if (filter.outcome) q = q.where('ai_chats.outcome', '=', filter.outcome);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await q
    .select([
      'ai_chats.id',
      'ai_chats.account_id',
      'accounts.pen_name',
      'ai_chats.question',
      'ai_chats.answer',
      'ai_chats.answer_index',
      'ai_chats.provider',
      'ai_chats.sources',
      'ai_chats.outcome',
      'ai_chats.error_code',
      'ai_chats.mark',
      'ai_chats.marked_at',
      'ai_chats.duration_ms',
      'ai_chats.created_at',
    ])
    .orderBy('ai_chats.created_at', 'desc')
    .orderBy('ai_chats.id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { total: Number(total?.n ?? 0), rows };
}

export async function markCounts(db: Db, clientId: number) {
  const rows = await db
    .selectFrom('ai_chats')
    .select(['mark', 'outcome', (eb) => eb.fn.countAll<number>().as('n')])
    .where('client_id', '=', clientId)
    .groupBy(['mark', 'outcome'])
    .execute();
  return rows.map((r) => ({ mark: r.mark, outcome: r.outcome, count: Number(r.n) }));
}
