import { shanghaiDate, shanghaiDayStart } from '@author-centre/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit.ts';
import { authOf } from '../../platform/auth/guards.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { listQuery, pageOf, staffOf } from '../../platform/http/console.ts';
import { ok } from '../../platform/http/envelope.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { parseInput } from '../../platform/http/input.ts';
import { routeAliases } from '../../platform/http/routes.ts';
import { type ChapterPublished, onChapterPublished } from '../works/publishing.service.ts';
import * as camp from './camp.service.ts';
import * as college from './college.service.ts';
import { examineList } from './examine.service.ts';
import * as exams from './exams.service.ts';
import { growthEvent, recomputeAll } from './growth.service.ts';
import { BADGE_RULE_KINDS } from './growth.tables.ts';
import * as leave from './leave.service.ts';
import * as levels from './levels.service.ts';

const author = { config: { auth: 'author' as const } };
const admin = { config: { auth: 'admin' as const } };
const NIGHTLY_JOB = 'growth.nightly';
const DAY_MS = 86_400_000;

/** Every publication re-evaluates the author's badge and level rules, in the publishing transaction. */
/** The publishing listener (exported for the bench, which times the real publish path). */
export async function evaluateOnPublish(tx: Db | Tx, event: ChapterPublished): Promise<void> {
  await growthEvent(tx, event.clientId, event.accountId, event.at);
  // The camp's assignments are words and chapters published: the last one done may graduate.
  await camp.tryGraduate(tx, event, event.at);
}

const Id = z.object({ id: z.coerce.number().int().positive() });
const Reason = z.object({ reason: z.string().trim().min(1).max(200) });
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const LeaveBody = z.object({ start_day: Day, end_day: Day, reason: z.string().trim().min(1).max(200) });
const IdsBody = z.object({ ids: z.array(z.number().int().positive()).max(200).optional() });
const ApplyBody = z.object({
  right_id: z.coerce.number().int().positive(),
  note: z.string().trim().max(500).default(''),
});
const RuleBody = z.object({
  badge_id: z.number().int().positive(),
  kind: z.enum(BADGE_RULE_KINDS),
  threshold: z.number().int().min(1).max(1_000_000_000),
  enabled: z.boolean().default(true),
});
const ThresholdBody = z.object({ min_growth: z.number().int().min(0).max(1_000_000_000).nullable() });
const RightBody = z.object({
  level: z.number().int().min(0).max(99),
  title: z.string().trim().min(1).max(30),
  description: z.string().trim().max(500).default(''),
  needs_apply: z.boolean().default(false),
  sort: z.number().int().min(0).max(9999).default(0),
});
const PaperQuery = z.object({ paper: z.enum(['answer', 'camp']).default('answer') });
const CheckBody = z.object({
  attempt_id: z.number().int().positive(),
  question_id: z.number().int().positive(),
  answer: z.array(z.number().int().min(0).max(25)).min(1).max(26),
});
const SubmitBody = z.object({ attempt_id: z.number().int().positive() });
const PaperBody = z.object({
  kind: z.enum(['answer', 'camp']),
  title: z.string().trim().min(1).max(50),
  period_name: z.string().trim().max(50).optional(),
  time_limit_s: z
    .number()
    .int()
    .min(60)
    .max(4 * 3600),
  pass_score: z.number().int().min(0).max(1000),
  excellent_score: z.number().int().min(0).max(1000),
  max_attempts: z.number().int().min(1).max(100),
  retake_wait_hours: z
    .number()
    .min(0)
    .max(24 * 90)
    .optional(),
  enabled: z.boolean().optional(),
});
const QuestionBody = z.object({
  type: z.enum(['single', 'multiple', 'judge']),
  stem: z.string().trim().min(1).max(1000),
  options: z.array(z.string().trim().min(1).max(200)).min(2).max(26),
  answer: z.array(z.number().int().min(0).max(25)).min(1).max(26),
  explanation: z.string().trim().max(1000).optional(),
  score: z.number().int().min(1).max(100),
  sort: z.number().int().min(0).max(9999).optional(),
});
const QuestionRef = z.object({
  id: z.coerce.number().int().positive(),
  questionId: z.coerce.number().int().positive(),
});
const LessonQuery = z.object({ id: z.coerce.number().int().positive() });
const LessonBody = z.object({ lesson_id: z.coerce.number().int().positive() });
const DelayBody = z.object({ period_id: z.coerce.number().int().positive() });
const PeriodBody = z.object({
  name: z.string().trim().min(1).max(50),
  start_day: Day,
  end_day: Day,
  lessons_required: z.number().int().min(0).max(100),
  words_goal: z.number().int().min(0).max(10_000_000),
  chapters_goal: z.number().int().min(0).max(1000),
});
const CampLessonBody = z.object({
  period_id: z.number().int().positive(),
  title: z.string().trim().min(1).max(100),
  kind: z.enum(['video', 'article']),
  content: z.string().trim().min(1).max(50_000),
  starts_at: z.number().int().positive(),
  capacity: z.number().int().min(1).max(100_000),
});
const LessonEditBody = CampLessonBody.omit({ period_id: true });
const MemberBody = z.object({ account_id: z.number().int().positive(), period_id: z.number().int().positive() });
const CollegeQuery = z.object({
  category: z.string().trim().max(30).optional(),
  keyword: z.string().trim().max(50).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});
