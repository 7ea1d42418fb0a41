import { decryptRules, ErrorCode, REQ_INFO_PATH, SIGN_HEADER, sign } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { okWithRules } from './http/envelope.ts';
import { AppError } from './http/errors.ts';
import { parseInput } from './http/input.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.post('/api/probe/echo', async (request) => {
      const input = parseInput(z.object({ title: z.string().min(2), count: z.number().int() }), request.body, request);
      return { code: 200, data: input };
    });
    app.get('/api/probe/boom', async () => {
      throw new Error('secret internals: password=hunter2');
    });
    app.get('/api/probe/refused', async () => {
      throw new AppError(40005005, { 'zh-CN': '不可以', 'en-US': 'Not allowed' }, { httpStatus: 409 });
    });
    app.get('/api/probe/bank', async (request) =>
      okWithRules(request, { bank_num: '6222020200112233445', name: '张三' }, ['bank_num']),
    );
  });
});
afterAll(async () => t.close());

describe('envelope and error catalogue', () => {
  it('answers success in the envelope', async () => {
    const res = await t.client().post('/api/probe/echo', { title: '第一章', count: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, data: { title: '第一章', count: 3 } });
  });

  it('names the bad field in the user language and changes nothing', async () => {
    const zh = await t.client().post('/api/probe/echo', { title: 'x', count: 3 });
    expect(zh.status).toBe(400);
    expect(zh.body.code).toBe(ErrorCode.invalidInput);
    expect(zh.body.errors.field).toBe('title');
    expect(zh.body.errors.title).toMatch(/^title: /);
    expect(zh.body.errors.title).toMatch(/[\u4e00-\u9fa5]/);

    const client = t.client();
    await client.refreshSecret();
    const raw = JSON.stringify({ title: 'ab', count: 'many', t: Date.now() });
    const en = await client.raw({
      method: 'POST',
      url: '/api/probe/echo',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-lang': 'en-US',
        [SIGN_HEADER]: sign(client.secret!, 'POST', '/api/probe/echo', raw, JSON.parse(raw).t),
      },
    });
    expect(en.body.errors.field).toBe('count');
    expect(en.body.errors.title).toMatch(/^count: .*number/i);
  });

  it('hides internals of unknown errors behind a 500 envelope', async () => {
    const res = await t.client().get('/api/probe/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: ErrorCode.internal, errors: { code: ErrorCode.internal, title: '服务器错误' } });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
  });

  it('carries business codes with their HTTP status', async () => {
    const res = await t.client().get('/api/probe/refused');
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ code: 40005005, title: '不可以' });
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await t.client().get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body.errors.title).toBe('接口未找到');
  });

  it('rejects a body that is not JSON with a clear message', async () => {
    const client = t.client();
    await client.refreshSecret();
    const res = await client.raw({
      method: 'POST',
      url: '/api/probe/echo',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.title).toBe('请求内容不是有效的JSON');
  });
});

describe('brand resolution by host', () => {
  it.each([
    ['localhost', 2, '奇妙小说作者中心'],
    ['wonder.localhost', 2, '奇妙小说作者中心'],
    ['third.localhost', 3, '三号书城作者中心'],
    ['brain-hole.localhost', 4, '脑洞故事作者中心'],
    ['author.brain-hole.example.com', 4, '脑洞故事作者中心'],
    ['unknown.example.org', 1, '主站作者中心'],
  ])('%s is client %i', async (host, clientId, titleName) => {
    const res = await t.client(host).get('/api/pc/v1/global/config');
    expect(res.status).toBe(200);
    expect(res.body.data.clientId).toBe(clientId);
    expect(res.body.data.titleName).toBe(titleName);
    expect(res.body.data.editorTitle).toBe('责任编辑');
  });

  it('serves each brand its own settings of §1', async () => {
    const third = (await t.client('third.localhost').get('/api/pc/v1/global/config')).body.data;
    expect(third.applySignCondition).toBe('1万');
    expect(third.onlineSignSuccessText).toBe('您发起的线上电子签约已提交成功，预计在5~7个工作日内完成公司审核和盖章！');
    const brainHole = (await t.client('brain-hole.localhost').get('/api/pc/v1/global/config')).body.data;
    expect(brainHole.applySignCondition).toBe('4千');
    expect(brainHole.theme).toBe('red');
  });
});

