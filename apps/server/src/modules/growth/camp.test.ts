import { shanghaiDate } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, logIn, type TestAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { createBook, prose, writtenChapter } from '../works/works.fixtures.ts';
import { LESSON_REMINDER_JOB, lesson } from './camp.service.ts';

/** The writing camp: periods, appointments within capacity, attendance and repairs, delay, graduation. */

let t: TestApp;
let admin: TestClient;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function clientOf(author: TestAuthor, host = 'localhost') {
  const client = t.client(host);
  await logIn(t, client, author);
  return client;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientOf(await createAuthor(t, { role: 'admin' }));
});
afterAll(async () => t.close());

async function period(
  name: string,
  startOffsetDays: number,
  goals = { lessons_required: 1, words_goal: 100, chapters_goal: 1 },
) {
  const res = await admin.post('/api/admin/growth/camp/periods', {
    name,
    start_day: shanghaiDate(Date.now() + startOffsetDays * DAY),
    end_day: shanghaiDate(Date.now() + (startOffsetDays + 30) * DAY),
    ...goals,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

async function newLesson(periodId: number, startsIn: number, capacity = 1) {
  const res = await admin.post('/api/admin/growth/camp/lessons', {
    period_id: periodId,
    title: `第${periodId}-${startsIn}课 开篇的钩子`,
    kind: 'article',
    content: '好的开篇在三百字内抛出悬念。',
    starts_at: Date.now() + startsIn,
    capacity,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

async function trainee(periodId: number) {
  const author = await createAuthor(t);
  expect(
    (await admin.post('/api/admin/growth/camp/members', { account_id: author.accountId, period_id: periodId })).body
      .code,
  ).toBe(200);
  return { author, client: await clientOf(author) };
}

describe('writing camp', () => {
  it('appointments are refused beyond capacity and once the lesson started; the reminder is in the message centre', async () => {
    const p = await period(`第${Date.now().toString(36)}期`, -1);
    const soon = await newLesson(p, 2 * HOUR, 1);
    const a = await trainee(p);
    const b = await trainee(p);
    const outsider = await clientOf(await createAuthor(t));

    expect((await outsider.post('/api/new-user/appoint', { lesson_id: soon })).status).toBe(403);
    expect((await a.client.post('/api/new-user/appoint', { lesson_id: soon })).body.code).toBe(200);
    expect((await a.client.post('/api/new-user/appoint', { lesson_id: soon })).body.code).not.toBe(200);
    const full = await b.client.post('/api/new-user/appoint', { lesson_id: soon });
    expect(JSON.stringify(full.body)).toContain('名额已满');
    const schedule = (await b.client.get('/api/new-user/schedule')).body.data;
    expect(schedule.list.find((l: { id: number }) => l.id === soon)).toMatchObject({
      booked: 1,
      seats_left: 0,
      appointed: false,
    });
    const reminder = await t.app.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('account_id', '=', a.author.accountId)
      .executeTakeFirst();
    expect(reminder?.title).toContain('课程预约成功');

    const started = await newLesson(p, -HOUR, 5);
    expect(JSON.stringify((await a.client.post('/api/new-user/appoint', { lesson_id: started })).body)).toContain(
      '已经开始',
    );
    const account = await t.app.ctx.db
      .selectFrom('accounts')
      .select('is_learner')
      .where('id', '=', a.author.accountId)
      .executeTakeFirstOrThrow();
    expect(account.is_learner).toBe(1);
  });

  it('bookings sent at the same moment never take more seats than the lesson has', async () => {
    const p = await period(`第${Date.now().toString(36)}期S`, -1);
    const lessonId = await newLesson(p, 2 * HOUR, 2);
    const trainees = await Promise.all([1, 2, 3, 4, 5, 6].map(() => trainee(p)));
    const outcomes = await Promise.all(
      trainees.map((x) => x.client.post('/api/new-user/appoint', { lesson_id: lessonId })),
    );
    expect(outcomes.filter((o) => o.body.code === 200)).toHaveLength(2);
    expect(outcomes.filter((o) => JSON.stringify(o.body).includes('名额已满'))).toHaveLength(4);
    const seats = await t.app.ctx.db
      .selectFrom('camp_appointments')
      .select('account_id')
      .where('lesson_id', '=', lessonId)
      .execute();
    expect(seats).toHaveLength(2);
  });

  it('a booked lesson is attended by opening it once started; a missed one is made up; delay moves to a later period', async () => {
    const p = await period(`第${Date.now().toString(36)}期B`, -1);
    const later = await period(`第${Date.now().toString(36)}期C`, 40);
    const earlier = await period(`第${Date.now().toString(36)}期A`, -60);
    const booked = await newLesson(p, HOUR, 3);
    const missed = await newLesson(p, -HOUR, 3);
    const { author, client } = await trainee(p);
    const who = { clientId: 2, accountId: author.accountId };
    await client.post('/api/new-user/appoint', { lesson_id: booked });

    expect(JSON.stringify((await client.get('/api/new-user/lesson', { id: booked })).body)).toContain('尚未开始');
    const opened = await lesson(t.app.ctx, who, booked, false, Date.now() + 2 * HOUR);
    expect(opened).toMatchObject({ attended: true, content: '好的开篇在三百字内抛出悬念。' });

    expect(JSON.stringify((await client.get('/api/new-user/lesson', { id: missed })).body)).toContain('补课');
    expect((await client.post('/api/new-user/repairs', { lesson_id: missed })).body.data).toMatchObject({
      attended: true,
    });
    const rows = await t.app.ctx.db
      .selectFrom('camp_appointments')
      .select(['lesson_id', 'repair', 'attended_at'])
      .where('account_id', '=', author.accountId)
      .execute();
    expect(rows.map((r) => [r.lesson_id, r.repair, r.attended_at !== null]).sort()).toEqual(
      [
        [booked, 0, true],
        [missed, 1, true],
      ].sort(),
    );
    const progress = (await client.get('/api/new-user/graduate')).body.data;
    expect(progress.items.lessons).toEqual({ done: 2, goal: 1 });

    expect((await client.post('/api/new-user/delay', { period_id: earlier })).body.code).toBe(10000001);
    expect((await client.post('/api/new-user/delay', { period_id: later })).body.data).toMatchObject({
      period_id: later,
    });
    expect((await client.get('/api/new-user/periods')).body.data).toMatchObject({
      current_period_id: later,
      status: 'learning',
    });
  });

  it('graduation waits for lessons, assignments and the exam, and comes with whichever is done last', async () => {
    const name = `第${Date.now().toString(36)}期D`;
    const p = await period(name, -1);
    const l = await newLesson(p, -HOUR, 3);
    const { author, client } = await trainee(p);
    const paper = await admin.post('/api/admin/growth/papers', {
      kind: 'camp',
      title: '结业考试',
      time_limit_s: 600,
      pass_score: 50,
      excellent_score: 100,
      max_attempts: 3,
    });
    await admin.post(`/api/admin/growth/papers/${paper.body.data.id}/questions`, {
      type: 'judge',
      stem: '请假期间不计入断更。',
      options: ['对', '错'],
      answer: [0],
      score: 100,
    });
    await client.post('/api/new-user/repairs', { lesson_id: l });
    const start = (await client.get('/api/question/list', { paper: 'camp' })).body.data;
    await client.post('/api/question/check-answer', {
      attempt_id: start.attempt_id,
      question_id: start.list[0].id,
      answer: [0],
    });
    const result = (await client.post('/api/question/submit', { attempt_id: start.attempt_id })).body.data;
    expect(result).toMatchObject({ passed: true, graduated: null });
    expect((await client.get('/api/new-user/graduate')).body.data).toMatchObject({
      complete: false,
      items: { lessons: { done: 1 }, exam: { done: 1 }, chapters: { done: 0, goal: 1 } },
    });

    // Publishing the assignment is the last step: the publication graduates the trainee (excellent: 100).
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(300));
    expect(
      (await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: ch.chapterId, force: true })).body.code,
    ).toBe(200);
    const graduations = await t.app.ctx.db
      .selectFrom('graduations')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .execute();
    expect(graduations).toHaveLength(1);
    expect(graduations[0]).toMatchObject({ period_name: name, level: '2', noticed_at: null });
    expect((await client.get('/api/new-user/graduate')).body.data).toMatchObject({
      complete: true,
      status: 'graduated',
    });
    expect((await client.get('/api/author/profile')).body.data.new_user_graduate.list[0]).toMatchObject({ level: '2' });
  });

  it('events completing graduation at the same moment graduate the trainee once', async () => {
    const name = `第${Date.now().toString(36)}期R`;
    const p = await period(name, -1, { lessons_required: 1, words_goal: 0, chapters_goal: 0 });
    const lessons = await Promise.all([1, 2, 3, 4].map((h) => newLesson(p, -h * HOUR, 3)));
    const { author, client } = await trainee(p);
    const paper = await admin.post('/api/admin/growth/papers', {
      kind: 'camp',
      title: '结业考试',
      time_limit_s: 600,
      pass_score: 50,
      excellent_score: 100,
      max_attempts: 3,
    });
    await admin.post(`/api/admin/growth/papers/${paper.body.data.id}/questions`, {
      type: 'judge',
      stem: '请假期间不计入断更。',
      options: ['对', '错'],
      answer: [0],
      score: 100,
    });
    const start = (await client.get('/api/question/list', { paper: 'camp' })).body.data;
    await client.post('/api/question/check-answer', {
      attempt_id: start.attempt_id,
      question_id: start.list[0].id,
      answer: [0],
    });
    expect((await client.post('/api/question/submit', { attempt_id: start.attempt_id })).body.data).toMatchObject({
      passed: true,
      graduated: null,
    });

    // A lesson is all that is left; make-ups of four lessons at once each complete it.
    const opened = await Promise.all(
      lessons.map((lessonId) => client.post('/api/new-user/repairs', { lesson_id: lessonId })),
    );
    expect(opened.map((o) => o.body.code)).toEqual([200, 200, 200, 200]);
    const graduations = await t.app.ctx.db
      .selectFrom('graduations')
      .select(['period_name', 'level'])
      .where('account_id', '=', author.accountId)
      .execute();
    expect(graduations).toEqual([{ period_name: name, level: '2' }]);
  });

  it('the last two steps done at the same moment still graduate the trainee', async () => {
    const name = `第${Date.now().toString(36)}期T`;
    const p = await period(name, -1, { lessons_required: 2, words_goal: 0, chapters_goal: 0 });
    const lessons = await Promise.all([1, 2].map((h) => newLesson(p, -h * HOUR, 3)));
    const { author, client } = await trainee(p);
    const paper = await admin.post('/api/admin/growth/papers', {
      kind: 'camp',
      title: '结业考试',
      time_limit_s: 600,
      pass_score: 50,
      excellent_score: 100,
      max_attempts: 3,
    });
    await admin.post(`/api/admin/growth/papers/${paper.body.data.id}/questions`, {
      type: 'judge',
      stem: '请假期间不计入断更。',
      options: ['对', '错'],
      answer: [0],
      score: 100,
    });
    const start = (await client.get('/api/question/list', { paper: 'camp' })).body.data;
    await client.post('/api/question/check-answer', {
      attempt_id: start.attempt_id,
      question_id: start.list[0].id,
      answer: [0],
    });
    await client.post('/api/question/submit', { attempt_id: start.attempt_id });

    // Both lessons left, made up at once: each one alone is not enough, the two together are.
    const opened = await Promise.all(
      lessons.map((lessonId) => client.post('/api/new-user/repairs', { lesson_id: lessonId })),
    );
    expect(opened.map((o) => o.body.code)).toEqual([200, 200]);
    const graduations = await t.app.ctx.db
      .selectFrom('graduations')
      .select(['period_name'])
      .where('account_id', '=', author.accountId)
      .execute();
    expect(graduations).toEqual([{ period_name: name }]);
    expect((await client.get('/api/new-user/graduate')).body.data).toMatchObject({ status: 'graduated' });
  });

  it("a brand without the 'writing-camp' permission has no camp and no camp exam", async () => {
    const before = t.app.ctx.brands.get(3).permissions;
    await t.app.ctx.brands.update(3, { permissions: ['ai-assistant'] });
    try {
      const client = await clientOf(await createAuthor(t, { clientId: 3 }), 'third.localhost');
      const schedule = await client.get('/api/new-user/schedule');
      expect(schedule.status).toBe(403);
      expect(JSON.stringify(schedule.body)).toContain('暂未开放训练营');
      expect((await client.get('/api/question/list', { paper: 'camp' })).status).toBe(403);
      // The graduate envelope's noticed call is the home pop's, not the camp's.
      expect((await client.get('/api/new-user/noticed')).body.code).toBe(200);
    } finally {
      await t.app.ctx.brands.update(3, { permissions: before });
    }
  });

  it('the console edits a lesson within its bookings and deletes only a lesson nobody booked', async () => {
    const p = await period(`第${Date.now().toString(36)}期E`, -1);
    const booked = await newLesson(p, 3 * HOUR, 5);
    const empty = await newLesson(p, 4 * HOUR, 5);
    const started = await newLesson(p, -HOUR, 5);
    const a = await trainee(p);
    const b = await trainee(p);
    for (const who of [a, b]) {
      expect((await who.client.post('/api/new-user/appoint', { lesson_id: booked })).body.code).toBe(200);
    }
    const edit = (id: number, over: Record<string, unknown> = {}) =>
      admin.post(`/api/admin/growth/camp/lessons/${id}`, {
        title: '开篇的钩子（修订）',
        kind: 'video',
        content: 'https://video.example.com/hook.mp4',
        starts_at: Date.now() + 5 * HOUR,
        capacity: 2,
        ...over,
      });
    const tooSmall = await edit(booked, { capacity: 1 });
    expect(tooSmall.body.errors).toMatchObject({ field: 'capacity', title: '已有 2 位学员预约，名额不能少于 2' });
    const past = await edit(booked, { starts_at: Date.now() - HOUR });
    expect(past.body.errors).toMatchObject({ field: 'starts_at', title: '开课时间需晚于现在' });
    const startedRow = await t.app.ctx.db
      .selectFrom('camp_lessons')
      .select('starts_at')
      .where('id', '=', started)
      .executeTakeFirstOrThrow();
    const moveStarted = await edit(started, { starts_at: Date.now() + HOUR });
    expect(moveStarted.body.errors).toMatchObject({ field: 'starts_at', title: '课程已经开始，不能再修改开课时间' });
    // A started lesson's content can still be corrected.
    expect((await edit(started, { starts_at: Number(startedRow.starts_at) })).body.code).toBe(200);

    const moved = Date.now() + 5 * HOUR;
    expect((await edit(booked, { starts_at: moved })).body.code).toBe(200);
    const schedule = (await a.client.get('/api/new-user/schedule')).body.data.list;
    expect(schedule.find((l: { id: number }) => l.id === booked)).toMatchObject({
      title: '开篇的钩子（修订）',
      kind: 'video',
      starts_at: moved,
      capacity: 2,
      booked: 2,
      seats_left: 0,
      appointed: true,
    });

    const listed = (await admin.get('/api/admin/growth/camp/periods')).body.data.list.find(
      (x: { id: number }) => x.id === p,
    );
    expect(listed.lessons.map((l: { id: number; trainees: number }) => [l.id, l.trainees])).toEqual([
      [started, 0],
      [empty, 0],
      [booked, 2],
    ]);

    // Delete: a lesson with trainees is refused and stays; an empty one goes, with the reason audited.
    const refused = await admin.post(`/api/admin/growth/camp/lessons/${booked}/delete`, { reason: '讲师请假' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors.title).toContain('已有 2 位学员预约或上过这节课，不能删除');
    expect((await admin.post(`/api/admin/growth/camp/lessons/${empty}/delete`, {})).body.errors.field).toBe('reason');
    expect(
      (await admin.post(`/api/admin/growth/camp/lessons/${empty}/delete`, { reason: '合并到上一节' })).body.code,
    ).toBe(200);
    const left = await t.app.ctx.db
      .selectFrom('camp_lessons')
      .select('id')
      .where('period_id', '=', p)
      .orderBy('id')
      .execute();
    expect(left.map((l) => l.id)).toEqual([booked, started]);
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'camp_lesson')
      .where('target_id', '=', String(empty))
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'growth.camp.lesson.delete', reason: '合并到上一节' });

    // Another brand's admin reaches none of them.
    const adminOf3 = await clientOf(await createAuthor(t, { role: 'admin', clientId: 3 }), 'third.localhost');
    expect((await adminOf3.post(`/api/admin/growth/camp/lessons/${started}/delete`, { reason: '别家' })).status).toBe(
      404,
    );
    expect(
      (
        await adminOf3.post(`/api/admin/growth/camp/lessons/${booked}`, {
          title: '别家课程',
          kind: 'article',
          content: '内容',
          starts_at: Date.now() + HOUR,
          capacity: 9,
        })
      ).status,
    ).toBe(404);
  });

  it('a booking schedules its reminder through the platform jobs: 30 minutes before, once, moved with the lesson', async () => {
    const p = await period(`第${Date.now().toString(36)}期R`, -1);
    const l = await newLesson(p, 3 * HOUR, 5);
    const a = await trainee(p);
    const b = await trainee(p);
    const c = await trainee(p);
    for (const who of [a, b]) {
      expect((await who.client.post('/api/new-user/appoint', { lesson_id: l })).body.code).toBe(200);
    }
    const reminders = async (who: { author: TestAuthor }) =>
      (
        await t.app.ctx.db
          .selectFrom('messages')
          .select(['title', 'content'])
          .where('account_id', '=', who.author.accountId)
          .where('title', 'like', '课程即将开始%')
          .execute()
      ).map((m) => m.title);
    // The bookings' reminder jobs (a job's key is released once it ran; its payload names the booking).
    const jobsOf = async () => {
      const bookings = await t.app.ctx.db
        .selectFrom('camp_appointments')
        .select('id')
        .where('lesson_id', '=', l)
        .orderBy('id')
        .execute();
      return t.app.ctx.db
        .selectFrom('jobs')
        .select(['run_at', 'status'])
        .where('kind', '=', LESSON_REMINDER_JOB)
        .where(
          'payload',
          'in',
          bookings.map((x) => JSON.stringify({ appointmentId: x.id })),
        )
        .orderBy('id')
        .execute();
    };
    const startsAt = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('camp_lessons')
            .select('starts_at')
            .where('id', '=', l)
            .executeTakeFirstOrThrow()
        ).starts_at,
      );
    const first = await startsAt();
    expect((await jobsOf()).map((j) => [Number(j.run_at), j.status])).toEqual([
      [first - 30 * 60_000, 'pending'],
      [first - 30 * 60_000, 'pending'],
    ]);

    // The lesson moves an hour later: the reminders move with it.
    const moved = first + HOUR;
    const edit = await admin.post(`/api/admin/growth/camp/lessons/${l}`, {
      title: `第${p}-${3 * HOUR}课 开篇的钩子`,
      kind: 'article',
      content: '好的开篇在三百字内抛出悬念。',
      starts_at: moved,
      capacity: 5,
    });
    expect(edit.body.code, JSON.stringify(edit.body)).toBe(200);
    expect((await jobsOf()).map((j) => Number(j.run_at))).toEqual([moved - 30 * 60_000, moved - 30 * 60_000]);

    await t.app.ctx.jobs.runDue(moved - 31 * 60_000);
    expect(await reminders(a)).toEqual([]);
    await t.app.ctx.jobs.runDue(moved - 30 * 60_000);
    await t.app.ctx.jobs.runDue(moved - 20 * 60_000);
    const title = `课程即将开始：第${p}-${3 * HOUR}课 开篇的钩子`;
    expect(await reminders(a)).toEqual([title]);
    expect(await reminders(b)).toEqual([title]);
    expect(await reminders(c)).toEqual([]);
    const [message] = await t.app.ctx.db
      .selectFrom('messages')
      .select('content')
      .where('account_id', '=', a.author.accountId)
      .where('title', '=', title)
      .execute();
    expect(message.content).toContain('（北京时间）开课');
    expect((await jobsOf()).map((j) => j.status)).toEqual(['done', 'done']);

    // Booked within the last half hour: reminded at once. A run made late by downtime past the start: nothing.
    const soon = await newLesson(p, 10 * 60_000, 5);
    const late = await newLesson(p, 2 * HOUR, 5);
    await c.client.post('/api/new-user/appoint', { lesson_id: soon });
    await c.client.post('/api/new-user/appoint', { lesson_id: late });
    await t.app.ctx.jobs.runDue(Date.now());
    expect(await reminders(c)).toEqual([`课程即将开始：第${p}-${10 * 60_000}课 开篇的钩子`]);
    await t.app.ctx.jobs.runDue(Date.now() + 2 * HOUR + 60_000);
    expect(await reminders(c)).toHaveLength(1);
  });
});
