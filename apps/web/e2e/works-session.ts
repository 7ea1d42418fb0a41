import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { appUrl, serverDataDir } from './browser.ts';
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

/** Rows of the test server's database (opened read-only), to check what the server holds. */
export function serverRows<T>(query: string, ...params: unknown[]): T[] {
  const db = new Database(join(serverDataDir(), 'author-centre.sqlite'), { readonly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The first row of `query` in the test server's database, if any. */
export function serverRow<T>(query: string, ...params: unknown[]): T | undefined {
  return serverRows<T>(query, ...params)[0];
}

/** What the server holds for a chapter (to check nothing was lost), read from its database. */
export function serverChapterText(chapterId: number): { body: string; revision: number } | null {
  return (
    serverRow<{ body: string; revision: number }>(
      'select chapter_texts.body as body, chapters.revision as revision from chapter_texts join chapters on chapters.id = chapter_texts.chapter_id where chapter_id = ?',
      chapterId,
    ) ?? null
  );
}

/** A book introduction that passes the 20–500 character rule. */
export const INTRO = '一个少年在风雨飘摇的江湖中寻找真相，也寻找自己的故事。';

/** Creates a novel through the list page's dialog, as an author does; answers its id. */
export async function createBook(page: Page, title: string): Promise<number> {
  await page.goto(appUrl('/front/book-manage/list'));
  await page.getByRole('button', { name: '创建新作品' }).first().click();
  await page.getByPlaceholder('请输入作品名称（最多30字）').fill(title);
  await page.getByText('作品名可以使用').waitFor();
  await page.locator('.ant-select').filter({ hasText: '请选择分类' }).click();
  await page.getByTitle('玄幻', { exact: true }).click();
  await page.getByPlaceholder('用20~500字介绍你的作品').fill(INTRO);
  await page
    .getByRole('button', { name: '创建' })
    .or(page.getByRole('button', { name: '创建' }))
    .first()
    .click();
  await page.waitForURL(/\/front\/book-manage\/manage\?book_id=\d+/);
  return Number(new URL(page.url()).searchParams.get('book_id'));
}

/** Opens the editor on a new chapter of a book; answers the chapter's id. */
export async function openNewChapter(page: Page, bookId: number): Promise<number> {
  await page.goto(appUrl(`/front/book-upload?book_id=${bookId}`));
  await page.waitForURL(/chapter_id=\d+/);
  await page.getByTestId('chapter-body').waitFor();
  return Number(new URL(page.url()).searchParams.get('chapter_id'));
}
