import type { Kysely } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage } from './browser.ts';
import { logIn, newAuthor, serverDb } from './home-session.ts';
import { createBook } from './works-session.ts';

/**
 * A book an approved apply-sale put on sale: its online-sign page says since when, and offers no
 * second application. (The approval itself — editor review, audit, the book's state — is the
 * server test's, book-applications.test.ts.)
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('apply-sale', () => {
  it('a book on sale shows it on its sign page instead of the apply-sale button', async () => {
    const author = await newAuthor();
    // A browser in New York: the date shown is still Beijing's.
    const { context, page } = await newPage(browser, { timezoneId: 'America/New_York' });
    await logIn(context, author);
    const bookId = await createBook(page, `上架之书${Date.now().toString(36)}`);
    await page.goto(appUrl(`/front/book-manage/online-sign?book_id=${bookId}`));
    await page.getByRole('button', { name: '申请上架' }).waitFor();
    expect(await page.getByTestId('on-sale').count()).toBe(0);

    // TEST-ONLY: the state an approved apply-sale leaves (2026-11-20 00:30 Beijing time, still the 19th in New York).
    const onSaleAt = Date.parse('2026-11-20T00:30:00+08:00');
    // The works module's tables are not in the e2e schema (it would pull the server's Fastify types in).
    const db = serverDb().db as unknown as Kysely<any>;
    await db.updateTable('books').set({ on_sale_at: onSaleAt }).where('id', '=', bookId).execute();
    await page.reload();
    await page.getByTestId('on-sale').getByText('已上架（北京时间2026-11-20起）').waitFor();
    expect(await page.getByRole('button', { name: '申请上架' }).count()).toBe(0);
    await context.close();
  });
});
