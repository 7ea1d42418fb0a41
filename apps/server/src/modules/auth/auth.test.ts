import { ErrorCode, SMS_CODE_TYPE } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  ageSends,
  freshCode,
  humanTrace,
  idNumber,
  newPhone,
  outboxCode,
  passCaptcha,
  requestCode,
  skipResendGap,
} from './auth.test-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const countRows = async (table: 'users' | 'accounts' | 'sessions') =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('slider captcha', () => {
  it('sends two images and the row, never the column of the gap', async () => {
    const res = await t.client().get('/api/pc/v1/captcha/puzzle');
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    expect(data.background).toMatch(/^data:image\/jpeg;base64,/);
    expect(data.piece).toMatch(/^data:image\/png;base64,/);
    expect(Object.keys(data).sort()).toEqual(
      ['background', 'expires_in', 'height', 'id', 'piece', 'piece_size', 'width', 'y'].sort(),
    );
  });

  it('refuses a piece off the gap with 请控制拼图块对齐缺口, and a puzzle is judged once', async () => {
    const client = t.client();
    const puzzle = (await client.get('/api/pc/v1/captcha/puzzle')).body.data;
    const { target_x } = await t.app.ctx.db
      .selectFrom('captcha_challenges')
      .select('target_x')
      .where('id', '=', puzzle.id)
      .executeTakeFirstOrThrow();
    const wrong = await client.post('/api/pc/v1/captcha/verify', {
      id: puzzle.id,
      x: target_x + 30,
      trace: humanTrace(target_x + 30),
    });
    expect(wrong.body.errors).toMatchObject({ code: ErrorCode.captchaFailed, title: '请控制拼图块对齐缺口' });
    const again = await client.post('/api/pc/v1/captcha/verify', {
      id: puzzle.id,
      x: target_x,
      trace: humanTrace(target_x),
    });
    expect(again.body.errors.code).toBe(ErrorCode.captchaFailed);
  });

  it('refuses a drag that no hand makes (a jump straight to the answer)', async () => {
    const client = t.client();
    const puzzle = (await client.get('/api/pc/v1/captcha/puzzle')).body.data;
    const { target_x } = await t.app.ctx.db
      .selectFrom('captcha_challenges')
      .select('target_x')
      .where('id', '=', puzzle.id)
      .executeTakeFirstOrThrow();
    const res = await client.post('/api/pc/v1/captcha/verify', {
      id: puzzle.id,
      x: target_x,
      trace: [
        [0, 0, 0],
        [target_x, 0, 5],
      ],
    });
    expect(res.body.errors.code).toBe(ErrorCode.captchaFailed);
  });

  it('a rid is single use: a reused rid is refused', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    const rid = await passCaptcha(t, client);
    const first = await client.post('/api/pc/v3/author/send-message-code', {
      phone: author.phone,
      rid,
      type: SMS_CODE_TYPE.login,
    });
    expect(first.body.code).toBe(200);
    expect(first.body.data).toBeTruthy();
    await skipResendGap(t);
    const second = await client.post('/api/pc/v3/author/send-message-code', {
      phone: author.phone,
      rid,
      type: SMS_CODE_TYPE.login,
    });
    expect(second.body.errors.code).toBe(ErrorCode.captchaFailed);
    expect(second.body.errors.title).toBe('请先完成拼图验证');
  });

  it('a send without a captcha pass is refused; a brand with captcha closed skips it', async () => {
    const author = await createAuthor(t, { clientId: 4 });
    const client = t.client('brain-hole.localhost');
    const refused = await client.post('/api/pc/v3/author/send-message-code', {
      phone: author.phone,
      type: SMS_CODE_TYPE.login,
    });
    expect(refused.body.errors.code).toBe(ErrorCode.captchaFailed);
    await t.app.ctx.brands.update(4, { captchaConfig: { is_closed: true } });
    try {
      const sent = await client.post('/api/pc/v3/author/send-message-code', {
        phone: author.phone,
        type: SMS_CODE_TYPE.login,
      });
      expect(sent.body.code).toBe(200);
    } finally {
      await t.app.ctx.brands.update(4, { captchaConfig: { is_closed: false } });
    }
  });

  it('a rid of one brand does not work on another', async () => {
    const author = await createAuthor(t, { clientId: 3 });
    const rid = await passCaptcha(t, t.client('wonder.localhost'));
    const res = await t
      .client('third.localhost')
      .post('/api/pc/v3/author/send-message-code', { phone: author.phone, rid, type: SMS_CODE_TYPE.login });
    expect(res.body.errors.code).toBe(ErrorCode.captchaFailed);
  });
});

