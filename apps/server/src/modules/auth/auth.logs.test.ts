import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { SMS_CODE_TYPE } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedClient } from '../../../../../bench/harness.ts';
import { productionCertificate } from '../../test/fixtures.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { humanTrace, idNumber, newPhone } from './auth.test-helpers.ts';
import './auth.tables.ts';

/**
 * The real server process, its stdout and stderr captured whole: after every sign-in path has run,
 * no phone number, ID number, real name or code may appear in what it logged.
 */
const MAIN = resolve(import.meta.dirname, '../../main.ts');

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

interface Running {
  url: string;
  logs: () => string;
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  stop(): Promise<void>;
}

async function startServer(nodeEnv: 'development' | 'production'): Promise<Running> {
  const db = await createTestDatabase();
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      LOG_LEVEL: 'debug',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: db.dataDir,
      WEB_DIST: join(db.dataDir, 'no-web'),
      SEED_DEMO: 'false',
      DATA_KEY: randomBytes(32).toString('hex'),
      // The contract-signing certificate, a shared secret production requires on PostgreSQL.
      ...(nodeEnv === 'production' ? productionCertificate() : {}),
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (b) => {
    output += b;
  });
  child.stderr!.on('data', (b) => {
    output += b;
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > until) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    db,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await db.handle.close();
      await db.drop();
    },
  };
}

async function rid(server: Running, client: SignedClient): Promise<string> {
  const puzzle = (await client.get('/api/pc/v1/captcha/puzzle')).data;
  const { target_x } = await (server.db.handle.db as any)
    .selectFrom('captcha_challenges')
    .select('target_x')
    .where('id', '=', puzzle.id)
    .executeTakeFirstOrThrow();
  return (await client.post('/api/pc/v1/captcha/verify', { id: puzzle.id, x: target_x, trace: humanTrace(target_x) }))
    .data.rid;
}

describe('no personal data or code in the logs', () => {
  let dev: Running;
  beforeAll(async () => {
    dev = await startServer('development');
  });
  afterAll(async () => dev?.stop());

  it('register, log out, code login with a wrong then right code, reset a password: nothing leaks (development)', async () => {
    const phone = newPhone();
    const id = idNumber('19850615', '531');
    const client = await new SignedClient(dev.url).init();
    const sent = await client.post('/api/pc/v3/author/send-message-code', {
      phone,
      rid: await rid(dev, client),
      type: SMS_CODE_TYPE.register,
    });
    expect(sent.code).toBe(200);
    const outbox = (await (await fetch(`${dev.url}/api/dev/sms-outbox?phone=${phone}`)).json()) as any;
    const code = outbox.data.messages[0].code as string;
    const registered = await client.post('/api/pc/v3/user/quick-register', {
      phone,
      real_name: '欧阳春晓',
      id_card: id,
      code,
    });
    expect(registered.code).toBe(200);
    expect((await client.get('/api/author/profile')).code).toBe(200);
    expect((await client.post('/api/author/logout', {})).code).toBe(200);

    await (dev.db.handle.db as any).updateTable('sms_send_state').set({ last_sent_at: 0 }).execute();
    await client.post('/api/pc/v3/author/send-message-code', {
      phone,
      rid: await rid(dev, client),
      type: SMS_CODE_TYPE.login,
    });
    const loginCode = ((await (await fetch(`${dev.url}/api/dev/sms-outbox?phone=${phone}`)).json()) as any).data
      .messages[0].code as string;
    const wrong = loginCode === '9999' ? '1234' : '9999';
    expect((await client.post('/api/pc/v3/user/code-login', { phone, code: wrong })).errors.code).toBe(40002006);
    expect((await client.post('/api/pc/v3/user/code-login', { phone, code: loginCode })).code).toBe(200);
    const weak = await client.post('/api/pc/v3/author/find-password', {
      phone,
      code: '0000',
      password: 'password123',
      confirm_password: 'password123',
    });
    expect(weak.errors).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));

    const logs = dev.logs();
    // The logs are there (the send was logged, masked), so their silence about the rest means something.
    expect(logs).toContain('sms code sent');
    expect(logs).toContain(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect(logs).toContain('/api/pc/v3/user/quick-register');
    for (const secret of [phone, id, '欧阳春晓', `"code":"${wrong}"`, 'password123']) {
      const at = logs.indexOf(secret);
      expect(at, `log contains ${secret}: …${logs.slice(Math.max(0, at - 200), at + 50)}…`).toBe(-1);
    }
    // A code would be logged as a JSON string value.
    for (const c of [code, loginCode]) {
      const at = logs.indexOf(`"${c}"`);
      expect(at, `code ${c} logged: …${logs.slice(Math.max(0, at - 200), at + 50)}…`).toBe(-1);
    }
  });
});

describe('production', () => {
  let prod: Running;
  beforeAll(async () => {
    prod = await startServer('production');
  });
  afterAll(async () => prod?.stop());

  it('has no development outbox, and logs a send without the phone or code', async () => {
    expect((await fetch(`${prod.url}/api/dev/sms-outbox?phone=13800000000`)).status).toBe(404);
    const phone = newPhone();
    const client = await new SignedClient(prod.url).init();
    const res = await client.post('/api/pc/v3/author/send-message-code', {
      phone,
      rid: await rid(prod, client),
      type: SMS_CODE_TYPE.register,
    });
    expect(res.code).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const logs = prod.logs();
    expect(logs).toContain('sms code sent');
    expect(logs).not.toContain(phone);
    expect(logs).toContain('SMS_PROVIDER is console in production');
  });
});
