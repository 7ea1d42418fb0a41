import { REQ_INFO_PATH, SIGN_HEADER, sign } from '@author-centre/shared';
import { shanghaiDate } from '@author-centre/shared/dates';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../server/src/modules/growth/growth.tables.ts';
import { appUrl, launchBrowser, serverPort, visit } from './browser.ts';
import { demoStaff, openConsole } from './console-session.ts';
import { logIn, newAuthor, serverDb } from './home-session.ts';
import { createBook, openNewChapter, serverRow, serverRows } from './works-session.ts';

/**
 * Growth in Chromium, as an author meets it, with nothing written into the database by hand:
 * an admin sets a streak rule in the console's API; the author publishes from the editor on three
 * consecutive days — the server's clock (the test-only `/api/dev/clock`, absent in production) and
 * the page's clock moved back two days and one day for the first two — and the third day's
 * publication earns the badge, shown as the envelope and on the medal wall. An admin sets up a camp
 * exam and a period with a lesson and admits a trainee; the trainee books the lesson, attends it once
 * it has started (the clock moved), publishes the period's assignment and passes the exam, which
 * graduates them: the graduate envelope and the honour wall.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());
// Whatever a test left, the server's clock is real again for the next one.
afterEach(async () => {
  await moveServerClock(0);
});

async function open(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page = await context.newPage();
  return page;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Where the server's clock stands from the real one (signed calls carry `t` in its time). */
let serverOffsetMs = 0;

/** TEST-ONLY: moves the e2e server's clock `offsetMs` from the real one (0 puts it back). */
async function moveServerClock(offsetMs: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${serverPort()}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offset_ms: offsetMs }),
  });
  expect(res.status).toBe(200);
  serverOffsetMs = offsetMs;
}

/** Moves the server's clock and the page's together (the page's clock is installed on first use). */
async function moveClock(p: Page, offsetMs: number, installed: { done: boolean }): Promise<void> {
  await moveServerClock(offsetMs);
  const time = new Date(Date.now() + offsetMs);
  if (installed.done) await p.clock.setSystemTime(time);
  else await p.clock.install({ time });
  installed.done = true;
}

/** The console's API as a logged-in admin's browser calls it: signed with the session's request key. */
async function adminApi(staffContext: BrowserContext) {
  const base = appUrl('');
  const info = await staffContext.request.get(`${base}${REQ_INFO_PATH}`);
  const secret = (await info.json()).data.secret as string;
  return async <T = any>(path: string, body: Record<string, unknown>): Promise<T> => {
    const t = Date.now() + serverOffsetMs;
    const raw = JSON.stringify({ ...body, t });
    const res = await staffContext.request.post(`${base}${path}`, {
      data: raw,
      headers: { 'content-type': 'application/json', [SIGN_HEADER]: sign(secret, 'POST', path, raw, t) },
    });
    const json = await res.json();
    expect(json.code, `${path}: ${JSON.stringify(json)}`).toBe(200);
    return json.data as T;
  };
}

async function asAdmin() {
  const staffContext = await browser.newContext();
  // Plain localhost is client 2 (wonder), the host the request context can reach.
  await logIn(staffContext, { ...(await demoStaff('wonder', 'admin')), brief: undefined });
  return { post: await adminApi(staffContext), close: () => staffContext.close() };
}

