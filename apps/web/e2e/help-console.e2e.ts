import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { appUrl, launchBrowser } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { closeServerDb, demoAuthor, logIn, serverDb } from './home-session.ts';
import '../../server/src/modules/ai-assistant/ai-assistant.tables.ts';
import '../../server/src/modules/help/help.tables.ts';

/** The help centre and AI assistant in the console: what to write next → write → publish → authors read it. */
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeServerDb();
});
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function open(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  contexts.push(context);
  return { context, page: await context.newPage() };
}

/** TEST-ONLY: a question the assistant found nothing for, as the ai-chat handler stores it (server tests cover that). */
async function askedWithNothingFound(question: string, times: number): Promise<void> {
  const author = await demoAuthor('wonder');
  const now = Date.now();
  for (let i = 0; i < times; i++) {
    await serverDb()
      .db.insertInto('ai_chats')
      .values({
        client_id: 2,
        account_id: author.accountId,
        question: i === 0 ? question : `${question}？`,
        answer: '抱歉，帮助中心里没有找到和这个问题相关的内容，我不能凭猜测回答您。',
        answer_index: 0,
        provider: 'embedded',
        sources: '[]',
        outcome: 'no_match',
        error_code: null,
        mark: null,
        marked_at: null,
        duration_ms: 5,
        created_at: now - i * 1000,
        retrieved: 0,
        question_key: question,
      })
      .execute();
  }
}

