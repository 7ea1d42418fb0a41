import { shanghaiDate } from '@author-centre/shared';
import type { AppContext } from '../../platform/context.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/database.ts';
import { containsText } from '../../platform/db/like.ts';
import { badInput, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { membershipOf, tryGraduate } from './camp.service.ts';
import { growthEvent } from './growth.service.ts';
import type { ExamKind, QuestionType } from './growth.tables.ts';

/**
 * Exams (question list, check-answer, submit): a timed paper drawn from the brand's question bank.
 * The right answers stay on the server until the paper is submitted; check-answer only records an
 * answer. A passed writing-camp exam graduates a trainee (the graduate envelope, pop 7).
 */

type Executor = Db | Tx;
interface Who {
  clientId: number;
  accountId: number;
}

/** Answers saved after the deadline by a slow network still count within this grace. */
const GRACE_MS = 10_000;

const parse = <T>(json: string) => JSON.parse(json) as T;
const sameAnswer = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

async function paperOf(db: Executor, who: Who, kind: ExamKind) {
  const paper = await db
    .selectFrom('exam_papers')
    .selectAll()
    .where('client_id', '=', who.clientId)
    .where('kind', '=', kind)
    .where('enabled', '=', 1)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!paper) throw notFound({ 'zh-CN': '暂无可参加的考试', 'en-US': 'There is no exam to take' });
  if (kind === 'camp') {
    const account = await db
      .selectFrom('accounts')
      .select('is_learner')
      .where('id', '=', who.accountId)
      .executeTakeFirstOrThrow();
    if (!account.is_learner) {
      throw forbidden({
        'zh-CN': '训练营考试仅对训练营学员开放',
        'en-US': 'The writing-camp exam is for writing-camp trainees only',
      });
    }
  }
  return paper;
}

type Paper = Awaited<ReturnType<typeof paperOf>>;