const CollegeBody = z.object({
  category: z.string().trim().min(1).max(30),
  title: z.string().trim().min(1).max(100),
  summary: z.string().trim().max(300).optional(),
  body: z.string().trim().min(1).max(100_000),
  published: z.boolean().optional(),
});
const StatusFilter = { status: z.enum(['pending', 'approved', 'refused', 'cancelled']).optional() };
const LeaveQuery = listQuery(['created_at', 'start_day'], StatusFilter);
const ApplicationQuery = listQuery(['created_at'], StatusFilter);
const LeaveRulesBody = z.object({
  quotas: z.record(z.string().regex(/^(\d{1,2}|default)$/), z.number().int().min(0).max(31)),
  auto_approve: z.boolean(),
  max_days: z.number().int().min(1).max(31),
});

/** Next 00:10 Beijing time after `now`; one pending job per night (its key names the night). */
async function scheduleNightly(ctx: AppContext, db: Db | Tx, now: number) {
  const runAt = shanghaiDayStart(now) + DAY_MS + 10 * 60_000;
  const key = `${NIGHTLY_JOB}:${shanghaiDate(runAt)}`;
  const pending = await db.selectFrom('jobs').select('id').where('dedupe_key', '=', key).executeTakeFirst();
  if (!pending) await ctx.jobs.schedule(db, { kind: NIGHTLY_JOB, runAt, key });
}

