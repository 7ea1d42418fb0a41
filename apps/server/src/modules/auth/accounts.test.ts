import { ErrorCode, SMS_CODE_TYPE } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type DemoAuthors, demoPhone, seedAuthors } from '../../seed/authors.seed.ts';
import { createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { freshCode, newPhone, skipResendGap } from './auth.test-helpers.ts';

let t: TestApp;
let demo: DemoAuthors;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAuthors(t.app.ctx);
});
afterAll(async () => t.close());

const mask = (p: string) => `${p.slice(0, 3)}****${p.slice(7)}`;

async function demoLogin(name: string, host = 'localhost'): Promise<TestClient> {
  const client = t.client(host);
  const res = await client.post('/api/pc/v3/user/login', { name, password: DEMO_PASSWORD });
  expect(res.body.code).toBe(200);
  if (res.body.data.need_choose === 1) {
    const chosen = await client.post('/api/author/choose-login-account', {
      ticket: res.body.data.ticket,
      account_id: res.body.data.accounts[0].account_id,
    });
    expect(chosen.body.code).toBe(200);
  }
  return client;
}

describe('demo logins', () => {
  it('every demo person logs in with the demo password; the demo phone offers both pen names', async () => {
    const { author, secondPenName, editor, admin, unboundPhone } = demo[2];
    for (const a of [author, secondPenName, editor, admin, unboundPhone!]) {
      const res = await t.client().post('/api/pc/v3/user/login', { name: a.penName, password: DEMO_PASSWORD });
      expect(res.body.data).toMatchObject({ need_choose: 0, account_id: a.accountId });
    }
    const byPhone = await t.client().post('/api/pc/v3/user/login', { phone: author.phone, password: DEMO_PASSWORD });
    expect(byPhone.body.data.need_choose).toBe(1);
    expect(byPhone.body.data.accounts.map((a: { pen_name: string }) => a.pen_name)).toEqual([
      author.penName,
      secondPenName.penName,
    ]);
  });
});

describe('completing author info (pop 1)', () => {
  it('binds a verified phone with the real name on file; 40002005/40002006 name their fields', async () => {
    const { unboundPhone } = demo[2];
    const client = await demoLogin(unboundPhone!.penName);
    expect((await client.get('/api/author/profile')).body.data.user).toMatchObject({ is_phone_bind: 0, phone: '' });

    const taken = await client.post('/api/pc/v3/author/submit-new-phone', {
      phone: demo[2].editor.phone,
      code: '1234',
      real_name: '陈安然',
    });
    expect(taken.body.errors).toMatchObject({ code: ErrorCode.phoneInvalid, field: 'phone' });
    const badPhone = await client.post('/api/pc/v3/author/submit-new-phone', {
      phone: '1234',
      code: '1234',
      real_name: '陈安然',
    });
    expect(badPhone.body.errors).toMatchObject({ code: ErrorCode.phoneInvalid, title: '请输入正确的手机号码' });
    const noCode = await client.post('/api/pc/v3/author/submit-new-phone', {
      phone: newPhone(),
      code: '',
      real_name: '陈安然',
    });
    expect(noCode.body.errors).toMatchObject({ code: ErrorCode.codeInvalid, field: 'code', title: '验证码不能为空' });

    const phone = newPhone();
    const code = await freshCode(t, client, phone, SMS_CODE_TYPE.authorInfo);
    const wrongName = await client.post('/api/pc/v3/author/submit-new-phone', { phone, code, real_name: '陈安' });
    expect(wrongName.body.errors).toMatchObject({ field: 'real_name', title: '姓名与实名认证信息不一致' });
    const wrongCode = await client.post('/api/pc/v3/author/submit-new-phone', {
      phone,
      code: code === '0000' ? '0001' : '0000',
      real_name: '陈安然',
    });
    expect(wrongCode.body.errors).toMatchObject({ code: ErrorCode.codeInvalid, field: 'code' });
    expect((await client.get('/api/author/profile')).body.data.user.is_phone_bind).toBe(0);

    const done = await client.post('/api/pc/v3/author/submit-new-phone', { phone, code, real_name: '陈安然' });
    expect(done.body.data).toEqual({ phone: mask(phone), is_phone_bind: 1 });
    expect((await client.get('/api/author/profile')).body.data.user).toMatchObject({
      is_phone_bind: 1,
      phone: mask(phone),
    });
    // The new phone now logs in to this pen name.
    const again = t.client();
    await skipResendGap(t);
    const loginCode = await freshCode(t, again, phone, SMS_CODE_TYPE.login);
    const login = await again.post('/api/pc/v3/user/code-login', { phone, code: loginCode });
    expect(login.body.data.account_id).toBe(unboundPhone!.accountId);
  });

  it('needs a session to send an author-info code', async () => {
    const res = await t.client().post('/api/pc/v3/author/send-message-code', {
      phone: newPhone(),
      rid: 'x',
      type: SMS_CODE_TYPE.authorInfo,
    });
    expect(res.body.errors.code).toBe(ErrorCode.sessionExpired);
  });
});