/** Writes a new chapter of the book in the editor and publishes it, as an author does. */
async function publishChapter(p: Page, bookId: number, title: string, body: string): Promise<number> {
  const chapterId = await openNewChapter(p, bookId);
  await p.getByTestId('chapter-title').fill(title);
  await p.getByTestId('chapter-body').click();
  await p.keyboard.type(body);
  await expect.poll(() => p.getByTestId('save-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('saved');
  await p.getByTestId('publish-button').click();
  const anyway = p.getByRole('button', { name: '仍然发布' });
  const published = p.getByText('已发布', { exact: true }).first();
  await anyway.or(published).first().waitFor({ timeout: 10_000 });
  if (await anyway.isVisible()) await anyway.click();
  await published.waitFor({ timeout: 10_000 });
  return chapterId;
}

const BODIES = [
  '少年背起行囊走出山村，晨雾里传来远处的钟声，他回头望了一眼，便再也没有停下脚步。',
  '第二天他来到江边的渡口，船夫说对岸的城池已经三年没有开过城门，他还是上了船。',
  '少年沿着山路一直向前走，风吹过竹林，他没有停下脚步，心里想着远方的城池与未竟的约定。',
];

describe('growth follows what the author does', () => {
  it('publishing on three consecutive days earns the streak badge, shown as the envelope and on the medal wall', async () => {
    const tag = Date.now().toString(36);
    const title = `三日连更${tag}`;
    // The admin makes the badge (rewards console) and its rule (growth console).
    const admin = await asAdmin();
    const badge = await admin.post<{ id: number }>('/api/admin/rewards/badges', {
      title,
      image: '/favicon.ico',
      advance_text: '连续更新3天',
      growth_value: 5,
    });
    await admin.post('/api/admin/growth/badge-rules', { badge_id: badge.id, kind: 'streak', threshold: 3 });
    await admin.close();

    const author = await newAuthor();
    await open();
    await logIn(context, author);
    const held = () =>
      serverRow<{ n: number }>(
        'select count(*) as n from account_badges where account_id = ? and badge_id = ?',
        author.accountId,
        badge.id,
      )?.n;
    const clock = { done: false };

    // Two days ago: the book and its first chapter. Yesterday: the second. Neither is a streak of 3.
    await moveClock(page, -2 * DAY_MS, clock);
    const bookId = await createBook(page, `连更测试${tag}`);
    await publishChapter(page, bookId, '第一章：出发', BODIES[0]);
    await moveClock(page, -DAY_MS, clock);
    await publishChapter(page, bookId, '第二章：渡江', BODIES[1]);
    expect(held()).toBe(0);

    // Today: the third day in a row.
    await moveClock(page, 0, clock);
    await publishChapter(page, bookId, '第三章：不停', BODIES[2]);
    const now = Date.now();
    expect(
      serverRows<{ day: string }>(
        'select day from book_daily_words where account_id = ? order by day',
        author.accountId,
      ).map((r) => r.day),
    ).toEqual([shanghaiDate(now - 2 * DAY_MS), shanghaiDate(now - DAY_MS), shanghaiDate(now)]);
    expect(held()).toBe(1);

    // The envelope waits on the home page (the editor never shows it).
    await visit(page, '/front/index');
    const pop = page.getByTestId('badge-envelope');
    await pop.waitFor({ timeout: 15_000 });
    const openButton = pop.getByRole('button', { name: '拆开信封' });
    if (await openButton.isVisible()) await openButton.click();
    await pop.getByText(title).first().waitFor();
    await pop.getByRole('button', { name: '太棒了' }).click();
    await pop.waitFor({ state: 'detached' });

    await visit(page, '/front/page/medal-wall');
    const medal = page.getByTestId('medal').filter({ hasText: title });
    await medal.getByText('已获得').waitFor();
    await page.getByTestId('badge-timeline').getByText(title).waitFor();
    await context.close();
  });

  it('a trainee attends a lesson, publishes the assignment, passes the camp exam, sees the graduate envelope and is on the honour wall', async () => {
    const tag = Date.now().toString(36);
    const periodName = `第${tag}期`;
    const author = await newAuthor();

    // The admin: the camp exam and its questions, a period with one lesson, the trainee admitted.
    // The lesson starts an hour ago in real time; it is set up two hours back, when it was still ahead.
    await moveServerClock(-2 * HOUR_MS);
    const admin = await asAdmin();
    const paper = await admin.post<{ id: number }>('/api/admin/growth/papers', {
      kind: 'camp',
      title: '新人训练营结业考试',
      time_limit_s: 900,
      pass_score: 60,
      excellent_score: 100,
      max_attempts: 2,
      retake_wait_hours: 0,
      enabled: true,
    });
    await admin.post(`/api/admin/growth/papers/${paper.id}/questions`, {
      type: 'single',
      stem: '发布前最好做什么？',
      options: ['检查错别字', '删除大纲'],
      answer: [0],
      explanation: '发布前检查能减少错别字。',
      score: 60,
    });
    await admin.post(`/api/admin/growth/papers/${paper.id}/questions`, {
      type: 'judge',
      stem: '请假期间不计入断更。',
      options: ['对', '错'],
      answer: [0],
      explanation: '已批准的请假日不会让连更中断。',
      score: 40,
    });
    const now = Date.now() + serverOffsetMs;
    const period = await admin.post<{ id: number }>('/api/admin/growth/camp/periods', {
      name: periodName,
      start_day: shanghaiDate(now - DAY_MS),
      end_day: shanghaiDate(now + 30 * DAY_MS),
      lessons_required: 1,
      words_goal: 30,
      chapters_goal: 1,
    });
    const lessonTitle = `开篇的钩子${tag}`;
    await admin.post('/api/admin/growth/camp/lessons', {
      period_id: period.id,
      title: lessonTitle,
      kind: 'article',
      content: '好的开篇在三百字内抛出悬念。',
      starts_at: now + HOUR_MS,
      capacity: 10,
    });
    await admin.post('/api/admin/growth/camp/members', { account_id: author.accountId, period_id: period.id });
    await admin.close();

    await open();
    await logIn(context, author);
    const clock = { done: false };
    await moveClock(page, -2 * HOUR_MS, clock);
    // Before the lesson: into the camp from the header's menu item, and book a seat.
    await visit(page, '/front/index');
    await page.getByTestId('header-writing-camp').click();
    await page.getByTestId('graduation-progress').getByText(periodName).waitFor();
    await page.getByRole('tab', { name: '课程预约' }).click();
    const lesson = page.getByTestId('lesson').filter({ hasText: lessonTitle });
    await lesson.getByRole('button', { name: /预\s?约/ }).click();
    await lesson.getByText('已预约').waitFor();

    // The lesson has started: attend it.
    await moveClock(page, 0, clock);
    await visit(page, '/front/writing-camp/course-appointment');
    await lesson.getByRole('button', { name: '进入课程' }).click();
    await page.getByRole('dialog', { name: lessonTitle }).getByText('好的开篇在三百字内抛出悬念。').waitFor();
    await page
      .getByRole('dialog', { name: lessonTitle })
      .getByRole('button', { name: /Close|关闭/ })
      .click();
    await lesson.getByText('已上课').waitFor();

    // The assignment: a published chapter of at least 30 characters within the period.
    const bookId = await createBook(page, `训练营作业${tag}`);
    await publishChapter(page, bookId, '第一章：开篇', BODIES[2]);
    await visit(page, '/front/writing-camp/graduation-progress');
    await page.getByTestId('graduation-progress').waitFor();
    expect(
      serverRow<{ n: number }>('select count(*) as n from graduations where account_id = ?', author.accountId)?.n,
    ).toBe(0);

    // The exam, done last: passing it graduates the trainee.
    await page.goto(appUrl('/front/page/writing-camp-answer'));
    const exam = page.getByTestId('exam');
    await exam.waitFor();
    const body = await page.content();
    expect(body).not.toContain('发布前检查能减少错别字');
    await exam.getByTestId('question').nth(0).getByText('检查错别字').click();
    await exam.getByTestId('question').nth(1).getByText('错', { exact: true }).click();
    await exam.getByText('已答 2 / 2').waitFor();
    await page.getByRole('button', { name: '提交试卷' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s?定|OK/ })
      .click();
    const outcome = page.getByTestId('exam-outcome');
    await outcome.getByText('恭喜通过！').waitFor({ timeout: 10_000 });
    await outcome.getByText('得分 60 / 100').waitFor();
    await outcome.getByText('已批准的请假日不会让连更中断。').waitFor();
    expect(
      serverRow<{ period_name: string; level: string }>(
        'select period_name, level from graduations where account_id = ?',
        author.accountId,
      ),
    ).toEqual({ period_name: periodName, level: '1' });

    await visit(page, '/front/index');
    const pop = page.getByTestId('graduate-envelope');
    await pop.getByRole('heading', { name: '恭喜顺利结业' }).waitFor({ timeout: 15_000 });
    expect(await pop.innerText()).toContain(periodName);
    await pop.getByRole('button', { name: '去荣誉墙看看' }).click();
    await page.waitForURL((u) => u.pathname === '/front/writing-camp/honor-wall');
    await page.getByTestId('honor-wall').getByTestId('graduate').filter({ hasText: author.penName }).waitFor();
    await context.close();
  });
});

describe('the writing camp menu item', () => {
  it("is in the header of a brand with the 'writing-camp' permission only", async () => {
    const { db } = serverDb();
    // TEST-ONLY: the layout permissions are fixed brand settings (no console screen edits them).
    const setPermissions = async (permissions: string[]) => {
      const row = await db
        .selectFrom('brands')
        .select(['settings', 'updated_at'])
        .where('client_id', '=', 4)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('brands')
        .set({
          settings: JSON.stringify({ ...JSON.parse(row.settings), permissions }),
          updated_at: Number(row.updated_at) + 1,
        })
        .where('client_id', '=', 4)
        .execute();
      return JSON.parse(row.settings).permissions as string[];
    };
    const author = await newAuthor({ brief: 'brain-hole' });
    await open();
    await logIn(context, author);
    const menuItems = async () => {
      await visit(page, '/front/index', 'brain-hole');
      await page.getByTestId('home-page').waitFor();
      return page.getByTestId('header-writing-camp').count();
    };
    expect(await menuItems()).toBe(1);
    const before = await setPermissions(['ai-assistant']);
    try {
      // The server rereads brand settings within a second.
      await expect.poll(menuItems, { timeout: 15_000 }).toBe(0);
    } finally {
      await setPermissions(before);
    }
    await expect.poll(menuItems, { timeout: 15_000 }).toBe(1);
    await context.close();
  });
});

describe('the console keeps exam questions and camp lessons', () => {
  it('an admin edits and deletes a question, and edits a lesson but cannot delete one a trainee booked', async () => {
    const { db } = serverDb();
    const now = Date.now();
    const tag = now.toString(36);
    // TEST-ONLY: a paper (switched off, so no author is given it) and a period as the console leaves them.
    const paper = await db
      .insertInto('exam_papers')
      .values({
        client_id: 2,
        kind: 'answer',
        title: `修订测验${tag}`,
        period_name: '',
        time_limit_s: 900,
        pass_score: 60,
        excellent_score: 90,
        max_attempts: 2,
        retake_wait_ms: 0,
        enabled: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const questions = await db
      .insertInto('exam_questions')
      .values(
        ['发布前最好做什么？', '请假期间不计入断更。'].map((stem, i) => ({
          client_id: 2,
          paper_id: paper.id,
          type: i === 0 ? ('single' as const) : ('judge' as const),
          stem,
          options: JSON.stringify(i === 0 ? ['检查错别字', '删除大纲'] : ['对', '错']),
          answer: '[0]',
          explanation: '',
          score: 50,
          sort: i,
        })),
      )
      .returning('id')
      .execute();
    const period = await db
      .insertInto('camp_periods')
      .values({
        client_id: 2,
        name: `第${tag}期`,
        start_day: shanghaiDate(now),
        end_day: shanghaiDate(now + 30 * DAY_MS),
        lessons_required: 1,
        words_goal: 100,
        chapters_goal: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lesson = await db
      .insertInto('camp_lessons')
      .values({
        client_id: 2,
        period_id: period.id,
        title: `开篇的钩子${tag}`,
        kind: 'article',
        content: '好的开篇在三百字内抛出悬念。',
        starts_at: now + DAY_MS,
        capacity: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const trainee = await newAuthor();
    await db
      .insertInto('camp_appointments')
      .values({
        client_id: 2,
        lesson_id: lesson.id,
        account_id: trainee.accountId,
        created_at: now,
        attended_at: null,
        repair: 0,
      })
      .execute();

    await open();
    await openConsole(context, page, await demoStaff('wonder', 'admin'), '/admin/growth-content');
    await page.getByRole('heading', { name: '考试、训练营与学院' }).waitFor();
    const expand = (text: string) =>
      page
        .locator('tr', { hasText: text })
        .getByRole('button', { name: /展开行|Expand row/ })
        .click();

    // The question bank: edit the first question's stem.
    await expand(`修订测验${tag}`);
    const bank = page.getByTestId(`questions-${paper.id}`);
    await bank.getByRole('cell', { name: '发布前最好做什么？' }).waitFor();
    await bank.locator('tr', { hasText: '发布前最好做什么？' }).getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: `修订测验${tag} · 编辑题目` });
    await edit.getByLabel('题干').fill('发布章节前最好做什么？');
    await edit.getByRole('button', { name: /确\s?定|OK/ }).click();
    await bank.getByRole('cell', { name: '发布章节前最好做什么？' }).waitFor();

    // Delete the second one: the confirm says what stays, asks for a reason.
    await bank.locator('tr', { hasText: '请假期间不计入断更。' }).getByRole('button', { name: '删除' }).click();
    const remove = page.getByRole('dialog', { name: '删除题目「请假期间不计入断更。」' });
    await remove.getByText('已作答 0 次', { exact: false }).waitFor();
    await remove.getByRole('button', { name: '删除' }).click();
    await remove.getByText('请填写原因', { exact: false }).waitFor();
    await remove.getByLabel('原因').fill('与第一题重复');
    await remove.getByRole('button', { name: '删除' }).click();
    await remove.waitFor({ state: 'detached' });
    await bank.getByRole('cell', { name: '请假期间不计入断更。' }).waitFor({ state: 'detached' });
    const rows = await db
      .selectFrom('exam_questions')
      .select(['id', 'stem', 'removed_at'])
      .where('paper_id', '=', paper.id)
      .orderBy('sort')
      .execute();
    expect(rows.map((r) => [r.id, r.stem, r.removed_at !== null])).toEqual([
      [questions[0].id, '发布章节前最好做什么？', false],
      [questions[1].id, '请假期间不计入断更。', true],
    ]);

    // The camp: a booked lesson is edited; deleting it is refused in the dialog, saying why.
    await expand(`第${tag}期`);
    const lessons = page.getByTestId(`lessons-${period.id}`);
    const row = lessons.locator('tr', { hasText: `开篇的钩子${tag}` });
    await row.getByText('1 / 10').waitFor();
    await row.getByRole('button', { name: '编辑' }).click();
    const lessonEdit = page.getByRole('dialog', { name: `第${tag}期 · 编辑课程` });
    await lessonEdit.getByLabel('名额').fill('20');
    await lessonEdit.getByRole('button', { name: /确\s?定|OK/ }).click();
    await row.getByText('1 / 20').waitFor();
    await row.getByRole('button', { name: '删除' }).click();
    const refuse = page.getByRole('dialog', { name: `删除课程「开篇的钩子${tag}」` });
    await refuse.getByLabel('原因').fill('讲师请假');
    await refuse.getByRole('button', { name: '删除' }).click();
    await refuse.getByText('已有 1 位学员预约或上过这节课，不能删除', { exact: false }).waitFor();
    await refuse.getByRole('button', { name: '取消' }).click();
    const kept = await db
      .selectFrom('camp_lessons')
      .select('capacity')
      .where('id', '=', lesson.id)
      .executeTakeFirstOrThrow();
    expect(kept.capacity).toBe(20);
    await context.close();
  });
});

describe('a leave request', () => {
  it("is dated with the range picker, which downloads when first used, and is stored with the author's dates", async () => {
    const author = await newAuthor();
    await open();
    await logIn(context, author);
    const downloads: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/date-picker-[\w-]+\.js$/.test(request.url())) downloads.push(request.url());
    });
    await visit(page, '/front/vacation-manage');
    await page.getByTestId('leave-quota').waitFor();
    // Until used, the page shows a stand-in of the picker and has not downloaded antd's.
    expect(downloads).toEqual([]);
    const start = shanghaiDate(Date.now() + DAY_MS);
    const end = shanghaiDate(Date.now() + 2 * DAY_MS);
    await page.getByPlaceholder('开始日期').click();
    // The real picker takes the stand-in's place, with the focus in its start input, and opens.
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor();
    expect(downloads).toHaveLength(1);
    await page.keyboard.type(start);
    await page.keyboard.press('Enter');
    await page.keyboard.type(end);
    await page.keyboard.press('Enter');
    await page.getByLabel('请假原因').fill('家中有事');
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByTestId('leave-row').waitFor();
    const { db } = serverDb();
    const stored = await db
      .selectFrom('leave_requests')
      .select(['start_day', 'end_day', 'days', 'reason'])
      .where('account_id', '=', author.accountId)
      .execute();
    expect(stored).toEqual([{ start_day: start, end_day: end, days: 2, reason: '家中有事' }]);
    await context.close();
  });
});