export async function growthRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  onChapterPublished(evaluateOnPublish);
  ctx.jobs.define(camp.LESSON_REMINDER_JOB, async (run) => {
    const { appointmentId } = run.job.payload as { appointmentId: number };
    await camp.sendLessonReminder(ctx, run.tx, appointmentId, run.now);
  });
  ctx.jobs.define(NIGHTLY_JOB, async (run) => {
    await scheduleNightly(ctx, run.tx, run.now);
    // The recomputation runs once this job has committed, a page of authors per transaction:
    // inside the job's own transaction it would hold the database's write lock for the whole run.
    // It is idempotent, so a run cut short is simply completed by the next night's.
    setImmediate(() => {
      recomputeAll(ctx.db).then(
        (result) => {
          for (const c of result.corrections) {
            ctx.log.warn(c, 'growth nightly: author level count corrected (a writer bypassed level-counts)');
          }
          ctx.log.info(
            { badges: result.badges, levels: result.levels, corrections: result.corrections.length },
            'growth nightly recomputation',
          );
        },
        (err) => ctx.log.error({ err }, 'growth nightly recomputation failed'),
      );
    });
  });
  if (ctx.config.RUN_JOBS) {
    app.addHook('onReady', async () => {
      try {
        await scheduleNightly(ctx, ctx.db, Date.now());
      } catch (err) {
        // Another instance scheduled it at the same moment (the dedupe key): nothing is missing.
        ctx.log.debug({ err }, 'growth nightly already scheduled');
      }
    });
  }
  const who = (request: Parameters<typeof authOf>[0]) => {
    const a = authOf(request);
    return { clientId: a.clientId, accountId: a.accountId };
  };

  // ---- Author: badges, levels and rights -----------------------------------------------------
  routeAliases(app, 'GET', ['/api/badge/timeline', '/api/pc/v1/badge/timeline'], author, async (request) =>
    ok(await levels.badgeTimeline(ctx.db, who(request))),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/author/level-info'], author, async (request) =>
    ok(await levels.levelInfo(ctx.db, who(request))),
  );
  routeAliases(
    app,
    'GET',
    ['/api/author-level/level-page', '/api/pc/v1/author-level/level-page'],
    author,
    async (request) => {
      const w = who(request);
      const [info, rights] = await Promise.all([levels.levelInfo(ctx.db, w), levels.rightsList(ctx.db, w)]);
      return ok({ ...info, rights: rights.list });
    },
  );
  routeAliases(app, 'GET', ['/api/pc/v1/author/rights-list'], author, async (request) =>
    ok(await levels.rightsList(ctx.db, who(request))),
  );
  routeAliases(app, 'POST', ['/api/pc/v1/rights/apply', '/api/pc/v1/author/rights-apply'], author, async (request) => {
    const input = parseInput(ApplyBody, request.body, request);
    return ok(await levels.applyForRight(ctx.db, who(request), input.right_id, input.note));
  });

  // ---- Author: leave (askleave) --------------------------------------------------------------
  routeAliases(app, 'GET', ['/api/pc/v1/askleave/list'], author, async (request) =>
    ok(await leave.leaveList(ctx.db, who(request))),
  );
  routeAliases(app, 'POST', ['/api/pc/v1/askleave/add'], author, async (request) =>
    ok(await leave.requestLeave(ctx, who(request), parseInput(LeaveBody, request.body, request))),
  );
  routeAliases(app, 'POST', ['/api/pc/v1/askleave/cancel'], author, async (request) =>
    ok(await leave.cancelLeave(ctx.db, who(request), parseInput(Id, request.body, request).id)),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/askleave/notice'], author, async (request) =>
    ok(await leave.leaveNotices(ctx.db, who(request))),
  );
  routeAliases(app, 'POST', ['/api/pc/v1/askleave/ignore'], author, async (request) => {
    const { ids } = parseInput(IdsBody, request.body, request);
    return ok({ ignored: await leave.ignoreLeaveNotices(ctx.db, who(request), ids ?? null) });
  });

  // ---- Author: the author college ---------------------------------------------------------------
  routeAliases(app, 'GET', ['/api/pc/v1/college/index'], author, async (request) =>
    ok(await college.collegeIndex(ctx.db, who(request).clientId)),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/college/list'], author, async (request) =>
    ok(await college.collegeList(ctx.db, who(request).clientId, parseInput(CollegeQuery, request.query, request))),
  );
  routeAliases(app, 'GET', ['/api/pc/v1/college/detail'], author, async (request) =>
    ok(await college.collegeRead(ctx.db, who(request).clientId, parseInput(LessonQuery, request.query, request).id)),
  );
  routeAliases(app, 'GET', ['/api/admin/growth/college'], admin, async (request) => {
    const list = await ctx.db
      .selectFrom('college_articles')
      .select(['id', 'category', 'title', 'summary', 'views', 'published', 'updated_at'])
      .where('client_id', '=', staffOf(request).clientId)
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    return ok({ list });
  });
  routeAliases(app, 'POST', ['/api/admin/growth/college', '/api/admin/growth/college/:id'], admin, async (request) => {
    const input = parseInput(CollegeBody, request.body, request);
    const params = request.params as { id?: string };
    const id = params.id ? parseInput(Id, params, request).id : null;
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const saved = await college.saveArticle(tx, clientId, input, id);
        await recordAudit(tx, request, {
          action: id ? 'growth.college.edit' : 'growth.college.create',
          targetType: 'college_article',
          targetId: saved.id,
          summary: `${id ? '编辑' : '新增'}作家学院文章「${input.title}」`,
          after: { ...input, body: `${input.body.length} 字` },
        });
        return saved;
      }),
    );
  });

  // ---- Author: the review centre ----------------------------------------------------------------
  routeAliases(app, 'GET', ['/api/pc/v1/examine/list', '/api/examine/list'], author, async (request) =>
    ok(await examineList(ctx.db, who(request))),
  );

  // ---- Author: exams and the honour wall ------------------------------------------------------
  routeAliases(app, 'GET', ['/api/question/list', '/api/pc/v1/question/list'], author, async (request) =>
    ok(await exams.startExam(ctx.db, who(request), parseInput(PaperQuery, request.query, request).paper)),
  );
  routeAliases(
    app,
    'POST',
    ['/api/question/check-answer', '/api/pc/v1/question/check-answer'],
    author,
    async (request) => ok(await exams.checkAnswer(ctx.db, who(request), parseInput(CheckBody, request.body, request))),
  );
  routeAliases(app, 'POST', ['/api/question/submit', '/api/pc/v1/question/submit'], author, async (request) =>
    ok(await exams.submitExam(ctx, who(request), parseInput(SubmitBody, request.body, request).attempt_id)),
  );
  routeAliases(app, 'GET', ['/api/new-user/honor', '/api/pc/v1/new-user/honor'], author, async (request) =>
    ok(await exams.honorWall(ctx.db, who(request).clientId)),
  );

  // ---- Author: the writing camp (new-user), open in brands with the 'writing-camp' permission ---
  app.addHook('preHandler', async (request) => {
    const url = request.url;
    const camp = url.includes('/new-user/') && !url.includes('/new-user/noticed');
    const campExam = url.includes('/question/') && /paper=camp/.test(url);
    if ((camp || campExam) && !request.brand.permissions.includes('writing-camp')) {
      throw forbidden({ 'zh-CN': '本平台暂未开放训练营', 'en-US': 'The writing camp is not open on this platform' });
    }
  });
  routeAliases(app, 'GET', ['/api/new-user/periods', '/api/pc/v1/new-user/periods'], author, async (request) =>
    ok(await camp.periods(ctx.db, who(request))),
  );
  routeAliases(app, 'GET', ['/api/new-user/schedule', '/api/pc/v1/new-user/schedule'], author, async (request) =>
    ok(await camp.schedule(ctx.db, who(request))),
  );
  routeAliases(app, 'GET', ['/api/new-user/lesson', '/api/pc/v1/new-user/lesson'], author, async (request) =>
    ok(await camp.lesson(ctx, who(request), parseInput(LessonQuery, request.query, request).id, false)),
  );
  routeAliases(app, 'POST', ['/api/new-user/repairs', '/api/pc/v1/new-user/repairs'], author, async (request) =>
    ok(await camp.lesson(ctx, who(request), parseInput(LessonBody, request.body, request).lesson_id, true)),
  );
  routeAliases(app, 'POST', ['/api/new-user/appoint', '/api/pc/v1/new-user/appoint'], author, async (request) =>
    ok(await camp.appoint(ctx, who(request), parseInput(LessonBody, request.body, request).lesson_id)),
  );
  routeAliases(app, 'POST', ['/api/new-user/delay', '/api/pc/v1/new-user/delay'], author, async (request) =>
    ok(await camp.delay(ctx.db, who(request), parseInput(DelayBody, request.body, request).period_id)),
  );
  routeAliases(app, 'GET', ['/api/new-user/graduate', '/api/pc/v1/new-user/graduate'], author, async (request) =>
    ok(await camp.progress(ctx.db, who(request))),
  );

  // ---- Console (admin, brand-scoped, every write audited in its transaction) -----------------
  routeAliases(app, 'GET', ['/api/admin/growth/camp/periods'], admin, async (request) => {
    const clientId = staffOf(request).clientId;
    const [periods, lessons, seats] = await Promise.all([
      ctx.db.selectFrom('camp_periods').selectAll().where('client_id', '=', clientId).orderBy('start_day').execute(),
      ctx.db.selectFrom('camp_lessons').selectAll().where('client_id', '=', clientId).orderBy('starts_at').execute(),
      ctx.db
        .selectFrom('camp_appointments')
        .select((eb) => ['lesson_id', eb.fn.countAll<number>().as('n')])
        .where('client_id', '=', clientId)
        .groupBy('lesson_id')
        .execute(),
    ]);
    // Everyone who booked or made the lesson up (what keeps it from being deleted).
    const trainees = new Map(seats.map((s) => [s.lesson_id, Number(s.n)]));
    return ok({
      list: periods.map((p) => ({
        ...p,
        lessons: lessons.filter((l) => l.period_id === p.id).map((l) => ({ ...l, trainees: trainees.get(l.id) ?? 0 })),
      })),
    });
  });
  const campWrite = <T extends z.ZodType>(
    path: string,
    body: T,
    action: string,
    run: (tx: Tx, clientId: number, input: z.infer<T>) => Promise<{ id?: number; account_id?: number }>,
  ) =>
    routeAliases(app, 'POST', [path], admin, async (request) => {
      const input = parseInput(body, request.body, request);
      const clientId = staffOf(request).clientId;
      return ok(
        await inTransaction(ctx.db, async (tx) => {
          const saved = await run(tx, clientId, input);
          await recordAudit(tx, request, {
            action,
            targetType: 'writing_camp',
            targetId: saved.id ?? saved.account_id ?? 0,
            summary: `训练营：${action}`,
            after: input,
          });
          return saved;
        }),
      );
    });
  campWrite('/api/admin/growth/camp/periods', PeriodBody, 'growth.camp.period.create', (tx, clientId, input) =>
    camp.createPeriod(tx, clientId, input),
  );
  campWrite('/api/admin/growth/camp/lessons', CampLessonBody, 'growth.camp.lesson.create', (tx, clientId, input) =>
    camp.createLesson(tx, clientId, input),
  );
  routeAliases(app, 'POST', ['/api/admin/growth/camp/lessons/:id'], admin, async (request) => {
    const { id } = parseInput(Id, request.params, request);
    const input = parseInput(LessonEditBody, request.body, request);
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const { before } = await camp.updateLesson(ctx, tx, clientId, id, input);
        await recordAudit(tx, request, {
          action: 'growth.camp.lesson.edit',
          targetType: 'camp_lesson',
          targetId: id,
          summary: `训练营：编辑课程「${input.title}」`,
          before,
          after: input,
        });
        return { id };
      }),
    );
  });
  routeAliases(app, 'POST', ['/api/admin/growth/camp/lessons/:id/delete'], admin, async (request) => {
    const { id } = parseInput(Id, request.params, request);
    const { reason } = parseInput(Reason, request.body, request);
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const { before } = await camp.removeLesson(tx, clientId, id);
        await recordAudit(tx, request, {
          action: 'growth.camp.lesson.delete',
          targetType: 'camp_lesson',
          targetId: id,
          summary: `训练营：删除课程「${before.title}」`,
          reason,
          before,
        });
        return { id };
      }),
    );
  });
  campWrite('/api/admin/growth/camp/members', MemberBody, 'growth.camp.member.admit', (tx, clientId, input) =>
    camp.admit(tx, clientId, input.account_id, input.period_id),
  );

  routeAliases(app, 'GET', ['/api/admin/growth/papers'], admin, async (request) => {
    const list = await ctx.db
      .selectFrom('exam_papers')
      .selectAll()
      .where('client_id', '=', staffOf(request).clientId)
      .orderBy('id', 'desc')
      .execute();
    return ok({ list });
  });
  routeAliases(app, 'POST', ['/api/admin/growth/papers', '/api/admin/growth/papers/:id'], admin, async (request) => {
    const input = parseInput(PaperBody, request.body, request);
    const params = request.params as { id?: string };
    const id = params.id ? parseInput(Id, params, request).id : null;
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const saved = await exams.savePaper(tx, clientId, input, id);
        await recordAudit(tx, request, {
          action: id ? 'growth.paper.edit' : 'growth.paper.create',
          targetType: 'exam_paper',
          targetId: saved.id,
          summary: `${id ? '编辑' : '新增'}试卷「${input.title}」`,
          after: input,
        });
        return saved;
      }),
    );
  });
  routeAliases(app, 'GET', ['/api/admin/growth/papers/:id/questions'], admin, async (request) => {
    const { id } = parseInput(Id, request.params, request);
    return ok(await exams.questionBank(ctx.db, staffOf(request).clientId, id));
  });
  routeAliases(app, 'POST', ['/api/admin/growth/papers/:id/questions'], admin, async (request) => {
    const { id } = parseInput(Id, request.params, request);
    const input = parseInput(QuestionBody, request.body, request);
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const saved = await exams.addQuestion(tx, clientId, id, input);
        await recordAudit(tx, request, {
          action: 'growth.question.create',
          targetType: 'exam_paper',
          targetId: id,
          summary: `试卷新增题目「${input.stem.slice(0, 40)}」`,
          after: input,
        });
        return saved;
      }),
    );
  });
  routeAliases(app, 'POST', ['/api/admin/growth/papers/:id/questions/:questionId'], admin, async (request) => {
    const { id, questionId } = parseInput(QuestionRef, request.params, request);
    const input = parseInput(QuestionBody, request.body, request);
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const { before } = await exams.updateQuestion(tx, clientId, id, questionId, input);
        await recordAudit(tx, request, {
          action: 'growth.question.edit',
          targetType: 'exam_question',
          targetId: questionId,
          summary: `编辑试卷题目「${input.stem.slice(0, 40)}」`,
          before,
          after: input,
        });
        return { id: questionId };
      }),
    );
  });
  routeAliases(app, 'POST', ['/api/admin/growth/papers/:id/questions/:questionId/delete'], admin, async (request) => {
    const { id, questionId } = parseInput(QuestionRef, request.params, request);
    const { reason } = parseInput(Reason, request.body, request);
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const removed = await exams.removeQuestion(tx, clientId, id, questionId);
        await recordAudit(tx, request, {
          action: 'growth.question.delete',
          targetType: 'exam_question',
          targetId: questionId,
          summary: `删除试卷题目「${removed.before.stem.slice(0, 40)}」（已有 ${removed.answered} 次作答，成绩保留）`,
          reason,
          before: removed.before,
        });
        return { id: questionId, answered: removed.answered };
      }),
    );
  });

  routeAliases(app, 'GET', ['/api/admin/growth/badge-rules'], admin, async (request) => {
    const clientId = staffOf(request).clientId;
    const rows = await ctx.db
      .selectFrom('badges as b')
      .leftJoin('badge_rules as r', 'r.badge_id', 'b.id')
      .select([
        'b.id as badge_id',
        'b.title',
        'b.image',
        'b.advance_text',
        'r.id',
        'r.kind',
        'r.threshold',
        'r.enabled',
      ])
      .where('b.client_id', '=', clientId)
      .orderBy('b.sort')
      .orderBy('b.id')
      .execute();
    return ok({ list: rows, kinds: BADGE_RULE_KINDS });
  });
  routeAliases(app, 'POST', ['/api/admin/growth/badge-rules'], admin, async (request) => {
    const input = parseInput(RuleBody, request.body, request);
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const badge = await tx
          .selectFrom('badges')
          .select(['id', 'title'])
          .where('id', '=', input.badge_id)
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        if (!badge) throw notFound({ 'zh-CN': '该勋章不存在', 'en-US': 'No such badge' });
        const before = await tx
          .selectFrom('badge_rules')
          .selectAll()
          .where('badge_id', '=', badge.id)
          .executeTakeFirst();
        const now = Date.now();
        const values = {
          kind: input.kind,
          threshold: input.threshold,
          enabled: input.enabled ? 1 : 0,
          updated_at: now,
        };
        await tx
          .insertInto('badge_rules')
          .values({ client_id: clientId, badge_id: badge.id, ...values, created_at: now })
          .onConflict((oc) => oc.column('badge_id').doUpdateSet(values))
          .execute();
        await recordAudit(tx, request, {
          action: 'growth.badge_rule.save',
          targetType: 'badge',
          targetId: badge.id,
          summary: `设置勋章「${badge.title}」的获得规则：${input.kind} ≥ ${input.threshold}`,
          before,
          after: input,
        });
        return { ...input, badge_id: badge.id };
      }),
    );
  });
  routeAliases(app, 'POST', ['/api/admin/growth/levels/:id/threshold'], admin, async (request) => {
    const { id } = parseInput(Id, request.params, request);
    const { min_growth } = parseInput(ThresholdBody, request.body, request);
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const before = await tx
          .selectFrom('author_levels')
          .select(['id', 'level', 'min_growth'])
          .where('id', '=', id)
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        if (!before) throw notFound({ 'zh-CN': '该等级不存在', 'en-US': 'No such level' });
        await tx
          .updateTable('author_levels')
          .set({ min_growth, updated_at: Date.now() })
          .where('id', '=', id)
          .execute();
        await recordAudit(tx, request, {
          action: 'growth.level.threshold',
          targetType: 'author_level',
          targetId: id,
          summary: `设置 Lv${before.level} 的成长值门槛为 ${min_growth ?? '（仅手动）'}`,
          before,
          after: { ...before, min_growth },
        });
        return { ...before, min_growth };
      }),
    );
  });
  routeAliases(app, 'GET', ['/api/admin/growth/rights'], admin, async (request) => {
    const list = await ctx.db
      .selectFrom('level_rights')
      .selectAll()
      .where('client_id', '=', staffOf(request).clientId)
      .orderBy('level')
      .orderBy('sort')
      .execute();
    return ok({ list });
  });
  routeAliases(app, 'POST', ['/api/admin/growth/rights', '/api/admin/growth/rights/:id'], admin, async (request) => {
    const input = parseInput(RightBody, request.body, request);
    const params = request.params as { id?: string };
    const id = params.id ? parseInput(Id, params, request).id : null;
    const clientId = staffOf(request).clientId;
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const now = Date.now();
        const values = { ...input, needs_apply: input.needs_apply ? 1 : 0, updated_at: now };
        let before = null;
        let rightId: number;
        if (id) {
          before = await tx
            .selectFrom('level_rights')
            .selectAll()
            .where('id', '=', id)
            .where('client_id', '=', clientId)
            .executeTakeFirst();
          if (!before) throw notFound({ 'zh-CN': '该权益不存在', 'en-US': 'No such right' });
          await tx.updateTable('level_rights').set(values).where('id', '=', id).execute();
          rightId = id;
        } else {
          rightId = (
            await tx
              .insertInto('level_rights')
              .values({ client_id: clientId, ...values, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        }
        await recordAudit(tx, request, {
          action: id ? 'growth.right.edit' : 'growth.right.create',
          targetType: 'level_right',
          targetId: rightId,
          summary: `${id ? '编辑' : '新增'} Lv${input.level} 权益「${input.title}」`,
          before,
          after: input,
        });
        return { id: rightId, ...input };
      }),
    );
  });
  routeAliases(app, 'GET', ['/api/admin/growth/right-applications'], admin, async (request) => {
    const q = parseInput(ApplicationQuery, request.query, request);
    let query = ctx.db
      .selectFrom('right_applications as a')
      .innerJoin('level_rights as r', 'r.id', 'a.right_id')
      .innerJoin('accounts as ac', 'ac.id', 'a.account_id')
      .select([
        'a.id',
        'a.account_id',
        'ac.pen_name',
        'ac.level',
        'r.title',
        'r.level as right_level',
        'a.note',
        'a.status',
        'a.review_note',
        'a.created_at',
        'a.reviewed_at',
      ])
      .where('a.client_id', '=', staffOf(request).clientId);
    if (q.status && q.status !== 'cancelled') query = query.where('a.status', '=', q.status);
    return ok(
      await pageOf(query, q, {
        sorts: { created_at: 'a.created_at' },
        defaultSort: 'created_at',
        defaultOrder: 'descend',
        tiebreak: 'a.id',
      }),
    );
  });
  for (const [verb, decision] of [
    ['approve', 'approved'],
    ['refuse', 'refused'],
  ] as const) {
    routeAliases(app, 'POST', [`/api/admin/growth/right-applications/:id/${verb}`], admin, async (request) => {
      const { id } = parseInput(Id, request.params, request);
      const { reason } = parseInput(Reason, request.body, request);
      const clientId = staffOf(request).clientId;
      return ok(
        await inTransaction(ctx.db, async (tx) => {
          const change = await levels.reviewRightApplication(ctx, tx, clientId, id, decision, reason);
          await recordAudit(tx, request, {
            action: `growth.right_application.${verb}`,
            targetType: 'account',
            targetId: change.before.account_id,
            summary: `${decision === 'approved' ? '通过' : '拒绝'}权益「${change.before.title}」的申请`,
            reason,
            before: change.before,
            after: change.after,
          });
          return { id, status: decision };
        }),
      );
    });
    routeAliases(app, 'POST', [`/api/admin/growth/leave/:id/${verb}`], admin, async (request) => {
      const { id } = parseInput(Id, request.params, request);
      const { reason } = parseInput(Reason, request.body, request);
      const clientId = staffOf(request).clientId;
      return ok(
        await inTransaction(ctx.db, async (tx) => {
          const change = await leave.reviewLeave(ctx, tx, clientId, id, decision, reason);
          await recordAudit(tx, request, {
            action: `growth.leave.${verb}`,
            targetType: 'account',
            targetId: change.before.account_id,
            summary: `${decision === 'approved' ? '批准' : '拒绝'} ${change.before.start_day} 至 ${change.before.end_day} 的请假`,
            reason,
            before: change.before,
            after: change.after,
          });
          return { id, status: decision };
        }),
      );
    });
  }
  routeAliases(app, 'GET', ['/api/admin/growth/leave'], admin, async (request) => {
    const q = parseInput(LeaveQuery, request.query, request);
    let query = ctx.db
      .selectFrom('leave_requests as l')
      .innerJoin('accounts as a', 'a.id', 'l.account_id')
      .select([
        'l.id',
        'l.account_id',
        'a.pen_name',
        'a.level',
        'l.start_day',
        'l.end_day',
        'l.days',
        'l.reason',
        'l.status',
        'l.review_note',
        'l.created_at',
        'l.reviewed_at',
      ])
      .where('l.client_id', '=', staffOf(request).clientId);
    if (q.status) query = query.where('l.status', '=', q.status);
    return ok(
      await pageOf(query, q, {
        sorts: { created_at: 'l.created_at', start_day: 'l.start_day' },
        defaultSort: 'created_at',
        defaultOrder: 'descend',
        tiebreak: 'l.id',
      }),
    );
  });
  routeAliases(app, 'GET', ['/api/admin/growth/leave-rules'], admin, async (request) =>
    ok(await leave.leaveRulesOf(ctx.db, staffOf(request).clientId)),
  );
  routeAliases(app, 'POST', ['/api/admin/growth/leave-rules'], admin, async (request) => {
    const input = parseInput(LeaveRulesBody, request.body, request);
    const clientId = staffOf(request).clientId;
    const rules = { ...input, auto_approve: input.auto_approve ? 1 : 0 };
    return ok(
      await inTransaction(ctx.db, async (tx) => {
        const before = await leave.leaveRulesOf(tx, clientId);
        await leave.saveLeaveRules(tx, clientId, rules);
        await recordAudit(tx, request, {
          action: 'growth.leave_rules.save',
          targetType: 'brand',
          targetId: clientId,
          summary: '修改请假规则',
          before,
          after: rules,
        });
        return rules;
      }),
    );
  });
}