describe('phone-bind check (§3)', () => {
  it('shows what the partner accounts of a phone would bring', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    await logIn(t, client, author);
    const res = await client.get('/api/pc/v3/author/check-bind-phone', { phone: demo[2].author.phone });
    expect(res.body.data).toEqual({
      should_notice: 1,
      zh: { bind: 1, zh_unit: 560, read_unit: 120, book_coupon: 3, nick_name: '小满读书' },
      free: {
        bind: 1,
        merged_user: { nickname: '夜读的小满', phone: mask(demo[2].author.phone), coin: 1280, vip: 1 },
        current_user: { nickname: '', phone: '', coin: 0, vip: 0 },
      },
    });
    const nothing = await client.get('/api/pc/v3/author/check-bind-phone', { phone: newPhone() });
    expect(nothing.body.data.should_notice).toBe(0);
    const bad = await client.get('/api/pc/v3/author/check-bind-phone', { phone: '12' });
    expect(bad.body.errors.code).toBe(ErrorCode.phoneInvalid);
  });
});

describe('pen-name phone binding (account split)', () => {
  it('lists the main pen name first, checks rows, confirms, binds and ends with the task text', async () => {
    const { author, secondPenName } = demo[3];
    const client = await demoLogin(author.penName, 'third.localhost');
    const status = await client.get('/api/pc/v1/author/pen-name-task/status');
    expect(status.body.data).toEqual({
      accounts: [
        { account_id: author.accountId, pen_name: author.penName, phone: mask(author.phone), code: '', is_author: 1 },
        { account_id: secondPenName.accountId, pen_name: secondPenName.penName, phone: '', code: '', is_author: 0 },
      ],
      task: { has_task: 0, text: '' },
    });

    const info = (rows: unknown) =>
      client.post('/api/pc/v1/author/pen-name-task/info', { accounts: JSON.stringify(rows) });
    const samePhone = await info([{ account_id: secondPenName.accountId, phone: author.phone, code: '1234' }]);
    expect(samePhone.body.data.error_phone).toEqual([
      expect.objectContaining({ phone: author.phone, type: 2, message: '不能与主笔名的手机号相同' }),
    ]);
    const badPhone = await info([{ account_id: secondPenName.accountId, phone: '1380000', code: '1234' }]);
    expect(badPhone.body.data.error_phone[0]).toMatchObject({ type: 2, message: '请输入正确的手机号码' });
    const spare = demoPhone(3, 2);
    const emptyCode = await info([{ account_id: secondPenName.accountId, phone: spare, code: '' }]);
    expect(emptyCode.body.data.error_phone[0]).toMatchObject({ type: 1, message: '验证码不能为空' });
    const otherPersons = await info([
      { account_id: secondPenName.accountId, phone: demo[3].editor.phone, code: '1234' },
    ]);
    expect(otherPersons.body.data.error_phone[0]).toMatchObject({ type: 2, message: '该手机号已被其他账号绑定' });
    const notMine = await info([{ account_id: demo[3].editor.accountId, phone: spare, code: '1234' }]);
    expect(notMine.body.errors).toMatchObject({ code: ErrorCode.penNameFunctionError, title: '功能异常，请稍后再试' });

    const code = await freshCode(t, client, spare, SMS_CODE_TYPE.penNameBind);
    const wrong = await info([
      { account_id: secondPenName.accountId, phone: spare, code: code === '0000' ? '1111' : '0000' },
    ]);
    expect(wrong.body.data.error_phone[0]).toMatchObject({ type: 1, phone: spare });

    const wrongName = await client.post('/api/pc/v1/author/pen-name-task/info', {
      accounts: JSON.stringify([{ account_id: secondPenName.accountId, phone: spare, code }]),
      real_name: '林大满',
    });
    expect(wrongName.body.errors).toMatchObject({ field: 'real_name', title: '姓名与实名认证信息不一致' });
    const ok = await client.post('/api/pc/v1/author/pen-name-task/info', {
      accounts: JSON.stringify([{ account_id: secondPenName.accountId, phone: spare, code }]),
      real_name: '林小满',
    });
    expect(ok.body.data.error_phone).toEqual([]);
    expect(ok.body.data.task_id).toBeGreaterThan(0);
    expect(
      ok.body.data.free.map((r: { pen_name: string; coin: number; is_author: number }) => [
        r.pen_name,
        r.coin,
        r.is_author,
      ]),
    ).toEqual([
      [author.penName, 1280, 1],
      [secondPenName.penName, 300, 0],
    ]);
    expect(ok.body.data.zh[0]).toMatchObject({ pen_name: author.penName, zh_unit: 560, read_unit: 120 });
    // Nothing is bound before the confirmation.
    const secondBefore = await t.app.ctx.db
      .selectFrom('accounts')
      .select('phone_hash')
      .where('id', '=', secondPenName.accountId)
      .executeTakeFirstOrThrow();
    expect(secondBefore.phone_hash).toBe(t.app.ctx.personalData.index('phone', author.phone));

    const submit = await client.post('/api/pc/v1/author/pen-name-task/submit', { task_id: ok.body.data.task_id });
    expect(submit.body.data.task.has_task).toBe(1);
    expect(submit.body.data.task.text).toContain(`“${secondPenName.penName}”已绑定${mask(spare)}`);
    const replay = await client.post('/api/pc/v1/author/pen-name-task/submit', { task_id: ok.body.data.task_id });
    expect(replay.body.errors.code).toBe(ErrorCode.penNameFunctionError);

    const after = await client.get('/api/pc/v1/author/pen-name-task/status');
    expect(after.body.data.task.has_task).toBe(1);
    expect(after.body.data.accounts).toHaveLength(1);
    // Each phone now enters its own pen name.
    const byMain = await t.client('third.localhost').post('/api/pc/v3/user/login', {
      phone: author.phone,
      password: DEMO_PASSWORD,
    });
    expect(byMain.body.data).toMatchObject({ need_choose: 0, account_id: author.accountId });
    const bySpare = await t.client('third.localhost').post('/api/pc/v3/user/login', {
      phone: spare,
      password: DEMO_PASSWORD,
    });
    expect(bySpare.body.data).toMatchObject({ need_choose: 0, account_id: secondPenName.accountId });
  });

  it('a person with one pen name has nothing to bind', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    await logIn(t, client, author);
    const status = await client.get('/api/pc/v1/author/pen-name-task/status');
    expect(status.body.data.accounts).toHaveLength(1);
    const info = await client.post('/api/pc/v1/author/pen-name-task/info', {
      accounts: JSON.stringify([{ account_id: author.accountId, phone: newPhone(), code: '1234' }]),
    });
    expect(info.body.errors.code).toBe(ErrorCode.penNameFunctionError);
  });
});
