import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, logIn, type TestAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { checkAnswer, submitExam } from './exams.service.ts';

/** Exams: question banks from the console, a timed paper, server-only checking, retakes, graduation. */

let t: TestApp;
let admin: TestClient;

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

/** A paper of three questions worth 40 + 30 + 30; the right answers: 1, [0, 2], 0. */
async function paper(kind: 'answer' | 'camp', extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/growth/papers', {
    kind,
    title: kind === 'camp' ? '第3期结业考试' : '作者常识测验',
    period_name: kind === 'camp' ? '第3期' : undefined,
    time_limit_s: 600,
    pass_score: 60,
    excellent_score: 90,
    max_attempts: 2,
    ...extra,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.id as number;
  const questions = [
    {
      type: 'single',
      stem: '每日更新最少多少字算作更新？',
      options: ['100', '1000', '10000'],
      answer: [1],
      score: 40,
      explanation: '发布的章节字数达到 1000 字记为一天更新。',
    },
    {
      type: 'multiple',
      stem: '哪些是签约前的准备？',
      options: ['完善作者信息', '删除作品', '绑定手机'],
      answer: [0, 2],
      score: 30,
    },
    { type: 'judge', stem: '请假期间不计入断更。', options: ['对', '错'], answer: [0], score: 30 },
  ];
  for (const [i, q] of questions.entries()) {
    const r = await admin.post(`/api/admin/growth/papers/${id}/questions`, { ...q, sort: i });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  }
  return id;
}

