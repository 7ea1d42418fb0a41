import { createServer, type IncomingMessage, type Server } from 'node:http';
import { ErrorCode, SMS_CODE_TYPE } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { requestCode } from './auth.test-helpers.ts';

/** The HTTP SMS adapter against a stub gateway started here. */
interface Received {
  headers: IncomingMessage['headers'];
  body: any;
}

let gateway: Server;
let received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { ok: true } };
let t: TestApp;

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((ok) => gateway.listen(0, '127.0.0.1', ok));
  const { port } = gateway.address() as { port: number };
  t = await createTestApp({
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: `http://127.0.0.1:${port}/v1/sms/send`,
    SMS_HTTP_TOKEN: 'gateway-token-123',
    SMS_HTTP_SIGN_NAME: '奇妙小说',
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((ok) => gateway.close(ok));
});

describe('HTTP SMS provider', () => {
  it('posts the code to the gateway with its token, and the code then logs in', async () => {
    received = [];
    answer = { status: 200, body: { ok: true } };
    const author = await createAuthor(t);
    const client = t.client();
    const res = await requestCode(t, client, author.phone, SMS_CODE_TYPE.login);
    expect(res.body.code).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0].headers.authorization).toBe('Bearer gateway-token-123');
    expect(received[0].body).toMatchObject({
      phone: author.phone,
      template: 'verify-code-1',
      params: { code: expect.stringMatching(/^\d{4}$/), minutes: 5 },
      sign_name: '奇妙小说',
    });
    expect(received[0].body.text).toContain(received[0].body.params.code);
    const login = await client.post('/api/pc/v3/user/code-login', {
      phone: author.phone,
      code: received[0].body.params.code,
    });
    expect(login.body.data.account_id).toBe(author.accountId);
  });

  it('has no development outbox with a real provider', async () => {
    const res = await t.client().raw({ method: 'GET', url: '/api/dev/sms-outbox?phone=13800000000' });
    expect(res.status).toBe(404);
  });

  it('a refused send says so, keeps no code, and does not hold the 60 s slot', async () => {
    received = [];
    answer = { status: 500, body: { ok: false, message: 'quota exceeded' } };
    const author = await createAuthor(t);
    const client = t.client();
    const res = await requestCode(t, client, author.phone, SMS_CODE_TYPE.login);
    expect(res.status).toBe(502);
    expect(res.body.errors.title).toBe('短信发送失败，请稍后再试');
    const codes = await t.app.ctx.db
      .selectFrom('sms_codes')
      .select('id')
      .where('phone_hash', '=', t.app.ctx.personalData.index('phone', author.phone))
      .execute();
    expect(codes).toHaveLength(0);

    answer = { status: 200, body: { code: 0 } };
    const retry = await requestCode(t, client, author.phone, SMS_CODE_TYPE.login);
    expect(retry.body.code).toBe(200);
    const tooSoon = await requestCode(t, client, author.phone, SMS_CODE_TYPE.login);
    expect(tooSoon.body.errors.code).toBe(ErrorCode.rateLimited);
  });
});
