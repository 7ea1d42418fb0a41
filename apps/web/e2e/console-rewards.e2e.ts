import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { visit } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { browserPerFile, closePop, eventually, logIn, newAuthor, popOnScreen, serverDb } from './home-session.ts';
import '../../server/src/platform/audit/audit.tables.ts';

/**
 * The console's badges, levels and notices as a brand's admin uses them, and what the author then
 * sees: a badge made and awarded in the console opens as the badge envelope (pop 3), a level raised
 * by hand as the level-upgrade pop (pop 2), a notice for named authors in their notice list.
 */
const open = browserPerFile();

/** Picks an option of an Ant Design select after typing into it. */
async function choose(page: Page, input: ReturnType<Page['locator']>, text: string, option: string | RegExp) {
  await input.click();
  await input.fill(text);
  await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

async function auditActions(clientId: number, targetId: number): Promise<string[]> {
  const rows = await serverDb()
    .db.selectFrom('audit_log')
    .select(['action', 'reason'])
    .where('client_id', '=', clientId)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.action}:${r.reason ?? ''}`);
}

describe('console: badges and levels', () => {
  test('an admin makes a badge, awards it and raises a level; the author sees the badge envelope, then the level pop', async () => {
    const author = await newAuthor();
    const admin = await demoStaff('wonder', 'admin');
    const title = `妙笔${Date.now().toString(36).slice(-4)}`;

    // The admin makes a badge with an uploaded image, and sees the envelope preview as they type.
    const { context, page } = await open();
    await openConsole(context, page, admin, '/admin/badges');
    await page.getByRole('heading', { name: '勋章目录' }).waitFor();
    await page.getByRole('button', { name: '新建勋章' }).click();
    const editor = page.getByRole('dialog', { name: '新建勋章' });
    await editor.getByLabel('勋章名称').fill(title);
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#ff7d00' } })
      .png()
      .toBuffer();
    await editor.getByTestId('upload-badge').setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: png });
    await eventually(
      () => editor.getByPlaceholder(/图片地址/).inputValue(),
      (value) => /^\/uploads\/rewards\/2\/badge-.+\.png$/.test(value),
    );
    await editor.getByLabel('获得条件').fill('征文大赛一等奖');
    await editor.getByLabel('寄语', { exact: true }).fill('好故事值得被看见。');
    await editor.getByLabel('寄语署名').fill('奇妙编辑部');
    await editor.getByLabel('成长值').fill('25');
    const preview = editor.getByTestId('badge-preview');
    await preview.getByText(title).waitFor();
    expect(await preview.innerText()).toContain('征文大赛一等奖');
    expect(await preview.innerText()).toContain('+25 成长值');
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: title }).waitFor();

    // On the awards page: find the author by pen name, award the badge with a reason.
    await page.goto(page.url().replace('/admin/badges', '/admin/rewards'));
    await page.getByRole('heading', { name: '授予与调整' }).waitFor();
    await choose(page, page.locator('#rewards-author'), author.penName, author.penName);
    await page.getByTestId('chosen-author').getByRole('button', { name: '授予勋章' }).click();
    const award = page.getByRole('dialog', { name: `给「${author.penName}」授予勋章` });
    await choose(page, award.getByRole('combobox'), title, title);
    await award.getByLabel('原因').fill('征文大赛一等奖');
    await award.getByRole('button', { name: '授予勋章' }).click();
    await award.waitFor({ state: 'detached' });
    await page.getByText(`已给「${author.penName}」授予「${title}」`).waitFor();
    await page.getByRole('cell', { name: title }).waitFor();

    // And raise the author's level to Lv3 (the level catalogue's texts).
    await page.getByTestId('chosen-author').getByRole('button', { name: '调整等级' }).click();
    const level = page.getByRole('dialog', { name: /调整「.+」的等级/ });
    await level.getByRole('combobox').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Lv3 · Lv3 进阶作者' }).click();
    await level.getByText('将升到 Lv3').waitFor();
    await level.getByLabel('原因').fill('连续更新表现突出');
    await level.getByRole('button', { name: '调整等级' }).click();
    await level.waitFor({ state: 'detached' });
    await page.getByText(`「${author.penName}」现在是 Lv3`).waitFor();

    expect(await auditActions(2, author.accountId)).toEqual([
      'badge.award:征文大赛一等奖',
      'level.change:连续更新表现突出',
    ]);

    // The author opens the author centre: the badge envelope, then the level-upgrade pop.
    const authorSide = await open();
    await logIn(authorSide.context, author);
    await visit(authorSide.page, '/front/index');
    const envelope = authorSide.page.getByTestId('badge-envelope');
    expect(await popOnScreen(authorSide.page, 15_000)).toBe('badge-envelope');
    await envelope.locator('[data-phase="open"]').waitFor({ timeout: 10_000 });
    const slide = envelope.getByTestId('badge-slide').first();
    expect(await slide.locator('.ac-badge-slide__name').innerText()).toBe(title);
    expect(await slide.innerText()).toContain('征文大赛一等奖');
    expect(await slide.innerText()).toContain('好故事值得被看见。');
    expect(await slide.locator('img').getAttribute('src')).toMatch(/^\/uploads\/rewards\/2\/badge-.+\.png$/);
    await closePop(authorSide.page, 'badge-envelope');
    expect(await popOnScreen(authorSide.page, 10_000)).toBe('level-upgrade-pop');
    const levelPop = authorSide.page.getByTestId('level-upgrade-pop');
    expect(await levelPop.innerText()).toContain('Lv3 进阶作者');
    await closePop(authorSide.page, 'level-upgrade-pop');

    // The admin's awards list says the envelope was seen.
    await page.reload();
    await page.getByRole('heading', { name: '授予与调整' }).waitFor();
    await eventually(
      async () => {
        await page.getByRole('tab', { name: '勋章授予记录' }).click();
        await page.getByLabel('笔名').first().fill(author.penName);
        await page.getByRole('button', { name: /查\s*询/ }).click();
        return page.locator('.ant-table-row').filter({ hasText: title }).innerText();
      },
      (text) => text.includes('已看到'),
      15_000,
    );
  });

  test('an admin revokes a badge with a reason; it leaves the author’s medal wall', async () => {
    const author = await newAuthor();
    const admin = await demoStaff('wonder', 'admin');
    const { context, page } = await open();
    await openConsole(context, page, admin, '/admin/rewards');
    await choose(page, page.locator('#rewards-author'), author.penName, author.penName);
    await page.getByTestId('chosen-author').getByRole('button', { name: '授予勋章' }).click();
    const award = page.getByRole('dialog', { name: `给「${author.penName}」授予勋章` });
    await choose(page, award.getByRole('combobox'), '人气之星', '人气之星');
    await award.getByLabel('原因').fill('作品收藏过千');
    await award.getByRole('button', { name: '授予勋章' }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: '人气之星' });
    await row.waitFor();

    await row.getByRole('button', { name: /收\s*回/ }).click();
    const confirm = page.getByRole('dialog', { name: `收回「${author.penName}」的勋章「人气之星」？` });
    await confirm.getByText('作者还没看到这枚勋章的信封').waitFor();
    await confirm.getByRole('button', { name: /收\s*回/ }).click();
    await confirm.getByText('请填写原因').waitFor();
    await confirm.getByRole('textbox').fill('误发，作品收藏未满一千');
    await confirm.getByRole('button', { name: /收\s*回/ }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect(await auditActions(2, author.accountId)).toEqual([
      'badge.award:作品收藏过千',
      'badge.revoke:误发，作品收藏未满一千',
    ]);

    const authorSide = await open();
    await logIn(authorSide.context, author);
    await visit(authorSide.page, '/front/page/medal-wall');
    expect(await popOnScreen(authorSide.page, 3000)).toBeNull();
    const wall = await serverDb()
      .db.selectFrom('account_badges')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .execute();
    expect(wall).toEqual([]);
  });
});

describe('console: notices', () => {
  test('an admin writes a notice for one named author; that author reads it and the console counts the read', async () => {
    const author = await newAuthor();
    const other = await newAuthor();
    const admin = await demoStaff('wonder', 'admin');
    const title = `致${author.penName}的通知`;
    const { context, page } = await open();
    await openConsole(context, page, admin, '/admin/notices/new');
    await page.getByLabel('标题').fill(title);
    await page.getByLabel('指定作者').check();
    const names = page.getByLabel('指定作者的笔名');
    await names.fill(author.penName);
    await names.press('Enter');
    await page.getByLabel('正文').fill('第一段。\n\n第二段。');
    const preview = page.getByTestId('notice-preview');
    await preview.getByText('第二段。').waitFor();
    expect(await preview.locator('p').filter({ hasText: '第一段。' }).count()).toBe(1);
    await page.getByRole('button', { name: /发\s*布/ }).click();
    await page.getByText('将立即发给指定作者（1 人）').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /发\s*布/ })
      .click();
    await page.getByRole('heading', { name: '公告' }).waitFor();
    const row = page.locator('.ant-table-row').filter({ hasText: title });
    expect(await row.innerText()).toContain('0 / 1');

    const reader = await open();
    await logIn(reader.context, author);
    await visit(reader.page, '/front/notice');
    await reader.page.getByText(title).click();
    await reader.page.getByTestId('news-detail').getByText('第二段。').waitFor();

    const outsider = await open();
    await logIn(outsider.context, other);
    await visit(outsider.page, '/front/notice');
    await outsider.page.locator('.ac-news__list, .ant-empty').first().waitFor();
    expect(await outsider.page.getByText(title).count()).toBe(0);

    await eventually(
      async () => {
        await page.reload();
        return page.locator('.ant-table-row').filter({ hasText: title }).innerText();
      },
      (text) => text.includes('1 / 1'),
    );
  });
});