async function answerAll(client: TestClient, kind: 'answer' | 'camp', answers: number[][]) {
  const start = await client.get('/api/question/list', { paper: kind });
  expect(start.body.code, JSON.stringify(start.body)).toBe(200);
  const data = start.body.data;
  for (const [i, q] of data.list.entries()) {
    const r = await client.post('/api/question/check-answer', {
      attempt_id: data.attempt_id,
      question_id: q.id,
      answer: answers[i],
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  }
  return data;
}

describe('exams', () => {
  it('the paper never carries the answers; submit scores on the server and explains each wrong answer', async () => {
    await paper('answer');
    const client = await clientOf(await createAuthor(t));
    const start = await client.get('/api/question/list', { paper: 'answer' });
    const body = JSON.stringify(start.body);
    expect(body).not.toContain('"answer"');
    expect(body).not.toContain('explanation');
    expect(start.body.data).toMatchObject({
      paper: { pass_score: 60, total: 100, time_limit_s: 600 },
      remaining_s: 600,
    });

    // check-answer records; it tells nothing about rightness, and refuses malformed answers.
    const [q1, q2] = start.body.data.list;
    const saved = await client.post('/api/question/check-answer', {
      attempt_id: start.body.data.attempt_id,
      question_id: q1.id,
      answer: [0],
    });
    expect(saved.body.data).toEqual({ saved: true, answered: 1 });
    const two = await client.post('/api/question/check-answer', {
      attempt_id: start.body.data.attempt_id,
      question_id: q1.id,
      answer: [0, 1],
    });
    expect(two.body.code).toBe(10000001);
    const outOfRange = await client.post('/api/question/check-answer', {
      attempt_id: start.body.data.attempt_id,
      question_id: q2.id,
      answer: [7],
    });
    expect(outOfRange.body.code).toBe(10000001);
    await client.post('/api/question/check-answer', {
      attempt_id: start.body.data.attempt_id,
      question_id: q2.id,
      answer: [2, 0],
    });

    const submitted = await client.post('/api/question/submit', { attempt_id: start.body.data.attempt_id });
    expect(submitted.body.data).toMatchObject({ score: 30, total: 100, passed: false, graduated: null });
    expect(submitted.body.data.wrong.map((w: { id: number }) => w.id)).toEqual([q1.id, start.body.data.list[2].id]);
    expect(submitted.body.data.wrong[0]).toMatchObject({
      your: [0],
      right: [1],
      explanation: '发布的章节字数达到 1000 字记为一天更新。',
    });
    expect((await client.post('/api/question/submit', { attempt_id: start.body.data.attempt_id })).body.code).not.toBe(
      200,
    );

    // Retake rules: one more attempt, then none; a passed exam is not taken again.
    await answerAll(client, 'answer', [[1], [0, 2], [0]]);
    const last = await client.get('/api/question/list', { paper: 'answer' });
    const pass = await client.post('/api/question/submit', { attempt_id: last.body.data.attempt_id });
    expect(pass.body.data).toMatchObject({ score: 100, passed: true, wrong: [] });
    const again = await client.get('/api/question/list', { paper: 'answer' });
    expect(JSON.stringify(again.body)).toContain('已通过');
  });

  it('attempts run out, and a retake waits as the paper says', async () => {
    await paper('answer', { title: '等待重考测验', max_attempts: 3, retake_wait_hours: 24 });
    const client = await clientOf(await createAuthor(t));
    const first = await answerAll(client, 'answer', [[0], [0], [1]]);
    await client.post('/api/question/submit', { attempt_id: first.attempt_id });
    const wait = await client.get('/api/question/list', { paper: 'answer' });
    expect(wait.body.code).not.toBe(200);
    expect(JSON.stringify(wait.body)).toContain('后再重考');
  });

  it('time up: answers after the deadline are refused and the attempt is scored as it stood', async () => {
    await paper('answer', { title: '限时测验', max_attempts: 1 });
    const author = await createAuthor(t);
    const client = await clientOf(author);
    const start = await client.get('/api/question/list', { paper: 'answer' });
    const who = { clientId: 2, accountId: author.accountId };
    const late = start.body.data.deadline_at + 60_000;
    await expect(
      checkAnswer(
        t.app.ctx.db,
        who,
        { attempt_id: start.body.data.attempt_id, question_id: start.body.data.list[0].id, answer: [1] },
        late,
      ),
    ).rejects.toMatchObject({ code: expect.any(Number) });
    const result = await submitExam(t.app.ctx, who, start.body.data.attempt_id, late);
    expect(result).toMatchObject({ score: 0, passed: false });
  });

  it('the camp exam is for trainees; passing graduates once with the envelope, the honour wall and the badge', async () => {
    await paper('camp');
    const badge = await admin.post('/api/admin/rewards/badges', { title: `结业勋章${Date.now()}`, image: '/b.png' });
    await admin.post('/api/admin/growth/badge-rules', {
      badge_id: badge.body.data.id,
      kind: 'graduated',
      threshold: 1,
    });

    const outsider = await clientOf(await createAuthor(t));
    const refused = await outsider.get('/api/question/list', { paper: 'camp' });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('训练营学员');

    const trainee = await createAuthor(t);
    await t.app.ctx.db.updateTable('accounts').set({ is_learner: 1 }).where('id', '=', trainee.accountId).execute();
    const client = await clientOf(trainee);
    const start = await answerAll(client, 'camp', [[1], [0, 2], [1]]);
    const result = await client.post('/api/question/submit', { attempt_id: start.attempt_id });
    expect(result.body.data).toMatchObject({
      score: 70,
      passed: true,
      graduated: { level: '1', period_name: '第3期' },
    });

    const profile = (await client.get('/api/author/profile')).body.data;
    expect(profile.new_user_graduate.list).toEqual([expect.objectContaining({ level: '1', period_name: '第3期' })]);
    expect(profile.badges.list.map((b: { id: number }) => b.id)).toContain(badge.body.data.id);
    const wall = (await client.get('/api/new-user/honor')).body.data.list;
    expect(wall[0]).toMatchObject({ pen_name: trainee.penName, period_name: '第3期', excellent: false });

    // Another brand's honour wall does not show it.
    const other = await clientOf(await createAuthor(t, { clientId: 3 }), 'third.localhost');
    const otherWall = (await other.get('/api/new-user/honor')).body.data.list;
    expect(otherWall.some((g: { pen_name: string }) => g.pen_name === trainee.penName)).toBe(false);
  });

  it('a trainee graduating by the exam alone is awarded once, even when the period already graduated them', async () => {
    await paper('camp', { title: '第8期结业考试', period_name: '第8期' });
    const trainee = await createAuthor(t);
    await t.app.ctx.db.updateTable('accounts').set({ is_learner: 1 }).where('id', '=', trainee.accountId).execute();
    // The console recorded the graduation of the period first.
    const recorded = await admin.post('/api/admin/rewards/graduations', {
      account_id: trainee.accountId,
      period_name: '第8期',
      level: '1',
      reason: '线下结营',
    });
    expect(recorded.body.code, JSON.stringify(recorded.body)).toBe(200);
    const client = await clientOf(trainee);
    const start = await answerAll(client, 'camp', [[1], [0, 2], [0]]);
    const result = await client.post('/api/question/submit', { attempt_id: start.attempt_id });
    expect(result.body.data).toMatchObject({ score: 100, passed: true, graduated: null });
    const graduations = await t.app.ctx.db
      .selectFrom('graduations')
      .select(['period_name', 'level'])
      .where('account_id', '=', trainee.accountId)
      .execute();
    expect(graduations).toEqual([{ period_name: '第8期', level: '1' }]);
    const profile = (await client.get('/api/author/profile')).body.data;
    expect(profile.new_user_graduate.list).toHaveLength(1);
  });

  it('the console refuses a question whose answer is not an option, and a paper of another brand', async () => {
    const id = await paper('answer', { title: '校验测验' });
    const bad = await admin.post(`/api/admin/growth/papers/${id}/questions`, {
      type: 'single',
      stem: '题',
      options: ['甲', '乙'],
      answer: [0, 1],
      score: 10,
    });
    expect(bad.body.code).toBe(10000001);
    const outOfRange = await admin.post(`/api/admin/growth/papers/${id}/questions`, {
      type: 'judge',
      stem: '题',
      options: ['对', '错'],
      answer: [2],
      score: 10,
    });
    expect(outOfRange.body.code).toBe(10000001);
    const adminOf3 = await clientOf(await createAuthor(t, { role: 'admin', clientId: 3 }), 'third.localhost');
    const foreign = await adminOf3.post(`/api/admin/growth/papers/${id}/questions`, {
      type: 'judge',
      stem: '题',
      options: ['对', '错'],
      answer: [0],
      score: 10,
    });
    expect(foreign.body.code).not.toBe(200);
    const count = await t.app.ctx.db.selectFrom('exam_questions').select('id').where('paper_id', '=', id).execute();
    expect(count).toHaveLength(3);
  });

  it("the console edits and deletes questions; a deleted question answered before keeps the authors' results", async () => {
    const id = await paper('answer', { title: `修订测验${Date.now().toString(36)}`, max_attempts: 3 });
    const done = await createAuthor(t);
    const doneClient = await clientOf(done);
    const first = await answerAll(doneClient, 'answer', [[1], [0, 2], [0]]);
    const scored = await doneClient.post('/api/question/submit', { attempt_id: first.attempt_id });
    expect(scored.body.data).toMatchObject({ score: 100, passed: true });
    const midway = await clientOf(await createAuthor(t));
    const open = (await midway.get('/api/question/list', { paper: 'answer' })).body.data;
    const [q1, q2, q3] = open.list as Array<{ id: number }>;
    await midway.post('/api/question/check-answer', { attempt_id: open.attempt_id, question_id: q1.id, answer: [1] });

    // The console's bank shows the answers and how often each question was answered.
    const bank = (await admin.get(`/api/admin/growth/papers/${id}/questions`)).body.data.list;
    expect(bank.map((q: { id: number; answered: number; answer: number[] }) => [q.id, q.answered, q.answer])).toEqual([
      [q1.id, 2, [1]],
      [q2.id, 1, [0, 2]],
      [q3.id, 1, [0]],
    ]);

    // Edit: checked like a new question, then saved.
    const edit = (over: Record<string, unknown>) =>
      admin.post(`/api/admin/growth/papers/${id}/questions/${q2.id}`, {
        type: 'multiple',
        stem: '哪些是申请签约前的准备？',
        options: ['完善作者信息', '删除作品', '绑定手机'],
        answer: [0, 2],
        score: 30,
        ...over,
      });
    const badEdit = await edit({ type: 'single' });
    expect(badEdit.body.errors).toMatchObject({ field: 'answer', title: '单选题和判断题只有一个正确答案' });
    expect((await edit({})).body.code).toBe(200);
    const edited = (await admin.get(`/api/admin/growth/papers/${id}/questions`)).body.data.list[1];
    expect(edited).toMatchObject({ id: q2.id, stem: '哪些是申请签约前的准备？', sort: 1 });

    // Delete: a reason is asked for; the question leaves the paper, the row and past results stay.
    const path = `/api/admin/growth/papers/${id}/questions/${q3.id}/delete`;
    expect((await admin.post(path, {})).body.errors.field).toBe('reason');
    const removed = await admin.post(path, { reason: '题目有歧义' });
    expect(removed.body.data).toEqual({ id: q3.id, answered: 1 });
    expect((await admin.post(path, { reason: '题目有歧义' })).body.errors.title).toBe('该题目不存在或已删除');
    const after = (await admin.get(`/api/admin/growth/papers/${id}/questions`)).body.data.list;
    expect(after.map((q: { id: number }) => q.id)).toEqual([q1.id, q2.id]);
    const attempt = await t.app.ctx.db
      .selectFrom('exam_attempts')
      .selectAll()
      .where('id', '=', first.attempt_id)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ score: 100, passed: 1 });
    expect(JSON.parse(attempt.answers)[q3.id]).toEqual([0]);
    const row = await t.app.ctx.db
      .selectFrom('exam_questions')
      .select(['stem', 'removed_at'])
      .where('id', '=', q3.id)
      .executeTakeFirstOrThrow();
    expect(row.stem).toBe('请假期间不计入断更。');
    expect(row.removed_at).not.toBeNull();
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_id', '=', String(q3.id))
      .where('action', '=', 'growth.question.delete')
      .executeTakeFirstOrThrow();
    expect(audit.reason).toBe('题目有歧义');

    // The author midway sees two questions now and cannot answer the deleted one.
    const resumed = (await midway.get('/api/question/list', { paper: 'answer' })).body.data;
    expect(resumed).toMatchObject({ attempt_id: open.attempt_id, paper: { total: 70 } });
    expect(resumed.list.map((q: { id: number }) => q.id)).toEqual([q1.id, q2.id]);
    const gone = await midway.post('/api/question/check-answer', {
      attempt_id: open.attempt_id,
      question_id: q3.id,
      answer: [0],
    });
    expect(gone.body.errors.title).toBe('这道题不在本试卷中');

    // Another brand's admin can neither edit nor delete.
    const adminOf3 = await clientOf(await createAuthor(t, { role: 'admin', clientId: 3 }), 'third.localhost');
    expect(
      (await adminOf3.post(`/api/admin/growth/papers/${id}/questions/${q1.id}/delete`, { reason: '别家' })).status,
    ).toBe(404);
    const foreignEdit = await adminOf3.post(`/api/admin/growth/papers/${id}/questions/${q1.id}`, {
      type: 'judge',
      stem: '改',
      options: ['对', '错'],
      answer: [0],
      score: 10,
    });
    expect(foreignEdit.status).toBe(404);
    expect((await admin.get(`/api/admin/growth/papers/${id}/questions`)).body.data.list[0].stem).toBe(
      '每日更新最少多少字算作更新？',
    );
  });
});
