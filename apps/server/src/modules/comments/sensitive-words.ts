import type { Db, Tx } from '../../platform/db/database.ts';
import { wordLists } from '../works/text-check.ts';
import './comments.tables.ts';

/**
 * The sensitive-word list: the maintained file of the works checks plus the brand's own words kept in
 * the console. Replies to readers and chapters before publishing are checked against the same list.
 */
export async function sensitiveWordsOf(db: Db | Tx, clientId: number): Promise<string[]> {
  const own = await db.selectFrom('sensitive_words').select('word').where('client_id', '=', clientId).execute();
  return [...wordLists().sensitive, ...own.map((w) => w.word)];
}

/** The first sensitive word of the brand's list the text contains, if any. */
export async function sensitiveWordInText(db: Db | Tx, clientId: number, text: string): Promise<string | null> {
  return (await sensitiveWordsOf(db, clientId)).find((w) => text.includes(w)) ?? null;
}
