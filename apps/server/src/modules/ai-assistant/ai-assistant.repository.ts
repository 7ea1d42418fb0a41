import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import { pageOf } from '../../platform/http/console.ts';
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
  /** 'none': answers nobody marked. */
  mark?: AiAnswerMark | 'none';
  outcome?: AiChatOutcome;
  /** Only the questions the help centre had nothing for. */
  nothing_found?: boolean;
  /** Words of the question, taken literally. */
  keyword?: string;
  /** Asked at or after / before (epoch ms). */
  created_from?: number;
  created_to?: number;
  page: number;
  page_size: number;
  sort?: 'created_at' | 'duration_ms';
  order?: 'ascend' | 'descend';
}

/** The questions log of one brand: each question with the answer given, its mark and who asked. */
export function listChats(db: Db, clientId: number, filter: ChatFilter) {
  let q = db
    .selectFrom('ai_chats')
    .leftJoin('accounts', 'accounts.id', 'ai_chats.account_id')
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
      'ai_chats.retrieved',
      'ai_chats.duration_ms',
      'ai_chats.created_at',
    ])
    .where('ai_chats.client_id', '=', clientId);
  if (filter.mark === 'none') q = q.where('ai_chats.mark', 'is', null);
  else if (filter.mark) q = q.where('ai_chats.mark', '=', filter.mark);
  if (filter.outcome) q = q.where('ai_chats.outcome', '=', filter.outcome);
  if (filter.nothing_found) q = q.where('ai_chats.retrieved', '=', 0);
  if (filter.keyword) q = q.where(containsText('ai_chats.question', filter.keyword));
  if (filter.created_from !== undefined) q = q.where('ai_chats.created_at', '>=', filter.created_from);
  if (filter.created_to !== undefined) q = q.where('ai_chats.created_at', '<', filter.created_to);
  return pageOf(q, filter, {
    sorts: { created_at: 'ai_chats.created_at', duration_ms: 'ai_chats.duration_ms' },
    defaultSort: 'created_at',
    defaultOrder: 'descend',
    tiebreak: 'ai_chats.id',
  });
}

export interface NothingFoundFilter {
  keyword?: string;
  created_from?: number;
  created_to?: number;
  page: number;
  page_size: number;
  sort?: 'asks' | 'authors' | 'last_asked_at';
  order?: 'ascend' | 'descend';
}

/**
 * "What to write next": the questions the help centre had nothing for (first answers only, so a
 * '换一换' is not a second ask), grouped by the question without spacing and punctuation, with how
 * often and by how many authors they were asked.
 */
export function listNothingFound(db: Db, clientId: number, filter: NothingFoundFilter) {
  let inner = db
    .selectFrom('ai_chats')
    .select((eb) => [
      'question_key',
      eb.fn.max('question').as('question'),
      eb.fn.countAll<number>().as('asks'),
      eb.fn.count<number>('account_id').distinct().as('authors'),
      eb.fn.min('created_at').as('first_asked_at'),
      eb.fn.max('created_at').as('last_asked_at'),
    ])
    .where('client_id', '=', clientId)
    .where('retrieved', '=', 0)
    .where('answer_index', '=', 0)
    .where('question_key', 'is not', null);
  if (filter.keyword) inner = inner.where(containsText('question', filter.keyword));
  if (filter.created_from !== undefined) inner = inner.where('created_at', '>=', filter.created_from);
  if (filter.created_to !== undefined) inner = inner.where('created_at', '<', filter.created_to);
  const grouped = db.selectFrom(inner.groupBy('question_key').as('g')).selectAll();
  return pageOf(grouped, filter, {
    sorts: { asks: 'g.asks', authors: 'g.authors', last_asked_at: 'g.last_asked_at' },
    defaultSort: 'asks',
    defaultOrder: 'descend',
    tiebreak: 'g.question_key',
  });
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
