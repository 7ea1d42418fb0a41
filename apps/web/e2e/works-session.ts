import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { logIn, newAuthor } from './home-session.ts';

/**
 * TEST-ONLY: a fresh author (a bound phone and the beginner guide seen, so no pop-up stands in the
 * way) with a live session given to the browser context — through the shared e2e set-up that
 * writes straight into the test server's database. Production code has nothing of this.
 */
export async function logInAuthor(context: BrowserContext): Promise<{ accountId: number }> {
  const author = await newAuthor();
  await logIn(context, author);
  return { accountId: author.accountId };
}

/** What the server holds for a chapter (to check nothing was lost), read from its database. */
export function serverChapterText(chapterId: number): { body: string; revision: number } | null {
  const db = new Database(join(inject('dataDir'), 'author-centre.sqlite'), { readonly: true });
  try {
    return (
      (db
        .prepare(
          'select chapter_texts.body as body, chapters.revision as revision from chapter_texts join chapters on chapters.id = chapter_texts.chapter_id where chapter_id = ?',
        )
        .get(chapterId) as { body: string; revision: number } | undefined) ?? null
    );
  } finally {
    db.close();
  }
}
