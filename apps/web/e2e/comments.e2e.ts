import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../server/src/modules/comments/comments.tables.ts';
import { appUrl, launchBrowser, newPage, serverDataDir, serverPort } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { type E2eAuthor, logIn, newAuthor, serverDb } from './home-session.ts';
import { serverRow, serverRows } from './works-session.ts';

/**
 * An author answers and moderates readers whose comments came in through the signed integration
 * API (replying, folding, muting, batch-replying), and accepts a reader's correction, which then
 * shows in the chapter's history and in what the reading sites are served.
 */
let browser: Browser;
let author: E2eAuthor;
let bookId: number;
let chapterId: number;
const LINE = '少年拨剑而起，直指苍穹。';

async function publishedBook(a: E2eAuthor, titles = ['第一章']) {
  const { db } = serverDb();
  const now = Date.now();
  const body = `山门清晨，钟声悠长。\n${LINE}\n远处云海翻涌，天地苍茫。`;
  const book = await db
    .insertInto('books')
    .values({
      client_id: a.clientId,
      user_id: a.userId,
      account_id: a.accountId,
      kind: 'novel',
      title: '评论之书',
      tags: '[]',
      category: 'xuanhuan',
      intro: '一个少年在风雨飘摇的江湖中寻找真相。',
      published_count: titles.length,
      chapter_count: titles.length,
      created_at: now,
      updated_at: now,
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  const volume = await db
    .insertInto('volumes')
    .values({
      client_id: a.clientId,
      book_id: book.id,
      title: '第一卷',
      sort: 1,
      is_notice: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chapterIds: number[] = [];
  for (const [i, title] of titles.entries()) {
    const chapter = await db
      .insertInto('chapters')
      .values({
        client_id: a.clientId,
        book_id: book.id,
        volume_id: volume.id,
        title,
        status: 'published',
        sort: i + 1,
        counted: 1,
        words: body.length,
        published_words: body.length,
        published_title: title,
        vip: 0,
        revision: 1,
        first_published_at: now,
        published_at: now,
        change_seq: 2_100_000_000 + book.id * 10 + i,
        saved_at: now,
        created_at: now,
        updated_at: now,
      } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('chapter_texts')
      .values({
        chapter_id: chapter.id,
        body,
        author_say: '',
        last_save_key: null,
        last_save_revision: null,
        snapshot_at: 0,
      })
      .execute();
    await db.insertInto('chapter_live').values({ chapter_id: chapter.id, body, author_say: '' }).execute();
    chapterIds.push(chapter.id);
  }
  return { bookId: book.id, chapterId: chapterIds[0], chapterIds };
}

/** Adds `count` draft chapters 第N章 to a book's first volume in one transaction (a book of thousands of chapters). */
async function addChapters(bookId: number, clientId: number, from: number, count: number) {
  const { db } = serverDb();
  const now = Date.now();
  const volume = await db
    .selectFrom('volumes')
    .select('id')
    .where('book_id', '=', bookId)
    .orderBy('sort')
    .executeTakeFirstOrThrow();
  const ids = new Map<number, number>();
  await db.transaction().execute(async (tx) => {
    for (let start = from; start < from + count; start += 200) {
      const rows = [];
      for (let i = start; i < Math.min(from + count, start + 200); i++)
        rows.push({
          client_id: clientId,
          book_id: bookId,
          volume_id: volume.id,
          title: `第${i}章 风起${i}`,
          status: 'draft',
          sort: i,
          saved_at: now,
          created_at: now,
          updated_at: now,
        });
      for (const r of await tx
        .insertInto('chapters')
        .values(rows as any)
        .returning(['id', 'sort'])
        .execute())
        ids.set(r.sort, r.id);
    }
  });
  return ids;
}

/** The integration API's signature (docs/income.md): HMAC-SHA256 over method, path, query, time, nonce and body hash. */
function signed(keyId: string, secret: string, path: string, body: string) {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const hash = createHash('sha256').update(body).digest('hex');
  const signature = createHmac('sha256', secret)
    .update(`POST\n${path}\n\n${timestamp}\n${nonce}\n${hash}`)
    .digest('hex');
  return { 'x-ac-key-id': keyId, 'x-ac-timestamp': timestamp, 'x-ac-nonce': nonce, 'x-ac-signature': signature };
}

/** Pushes events as the brand's reading site does (signed with its key from the demo seed). */
async function push(events: unknown[], clientId = author.clientId) {
  const keys = JSON.parse(readFileSync(join(serverDataDir(), 'reading-sites.json'), 'utf8')) as Array<{
    client_id: number;
    kind: string;
    key_id: string;
    secret: string;
  }>;
  const key = keys.find((k) => k.client_id === clientId && k.kind === 'reading');
  if (!key) throw new Error('no reading-site key for the brand');
  const path = '/api/integration/v1/events';
  const body = JSON.stringify({ events });
  const res = await fetch(`http://localhost:${serverPort()}${path}`, {
    method: 'POST',
    headers: {
      ...signed(key.key_id, key.secret, path, body),
      'content-type': 'application/json',
    },
    body,
  });
  expect(res.status).toBe(200);
}

let n = 0;
const comment = (reader: string, content: string, at = { bookId, chapterId }) => ({
  event_id: `e2e-${Date.now()}-${++n}`,
  kind: 'comment',
  book_id: at.bookId,
  chapter_id: at.chapterId,
  comment_type: 'chapter',
  reader_id: reader,
  reader_name: reader,
  content,
  occurred_at: Date.now() - n * 1000,
});

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const confirm = (page: Page) =>
  page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();

beforeAll(async () => {
  browser = await launchBrowser();
  author = await newAuthor();
  ({ bookId, chapterId } = await publishedBook(author));
  await push([
    comment('读者甲', '第一条评论：写得真好'),
    comment('读者乙', '第二条评论：催更'),
    comment('读者丙', '第三条评论：广告刷屏'),
    comment('读者丁', '第四条评论：期待'),
    {
      event_id: `e2e-correction-${Date.now()}`,
      kind: 'correction',
      book_id: bookId,
      chapter_id: chapterId,
      reader_id: 'r-fix',
      reader_name: '细心读者',
      paragraph_index: 1,
      original: '拨剑',
      suggestion: '拔剑',
      occurred_at: Date.now(),
    },
  ]);
});
afterAll(async () => browser?.close());

describe('reader comments and corrections', () => {
  it('the author replies, folds, mutes and batch-replies', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, author);
    await page.goto(appUrl('/front/comment-manage/list'));
    await row(page, '第一条评论').waitFor();

    await row(page, '第一条评论').getByRole('button', { name: '回复', exact: true }).click();
    await page.getByRole('dialog').getByPlaceholder('回复读者（最多500字）').fill('谢谢你的支持！');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^发\s*送$/ })
      .click();
    await page.getByText('操作成功').first().waitFor();
    expect(
      serverRow<{ n: number }>(
        "select count(*) as n from comments where book_id = ? and content = '谢谢你的支持！' and author_account_id is not null",
        bookId,
      )?.n,
    ).toBe(1);

    await row(page, '第三条评论').getByRole('button', { name: '折叠', exact: true }).click();
    await confirm(page);
    await expect.poll(() => row(page, '第三条评论').count()).toBe(0);
    await page.getByRole('link', { name: '查看折叠评论' }).click();
    await row(page, '第三条评论').waitFor();
    await page.getByRole('link', { name: '返回评论管理' }).click();

    await row(page, '第二条评论').getByRole('button', { name: '禁言', exact: true }).click();
    const mute = page.getByRole('dialog').filter({ hasText: '禁言读者「读者乙」' });
    await mute.getByText('7天').click();
    await mute.getByRole('button', { name: /^禁\s*言$/ }).click();
    await page.getByText('禁言名单').waitFor();
    expect(
      serverRow<{ reader_id: string }>('select reader_id from comment_mutes where account_id = ?', author.accountId)
        ?.reader_id,
    ).toBe('读者乙');

    await row(page, '第一条评论').getByRole('checkbox', { name: '选择此行' }).check();
    await row(page, '第四条评论').getByRole('checkbox', { name: '选择此行' }).check();
    await page.getByRole('button', { name: '批量回复（2）' }).click();
    await page.getByRole('dialog').getByPlaceholder('回复读者（最多500字）').fill('感谢大家的喜欢');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^发\s*送$/ })
      .click();
    await page.getByText('成功 2 条，失败 0 条').waitFor();
    const replies = serverRows<{ n: number }>(
      "select count(*) as n from comments where book_id = ? and content = '感谢大家的喜欢' and author_account_id is not null",
      bookId,
    );
    expect(replies[0].n).toBe(2);
    await context.close();
  });

  it('the header shows the unread comment count, links to the comment page, and mark all read clears it', async () => {
    // An author of their own, so the count is exactly what this test sent.
    const owner = await newAuthor();
    const at = await publishedBook(owner);
    await push(
      [comment('读者子', '页头计数一', at), comment('读者丑', '页头计数二', at), comment('读者寅', '页头计数三', at)],
      owner.clientId,
    );
    const { context, page } = await newPage(browser);
    await logIn(context, owner);
    await page.goto(appUrl('/front/index'));
    const header = page.getByTestId('header-comments');
    await header.waitFor();
    await expect.poll(() => header.innerText(), { timeout: 10_000 }).toMatch(/3/);
    expect(await header.getAttribute('href')).toBe('/front/comment-manage/list');
    await header.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/front/comment-manage/list');
    // A folded comment leaves the count, as it leaves the unread list.
    await row(page, '页头计数三').getByRole('button', { name: '折叠', exact: true }).click();
    await confirm(page);
    await expect.poll(() => row(page, '页头计数三').count()).toBe(0);
    await expect.poll(() => header.innerText(), { timeout: 10_000 }).toMatch(/2/);
    // It asks first: cancelling leaves the count.
    await page.getByRole('button', { name: '全部标为已读' }).click();
    await page.locator('.ant-popconfirm').getByText('所有作品的新评论都将标为已读').waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    expect(await header.innerText()).toMatch(/2/);
    await page.getByRole('button', { name: '全部标为已读' }).click();
    await confirm(page);
    await expect.poll(() => header.innerText(), { timeout: 10_000 }).not.toMatch(/\d/);
    expect(
      serverRow<{ n: number }>('select count(*) as n from comments where book_id = ? and unread = 1', at.bookId)?.n,
    ).toBe(0);
    await context.close();
  });

  it('filters the comments by chapter of the chosen book', async () => {
    const owner = await newAuthor();
    const at = await publishedBook(owner, ['甲章', '乙章']);
    await push(
      [
        comment('读者午', '甲章的评论', { bookId: at.bookId, chapterId: at.chapterIds[0] }),
        comment('读者未', '乙章的评论', { bookId: at.bookId, chapterId: at.chapterIds[1] }),
      ],
      owner.clientId,
    );
    const { context, page } = await newPage(browser);
    await logIn(context, owner);
    await page.goto(appUrl('/front/comment-manage/list'));
    await row(page, '甲章的评论').waitFor();
    await row(page, '乙章的评论').waitFor();
    await page.getByRole('combobox', { name: '全部作品' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '评论之书' }).click();
    await page.getByRole('combobox', { name: '全部章节' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '乙章' }).click();
    // Only the chosen chapter's comments (the table is empty for a moment while it loads).
    await expect
      .poll(async () => [await row(page, '甲章的评论').count(), await row(page, '乙章的评论').count()], {
        timeout: 10_000,
      })
      .toEqual([0, 1]);
    await context.close();
  });

  it('finds any chapter of a book of thousands for the filter: searched on the server, 50 at a time', async () => {
    const owner = await newAuthor();
    const at = await publishedBook(owner, ['序章']);
    const ids = await addChapters(at.bookId, owner.clientId, 2, 1999);
    await push(
      [
        comment('读者申', '序章的评论', { bookId: at.bookId, chapterId: at.chapterId }),
        comment('读者酉', '第1234章的评论', { bookId: at.bookId, chapterId: ids.get(1234) as number }),
        comment('读者戌', '第1999章的评论', { bookId: at.bookId, chapterId: ids.get(1999) as number }),
      ],
      owner.clientId,
    );
    const { context, page } = await newPage(browser);
    await logIn(context, owner);
    await page.goto(appUrl('/front/comment-manage/list'));
    await row(page, '第1234章的评论').waitFor();
    await page.getByRole('combobox', { name: '全部作品' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '评论之书' }).click();
    const chapters = page.getByRole('combobox', { name: '全部章节' });
    await chapters.click();
    const footer = page.getByTestId('chapter-select-footer');
    await footer.getByText('共 2000 章，已显示 50 章').waitFor();
    await footer.getByRole('button', { name: '加载更多' }).click();
    await footer.getByText('共 2000 章，已显示 100 章').waitFor();
    // Typing searches the whole book on the server.
    await chapters.fill('1234');
    await footer.getByText('找到 1 章，已显示 1 章').waitFor();
    await page.locator('.ant-select-item-option').filter({ hasText: '第1234章 风起1234' }).click();
    await expect
      .poll(async () => [await row(page, '序章的评论').count(), await row(page, '第1234章的评论').count()], {
        timeout: 10_000,
      })
      .toEqual([0, 1]);
    // With the keyboard: type, arrow down, enter.
    await chapters.click();
    await chapters.fill('第1999章');
    await page.locator('.ant-select-item-option').filter({ hasText: '第1999章 风起1999' }).waitFor();
    await expect.poll(() => page.locator('.ant-select-item-option').filter({ hasText: '第1234章' }).count()).toBe(0);
    await chapters.press('Enter');
    await expect
      .poll(async () => [await row(page, '第1234章的评论').count(), await row(page, '第1999章的评论').count()], {
        timeout: 10_000,
      })
      .toEqual([0, 1]);
    // The chosen chapter's title shows in the filter.
    await expect.poll(() => page.locator('.ant-select', { has: chapters }).innerText()).toContain('第1999章 风起1999');
    // Nothing found says so.
    await chapters.click();
    await chapters.fill('没有这一章');
    await page.getByText('没有找到章节').waitFor();
    await context.close();
  });

  it("releases a muted reader's held comments, one or a selection, after asking", async () => {
    const owner = await newAuthor();
    const at = await publishedBook(owner);
    const { db } = serverDb();
    const now = Date.now();
    await db
      .insertInto('comment_mutes')
      .values({
        client_id: owner.clientId,
        account_id: owner.accountId,
        reader_id: '吵闹读者',
        reader_name: '吵闹读者',
        until: now + 7 * 86_400_000,
        created_at: now,
      })
      .execute();
    await push(
      [
        comment('吵闹读者', '拦截一：其实写得不错', at),
        comment('吵闹读者', '拦截二：催更', at),
        comment('吵闹读者', '拦截三：打卡', at),
      ],
      owner.clientId,
    );
    const stateOf = (text: string) =>
      serverRow<{ state: string; unread: number }>(
        'select state, unread from comments where book_id = ? and content = ?',
        at.bookId,
        text,
      );
    expect(stateOf('拦截一：其实写得不错')).toEqual({ state: 'held', unread: 0 });
    const { context, page } = await newPage(browser);
    await logIn(context, owner);
    await page.goto(appUrl('/front/comment-manage/list'));
    await page.getByText('还没有读者评论').waitFor();
    await page.getByRole('checkbox', { name: '已拦截（禁言读者）' }).check();
    await page.getByText('放行后评论将对读者展示').waitFor();
    await row(page, '拦截一').getByText('已拦截', { exact: true }).waitFor();
    expect(await row(page, '拦截一').getByRole('button', { name: '回复', exact: true }).count()).toBe(0);

    // It asks first: cancelling changes nothing.
    await row(page, '拦截一')
      .getByRole('button', { name: /^放\s*行$/ })
      .click();
    const ask = page.locator('.ant-popconfirm').filter({ hasText: '放行后这条评论将对读者展示' });
    await ask.getByRole('button', { name: /取\s*消/ }).click();
    expect(stateOf('拦截一：其实写得不错')?.state).toBe('held');
    await row(page, '拦截一')
      .getByRole('button', { name: /^放\s*行$/ })
      .click();
    await ask.getByRole('button', { name: /^放\s*行$/ }).click();
    await page.getByText('已放行，评论已对读者展示').waitFor();
    await expect.poll(() => row(page, '拦截一').count()).toBe(0);
    expect(stateOf('拦截一：其实写得不错')).toEqual({ state: 'visible', unread: 1 });
    // The header counts it as new.
    await expect.poll(() => page.getByTestId('header-comments').innerText(), { timeout: 10_000 }).toMatch(/1/);

    // A selection: 批量放行 asks, then says what happened.
    await row(page, '拦截二').getByRole('checkbox', { name: '选择此行' }).check();
    await row(page, '拦截三').getByRole('checkbox', { name: '选择此行' }).check();
    await page.getByRole('button', { name: '批量放行（2）' }).click();
    const batch = page.locator('.ant-popconfirm').filter({ hasText: '确定放行选中的 2 条评论吗' });
    await batch.getByRole('button', { name: /^放\s*行$/ }).click();
    await page.getByText('放行成功 2 条，失败 0 条').waitFor();
    await page.getByText('没有被拦截的评论').waitFor();
    expect(stateOf('拦截三：打卡')).toEqual({ state: 'visible', unread: 1 });
    // Back on the list, they are new comments.
    await page.getByRole('checkbox', { name: '已拦截（禁言读者）' }).uncheck();
    await row(page, '拦截二').getByText('新', { exact: true }).waitFor();
    expect(await row(page, '拦截').count()).toBe(3);
    await context.close();
  });

  it('a stale correction can be ignored, and then no longer counts as pending', async () => {
    const owner = await newAuthor();
    const at = await publishedBook(owner);
    await push(
      [
        {
          event_id: `e2e-stale-${Date.now()}`,
          kind: 'correction',
          book_id: at.bookId,
          chapter_id: at.chapterId,
          reader_id: 'r-stale',
          reader_name: '过时读者',
          paragraph_index: 1,
          original: '不存在的字',
          suggestion: '改',
          occurred_at: Date.now(),
        },
      ],
      owner.clientId,
    );
    const { context, page } = await newPage(browser);
    await logIn(context, owner);
    await page.goto(appUrl('/front/reader-error-correction'));
    await page.getByRole('link', { name: '去处理' }).click();
    const item = page.getByTestId('correction-item').filter({ hasText: '过时读者' });
    await item.getByText('原文已修改，无法采纳').waitFor();
    expect(await item.getByRole('button', { name: /^采\s*纳$/ }).count()).toBe(0);
    await item.getByRole('button', { name: /^忽\s*略$/ }).click();
    await confirm(page);
    await item.getByText('已忽略').waitFor();
    await page.getByRole('link', { name: '返回读者纠错' }).click();
    await page.getByText('暂无待处理的读者纠错').waitFor();
    await context.close();
  });

  it('says when publishing was blocked by the checks, and that a revised chapter is only saved', async () => {
    const owner = await newAuthor();
    const at = await publishedBook(owner);
    const fix = (reader: string, paragraph: number, original: string, suggestion: string) => ({
      event_id: `e2e-outcome-${Date.now()}-${++n}`,
      kind: 'correction',
      book_id: at.bookId,
      chapter_id: at.chapterId,
      reader_id: reader,
      reader_name: reader,
      paragraph_index: paragraph,
      original,
      suggestion,
      occurred_at: Date.now(),
    });
    await push([fix('捣乱读者', 1, '拨剑', '网络赌博'), fix('认真读者', 0, '悠长', '绵长')], owner.clientId);
    const { context, page } = await newPage(browser);
    await logIn(context, owner);
    await page.goto(appUrl(`/front/reader-error-correction/detail?chapter_id=${at.chapterId}`));
    const outcome = page.getByTestId('accept-outcome');

    const bad = page.getByTestId('correction-item').filter({ hasText: '捣乱读者' });
    await bad.getByRole('button', { name: /^采\s*纳$/ }).click();
    await page.locator('.ant-popconfirm').getByText('章节已发布，修改会同步发布').waitFor();
    await confirm(page);
    await outcome.getByText('发布前检查未通过，修改尚未发布到阅读站').waitFor();
    expect(await outcome.locator('ul').innerText()).toContain('网络赌博');
    await outcome.getByRole('link', { name: '去编辑器处理' }).waitFor();
    await bad.getByText('已采纳').waitFor();

    // The chapter now has unpublished edits: accepting says it only saves, and says so after.
    const good = page.getByTestId('correction-item').filter({ hasText: '认真读者' });
    await good.getByRole('button', { name: /^采\s*纳$/ }).click();
    await page.locator('.ant-popconfirm').getByText('章节有未发布的修改，本次只保存、不发布').waitFor();
    await confirm(page);
    await outcome.getByText('章节有未发布的修改，本次修改没有发布').waitFor();
    await good.getByText('已采纳').waitFor();
    await context.close();
  });

  it('accepting a correction saves a revision that shows in the chapter history and on the reading site', async () => {
    const { context, page } = await newPage(browser);
    await logIn(context, author);
    await page.goto(appUrl('/front/reader-error-correction'));
    await page.getByRole('link', { name: '去处理' }).click();
    const item = page.getByTestId('correction-item').filter({ hasText: '细心读者' });
    await item.getByRole('button', { name: /^采\s*纳$/ }).click();
    await confirm(page);
    await page.getByTestId('accept-outcome').getByText('并已同步发布到阅读站').waitFor();
    await item.getByText('已采纳').waitFor();
    // The corrected paragraph is what the detail page now shows.
    await page.locator('.ac-correction-paragraph').filter({ hasText: '少年拔剑而起' }).waitFor();
    // What the reading sites are served (no page of ours shows it).
    expect(
      serverRow<{ body: string }>('select body from chapter_live where chapter_id = ?', chapterId)?.body,
    ).toContain('少年拔剑而起');

    // The chapter's history, as the author sees it in the editor: the corrected text, and the
    // accepted correction as a version (the chapter had none before: it came in published).
    await page.getByRole('link', { name: '查看章节历史' }).click();
    const body = page.getByTestId('chapter-body');
    await body.waitFor();
    await expect.poll(() => body.inputValue()).toContain('少年拔剑而起，直指苍穹。');
    expect(await body.inputValue()).not.toContain('拨剑');
    await page.getByRole('button', { name: /历史版本/ }).click();
    const versions = page.locator('.ant-drawer .ac-history__list .ant-list-item');
    await versions.first().waitFor();
    const saved = versions.filter({ hasText: '手动保存' });
    expect(await saved.count()).toBe(1);
    expect(await saved.innerText()).toContain('第一章');
    // That version is what was published: compared with the published text, nothing differs.
    await saved.click();
    await page.locator('.ant-drawer').getByText('与已发布对比').click();
    await page.locator('.ant-drawer').getByText('两个版本内容相同').waitFor();
    await context.close();
  });

  it('the console bans a reported reader and lifts the ban again', async () => {
    const owner = await newAuthor();
    const at = await publishedBook(owner);
    const reader = `e2e-ban-${Date.now()}`;
    const text = `加我微信看全文 ${reader}`;
    await push([comment(reader, text, at)], owner.clientId);
    const { db } = serverDb();
    const c = await db.selectFrom('comments').select('id').where('reader_id', '=', reader).executeTakeFirstOrThrow();
    await db
      .insertInto('comment_reports')
      .values({
        client_id: owner.clientId,
        comment_id: c.id,
        account_id: owner.accountId,
        reason: '广告引流',
        status: 'open',
        outcome: null,
        handled_by: null,
        handled_at: null,
        created_at: Date.now(),
      })
      .execute();
    const { context, page } = await newPage(browser);
    await openConsole(context, page, await demoStaff('wonder', 'editor'), '/admin/comment-reports');
    const report = page.locator('.ant-table-row').filter({ hasText: reader });
    await report.waitFor();
    const act = async (action: string, reason: string) => {
      await report.getByRole('button', { name: action, exact: true }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: action });
      await dialog.getByPlaceholder('写明原因（会记入审计日志）').fill(reason);
      await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    expect(await report.getByRole('button', { name: '解封读者' }).count()).toBe(0);
    await act('封禁读者', '广告引流，封禁');
    await report.getByText('已封禁读者').waitFor();
    await act('解封读者', '误封，解除');
    await report.getByText('已解封读者').waitFor();
    expect(serverRow<{ n: number }>('select count(*) as n from reader_bans where reader_id = ?', reader)?.n).toBe(0);
    await context.close();
  });
});