/** The questions on a paper now (a question removed in the console is no longer on it). */
function questionsOf(db: Executor, paperId: number) {
  return db
    .selectFrom('exam_questions')
    .selectAll()
    .where('paper_id', '=', paperId)
    .where('removed_at', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** question list: starts (or resumes) an attempt within the retake rules; the questions without answers. */
export async function startExam(db: Db, who: Who, kind: ExamKind, now = Date.now()) {
  return inTransaction(db, async (tx) => {
    const paper = await paperOf(tx, who, kind);
    const attempts = await tx
      .selectFrom('exam_attempts')
      .selectAll()
      .where('account_id', '=', who.accountId)
      .where('paper_id', '=', paper.id)
      .orderBy('id', 'desc')
      .execute();
    let open = attempts.find((a) => a.submitted_at === null);
    if (open && now > open.deadline_at + GRACE_MS) {
      // Time ran out without a submit: what was answered is scored.
      await finish(tx, who, paper, open.id, now);
      open = undefined;
      attempts.splice(0, attempts.length, ...(await attemptsOf(tx, who, paper.id)));
    }
    if (!open) {
      if (attempts.some((a) => a.passed === 1)) {
        throw conflict({ 'zh-CN': '您已通过本次考试', 'en-US': 'You have already passed this exam' });
      }
      if (attempts.length >= paper.max_attempts) {
        throw conflict({
          'zh-CN': `本考试最多可考 ${paper.max_attempts} 次，您的次数已用完`,
          'en-US': `This exam may be taken ${paper.max_attempts} times; you have used them all`,
        });
      }
      const last = attempts[0];
      if (last?.submitted_at && now < last.submitted_at + paper.retake_wait_ms) {
        const at = new Date(last.submitted_at + paper.retake_wait_ms + 8 * 3_600_000).toISOString().slice(0, 16);
        throw conflict({
          'zh-CN': `请于 ${at.replace('T', ' ')}（北京时间）后再重考`,
          'en-US': `You may retake it after ${at.replace('T', ' ')} (Beijing time)`,
        });
      }
      const row = await tx
        .insertInto('exam_attempts')
        .values({
          client_id: who.clientId,
          account_id: who.accountId,
          paper_id: paper.id,
          started_at: now,
          deadline_at: now + paper.time_limit_s * 1000,
          answers: '{}',
          submitted_at: null,
          score: null,
          passed: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      open = row;
    }
    const questions = await questionsOf(tx, paper.id);
    const current = open;
    return {
      attempt_id: current.id,
      deadline_at: current.deadline_at,
      remaining_s: Math.max(0, Math.round((current.deadline_at - now) / 1000)),
      paper: {
        title: paper.title,
        time_limit_s: paper.time_limit_s,
        pass_score: paper.pass_score,
        total: questions.reduce((n, q) => n + q.score, 0),
        attempts_left: paper.max_attempts - attempts.filter((a) => a.submitted_at !== null).length,
      },
      answers: parse<Record<string, number[]>>(current.answers),
      list: questions.map((q) => ({
        id: q.id,
        type: q.type,
        stem: q.stem,
        options: parse<string[]>(q.options),
        score: q.score,
      })),
    };
  });
}

function attemptsOf(db: Executor, who: Who, paperId: number) {
  return db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('account_id', '=', who.accountId)
    .where('paper_id', '=', paperId)
    .orderBy('id', 'desc')
    .execute();
}

async function openAttempt(db: Executor, who: Who, attemptId: number) {
  const attempt = await db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('id', '=', attemptId)
    .where('account_id', '=', who.accountId)
    .where('client_id', '=', who.clientId)
    .executeTakeFirst();
  if (!attempt) throw notFound({ 'zh-CN': '该考试记录不存在', 'en-US': 'No such exam attempt' });
  if (attempt.submitted_at !== null) {
    throw conflict({ 'zh-CN': '试卷已提交，不能再作答', 'en-US': 'The paper was submitted; it cannot be changed' });
  }
  return attempt;
}

/** check-answer: records one answer (checked for form, not for rightness: that is told on submit). */
export async function checkAnswer(
  db: Db,
  who: Who,
  input: { attempt_id: number; question_id: number; answer: number[] },
  now = Date.now(),
) {
  return inTransaction(db, async (tx) => {
    const attempt = await openAttempt(tx, who, input.attempt_id);
    if (now > attempt.deadline_at + GRACE_MS) {
      throw conflict({ 'zh-CN': '考试时间已到，请提交试卷', 'en-US': 'Time is up; submit the paper' });
    }
    const q = await tx
      .selectFrom('exam_questions')
      .select(['id', 'type', 'options'])
      .where('id', '=', input.question_id)
      .where('paper_id', '=', attempt.paper_id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!q)
      throw badInput('question_id', { 'zh-CN': '这道题不在本试卷中', 'en-US': 'This question is not on the paper' });
    const count = parse<string[]>(q.options).length;
    const answer = [...new Set(input.answer)];
    if (answer.length === 0 || answer.some((i) => i < 0 || i >= count)) {
      throw badInput('answer', { 'zh-CN': '请选择有效的选项', 'en-US': 'Choose one of the options' });
    }
    if ((q.type as QuestionType) !== 'multiple' && answer.length !== 1) {
      throw badInput('answer', { 'zh-CN': '这道题只能选一个选项', 'en-US': 'This question takes one option' });
    }
    const answers = { ...parse<Record<string, number[]>>(attempt.answers), [q.id]: answer };
    await tx
      .updateTable('exam_attempts')
      .set({ answers: JSON.stringify(answers) })
      .where('id', '=', attempt.id)
      .execute();
    return { saved: true, answered: Object.keys(answers).length };
  });
}

async function finish(tx: Tx, who: Who, paper: Paper, attemptId: number, now: number) {
  const attempt = await openAttempt(tx, who, attemptId);
  const answers = parse<Record<string, number[]>>(attempt.answers);
  const questions = await questionsOf(tx, paper.id);
  let score = 0;
  const wrong = [];
  for (const q of questions) {
    const right = parse<number[]>(q.answer);
    const given = answers[q.id] ?? [];
    if (sameAnswer(given, right)) score += q.score;
    else {
      wrong.push({
        id: q.id,
        stem: q.stem,
        options: parse<string[]>(q.options),
        your: given,
        right,
        explanation: q.explanation,
      });
    }
  }
  const passed = score >= paper.pass_score;
  const done = await tx
    .updateTable('exam_attempts')
    .set({ submitted_at: now, score, passed: passed ? 1 : 0 })
    .where('id', '=', attempt.id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) {
    throw conflict({ 'zh-CN': '试卷已提交', 'en-US': 'The paper was already submitted' });
  }
  let graduated: { level: string; period_name: string } | null = null;
  if (passed && paper.kind === 'camp' && (await membershipOf(tx, who))) {
    // A trainee of a period graduates when lessons and assignments are done too (camp.service).
    const made = await tryGraduate(tx, who, now);
    if (made) graduated = { level: made.level, period_name: made.period_name };
  } else if (passed && paper.kind === 'camp') {
    const level = score >= paper.excellent_score ? '2' : '1';
    const periodName = paper.period_name || paper.title;
    if (await graduateOnce(tx, who, periodName, level, now)) {
      graduated = { level, period_name: periodName };
      await growthEvent(tx, who.clientId, who.accountId, now);
    }
  }
  const total = questions.reduce((n, q) => n + q.score, 0);
  return { score, total, pass_score: paper.pass_score, passed, wrong, graduated };
}

/**
 * Graduates a trainee of no period by the exam alone, once per period name: passing the exam again
 * (a retake, or two attempts submitted at once) awards no second graduation, envelope or badge fact.
 * The account row is locked first (a no-op update: PostgreSQL holds it until the commit; SQLite runs
 * one transaction at a time), so two submissions see each other's graduation. Returns whether it graduated.
 */
export async function graduateOnce(tx: Tx, who: Who, periodName: string, level: string, now: number) {
  await tx
    .updateTable('accounts')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', who.accountId)
    .execute();
  const already = await tx
    .selectFrom('graduations')
    .select('id')
    .where('client_id', '=', who.clientId)
    .where('account_id', '=', who.accountId)
    .where('period_name', '=', periodName)
    .executeTakeFirst();
  if (already) return false;
  await tx
    .insertInto('graduations')
    .values({
      client_id: who.clientId,
      account_id: who.accountId,
      period_name: periodName,
      level,
      graduated_at: now,
      noticed_at: null,
    })
    .execute();
  return true;
}

/** submit: the score, and each wrong answer with the right one and its explanation. */
export async function submitExam(ctx: AppContext, who: Who, attemptId: number, now = Date.now()) {
  return inTransaction(ctx.db, async (tx) => {
    const attempt = await openAttempt(tx, who, attemptId);
    const paper = await tx
      .selectFrom('exam_papers')
      .selectAll()
      .where('id', '=', attempt.paper_id)
      .executeTakeFirstOrThrow();
    return finish(tx, who, paper, attemptId, now);
  });
}

/** The honour wall: the brand's writing-camp graduates, newest first. */
export async function honorWall(db: Executor, clientId: number) {
  const rows = await db
    .selectFrom('graduations as g')
    .innerJoin('accounts as a', 'a.id', 'g.account_id')
    .select(['g.id', 'a.pen_name', 'a.avatar', 'g.period_name', 'g.level', 'g.graduated_at'])
    .where('g.client_id', '=', clientId)
    .orderBy('g.graduated_at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(200)
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      pen_name: r.pen_name,
      avatar: r.avatar,
      period_name: r.period_name,
      level: r.level,
      excellent: r.level !== '1',
      date: shanghaiDate(r.graduated_at),
    })),
  };
}

// ---- Console: papers and the question bank ---------------------------------------------------

export interface PaperInput {
  kind: ExamKind;
  title: string;
  period_name?: string;
  time_limit_s: number;
  pass_score: number;
  excellent_score: number;
  max_attempts: number;
  retake_wait_hours?: number;
  enabled?: boolean;
}

export interface QuestionInput {
  type: QuestionType;
  stem: string;
  options: string[];
  answer: number[];
  explanation?: string;
  score: number;
  sort?: number;
}

export function validateQuestion(q: QuestionInput) {
  if (q.type === 'judge' && q.options.length !== 2) {
    throw badInput('options', {
      'zh-CN': '判断题只有两个选项（对、错）',
      'en-US': 'A true/false question has two options',
    });
  }
  if (q.answer.some((i) => i < 0 || i >= q.options.length) || q.answer.length === 0) {
    throw badInput('answer', {
      'zh-CN': '正确答案必须是选项之一',
      'en-US': 'The right answer must be one of the options',
    });
  }
  if (q.type !== 'multiple' && q.answer.length !== 1) {
    throw badInput('answer', {
      'zh-CN': '单选题和判断题只有一个正确答案',
      'en-US': 'Single-choice and true/false questions have one right answer',
    });
  }
}

export async function savePaper(
  db: Executor,
  clientId: number,
  input: PaperInput,
  id: number | null,
  now = Date.now(),
) {
  if (input.excellent_score < input.pass_score) {
    throw badInput('excellent_score', {
      'zh-CN': '优秀分数不能低于及格分数',
      'en-US': 'The excellent score is below the pass score',
    });
  }
  const values = {
    kind: input.kind,
    title: input.title,
    period_name: input.period_name ?? '',
    time_limit_s: input.time_limit_s,
    pass_score: input.pass_score,
    excellent_score: input.excellent_score,
    max_attempts: input.max_attempts,
    retake_wait_ms: Math.round((input.retake_wait_hours ?? 0) * 3_600_000),
    enabled: input.enabled === false ? 0 : 1,
    updated_at: now,
  };
  if (id) {
    const res = await db
      .updateTable('exam_papers')
      .set(values)
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw notFound({ 'zh-CN': '该试卷不存在', 'en-US': 'No such paper' });
    return { id };
  }
  return db
    .insertInto('exam_papers')
    .values({ client_id: clientId, ...values, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function requirePaper(db: Executor, clientId: number, paperId: number) {
  const paper = await db
    .selectFrom('exam_papers')
    .select('id')
    .where('id', '=', paperId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!paper) throw notFound({ 'zh-CN': '该试卷不存在', 'en-US': 'No such paper' });
}

const questionMissing = () =>
  notFound({ 'zh-CN': '该题目不存在或已删除', 'en-US': 'No such question, or it was deleted' });

/** The console's question bank of a paper: each question with its answer and how many attempts answered it. */
export async function questionBank(db: Executor, clientId: number, paperId: number) {
  await requirePaper(db, clientId, paperId);
  const rows = await questionsOf(db, paperId);
  const list = [];
  for (const q of rows) {
    list.push({
      ...q,
      options: parse<string[]>(q.options),
      answer: parse<number[]>(q.answer),
      answered: await answeredCount(db, paperId, q.id),
    });
  }
  return { list };
}

/** How many attempts of the paper hold an answer to the question (answers are `{"<question id>": [...]}`). */
async function answeredCount(db: Executor, paperId: number, questionId: number): Promise<number> {
  const row = await db
    .selectFrom('exam_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('paper_id', '=', paperId)
    .where(containsText('answers', `"${questionId}":`))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A question on the paper (not removed), for an edit or a removal; before: its row. */
async function questionOnPaper(db: Executor, clientId: number, paperId: number, questionId: number) {
  const q = await db
    .selectFrom('exam_questions')
    .selectAll()
    .where('id', '=', questionId)
    .where('paper_id', '=', paperId)
    .where('client_id', '=', clientId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!q) throw questionMissing();
  return q;
}

/**
 * Edits a question. Submitted attempts keep the score they were given (scores are stored, never
 * recomputed); an attempt still open is scored against the question as it is at its submit.
 */
export async function updateQuestion(
  db: Executor,
  clientId: number,
  paperId: number,
  questionId: number,
  q: QuestionInput,
) {
  validateQuestion(q);
  const before = await questionOnPaper(db, clientId, paperId, questionId);
  await db
    .updateTable('exam_questions')
    .set({
      type: q.type,
      stem: q.stem,
      options: JSON.stringify(q.options),
      answer: JSON.stringify(q.answer),
      explanation: q.explanation ?? '',
      score: q.score,
      sort: q.sort ?? before.sort,
    })
    .where('id', '=', questionId)
    .execute();
  return { id: questionId, before };
}

/**
 * Takes a question off its paper. The row stays (marked removed), so the attempts that answered it
 * keep their answers, scores and passes; new and open attempts no longer see it.
 */
export async function removeQuestion(
  db: Executor,
  clientId: number,
  paperId: number,
  questionId: number,
  now = Date.now(),
) {
  const before = await questionOnPaper(db, clientId, paperId, questionId);
  const answered = await answeredCount(db, paperId, questionId);
  await db.updateTable('exam_questions').set({ removed_at: now }).where('id', '=', questionId).execute();
  return { id: questionId, answered, before };
}

export async function addQuestion(db: Executor, clientId: number, paperId: number, q: QuestionInput) {
  validateQuestion(q);
  await requirePaper(db, clientId, paperId);
  return db
    .insertInto('exam_questions')
    .values({
      client_id: clientId,
      paper_id: paperId,
      type: q.type,
      stem: q.stem,
      options: JSON.stringify(q.options),
      answer: JSON.stringify(q.answer),
      explanation: q.explanation ?? '',
      score: q.score,
      sort: q.sort ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