describe('sending codes', () => {
  it('asks for 11 digits on the phone field', async () => {
    const client = t.client();
    const rid = await passCaptcha(t, client);
    const res = await client.post('/api/pc/v3/author/send-message-code', {
      phone: '1380000',
      rid,
      type: SMS_CODE_TYPE.login,
    });
    expect(res.body.errors).toMatchObject({
      code: ErrorCode.phoneInvalid,
      field: 'phone',
      title: '请输入正确的手机号码',
    });
  });

  it('tells an unregistered phone to register, a registered one to log in', async () => {
    const client = t.client();
    const login = await requestCode(t, client, newPhone(), SMS_CODE_TYPE.login);
    expect(login.body.errors).toMatchObject({ code: ErrorCode.phoneNotRegistered, field: 'phone' });
    const author = await createAuthor(t);
    const register = await requestCode(t, client, author.phone, SMS_CODE_TYPE.register);
    expect(register.body.errors).toMatchObject({ code: ErrorCode.phoneRegistered, field: 'phone' });
  });

  it('refuses a second send within 60 s, saying when to retry', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    expect((await requestCode(t, client, author.phone, SMS_CODE_TYPE.login)).body.code).toBe(200);
    const again = await requestCode(t, client, author.phone, SMS_CODE_TYPE.login);
    expect(again.status).toBe(429);
    expect(again.body.errors.code).toBe(ErrorCode.rateLimited);
    expect(again.body.errors.retry_after).toBeGreaterThan(50);
    expect(again.body.errors.retry_after).toBeLessThanOrEqual(60);
    expect(again.body.errors.title).toMatch(/请\d+秒后再试/);
    // The refused send did not replace the code that was sent.
    const code = await outboxCode(client, author.phone);
    const login = await client.post('/api/pc/v3/user/code-login', { phone: author.phone, code });
    expect(login.body.code).toBe(200);
  });

  it('allows 5 sends an hour per phone, then says to wait', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(t, client, author.phone, SMS_CODE_TYPE.login)).body.code).toBe(200);
      await skipResendGap(t);
    }
    const sixth = await requestCode(t, client, author.phone, SMS_CODE_TYPE.login);
    expect(sixth.body.errors.code).toBe(ErrorCode.rateLimited);
    expect(sixth.body.errors.title).toMatch(/^验证码发送次数过多，请\d+分钟后再试$/);
    expect(sixth.body.errors.retry_after).toBeGreaterThan(3000);
  });

  it('allows 10 sends a day per phone', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    for (let i = 0; i < 10; i++) {
      expect((await requestCode(t, client, author.phone, SMS_CODE_TYPE.login)).body.code).toBe(200);
      await skipResendGap(t);
      if (i === 4) await ageSends(t, 61 * 60_000);
    }
    const eleventh = await requestCode(t, client, author.phone, SMS_CODE_TYPE.login);
    expect(eleventh.body.errors.code).toBe(ErrorCode.rateLimited);
    expect(eleventh.body.errors.retry_after).toBeGreaterThan(60 * 60);
  });

  it('caps sends per IP address, saying when to retry', async () => {
    const { rateLimiter, db } = t.app.ctx;
    const author = await createAuthor(t);
    const client = t.client();
    const rid = await passCaptcha(t, client);
    // This address already asked for 30 codes this hour (for as many phones).
    for (let i = 0; i < 30; i++) await rateLimiter.hit('sms:ip:127.0.0.1', 30, 60 * 60_000);
    try {
      const refused = await client.post('/api/pc/v3/author/send-message-code', {
        phone: author.phone,
        rid,
        type: SMS_CODE_TYPE.login,
      });
      expect(refused.body.errors.code).toBe(ErrorCode.rateLimited);
      expect(refused.body.errors.title).toMatch(/^当前网络请求验证码过于频繁，请\d+(秒|分钟)后再试$/);
    } finally {
      await db.deleteFrom('rate_limits').where('key', '=', 'sms:ip:127.0.0.1').execute();
    }
  });
});

