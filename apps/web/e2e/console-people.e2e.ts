import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, launchBrowser } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { closeServerDb, demoAuthor, eventually, logIn, newAuthor, serverDb } from './home-session.ts';
import '../../server/src/platform/audit/audit.tables.ts';
import '../../server/src/modules/works/legacy.tables.ts';

/** The console's authors and editors' portfolios, as an admin uses them, and what the author then sees. */
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeServerDb();
});
afterEach(async () => {
  await context?.close();
});

async function open(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page = await context.newPage();
  return page;
}

const confirm = () => page.getByRole('dialog').getByRole('button', { name: /确\s*定/ });

describe('console: authors', () => {
  test('an admin finds a pen name by its beginning and grants it the editor role with a reason', async () => {
    const person = await newAuthor({ brief: 'wonder' });
    await open();
    await openConsole(context, page, await demoStaff('wonder', 'admin'), '/admin/authors');
    await page.getByLabel('关键词').fill(person.penName.slice(0, 7));
    await page.getByLabel('关键词').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === person.penName.slice(0, 7));
    await page.getByRole('link', { name: person.penName }).click();
    await page.getByRole('heading', { name: person.penName }).waitFor();
    // The phone is shown masked only.
    expect(await page.locator('.ac-console-page').innerText()).not.toContain(person.phone!);

    await page.getByRole('tab', { name: '角色' }).click();
    await page.getByRole('button', { name: '修改角色' }).click();
    await page.getByRole('dialog').getByText('编辑', { exact: true }).click();
    await page.getByRole('dialog').getByText('授予后，这个笔名可以进入运营后台', { exact: false }).waitFor();
    // No reason: the dialog says so and nothing is sent.
    await confirm().click();
    await page.getByRole('dialog').getByText('请填写原因').waitFor();
    await page.getByRole('dialog').getByRole('textbox').fill('新入职的编辑');
    await confirm().click();
    await page.getByText('角色已修改').waitFor();
    await page.getByRole('tabpanel').getByText('编辑', { exact: true }).waitFor();

    const { db } = serverDb();
    const account = await db
      .selectFrom('accounts')
      .select('role')
      .where('id', '=', person.accountId)
      .executeTakeFirstOrThrow();
    expect(account.role).toBe('editor');
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'account.role')
      .where('target_id', '=', String(person.accountId))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      reason: '新入职的编辑',
      before_json: '{"role":"author"}',
      after_json: '{"role":"editor"}',
    });
  });
});

describe("console: editors' portfolios", () => {
  test('an admin assigns a book to an editor; the author then sees the editor on the chapter page', async () => {
    const { db } = serverDb();
    const editor = await newAuthor({ brief: 'wonder' });
    // TEST-ONLY: a second editor of the brand (granting it through the console is tested above).
    await db.updateTable('accounts').set({ role: 'editor' }).where('id', '=', editor.accountId).execute();
    const author = await demoAuthor('wonder');
    const book = await db
      .selectFrom('books')
      .select(['id', 'title'])
      .where('account_id', '=', author.accountId)
      .where('kind', '=', 'novel')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();

    await open();
    await openConsole(context, page, await demoStaff('wonder', 'admin'), '/admin/editors/all');
    await page.getByLabel('书名或笔名').fill(book.title);
    await page.getByLabel('书名或笔名').press('Enter');
    const row = page.getByRole('row', { name: book.title });
    await row.waitFor();
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: '分配给…' }).click();
    await page.getByRole('dialog').getByLabel('接手的编辑').click();
    await page.keyboard.type(editor.penName);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('textbox', { name: '原因' }).fill('新书分配给新编辑');
    await confirm().click();
    await page.getByText('已更新 1 项').waitFor();
    await row.getByText(editor.penName, { exact: false }).waitFor();
    await eventually(
      () => db.selectFrom('book_editors').select('editor_account_id').where('book_id', '=', book.id).execute(),
      (rows) => rows.some((r) => r.editor_account_id === editor.accountId),
    );
    await context.close();

    await open();
    await logIn(context, author);
    await page.goto(appUrl(`/front/book-manage/manage?book_id=${book.id}`, 'wonder'));
    await page.getByTestId('book-editors').getByText(`责任编辑：${editor.penName}`).waitFor();
  });
});
