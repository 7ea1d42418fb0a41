import { type RawBuilder, sql } from 'kysely';

/**
 * `column LIKE '%text%'` with the text taken literally: % and _ typed by a user match only
 * themselves (SQLite has no default escape character, so it is named on both engines).
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/** `column LIKE 'text%'`, taken literally, for prefix search. */
export function startsWithText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