describe('codes', () => {
  it('stores only a hash of the code', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    const code = await freshCode(t, client, author.phone, SMS_CODE_TYPE.login);
    const rows = await t.app.ctx.db.selectFrom('sms_codes').selectAll().execute();
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(author.phone);
      expect(row.code_hash).not.toBe(code);
      expect(row.code_hash.length).toBeGreaterThan(40);
    }
  });

  it('stops working after 5 wrong tries, even the right code', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    const code = await freshCode(t, client, author.phone, SMS_CODE_TYPE.login);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 1; i <= 5; i++) {
      const res = await client.post('/api/pc/v3/user/code-login', { phone: author.phone, code: wrong });
      expect(res.body.errors.code).toBe(ErrorCode.codeInvalid);
      expect(res.body.errors.field).toBe('code');
      if (i < 5) expect(res.body.errors.title).toBe(`验证码错误，还可尝试${5 - i}次`);
      else expect(res.body.errors.title).toBe('验证码错误次数过多，请重新获取');
    }
    const right = await client.post('/api/pc/v3/user/code-login', { phone: author.phone, code });
    expect(right.body.errors.code).toBe(ErrorCode.codeInvalid);
    expect(client.cookies.has(t.app.ctx.sessions.cookieName)).toBe(false);
  });

  it('is single use, lives 5 minutes, and is bound to its flow', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    const code = await freshCode(t, client, author.phone, SMS_CODE_TYPE.login);
    const otherFlow = await client.post('/api/pc/v3/author/find-password', {
      phone: author.phone,
      code,
      password: 'Moonlit-river-42',
      confirm_password: 'Moonlit-river-42',
    });
    expect(otherFlow.body.errors.code).toBe(ErrorCode.codeInvalid);
    expect((await client.post('/api/pc/v3/user/code-login', { phone: author.phone, code })).body.code).toBe(200);
    const reuse = await t.client().post('/api/pc/v3/user/code-login', { phone: author.phone, code });
    expect(reuse.body.errors).toMatchObject({ code: ErrorCode.codeInvalid, title: '验证码已失效，请重新获取' });

    await skipResendGap(t);
    const late = await freshCode(t, client, author.phone, SMS_CODE_TYPE.login);
    await ageSends(t, 5 * 60_000 + 1);
    const expired = await t.client().post('/api/pc/v3/user/code-login', { phone: author.phone, code: late });
    expect(expired.body.errors.code).toBe(ErrorCode.codeInvalid);
  });

  it('answers in English when the user reads English', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    await freshCode(t, client, author.phone, SMS_CODE_TYPE.login);
    await client.refreshSecret();
    const { sign } = await import('@author-centre/shared');
    const body = JSON.stringify({ phone: author.phone, code: '12', t: Date.now() });
    const res = await client.raw({
      method: 'POST',
      url: '/api/pc/v3/user/code-login',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-lang': 'en-US',
        'b-sign': sign(client.secret!, 'POST', '/api/pc/v3/user/code-login', body, JSON.parse(body).t),
      },
    });
    expect(res.body.errors).toMatchObject({ code: ErrorCode.codeInvalid, title: 'Verification code is wrong' });
  });
});