describe('console: help centre', () => {
  test('an admin writes the article a question found nothing for, sees it as authors will, publishes it, and the author reads it', async () => {
    // Unique per run (a retry asks again), without punctuation: it is its own question_key.
    const question = `能不能出版实体书${Date.now() % 100_000}`;
    await askedWithNothingFound(question, 3);
    const { context, page } = await open();
    await openConsole(context, page, await demoStaff('wonder', 'admin'), '/admin/ai/nothing-found');
    const row = page.getByRole('row', { name: new RegExp(question) });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('3');
    await row.getByRole('link', { name: '写一篇' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/help/articles/new');
    // The question as one of the authors asked it.
    expect(await page.getByLabel('标题').inputValue()).toMatch(new RegExp(`^${question}？?$`));
    await page.getByLabel('标题').fill(question);

    await page.getByLabel('分类').click();
    await page.getByTitle('工具与服务').click();
    const body = page.getByLabel('正文');
    await body.fill('有声书版权\n签约作品的有声书版权按合同约定，具体请咨询责任编辑。');
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
    await page.getByRole('button', { name: '小标题' }).click();
    expect(await body.inputValue()).toBe('## 有声书版权\n签约作品的有声书版权按合同约定，具体请咨询责任编辑。');
    // The preview is the authors' renderer: the heading is a heading.
    const preview = page.locator('.ac-console-help-preview');
    await preview.getByRole('heading', { name: '有声书版权', level: 2 }).waitFor();
    await preview.getByRole('heading', { name: question, level: 1 }).waitFor();

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.getByRole('link', { name: '问题分类' }).click();
    await page.getByText('有未保存的修改，离开后将丢失。确定离开吗？').waitFor();
    await page.getByRole('button', { name: '留下' }).click();
    expect(new URL(page.url()).pathname).toBe('/admin/help/articles/new');

    await page.getByRole('button', { name: '保存为草稿' }).click();
    await page.waitForURL((url) => /^\/admin\/help\/articles\/\d+$/.test(url.pathname));
    const number = new URL(page.url()).pathname.split('/').pop();
    const ids = `9-${number}`;
    await page.getByText('草稿：作者看不到，搜索和AI助理也不会用它。').waitFor();

    // A draft is not for authors.
    const reader = await open();
    await logIn(reader.context, await demoAuthor('wonder'));
    await reader.page.goto(appUrl(`/front/help-center/questions/${ids}`, 'wonder'));
    await reader.page.getByText('这个问题不存在或已下线').waitFor();

    await page.getByRole('button', { name: '发布' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`发布后，作者在帮助中心能看到这个问题（地址 questions/${ids}）`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '发布' }).click();
    await page.getByText('已发布：作者能看到').waitFor();

    await reader.page.reload();
    await reader.page.getByRole('heading', { name: question, level: 1 }).waitFor();
    await reader.page.getByRole('heading', { name: '有声书版权', level: 2 }).waitFor();

    // The list of what to write next now says the question finds this article.
    await page.goto(appUrl('/admin/ai/nothing-found', 'wonder'));
    await page
      .getByRole('row', { name: new RegExp(question) })
      .getByText(`现在能找到：《${question}》`)
      .waitFor();

    const audit = await serverDb()
      .db.selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('client_id', '=', 2)
      .where('target_type', '=', 'help_article')
      .where('target_id', '=', String(number))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['help.article.create', 'help.article.publish']);
  });

  test('an admin adds the way an author asked to the article that answers it, and the author’s question finds it', async () => {
    // Unique per run (a retry adds its own line), in words no article uses.
    const question = `我家猫咪踩了键盘${Date.now() % 100_000}`;
    const reader = await open();
    const search = () =>
      reader.page.goto(appUrl(`/front/help-center/search?keyword=${encodeURIComponent(question)}`, 'wonder'));
    await search();
    await reader.page.getByText(`没有找到与「${question}」相关的问题`).waitFor();

    const { context, page } = await open();
    await openConsole(context, page, await demoStaff('wonder', 'admin'), '/admin/help/articles/16');
    const asked = page.getByLabel('作者的问法');
    await expect.poll(() => asked.inputValue()).not.toBe('');
    const lines = (await asked.inputValue()).split('\n').length;
    await asked.press('ControlOrMeta+End');
    await asked.pressSequentially(`\n${question}`);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('已保存', { exact: true }).waitFor();
    const row = await serverDb()
      .db.selectFrom('help_articles')
      .select('asked')
      .where('client_id', '=', 2)
      .where('number', '=', 16)
      .executeTakeFirstOrThrow();
    expect(row.asked.split('\n')).toHaveLength(lines + 1);
    expect(row.asked.endsWith(`\n${question}`)).toBe(true);

    // Search and the assistant read the article again within a few seconds.
    await expect
      .poll(
        async () => {
          await search();
          const first = reader.page.locator('.ac-help-results li').first();
          await first.or(reader.page.getByText(`没有找到与「${question}」相关的问题`)).waitFor();
          return (await first.count()) ? first.getByRole('link').innerText() : '';
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe('草稿和自动保存：写的内容会丢吗？');
  });

  test('from "nothing found", an admin adds the question to the article that answers it, and it is found now', async () => {
    const question = `写着写着停电了${Date.now() % 100_000}`;
    await askedWithNothingFound(question, 2);
    const { context, page } = await open();
    await openConsole(context, page, await demoStaff('wonder', 'admin'), '/admin/ai/nothing-found');
    const row = page.getByRole('row', { name: new RegExp(question) });
    await row.getByRole('button', { name: '加到已有问题' }).click();
    const dialog = page.getByRole('dialog');
    // As the authors asked it (the list shows one asking of the grouped question).
    await dialog.getByText(new RegExp(`“${question}？?”会成为所选问题的一种作者问法`)).waitFor();
    expect(await dialog.getByRole('button', { name: '添加' }).isDisabled()).toBe(true);
    await dialog.getByLabel('回答它的问题（按标题、关键词或正文搜索）').fill('自动保存');
    await page.locator('.ant-select-item-option').filter({ hasText: '3-16 草稿和自动保存' }).click();
    await dialog.getByRole('button', { name: '添加' }).click();
    await page.getByText('已加到《草稿和自动保存：写的内容会丢吗？》的作者问法').waitFor();
    await row.getByText('现在能找到：').waitFor();
    expect(await row.getByRole('link').innerText()).toBe('《草稿和自动保存：写的内容会丢吗？》');
  });

  test('a category with articles cannot be deleted and says why; an editor reads the questions log but not help content', async () => {
    const admin = await open();
    await openConsole(admin.context, admin.page, await demoStaff('wonder', 'admin'), '/admin/help/categories');
    const signing = admin.page.getByRole('row', { name: /签约与合同/ });
    const del = signing.getByRole('button', { name: '删除' });
    expect(await del.isDisabled()).toBe(true);
    await del.hover({ force: true });
    await admin.page.getByText('不能删除。请先把这些问题移到其他分类或删除。', { exact: false }).waitFor();

    const editor = await open();
    await openConsole(editor.context, editor.page, await demoStaff('wonder', 'editor'), '/admin/ai/questions');
    await editor.page.getByText('这里是作者向AI助理提的问题和得到的回答，只能查看。', { exact: false }).waitFor();
    const menu = await editor.page.locator('.ac-console__sider').innerText();
    expect(menu).toContain('AI提问记录');
    expect(menu).not.toContain('帮助问题');
    await editor.page.goto(appUrl('/admin/help/articles', 'wonder'));
    await editor.page.getByText('此页面仅限管理员使用').waitFor();
  });
});
