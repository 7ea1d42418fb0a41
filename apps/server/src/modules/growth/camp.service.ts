import { shanghaiDate } from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { badInput, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { sendMessage } from '../messages/messages.service.ts';
import { growthEvent } from './growth.service.ts';

/**
 * The writing camp (new-user periods, schedule, lesson, graduate, delay, repairs): a trainee belongs
 * to a period; lessons are booked within their capacity and attended by opening them once they
 * start; a missed lesson is made up from its recording (repairs); the assignments are words and
 * chapters published within the period. Graduation comes when lessons, assignments and the camp
 * exam are all done — whichever of them is done last.
 */

type Executor = Db | Tx;
interface Who {
  clientId: number;
  accountId: number;
}

/** The lesson reminder reaches a trainee's message centre this long before the lesson starts. */
export const LESSON_REMINDER_LEAD_MS = 30 * 60_000;
export const LESSON_REMINDER_JOB = 'growth.camp.lesson-reminder';
const reminderKey = (appointmentId: number) => `${LESSON_REMINDER_JOB}:${appointmentId}`;
const reminderTime = (startsAt: number, now: number) => Math.max(now, startsAt - LESSON_REMINDER_LEAD_MS);
const beijingMinute = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The reminder job of one booking (platform jobs, so it survives restarts and runs once on one
 * instance): tells the trainee the lesson starts soon — unless it already started (a run made late by
 * downtime says nothing rather than something untrue).
 */
export async function sendLessonReminder(ctx: AppContext, tx: Tx, appointmentId: number, now: number) {
  const row = await tx
    .selectFrom('camp_appointments as a')
    .innerJoin('camp_lessons as l', 'l.id', 'a.lesson_id')
    .select(['a.client_id', 'a.account_id', 'l.title', 'l.starts_at'])
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  if (!row || now >= row.starts_at) return false;
  await sendMessage(
    ctx,
    { clientId: row.client_id, accountId: row.account_id },
    {
      category: 'activity',
      title: `课程即将开始：${row.title}`,
      content: `「${row.title}」将于 ${beijingMinute(row.starts_at)}（北京时间）开课，请准时在「课程预约」中进入课程。`,
      link: '/front/writing-camp/course-appointment',
    },
    now,
    { db: tx },
  );
  return true;
}

/** A lesson's start moved: every booking's pending reminder moves with it. */
async function moveLessonReminders(ctx: AppContext, tx: Tx, lessonId: number, startsAt: number, now: number) {
  const bookings = await tx
    .selectFrom('camp_appointments')
    .select('id')
    .where('lesson_id', '=', lessonId)
    .where('repair', '=', 0)
    .execute();
  if (bookings.length === 0) return;
  const jobs = await tx
    .selectFrom('jobs')
    .select('id')
    .where(
      'dedupe_key',
      'in',
      bookings.map((b) => reminderKey(b.id)),
    )
    .where('status', '=', 'pending')
    .execute();
  for (const job of jobs) await ctx.jobs.reschedule(tx, job.id, reminderTime(startsAt, now));
}

export async function membershipOf(db: Executor, who: Who) {
  return db
    .selectFrom('camp_members as m')
    .innerJoin('camp_periods as p', 'p.id', 'm.period_id')
    .select([
      'm.id',
      'm.status',
      'm.period_id',
      'p.name',
      'p.start_day',
      'p.end_day',
      'p.lessons_required',
      'p.words_goal',
      'p.chapters_goal',
    ])
    .where('m.account_id', '=', who.accountId)
    .where('m.client_id', '=', who.clientId)
    .where('m.status', 'in', ['learning', 'graduated'])
    .orderBy('m.id', 'desc')
    .executeTakeFirst();
}

async function requireMember(db: Executor, who: Who) {
  const m = await membershipOf(db, who);
  if (!m) {
    throw forbidden({ 'zh-CN': '您还不是训练营学员', 'en-US': 'You are not a writing-camp trainee' });
  }
  return m;
}

/** periods: the brand's periods and which one is the trainee's. */
export async function periods(db: Executor, who: Who) {
  const [list, mine] = await Promise.all([
    db.selectFrom('camp_periods').selectAll().where('client_id', '=', who.clientId).orderBy('start_day').execute(),
    membershipOf(db, who),
  ]);
  return { list, current_period_id: mine?.period_id ?? null, status: mine?.status ?? null };
}

/** schedule: the lessons of the trainee's period with seats left and the trainee's own state. */
export async function schedule(db: Executor, who: Who, now = Date.now()) {
  const m = await requireMember(db, who);
  const lessons = await db
    .selectFrom('camp_lessons as l')
    .leftJoin('camp_appointments as a', (j) => j.onRef('a.lesson_id', '=', 'l.id').on('a.repair', '=', 0))
    .select((eb) => [
      'l.id',
      'l.title',
      'l.kind',
      'l.starts_at',
      'l.capacity',
      eb.fn.count<number>('a.id').as('booked'),
    ])
    .where('l.period_id', '=', m.period_id)
    .groupBy(['l.id', 'l.title', 'l.kind', 'l.starts_at', 'l.capacity'])
    .orderBy('l.starts_at')
    .execute();
  const mine = await db
    .selectFrom('camp_appointments')
    .select(['lesson_id', 'attended_at', 'repair'])
    .where('account_id', '=', who.accountId)
    .execute();
  const byLesson = new Map(mine.map((a) => [a.lesson_id, a]));
  return {
    period: { id: m.period_id, name: m.name, start_day: m.start_day, end_day: m.end_day },
    list: lessons.map((l) => {
      const a = byLesson.get(l.id);
      return {
        ...l,
        booked: Number(l.booked),
        seats_left: Math.max(0, l.capacity - Number(l.booked)),
        started: now >= l.starts_at,
        appointed: Boolean(a),
        attended: Boolean(a?.attended_at),
        can_repair: now >= l.starts_at && !a?.attended_at,
      };
    }),
  };
}

async function lessonOfMember(db: Executor, who: Who, lessonId: number) {
  const m = await requireMember(db, who);
  const lesson = await db
    .selectFrom('camp_lessons')
    .selectAll()
    .where('id', '=', lessonId)
    .where('client_id', '=', who.clientId)
    .executeTakeFirst();
  if (!lesson || lesson.period_id !== m.period_id) {
    throw notFound({ 'zh-CN': '本期没有这节课', 'en-US': 'Your period has no such lesson' });
  }
  return lesson;
}

/**
 * course appointment: a seat, within the capacity, before the lesson starts. The confirmation goes to
 * the message centre at once, and the booking's reminder is scheduled for 30 minutes before the start.
 */
export async function appoint(ctx: AppContext, who: Who, lessonId: number, now = Date.now()) {
  return inTransaction(ctx.db, async (tx) => {
    const lesson = await lessonOfMember(tx, who, lessonId);
    if (now >= lesson.starts_at) {
      throw badInput('lesson_id', {
        'zh-CN': '这节课已经开始，不能再预约；可在课后补课',
        'en-US': 'The lesson has started; it can no longer be booked, but can be made up afterwards',
      });
    }
    // One booking of a lesson at a time, so the count below includes every seat committed before this
    // one: on PostgreSQL the lesson row stays locked until the commit (two bookings sent at once would
    // otherwise both see the last seat free), and its capacity is read under the lock; SQLite runs one
    // transaction at a time.
    let capacity = lesson.capacity;
    if (ctx.engine === 'postgres') {
      const locked = await tx
        .selectFrom('camp_lessons')
        .select('capacity')
        .where('id', '=', lessonId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      capacity = locked.capacity;
    }
    const booked = await tx
      .selectFrom('camp_appointments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('lesson_id', '=', lessonId)
      .where('repair', '=', 0)
      .executeTakeFirstOrThrow();
    if (Number(booked.n) >= capacity) {
      throw conflict({ 'zh-CN': '这节课的名额已满', 'en-US': 'This lesson is fully booked' });
    }
    const row = await tx
      .insertInto('camp_appointments')
      .values({
        client_id: who.clientId,
        lesson_id: lessonId,
        account_id: who.accountId,
        created_at: now,
        attended_at: null,
        repair: 0,
      })
      .onConflict((oc) => oc.columns(['lesson_id', 'account_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw conflict({ 'zh-CN': '您已预约这节课', 'en-US': 'You have already booked this lesson' });
    await ctx.jobs.schedule(tx, {
      kind: LESSON_REMINDER_JOB,
      runAt: reminderTime(lesson.starts_at, now),
      payload: { appointmentId: row.id },
      key: reminderKey(row.id),
    });
    await sendMessage(
      ctx,
      who,
      {
        category: 'activity',
        title: `课程预约成功：${lesson.title}`,
        content: `开课时间 ${beijingMinute(lesson.starts_at)}（北京时间），开课前30分钟会再提醒您，届时请在「课程预约」中进入课程。`,
        link: '/front/writing-camp/course-appointment',
      },
      now,
      { db: tx },
    );
    return { id: row.id, lesson_id: lessonId };
  });
}

/** lesson: the content once it has started; opening it attends it (booked) or makes it up (repair). */
export async function lesson(ctx: AppContext, who: Who, lessonId: number, repair: boolean, now = Date.now()) {
  return inTransaction(ctx.db, async (tx) => {
    const l = await lessonOfMember(tx, who, lessonId);
    if (now < l.starts_at) {
      throw badInput('lesson_id', { 'zh-CN': '课程尚未开始', 'en-US': 'The lesson has not started yet' });
    }
    const booking = await tx
      .selectFrom('camp_appointments')
      .selectAll()
      .where('lesson_id', '=', lessonId)
      .where('account_id', '=', who.accountId)
      .executeTakeFirst();
    if (!booking && !repair) {
      throw badInput('lesson_id', {
        'zh-CN': '您没有预约这节课，可以选择补课',
        'en-US': 'You did not book this lesson; you can make it up',
      });
    }
    if (!booking) {
      await tx
        .insertInto('camp_appointments')
        .values({
          client_id: who.clientId,
          lesson_id: lessonId,
          account_id: who.accountId,
          created_at: now,
          attended_at: now,
          repair: 1,
        })
        .execute();
    } else if (!booking.attended_at) {
      await tx.updateTable('camp_appointments').set({ attended_at: now }).where('id', '=', booking.id).execute();
    }
    await tryGraduate(tx, who, now);
    return { id: l.id, title: l.title, kind: l.kind, content: l.content, attended: true };
  });
}

/** delay: a trainee who cannot finish moves to a later period of the brand (lessons attended stay theirs). */
export async function delay(db: Db, who: Who, periodId: number, now = Date.now()) {
  return inTransaction(db, async (tx) => {
    const m = await requireMember(tx, who);
    if (m.status === 'graduated') {
      throw conflict({ 'zh-CN': '您已结业，无需延期', 'en-US': 'You have graduated; there is nothing to delay' });
    }
    const target = await tx
      .selectFrom('camp_periods')
      .selectAll()
      .where('id', '=', periodId)
      .where('client_id', '=', who.clientId)
      .executeTakeFirst();
    if (!target || target.start_day <= m.start_day) {
      throw badInput('period_id', { 'zh-CN': '只能延期到之后开始的一期', 'en-US': 'Choose a later period' });
    }
    await tx.updateTable('camp_members').set({ status: 'delayed' }).where('id', '=', m.id).execute();
    await tx
      .insertInto('camp_members')
      .values({
        client_id: who.clientId,
        account_id: who.accountId,
        period_id: target.id,
        status: 'learning',
        joined_at: now,
      })
      .onConflict((oc) => oc.columns(['account_id', 'period_id']).doUpdateSet({ status: 'learning' }))
      .execute();
    return { period_id: target.id, name: target.name };
  });
}

/** graduation progress: lessons attended, the two assignments and the exam, each against its goal. */
export async function progress(db: Executor, who: Who) {
  const m = await requireMember(db, who);
  return progressOf(db, who, m);
}

type Membership = NonNullable<Awaited<ReturnType<typeof membershipOf>>>;

async function progressOf(db: Executor, who: Who, m: Membership) {
  const [attended, words, exam] = await Promise.all([
    db
      .selectFrom('camp_appointments as a')
      .innerJoin('camp_lessons as l', 'l.id', 'a.lesson_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.account_id', '=', who.accountId)
      .where('a.attended_at', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('book_daily_words')
      .select((eb) => [eb.fn.sum<number>('words').as('words'), eb.fn.sum<number>('chapters').as('chapters')])
      .where('account_id', '=', who.accountId)
      .where('day', '>=', m.start_day)
      .where('day', '<=', m.end_day)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('exam_attempts as t')
      .innerJoin('exam_papers as p', 'p.id', 't.paper_id')
      .select(['t.score', 'p.excellent_score'])
      .where('t.account_id', '=', who.accountId)
      .where('p.kind', '=', 'camp')
      .where('t.passed', '=', 1)
      .orderBy('t.score', 'desc')
      .executeTakeFirst(),
  ]);
  const items = {
    lessons: { done: Number(attended.n), goal: m.lessons_required },
    words: { done: Number(words.words ?? 0), goal: m.words_goal },
    chapters: { done: Number(words.chapters ?? 0), goal: m.chapters_goal },
    exam: { done: exam ? 1 : 0, goal: 1 },
  };
  const complete = Object.values(items).every((i) => i.done >= i.goal);
  return {
    period: { id: m.period_id, name: m.name, start_day: m.start_day, end_day: m.end_day },
    status: m.status,
    items,
    complete,
    excellent: Boolean(exam && exam.score !== null && exam.score >= exam.excellent_score),
  };
}

/**
 * Graduates the trainee if everything is done (called after a lesson, a publication, a passed exam).
 * Returns the graduation made, or null. A trainee of no period graduates by the exam alone (the
 * exam's own period name), as before periods were set up.
 */
export async function tryGraduate(db: Executor, who: Who, now: number) {
  const current = await membershipOf(db, who);
  if (current?.status !== 'learning') return null;
  // One check of a trainee at a time: an update that changes nothing locks the membership row until
  // the commit (PostgreSQL; SQLite runs one transaction at a time), and the membership and progress are
  // read after it. Two last steps done at once (two lessons, a lesson and a publication) would otherwise
  // each see only their own and neither graduate.
  await db
    .updateTable('camp_members')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', current.id)
    .execute();
  const m = await membershipOf(db, who);
  if (m?.status !== 'learning') return null;
  const p = await progressOf(db, who, m);
  if (!p.complete) return null;
  const level = p.excellent ? '2' : '1';
  // Only the event that moves the membership out of 'learning' graduates: two events completing it
  // at once (two lessons, a lesson and a publication) both saw it learning; on PostgreSQL the second
  // update waits for the first's commit and then matches no row; SQLite runs one transaction at a time.
  const changed = await db
    .updateTable('camp_members')
    .set({ status: 'graduated' })
    .where('id', '=', m.id)
    .where('status', '=', 'learning')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return null;
  const row = await db
    .insertInto('graduations')
    .values({
      client_id: who.clientId,
      account_id: who.accountId,
      period_name: m.name,
      level,
      graduated_at: now,
      noticed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await growthEvent(db, who.clientId, who.accountId, now);
  return { id: row.id, level, period_name: m.name, date: shanghaiDate(now) };
}

// ---- Console ----------------------------------------------------------------------------------

export async function createPeriod(
  db: Executor,
  clientId: number,
  input: {
    name: string;
    start_day: string;
    end_day: string;
    lessons_required: number;
    words_goal: number;
    chapters_goal: number;
  },
  now = Date.now(),
) {
  if (input.end_day < input.start_day) {
    throw badInput('end_day', {
      'zh-CN': '结束日期不能早于开始日期',
      'en-US': 'The end date is before the start date',
    });
  }
  return db
    .insertInto('camp_periods')
    .values({ client_id: clientId, ...input, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createLesson(
  db: Executor,
  clientId: number,
  input: {
    period_id: number;
    title: string;
    kind: 'video' | 'article';
    content: string;
    starts_at: number;
    capacity: number;
  },
) {
  const period = await db
    .selectFrom('camp_periods')
    .select('id')
    .where('id', '=', input.period_id)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!period) throw notFound({ 'zh-CN': '该期不存在', 'en-US': 'No such period' });
  return db
    .insertInto('camp_lessons')
    .values({ client_id: clientId, ...input })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface LessonEdit {
  title: string;
  kind: 'video' | 'article';
  content: string;
  starts_at: number;
  capacity: number;
}

async function lessonOfBrand(db: Executor, clientId: number, lessonId: number) {
  const lesson = await db
    .selectFrom('camp_lessons')
    .selectAll()
    .where('id', '=', lessonId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!lesson) throw notFound({ 'zh-CN': '该课程不存在', 'en-US': 'No such lesson' });
  return lesson;
}

/** Booked seats (not make-ups) and everyone who booked or made the lesson up. */
async function seatsOf(db: Executor, lessonId: number) {
  const rows = await db
    .selectFrom('camp_appointments')
    .select(['id', 'client_id', 'account_id', 'repair', 'attended_at'])
    .where('lesson_id', '=', lessonId)
    .execute();
  return { booked: rows.filter((r) => r.repair === 0).length, rows };
}

/**
 * Edits a lesson: its capacity never below the seats already booked; its start moved only while it
 * has not started (attendance is opening it after the start), and the bookings' reminders with it.
 */
export async function updateLesson(
  ctx: AppContext,
  db: Tx,
  clientId: number,
  lessonId: number,
  input: LessonEdit,
  now = Date.now(),
) {
  const before = await lessonOfBrand(db, clientId, lessonId);
  const { booked } = await seatsOf(db, lessonId);
  if (input.capacity < booked) {
    throw badInput('capacity', {
      'zh-CN': `已有 ${booked} 位学员预约，名额不能少于 ${booked}`,
      'en-US': `${booked} trainees have booked it; the capacity cannot be below ${booked}`,
    });
  }
  if (input.starts_at !== before.starts_at && now >= before.starts_at) {
    throw badInput('starts_at', {
      'zh-CN': '课程已经开始，不能再修改开课时间',
      'en-US': 'The lesson has started; its start time can no longer change',
    });
  }
  if (input.starts_at !== before.starts_at && input.starts_at <= now) {
    throw badInput('starts_at', {
      'zh-CN': '开课时间需晚于现在',
      'en-US': 'The start time must be in the future',
    });
  }
  await db.updateTable('camp_lessons').set(input).where('id', '=', lessonId).execute();
  if (input.starts_at !== before.starts_at) await moveLessonReminders(ctx, db, lessonId, input.starts_at, now);
  return { id: lessonId, before };
}

/**
 * Deletes a lesson nobody has booked or made up; one with trainees is refused (their bookings and
 * attendance count towards graduation) — it can still be edited.
 */
export async function removeLesson(db: Executor, clientId: number, lessonId: number) {
  const before = await lessonOfBrand(db, clientId, lessonId);
  const { rows } = await seatsOf(db, lessonId);
  if (rows.length > 0) {
    throw conflict({
      'zh-CN': `已有 ${rows.length} 位学员预约或上过这节课，不能删除（他们的预约和出勤计入结业进度）；可以修改课程的时间或内容`,
      'en-US': `${rows.length} trainees have booked or attended this lesson, so it cannot be deleted (their bookings and attendance count towards graduation); you can edit its time or content`,
    });
  }
  await db.deleteFrom('camp_lessons').where('id', '=', lessonId).execute();
  return { id: lessonId, before };
}

/** Admits an author to a period as a trainee (is_learner). */
export async function admit(db: Executor, clientId: number, accountId: number, periodId: number, now = Date.now()) {
  const period = await db
    .selectFrom('camp_periods')
    .select('id')
    .where('id', '=', periodId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'role'])
    .where('id', '=', accountId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!period || account?.role !== 'author')
    throw notFound({ 'zh-CN': '该期或作者不存在', 'en-US': 'No such period or author' });
  await db
    .insertInto('camp_members')
    .values({ client_id: clientId, account_id: accountId, period_id: periodId, status: 'learning', joined_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'period_id']).doNothing())
    .execute();
  await db.updateTable('accounts').set({ is_learner: 1, updated_at: now }).where('id', '=', accountId).execute();
  return { account_id: accountId, period_id: periodId };
}