describe('code login, sessions and logout', () => {
  it('logs in with a code and reads the profile of §3 with a masked phone', async () => {
    const author = await createAuthor(t, { realName: '林小满' });
    const client = t.client();
    const code = await freshCode(t, client, author.phone, SMS_CODE_TYPE.login);
    const res = await client.post('/api/pc/v3/user/code-login', { phone: author.phone, code });
    expect(res.body.data).toEqual({ need_choose: 0, account_id: author.accountId, pen_name: author.penName });
    const profile = await client.get('/api/author/profile');
    expect(profile.body.code).toBe(200);
    const { user, ...rest } = profile.body.data;
    expect(Object.keys(user).sort()).toEqual(
      [
        'phone',
        'is_invite',
        'sign_flag',
        'author_check',
        'version_check',
        'correct_count',
        'message_count',
        'is_learner',
        'level',
        'level_icon',
        'account_id',
        'is_phone_bind',
        'free_bind_flag',
        'textcorrect_status',
        'pen_name',
        'real_name',
        'avatar',
      ].sort(),
    );
    expect(user.phone).toBe(`${author.phone.slice(0, 3)}****${author.phone.slice(7)}`);
    expect(user.real_name).toBe('林**');
    expect(user.account_id).toBe(author.accountId);
    expect(user.is_phone_bind).toBe(1);
    expect(rest).toMatchObject({
      guide_conf: { 7: false, 32: false, 34: false, 37: false },
      badges: { list: expect.any(Array) },
      new_user_graduate: { list: expect.any(Array) },
      ai_assistant_auth: 1,
      ai_assistant_questions: expect.any(Array),
    });
    expect(JSON.stringify(profile.body)).not.toContain(author.phone);
    const status = await client.get('/api/pc/v1/login-status');
    expect(status.body.data).toMatchObject({ logged_in: true, account_id: author.accountId });
  });

  it('answers 88888888 without a valid session', async () => {
    const res = await t.client().get('/api/author/profile');
    expect(res.status).toBe(401);
    expect(res.body.errors.code).toBe(ErrorCode.sessionExpired);
    const data = await t.client().get('/api/author/global-data');
    expect(data.body.errors.code).toBe(ErrorCode.sessionExpired);
  });

  it('rotates the session at login: the earlier token stops working', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    await logIn(t, client, author);
    const before = client.cookies.get(t.app.ctx.sessions.cookieName)!;
    const code = await freshCode(t, client, author.phone, SMS_CODE_TYPE.login);
    await client.post('/api/pc/v3/user/code-login', { phone: author.phone, code });
    const after = client.cookies.get(t.app.ctx.sessions.cookieName)!;
    expect(after).not.toBe(before);
    const stale = t.client();
    stale.cookies.set(t.app.ctx.sessions.cookieName, before);
    expect((await stale.get('/api/author/profile')).body.errors.code).toBe(ErrorCode.sessionExpired);
    expect((await client.get('/api/author/profile')).body.code).toBe(200);
  });

  it('a session of brand A is not a session on brand B', async () => {
    const author = await createAuthor(t, { clientId: 2 });
    const wonder = t.client('wonder.localhost');
    const code = await freshCode(t, wonder, author.phone, SMS_CODE_TYPE.login);
    expect((await wonder.post('/api/pc/v3/user/code-login', { phone: author.phone, code })).body.code).toBe(200);
    expect((await wonder.get('/api/author/profile')).body.code).toBe(200);
    const third = t.client('third.localhost');
    third.cookies.set(t.app.ctx.sessions.cookieName, wonder.cookies.get(t.app.ctx.sessions.cookieName)!);
    const res = await third.get('/api/author/profile');
    expect(res.body.errors.code).toBe(ErrorCode.sessionExpired);
  });

  it('logout ends the session on the server: the old cookie is refused', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    const code = await freshCode(t, client, author.phone, SMS_CODE_TYPE.login);
    await client.post('/api/pc/v3/user/code-login', { phone: author.phone, code });
    const token = client.cookies.get(t.app.ctx.sessions.cookieName)!;
    const sessionsBefore = await countRows('sessions');
    const out = await client.post('/api/author/logout');
    expect(out.body.code).toBe(200);
    expect(client.cookies.has(t.app.ctx.sessions.cookieName)).toBe(false);
    expect(await countRows('sessions')).toBe(sessionsBefore - 1);
    const replay = t.client();
    replay.cookies.set(t.app.ctx.sessions.cookieName, token);
    const res = await replay.get('/api/author/profile');
    expect(res.status).toBe(401);
    expect(res.body.errors.code).toBe(ErrorCode.sessionExpired);
    expect((await client.get('/api/pc/v1/login-status')).body.data.logged_in).toBe(false);
  });
});