describe('request signing', () => {
  it('accepts a good signature on GET and POST', async () => {
    const client = t.client();
    expect((await client.get('/api/pc/v1/global/config')).status).toBe(200);
    expect((await client.post('/api/probe/echo', { title: '好的', count: 1 })).status).toBe(200);
  });

  it('refuses a missing or bad signature with 40001013', async () => {
    const client = t.client();
    await client.refreshSecret();
    const unsigned = await client.raw({ method: 'GET', url: '/api/pc/v1/global/config' });
    expect(unsigned.body.code).toBe(ErrorCode.signatureInvalid);
    const t0 = Date.now();
    const wrong = await client.raw({
      method: 'GET',
      url: `/api/pc/v1/global/config?t=${t0}&sign=${sign('not-the-secret', 'GET', '/api/pc/v1/global/config', `t=${t0}`, t0)}`,
    });
    expect(wrong.body.code).toBe(ErrorCode.signatureInvalid);
    const raw = JSON.stringify({ title: '好的', count: 1, t: t0 });
    const tampered = await client.raw({
      method: 'POST',
      url: '/api/probe/echo',
      payload: raw.replace('1', '2'),
      headers: {
        'content-type': 'application/json',
        [SIGN_HEADER]: sign(client.secret!, 'POST', '/api/probe/echo', raw, t0),
      },
    });
    expect(tampered.body.code).toBe(ErrorCode.signatureInvalid);
  });

  it('refuses a stale timestamp', async () => {
    const client = t.client();
    client.clockSkewMs = -6 * 60 * 1000;
    const res = await client.get('/api/pc/v1/global/config');
    expect(res.body.code).toBe(ErrorCode.signatureInvalid);
    expect(res.body.errors.title).toBe('请求已过期，请重试');
  });

  it('refuses a secret from another brand', async () => {
    const client = t.client('wonder.localhost');
    await client.refreshSecret();
    const cookies = client.cookieHeader();
    const t0 = Date.now();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pc/v1/global/config?t=${t0}&sign=${sign(client.secret!, 'GET', '/api/pc/v1/global/config', `t=${t0}`, t0)}`,
      headers: { host: 'third.localhost', cookie: cookies },
    });
    expect(res.json().code).toBe(ErrorCode.signatureInvalid);
  });

  it('works again after the client refreshes its secret', async () => {
    const client = t.client();
    await client.refreshSecret();
    client.secret = 'expired-secret-the-client-still-holds';
    expect((await client.get('/api/pc/v1/global/config')).body.code).toBe(ErrorCode.signatureInvalid);
    await client.refreshSecret();
    expect((await client.get('/api/pc/v1/global/config')).body.code).toBe(200);
  });

  it('keeps the secret cookie HttpOnly', async () => {
    const res = await t.app.inject({ method: 'GET', url: REQ_INFO_PATH, headers: { host: 'localhost' } });
    expect(String(res.headers['set-cookie'])).toMatch(/ac_rk=[^;]+;.*HttpOnly/i);
  });

  it('encrypts the fields named in rules with the request secret', async () => {
    const client = t.client();
    const res = await client.get('/api/probe/bank');
    expect(res.body.rules).toEqual(['bank_num']);
    expect(res.body.data.bank_num).not.toContain('6222');
    expect(res.body.data.name).toBe('张三');
    await decryptRules(client.secret!, res.body.data, res.body.rules);
    expect(res.body.data.bank_num).toBe('6222020200112233445');
  });
});

describe('rate limiter shared through the database', () => {
  it('counts per window and says when to retry', async () => {
    const limiter = t.app.ctx.rateLimiter;
    const now = 1_800_000_000_000;
    for (let i = 0; i < 3; i++) expect((await limiter.hit('probe:a', 3, 60_000, now)).allowed).toBe(true);
    const refused = await limiter.hit('probe:a', 3, 60_000, now + 1000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect((await limiter.hit('probe:a', 3, 60_000, now + 60_000)).allowed).toBe(true);
    expect((await limiter.hit('probe:b', 3, 60_000, now)).allowed).toBe(true);
  });
});

describe('login status', () => {
  it('is logged out without a session', async () => {
    const res = await t.client().get('/api/pc/v1/login-status');
    expect(res.body.data).toEqual({ logged_in: false, account_id: null, token: null });
  });
});

describe('sessions', () => {
  it('knows a logged-in author only on the brand of the session', async () => {
    const { createAuthor, logIn } = await import('../test/fixtures.ts');
    const author = await createAuthor(t, { clientId: 2 });
    const wonder = t.client('wonder.localhost');
    await logIn(t, wonder, author);
    const status = await wonder.get('/api/pc/v1/login-status');
    expect(status.body.data.logged_in).toBe(true);
    expect(status.body.data.account_id).toBe(author.accountId);

    const other = t.client('brain-hole.localhost');
    other.cookies.set(t.app.ctx.sessions.cookieName, wonder.cookies.get(t.app.ctx.sessions.cookieName)!);
    expect((await other.get('/api/pc/v1/login-status')).body.data.logged_in).toBe(false);
  });
});