describe('several pen names on one phone', () => {
  it('asks which pen name to enter, then enters only a chosen one, once', async () => {
    const author = await createAuthor(t);
    const now = Date.now();
    const second = await t.app.ctx.db
      .insertInto('accounts')
      .values({
        client_id: 2,
        user_id: author.userId,
        pen_name: `${author.penName}·二`,
        phone_enc: t.app.ctx.personalData.seal(author.phone),
        phone_hash: t.app.ctx.personalData.index('phone', author.phone),
        role: 'author',
        avatar: null,
        level: 2,
        sign_flag: 0,
        is_learner: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const client = t.client();
    const code = await freshCode(t, client, author.phone, SMS_CODE_TYPE.login);
    const res = await client.post('/api/pc/v3/user/code-login', { phone: author.phone, code });
    expect(res.body.data.need_choose).toBe(1);
    expect(res.body.data.accounts.map((a: { account_id: number }) => a.account_id)).toEqual([
      author.accountId,
      second.id,
    ]);
    expect(client.cookies.has(t.app.ctx.sessions.cookieName)).toBe(false);

    const stranger = await createAuthor(t);
    const notTheirs = await client.post('/api/author/choose-login-account', {
      ticket: res.body.data.ticket,
      account_id: stranger.accountId,
    });
    expect(notTheirs.body.errors.code).toBe(ErrorCode.invalidInput);

    const chosen = await client.post('/api/author/choose-login-account', {
      ticket: res.body.data.ticket,
      account_id: second.id,
    });
    expect(chosen.body.data).toMatchObject({ need_choose: 0, account_id: second.id });
    expect((await client.get('/api/author/profile')).body.data.user.account_id).toBe(second.id);

    const replay = await t.client().post('/api/author/choose-login-account', {
      ticket: res.body.data.ticket,
      account_id: author.accountId,
    });
    expect(replay.body.errors.code).toBe(ErrorCode.loginTicketInvalid);
  });
});

describe('quick register', () => {
  it('registers one person when two register the same ID at once', async () => {
    const id = idNumber('19930519', '521');
    const phones = [newPhone(), newPhone()];
    const clients = [t.client(), t.client()];
    const codes = [
      await freshCode(t, clients[0], phones[0], SMS_CODE_TYPE.register),
      await freshCode(t, clients[1], phones[1], SMS_CODE_TYPE.register),
    ];
    const replies = await Promise.all(
      clients.map((client, i) =>
        client.post('/api/pc/v3/user/quick-register', {
          phone: phones[i],
          real_name: '王小明',
          id_card: id,
          code: codes[i],
        }),
      ),
    );
    expect(replies.map((r) => r.body.code).sort()).toEqual([200, ErrorCode.idCardTaken].sort());
    const holders = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('id_card_hash', '=', t.app.ctx.personalData.index('id_card', id))
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('creates the person and a pen name, signs in, and keeps phone and ID sealed', async () => {
    const phone = newPhone();
    const id = idNumber('19920412', '417');
    const client = t.client();
    const code = await freshCode(t, client, phone, SMS_CODE_TYPE.register);
    const res = await client.post('/api/pc/v3/user/quick-register', {
      phone,
      real_name: '王小明',
      id_card: id,
      code,
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.need_choose).toBe(0);
    const profile = (await client.get('/api/author/profile')).body.data.user;
    expect(profile.pen_name).toMatch(/^作者\d{8}$/);
    expect(profile.real_name).toBe('王**');
    const row = await t.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id_card_hash', '=', t.app.ctx.personalData.index('id_card', id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(phone);
    expect(JSON.stringify(row)).not.toContain(id);
    expect(t.app.ctx.personalData.open(row.id_card_enc!)).toBe(id);

    // The same ID number cannot register a second person.
    const other = newPhone();
    const code2 = await freshCode(t, t.client(), other, SMS_CODE_TYPE.register);
    const dup = await t.client().post('/api/pc/v3/user/quick-register', {
      phone: other,
      real_name: '王小明',
      id_card: id,
      code: code2,
    });
    expect(dup.body.errors).toMatchObject({ code: ErrorCode.idCardTaken, field: 'id_card' });
  });

  it('refuses a bad ID number (check digit) or name and changes nothing', async () => {
    const users = await countRows('users');
    const phone = newPhone();
    const client = t.client();
    const code = await freshCode(t, client, phone, SMS_CODE_TYPE.register);
    const good = idNumber('19880101', '222');
    const badCheck = good.slice(0, 17) + (good[17] === '1' ? '2' : '1');
    const res = await client.post('/api/pc/v3/user/quick-register', {
      phone,
      real_name: '李雷',
      id_card: badCheck,
      code,
    });
    expect(res.body.errors).toMatchObject({
      code: ErrorCode.invalidInput,
      field: 'id_card',
      title: '请输入正确的身份证号码',
    });
    const badName = await client.post('/api/pc/v3/user/quick-register', {
      phone,
      real_name: 'Li Lei',
      id_card: good,
      code,
    });
    expect(badName.body.errors).toMatchObject({ field: 'real_name', title: '请输入正确的真实姓名' });
    const missing = await client.post('/api/pc/v3/user/quick-register', { phone, code });
    expect(missing.body.errors.field).toBe('real_name');
    expect(await countRows('users')).toBe(users);
    // The code was not spent by refused requests.
    const ok = await client.post('/api/pc/v3/user/quick-register', { phone, real_name: '李雷', id_card: good, code });
    expect(ok.body.code).toBe(200);
  });
});

describe('passwords', () => {
  it('resets with a code, refuses weak or mismatched passwords, and logs in by pen name or phone', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    const stale = t.client();
    await logIn(t, stale, author);
    const code = await freshCode(t, client, author.phone, SMS_CODE_TYPE.resetPassword);
    const reset = (password: string, confirm = password) =>
      client.post('/api/pc/v3/author/find-password', {
        phone: author.phone,
        code,
        password,
        confirm_password: confirm,
      });
    expect((await reset('short1')).body.errors).toMatchObject({
      code: ErrorCode.passwordRejected,
      title: '密码至少8位',
    });
    expect((await reset('password123')).body.errors.title).toBe('密码过于常见，容易被猜到，请换一个');
    expect((await reset('Woaini1314')).body.errors.code).toBe(ErrorCode.passwordRejected);
    expect((await reset(`x${author.phone}`)).body.errors.title).toBe('密码不能包含手机号或身份证号');
    expect((await reset('Moonlit-river-42', 'Moonlit-river-43')).body.errors).toMatchObject({
      field: 'confirm_password',
      title: '两次输入的密码不一致',
    });
    expect((await reset('Moonlit-river-42')).body.code).toBe(200);
    // Whoever held a session lost it with the reset.
    expect((await stale.get('/api/author/profile')).body.errors.code).toBe(ErrorCode.sessionExpired);

    const user = await t.app.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', author.userId)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const byName = await t
      .client()
      .post('/api/pc/v3/user/login', { name: author.penName, password: 'Moonlit-river-42' });
    expect(byName.body.data).toMatchObject({ need_choose: 0, account_id: author.accountId });
    const byPhone = await t
      .client()
      .post('/api/pc/v3/user/login', { phone: author.phone, password: 'Moonlit-river-42' });
    expect(byPhone.body.data.account_id).toBe(author.accountId);
    const wrong = await t
      .client()
      .post('/api/pc/v3/user/login', { name: author.penName, password: 'Moonlit-river-41' });
    expect(wrong.body.errors).toMatchObject({ code: ErrorCode.credentialsWrong, field: 'password' });
    const nobody = await t.client().post('/api/pc/v3/user/login', { name: '没有这个人', password: 'Moonlit-river-41' });
    expect(nobody.body.errors.title).toBe(wrong.body.errors.title);
  });

  it('locks password guessing on one name after 10 failures, saying when to retry', async () => {
    const author = await createAuthor(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.client().post('/api/pc/v3/user/login', { name: author.penName, password: `guess-${i}-xyz` });
      expect(res.body.errors.code).toBe(ErrorCode.credentialsWrong);
    }
    const locked = await t.client().post('/api/pc/v3/user/login', { name: author.penName, password: 'anything-else' });
    expect(locked.body.errors.code).toBe(ErrorCode.rateLimited);
    expect(locked.body.errors.title).toMatch(/^密码错误次数过多，请/);
  });

  it('requires the fields of §5', async () => {
    const res = await t.client().post('/api/pc/v3/user/login', { password: 'whatever-it-is' });
    expect(res.body.errors).toMatchObject({ field: 'name', title: '请输入笔名或手机号' });
    const noPassword = await t.client().post('/api/pc/v3/user/login', { name: '某人' });
    expect(noPassword.body.errors).toMatchObject({ field: 'password', title: '请输入密码' });
  });
});

describe('guides and global data', () => {
  it('remembers guides seen, one or several at a time', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    await logIn(t, client, author);
    expect((await client.post('/api/author/save-guide-config', { type: 37 })).body.data.guide_conf[37]).toBe(true);
    const both = await client.post('/api/author/save-guide-config', { types: [7, 32] });
    expect(both.body.data.guide_conf).toEqual({ 7: true, 32: true, 34: false, 37: true });
    expect((await client.post('/api/author/save-guide-config', { types: [] })).body.errors.code).toBe(
      ErrorCode.invalidInput,
    );
    expect((await client.get('/api/author/profile')).body.data.guide_conf[32]).toBe(true);
  });

  it('serves global data in the shape of §3', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    await logIn(t, client, author);
    const res = await client.get('/api/author/global-data');
    expect(res.body.data).toMatchObject({
      pc_version: expect.any(String),
      author_qq: { female: expect.any(String), male: expect.any(String) },
      book_list: expect.any(Object),
      long_period_status: expect.any(Number),
      income_book_list: expect.any(Array),
      disclaimer_type: expect.any(Number),
      disclaimer_tips: expect.any(String),
    });
  });
});

describe('change password', () => {
  it('needs the current password, refuses weak ones, and ends the other sessions', async () => {
    const author = await createAuthor(t);
    const client = t.client();
    await logIn(t, client, author);
    const other = t.client();
    await logIn(t, other, author);
    const unset = await client.post('/api/pc/v3/author/change-pwd', {
      password: 'x',
      new_password: 'Lantern-harbor-17',
      confirm_password: 'Lantern-harbor-17',
    });
    expect(unset.body.errors.code).toBe(ErrorCode.passwordRejected);

    const code = await freshCode(t, t.client(), author.phone, SMS_CODE_TYPE.resetPassword);
    await t.client().post('/api/pc/v3/author/find-password', {
      phone: author.phone,
      code,
      password: 'Moonlit-river-42',
      confirm_password: 'Moonlit-river-42',
    });
    await logIn(t, client, author);
    await logIn(t, other, author);
    const wrongOld = await client.post('/api/pc/v3/author/change-pwd', {
      password: 'Moonlit-river-41',
      new_password: 'Lantern-harbor-17',
      confirm_password: 'Lantern-harbor-17',
    });
    expect(wrongOld.body.errors).toMatchObject({ code: ErrorCode.credentialsWrong, title: '当前密码不正确' });
    const weak = await client.post('/api/pc/v3/author/change-pwd', {
      password: 'Moonlit-river-42',
      new_password: '12345678',
      confirm_password: '12345678',
    });
    expect(weak.body.errors.code).toBe(ErrorCode.passwordRejected);
    const changed = await client.post('/api/pc/v3/author/change-pwd', {
      password: 'Moonlit-river-42',
      new_password: 'Lantern-harbor-17',
      confirm_password: 'Lantern-harbor-17',
    });
    expect(changed.body.code).toBe(200);
    expect((await client.get('/api/author/profile')).body.code).toBe(200);
    expect((await other.get('/api/author/profile')).body.errors.code).toBe(ErrorCode.sessionExpired);
    const login = await t
      .client()
      .post('/api/pc/v3/user/login', { name: author.penName, password: 'Lantern-harbor-17' });
    expect(login.body.data.account_id).toBe(author.accountId);
  });
});
