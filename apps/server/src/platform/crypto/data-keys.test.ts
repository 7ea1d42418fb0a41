import { spawn } from 'node:child_process';
import { createCipheriv, createSecretKey, hkdfSync, randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { ErrorCode, SMS_CODE_TYPE } from '@author-centre/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { freshCode, idNumber, newPhone } from '../../modules/auth/auth.test-helpers.ts';
import { checkConfig } from '../../ops/check-config.ts';
import { createAuthor, logIn, type TestAuthor } from '../../test/fixtures.ts';
import { createTestDatabase, TEST_ENGINE, type TestApp, TestClient } from '../../test/test-app.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DataKeys } from './data-keys.ts';
import { keyId, PersonalData } from './personal-data.ts';
import { rotateDataKey } from './rotate.ts';
import { SEALED_COLUMNS } from './sealed-columns.ts';

const hex = () => randomBytes(32).toString('hex');
const idOf = (k: string) => keyId(Buffer.from(k, 'hex'));

/** One database shared by every instance a test starts (two PostgreSQL pools, or two SQLite connections to one file). */
let shared: Awaited<ReturnType<typeof createTestDatabase>>;
const running: Array<{ app: FastifyInstance; handle: DatabaseHandle }> = [];

beforeEach(async () => {
  shared = await createTestDatabase();
});
afterEach(async () => {
  for (const i of running.splice(0)) {
    await i.app.close();
    await i.handle.close();
  }
  await shared.handle.close();
  await shared.drop();
});

function envOf(keys: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: shared.dataDir,
    WEB_DIST: join(shared.dataDir, 'no-web'),
    RUN_JOBS: 'false',
    SEED_DEMO: 'false',
    ...(shared.url ? { DATABASE_URL: shared.url } : {}),
    ...keys,
  };
}

/** Starts an instance on the shared database, as another process with this environment would. */
async function instance(keys: Record<string, string>): Promise<FastifyInstance> {
  const handle = openDatabase({ databaseUrl: shared.url, dataDir: shared.dataDir, poolSize: 4 });
  try {
    const app = await buildApp(loadConfig(envOf(keys)), { database: handle });
    await app.ready();
    running.push({ app, handle });
    return app;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function stop(app: FastifyInstance): Promise<void> {
  const i = running.findIndex((r) => r.app === app);
  const [{ handle }] = running.splice(i, 1);
  await app.close();
  await handle.close();
}

const asTest = (app: FastifyInstance) => ({ app }) as TestApp;

/** Every sealed value in the database, with where it is. */
async function sealedValues(app: FastifyInstance): Promise<Array<{ where: string; value: string }>> {
  const out: Array<{ where: string; value: string }> = [];
  for (const c of SEALED_COLUMNS) {
    // A table keyed otherwise than by `id` names its key (SealedColumn.key).
    const key = c.key ?? 'id';
    const rows = await (app.ctx.db as any)
      .selectFrom(c.table)
      .select([`${key} as id`, c.column])
      .execute();
    for (const row of rows) {
      const value = row[c.column] as string | null;
      if (!value) continue;
      if (!c.json) out.push({ where: `${c.table}.${c.column}#${row.id}`, value });
      else
        for (const m of value.matchAll(/"[a-z_]+_enc":"([^"]+)"/g))
          out.push({ where: `${c.table}#${row.id}`, value: m[1] });
    }
  }
  return out;
}

async function profileOf(app: FastifyInstance, author: TestAuthor) {
  const client = new TestClient(app, 'localhost');
  await logIn(asTest(app), client, author);
  return client.get('/api/author/profile');
}

/** A quick registration through the HTTP API: seals phone, real name and ID number on that instance. */
async function register(app: FastifyInstance): Promise<string> {
  const phone = newPhone();
  const client = new TestClient(app, 'localhost');
  const code = await freshCode(asTest(app), client, phone, SMS_CODE_TYPE.register);
  const res = await client.post('/api/pc/v3/user/quick-register', {
    phone,
    real_name: '李四',
    id_card: idNumber('19950101'),
    code,
  });
  if (res.body.code !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
  return phone;
}

/** The first sealed format (before values named their key), as databases made earlier hold it. */
function sealV1(key: string, plain: string): string {
  const k = createSecretKey(
    Buffer.from(hkdfSync('sha256', Buffer.from(key, 'hex'), Buffer.alloc(0), 'author-centre/seal', 32)),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

describe(`the data key checked at start (${TEST_ENGINE}, two instances on one database)`, () => {
  it('refuses to start an instance whose DATA_KEY is not the database key, naming the variable and the key it needs', async () => {
    const k1 = hex();
    const k2 = hex();
    const a = await instance({ DATA_KEY: k1 });
    await createAuthor(asTest(a));
    const refused = instance({ DATA_KEY: k2 });
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(instance({ DATA_KEY: k2 })).rejects.toThrow(
      `DATA_KEY: this instance's key (id ${idOf(k2)}) is not this database's key (id ${idOf(k1)})`,
    );
    // The message names ids only, never a key.
    await expect(instance({ DATA_KEY: k2 })).rejects.not.toThrow(k1);
    // The first instance reports itself healthy; its record holds no key.
    const health = await a.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok', data_key: 'ok', shared_secrets: 'ok' });
    const record = JSON.stringify(await a.ctx.db.selectFrom('data_keys').selectAll().execute());
    expect(record).toContain(idOf(k1));
    expect(record).not.toContain(k1);
    expect(record).not.toContain(Buffer.from(k1, 'hex').toString('base64'));
  });

  it('a server process with another key exits at start, naming DATA_KEY on stderr and never printing a key', async () => {
    const k1 = hex();
    await instance({ DATA_KEY: k1 });
    const k2 = hex();
    const child = spawn(process.execPath, [resolve(import.meta.dirname, '../../main.ts')], {
      env: { ...process.env, ...envOf({ DATA_KEY: k2, DATA_KEYS_PREVIOUS: hex() }), PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise((done) => child.on('exit', done));
    expect(code).toBe(1);
    expect(output).toContain(
      `DATA_KEY: this instance's key (id ${idOf(k2)}) is not this database's key (id ${idOf(k1)})`,
    );
    expect(output).not.toContain(k1);
    expect(output).not.toContain(k2);
  });

  it('checks a database made before key records by opening its data: the right key is recorded, a wrong one refused', async () => {
    const k1 = hex();
    const a = await instance({ DATA_KEY: k1 });
    const author = await createAuthor(asTest(a));
    // As an earlier version left it: values of the first format and no key record.
    await a.ctx.db
      .updateTable('users')
      .set({ phone_enc: sealV1(k1, author.phone), real_name_enc: sealV1(k1, '张三') })
      .where('id', '=', author.userId)
      .execute();
    await a.ctx.db.deleteFrom('data_key_state').execute();
    await a.ctx.db.deleteFrom('data_keys').execute();
    await expect(instance({ DATA_KEY: hex() })).rejects.toThrow(/DATA_KEY: does not open the personal data already in/);
    const b = await instance({ DATA_KEY: k1 });
    expect((await profileOf(b, author)).body.data.user.real_name).toBe('张*');
    expect(b.ctx.dataKeys.status).toMatchObject({ state: 'ok', sealKeyId: idOf(k1) });
  });

  // PostgreSQL only: several instances share one database there. (Two SQLite connections in one process block each
  // other synchronously: better-sqlite3 waits for the lock on the event loop the other connection needs.)
  it.skipIf(TEST_ENGINE === 'sqlite')(
    'two instances with different keys starting together on an empty database: exactly one key wins',
    async () => {
      await migrateToLatest(shared.handle.db);
      const second = openDatabase({ databaseUrl: shared.url, dataDir: shared.dataDir, poolSize: 4 });
      try {
        for (let round = 0; round < 6; round++) {
          await shared.handle.db.deleteFrom('data_key_state').execute();
          await shared.handle.db.deleteFrom('data_keys').execute();
          const [k1, k2] = [hex(), hex()];
          const starts = await Promise.allSettled([
            DataKeys.start(shared.handle.db, loadConfig(envOf({ DATA_KEY: k1 }))),
            DataKeys.start(second.db, loadConfig(envOf({ DATA_KEY: k2 }))),
          ]);
          const won = starts.filter((s) => s.status === 'fulfilled');
          const lost = starts.filter((s) => s.status === 'rejected');
          expect(won, `round ${round}`).toHaveLength(1);
          expect(lost, `round ${round}`).toHaveLength(1);
          const winner = won[0].value;
          const [winKey, loseKey] = starts[0].status === 'fulfilled' ? [k1, k2] : [k2, k1];
          // The winner is healthy: the record names its key only.
          expect(winner.status).toEqual({ state: 'ok', problems: [], sealKeyId: idOf(winKey) });
          expect(await winner.refresh()).toMatchObject({ state: 'ok', problems: [] });
          const recorded = await shared.handle.db.selectFrom('data_keys').select('key_id').execute();
          expect(recorded).toEqual([{ key_id: idOf(winKey) }]);
          // The loser refuses, naming the variable and the key it needs.
          const reason = (lost[0] as PromiseRejectedResult).reason;
          expect(reason).toBeInstanceOf(ConfigError);
          expect(String(reason.message)).toContain(
            `DATA_KEY: this instance's key (id ${idOf(loseKey)}) is not this database's key (id ${idOf(winKey)})`,
          );
        }
      } finally {
        await second.close();
      }
    },
  );

  it.skipIf(TEST_ENGINE === 'sqlite')(
    'two server instances with different keys started together on a new database: one serves, one refuses',
    async () => {
      const [k1, k2] = [hex(), hex()];
      const starts = await Promise.allSettled([instance({ DATA_KEY: k1 }), instance({ DATA_KEY: k2 })]);
      const won = starts.filter((s) => s.status === 'fulfilled');
      expect(won).toHaveLength(1);
      const lost = starts.find((s) => s.status === 'rejected') as PromiseRejectedResult;
      expect(String(lost.reason.message)).toMatch(/^Data key check failed:\nDATA_KEY: this instance's key/);
      const health = await won[0].value.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', data_key: 'ok', shared_secrets: 'ok' });
    },
  );

  it('outside development on PostgreSQL a missing DATA_KEY stops the process with its name', () => {
    for (const NODE_ENV of ['production', 'test']) {
      expect(() => loadConfig({ NODE_ENV, DATA_DIR: shared.dataDir, DATABASE_URL: 'postgres://db/x' })).toThrow(
        /DATA_KEY: required with DATABASE_URL outside development/,
      );
    }
  });
});

describe(`key rotation without downtime (${TEST_ENGINE})`, () => {
  it('re-seals every field while the other instance serves reads and sign-ups, none failing; then rolls back', async () => {
    const k1 = hex();
    const k2 = hex();
    const first = await instance({ DATA_KEY: k1 });
    const authors: TestAuthor[] = [];
    for (let i = 0; i < 24; i++) authors.push(await createAuthor(asTest(first), { realName: `作者${i}` }));
    const earlyPhone = await register(first);
    // A pen-name binding task keeps sealed phones inside JSON.
    await first.ctx.db
      .insertInto('pen_name_bind_tasks')
      .values({
        client_id: 2,
        user_id: authors[0].userId,
        account_id: authors[0].accountId,
        status: 'draft',
        items: JSON.stringify([
          { account_id: 9, phone_enc: first.ctx.personalData.seal('13900000001'), phone_hash: 'h' },
        ]),
        text: '',
        created_at: Date.now(),
        expires_at: Date.now() + 60_000,
        done_at: null,
      })
      .execute();
    await stop(first);

    // The rolling restart: both instances get the new key, the old one to open. Nothing seals with the new key yet.
    const rotated = { DATA_KEY: k2, DATA_KEYS_PREVIOUS: k1 };
    const a = await instance(rotated);
    const b = await instance(rotated);
    expect(b.ctx.dataKeys.status.state).toBe('rotating');
    expect((await b.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
      data_key: 'rotating',
      shared_secrets: 'ok',
    });
    expect(b.ctx.personalData.seal('x')).toMatch(new RegExp(`^v2\\.${idOf(k1)}\\.`));

    // Traffic on instance b while the command runs (in batches of 5) with a's environment.
    const failures: unknown[] = [];
    const signedUp: string[] = [];
    let rotating = true;
    const traffic = (async () => {
      let n = 0;
      while (rotating || n < 30) {
        const author = authors[n % authors.length];
        const res = await profileOf(b, author);
        if (res.status !== 200 || !/^作\*+$/.test(res.body.data?.user?.real_name)) failures.push(res.body);
        if (n % 10 === 0) {
          await register(b).then(
            (phone) => signedUp.push(phone),
            (error) => failures.push(String(error)),
          );
        }
        n += 1;
      }
    })();
    const report = await rotateDataKey(a.ctx.db, loadConfig(envOf(rotated)), {
      batchSize: 5,
      // Both instances reread the record (they do every 2 s); b first signs someone up still sealing with k1.
      afterSwitch: async () => {
        signedUp.push(await register(b));
        await a.ctx.dataKeys.refresh();
        await b.ctx.dataKeys.refresh();
      },
    }).finally(() => {
      rotating = false;
    });
    await traffic;
    expect(failures).toEqual([]);
    expect(report).toMatchObject({ sealKeyId: idOf(k2), unreadable: [], retired: [idOf(k1)], indexKeyId: idOf(k1) });
    expect(report.resealed).toBeGreaterThan(24 * 3);

    const values = await sealedValues(a);
    expect(values.length).toBeGreaterThan(24 * 3);
    expect(values.filter((v) => !v.value.startsWith(`v2.${idOf(k2)}.`))).toEqual([]);
    const task = await a.ctx.db.selectFrom('pen_name_bind_tasks').select('items').executeTakeFirstOrThrow();
    expect(a.ctx.personalData.open(JSON.parse(task.items)[0].phone_enc)).toBe('13900000001');
    // Every field opens on both instances, and phones are still found by their index (the index key is kept).
    for (const app of [a, b]) {
      for (const author of authors) expect((await profileOf(app, author)).body.data.user.real_name).toMatch(/^作\*+$/);
    }
    for (const phone of [earlyPhone, ...signedUp]) {
      const row = await b.ctx.db
        .selectFrom('users')
        .select('phone_enc')
        .where('phone_hash', '=', b.ctx.personalData.index('phone', phone))
        .executeTakeFirstOrThrow();
      expect(b.ctx.personalData.open(row.phone_enc as string)).toBe(phone);
    }
    expect((await b.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
      data_key: 'ok',
      shared_secrets: 'ok',
    });

    // Rolled back: the former key made current again re-seals everything with it.
    const back = await rotateDataKey(a.ctx.db, loadConfig(envOf({ DATA_KEY: k1, DATA_KEYS_PREVIOUS: k2 })), {
      afterSwitch: async () => {
        await b.ctx.dataKeys.refresh();
      },
    });
    expect(back).toMatchObject({ sealKeyId: idOf(k1), retired: [idOf(k2)], unreadable: [] });
    expect((await sealedValues(a)).filter((v) => !v.value.startsWith(`v2.${idOf(k1)}.`))).toEqual([]);
    expect((await profileOf(b, authors[3])).body.data.user.real_name).toMatch(/^作\*+$/);
  });

  it('after a rotation the lookup index keeps its key: without it in the environment an instance refuses to start', async () => {
    const k1 = hex();
    const k2 = hex();
    const a = await instance({ DATA_KEY: k1, DATA_KEYS_PREVIOUS: k2 });
    const author = await createAuthor(asTest(a));
    await rotateDataKey(a.ctx.db, loadConfig(envOf({ DATA_KEY: k2, DATA_KEYS_PREVIOUS: k1 })), {
      afterSwitch: async () => {},
    });
    await stop(a);
    await expect(instance({ DATA_KEY: k2 })).rejects.toThrow(
      `DATA_INDEX_KEY: the lookup index of phones and ID numbers was made with key ${idOf(k1)}`,
    );
    const b = await instance({ DATA_KEY: k2, DATA_INDEX_KEY: k1 });
    const row = await b.ctx.db
      .selectFrom('users')
      .select('id')
      .where('phone_hash', '=', b.ctx.personalData.index('phone', author.phone))
      .executeTakeFirst();
    expect(row?.id).toBe(author.userId);
    expect((await profileOf(b, author)).body.data.user.real_name).toBe('张*');
  });

  it("re-seals the report centre's phones and the reading sites' secrets: they open once the old key is dropped", async () => {
    const k1 = hex();
    const k2 = hex();
    const a = await instance({ DATA_KEY: k1, DATA_KEYS_PREVIOUS: k2 });
    const pd = a.ctx.personalData;
    const db = a.ctx.db as any;
    const now = Date.now();
    await db
      .insertInto('integration_keys')
      .values({ site_id: 1, client_id: 2, key_id: 'ak_test', secret_enc: pd.seal('site-secret'), created_at: now })
      .execute();
    await db
      .insertInto('report_informers')
      .values({
        client_id: 2,
        token_hash: 't',
        phone_enc: pd.seal('13900000002'),
        phone_hash: 'h',
        created_at: now,
        expires_at: now + 60_000,
      })
      .execute();
    await db
      .insertInto('report_cases')
      .values({
        client_id: 2,
        case_no: 'R1',
        phone_enc: pd.seal('13900000003'),
        phone_hash: 'h',
        target_type: 'book',
        reason: 'copy',
        description: 'd',
        state: 'open',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await rotateDataKey(a.ctx.db, loadConfig(envOf({ DATA_KEY: k2, DATA_KEYS_PREVIOUS: k1 })), {
      afterSwitch: async () => {},
    });
    await stop(a);
    // k1 dropped (kept only as the lookup index key): every value opens with k2 alone.
    const b = await instance({ DATA_KEY: k2, DATA_INDEX_KEY: k1 });
    const opened = async (table: string) =>
      b.ctx.personalData.open(
        (await (b.ctx.db as any).selectFrom(table).selectAll().executeTakeFirstOrThrow())[
          table === 'integration_keys' ? 'secret_enc' : 'phone_enc'
        ],
      );
    expect(await opened('integration_keys')).toBe('site-secret');
    expect(await opened('report_informers')).toBe('13900000002');
    expect(await opened('report_cases')).toBe('13900000003');
  });

  it('resumes an interrupted rotation where it stopped', async () => {
    const k1 = hex();
    const k2 = hex();
    const a = await instance({ DATA_KEY: k1, DATA_KEYS_PREVIOUS: k2 });
    for (let i = 0; i < 12; i++) await createAuthor(asTest(a));
    const config = loadConfig(envOf({ DATA_KEY: k2, DATA_KEYS_PREVIOUS: k1 }));
    let batches = 0;
    const interrupted = rotateDataKey(a.ctx.db, config, {
      batchSize: 4,
      afterSwitch: async () => {},
      log: (line) => {
        if (line.includes('re-sealed up to') && ++batches === 2) throw new Error('killed');
      },
    });
    await expect(interrupted).rejects.toThrow('killed');
    const done = await rotateDataKey(a.ctx.db, config, { batchSize: 4, afterSwitch: async () => {} });
    // 12 people × (phone, real name, pen-name phone); the first run did two batches of 4 before it stopped.
    expect(done.resealed).toBe(36 - 8);
    expect((await sealedValues(a)).every((v) => v.value.startsWith(`v2.${idOf(k2)}.`))).toBe(true);
  });

  it('a field sealed with an unknown key: the author gets an envelope error (never a 500), the command reports it', async () => {
    const k1 = hex();
    const k2 = hex();
    const a = await instance({ DATA_KEY: k1, DATA_KEYS_PREVIOUS: k2 });
    const author = await createAuthor(asTest(a));
    const stray = new PersonalData(Buffer.from(hex(), 'hex'));
    await a.ctx.db
      .updateTable('users')
      .set({ real_name_enc: stray.seal('王五') })
      .where('id', '=', author.userId)
      .execute();
    const res = await profileOf(a, author);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: ErrorCode.personalDataUnreadable,
      errors: { code: ErrorCode.personalDataUnreadable, title: '个人信息暂时无法读取，请稍后再试或联系客服' },
    });
    const report = await rotateDataKey(a.ctx.db, loadConfig(envOf({ DATA_KEY: k2, DATA_KEYS_PREVIOUS: k1 })), {
      afterSwitch: async () => {},
    });
    expect(report.unreadable).toEqual([
      { where: `users.real_name_enc id=${author.userId}`, sealedWith: stray.sealKeyId },
    ]);
  });

  it('refuses to switch to a key a running instance does not hold; such an instance turns /healthz red', async () => {
    const k1 = hex();
    const a = await instance({ DATA_KEY: k1 });
    const k3 = hex();
    const config = loadConfig(envOf({ DATA_KEY: k3, DATA_KEYS_PREVIOUS: k1 }));
    await expect(rotateDataKey(a.ctx.db, config, { afterSwitch: async () => {} })).rejects.toThrow(
      `DATA_KEY: 1 running instance(s) do not hold key ${idOf(k3)} yet`,
    );
    expect(await a.ctx.db.selectFrom('data_key_state').select('seal_key_id').executeTakeFirst()).toEqual({
      seal_key_id: idOf(k1),
    });

    // An instance whose beat went stale (cut off from the database) is not waited for; when it is back it cannot
    // open what the new key seals, and says so.
    await a.ctx.db.updateTable('data_key_holders').set({ seen_at: 0 }).execute();
    await rotateDataKey(a.ctx.db, loadConfig(envOf({ DATA_KEY: k3, DATA_KEYS_PREVIOUS: k1 })), {
      afterSwitch: async () => {},
    });
    await a.ctx.dataKeys.refresh();
    expect(a.ctx.personalData.seal('x')).toMatch(new RegExp(`^v2\\.${idOf(k1)}\\.`));
    const health = await a.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'data key mismatch', data_key: 'mismatch' });
    expect(health.json().problems.join('\n')).toContain(`DATA_KEY: this instance's key (id ${idOf(k1)})`);
    expect(health.body).not.toContain(k3);
    expect(health.body).not.toContain(k1);
  });
});

describe(`npm run check-config (${TEST_ENGINE})`, () => {
  it('finds each planted problem and exits clean on a good configuration', async () => {
    const k1 = hex();
    await instance({ DATA_KEY: k1 });
    const good = {
      ...envOf({ DATA_KEY: k1 }),
      NODE_ENV: 'production',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_HTTP_TOKEN: 'sms-token',
      CONTRACT_SIGNING_P12: 'MIIK',
      CONTRACT_SIGNING_PASSWORD: 'signing-password',
      ...(shared.url ? {} : { DATA_DIR: shared.dataDir }),
    };
    expect(await checkConfig(good)).toEqual([]);

    const planted: Array<[Record<string, string | undefined>, RegExp]> = [
      [{ DATA_KEY: undefined, DATABASE_URL: 'postgres://127.0.0.1:1/x' }, /^DATA_KEY: required with DATABASE_URL/],
      [
        { CONTRACT_SIGNING_P12: undefined, DATABASE_URL: 'postgres://127.0.0.1:1/x' },
        /^CONTRACT_SIGNING_P12: required with DATABASE_URL/,
      ],
      [{ DATA_KEY: 'not-a-key-but-thirty-two-characters!' }, /^DATA_KEY: must be 32 bytes/],
      [{ DATA_KEY: 'ab'.repeat(32) }, /^DATA_KEY: weak/],
      [{ DATA_KEYS_PREVIOUS: `${hex()},short` }, /^DATA_KEYS_PREVIOUS: must be 32 bytes/],
      [{ SMS_PROVIDER: undefined }, /^SMS_PROVIDER: console in production/],
      [
        { NODE_ENV: 'test', DATABASE_URL: 'postgres://127.0.0.1:1/x' },
        /^NODE_ENV: not production with DATABASE_URL: session cookies are sent without HTTPS .*sms-outbox/,
      ],
      [
        { READING_SITES: '[{"id":"s1","client_id":2,"key":"0123456789abcdef"}]' },
        /^READING_SITES: the key of site 's1' is weak/,
      ],
      [{ READING_SITES: 'sites' }, /^READING_SITES: must be a JSON list/],
      [{ SMS_HTTP_URL: undefined }, /^SMS_HTTP_URL: must be the gateway URL/],
      [{ SMS_HTTP_TOKEN: undefined }, /^SMS_HTTP_TOKEN: required with SMS_PROVIDER=http/],
      [{ SMS_PROVIDER: 'carrier-pigeon' }, /^SMS_PROVIDER: unknown provider 'carrier-pigeon'/],
      [{ STORAGE_DRIVER: 'ftp' }, /^STORAGE_DRIVER: must be 'local' or 's3'/],
      [{ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'https://s3.example' }, /^S3_BUCKET: required with STORAGE_DRIVER=s3/],
      [
        { READING_SITES: '[{"id":"s1","key":"0123456789abcdef0123456789abcdef"}]' },
        /^READING_SITES: each site needs id, client_id and a key/,
      ],
      [{ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' }, /^DATABASE_URL: cannot reach the database/],
      [
        { DATA_KEY: hex() },
        new RegExp(
          `^DATA_KEY: this instance's key \\(id [0-9a-f]{12}\\) is not this database's key \\(id ${idOf(k1)}\\)`,
        ),
      ],
      [
        { DATA_INDEX_KEY: hex() },
        /^DATA_INDEX_KEY: its key \(id [0-9a-f]{12}\) did not make this database's lookup index/,
      ],
    ];
    for (const [change, expected] of planted) {
      const problems = await checkConfig({ ...good, ...change });
      expect(problems, JSON.stringify(change)).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
      expect(problems.join('\n')).not.toContain(k1);
    }
  });
});

describe(`npm run check-config prints every problem (${TEST_ENGINE})`, () => {
  it('several planted problems at once: each is printed, the key is still compared, and the exit code is 1', async () => {
    const k1 = hex();
    await instance({ DATA_KEY: k1 });
    const wrongKey = hex();
    const env = {
      ...envOf({ DATA_KEY: wrongKey }),
      NODE_ENV: 'production',
      PORT: 'eighty',
      CONTRACT_SIGNING_P12: 'MIIK',
      CONTRACT_SIGNING_PASSWORD: 'signing-password',
      READING_SITES: 'sites',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'not a url',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://s3.example',
      S3_BUCKET: 'uploads',
    };
    const expected = [
      /^✗ PORT: /m,
      /^✗ READING_SITES: must be a JSON list/m,
      /^✗ SMS_HTTP_URL: must be the gateway URL/m,
      /^✗ SMS_HTTP_TOKEN: required with SMS_PROVIDER=http/m,
      /^✗ S3_ACCESS_KEY_ID: required with STORAGE_DRIVER=s3/m,
      /^✗ S3_SECRET_ACCESS_KEY: required with STORAGE_DRIVER=s3/m,
      new RegExp(`^✗ DATA_KEY: this instance's key \\(id ${idOf(wrongKey)}\\) is not this database's key`, 'm'),
    ];
    const child = spawn(process.execPath, [resolve(import.meta.dirname, '../../ops/check-config.ts')], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise((done) => child.on('exit', done));
    expect(code).toBe(1);
    for (const line of expected) expect(output).toMatch(line);
    expect(output).toContain(`· DATA_KEY: key id ${idOf(wrongKey)}`);
    expect(output).not.toContain(k1);
    expect(output).not.toContain(wrongKey);
  });
});

describe(`the other shared secrets checked at start by fingerprint (${TEST_ENGINE}, two instances)`, () => {
  const sites = (key: string) => JSON.stringify([{ id: 's1', client_id: 2, key }]);

  it('an instance with another READING_SITES or certificate password refuses to start naming the variable; /healthz reports a changed record', async () => {
    const k = hex();
    const siteKey = hex();
    const otherSiteKey = hex();
    const a = await instance({ DATA_KEY: k, READING_SITES: sites(siteKey), CONTRACT_SIGNING_PASSWORD: 'pw-one' });
    const record = JSON.stringify(await a.ctx.db.selectFrom('shared_secret_fingerprints').selectAll().execute());
    expect(record).toContain('READING_SITES');
    expect(record).toContain('CONTRACT_SIGNING_PASSWORD');
    expect(record).not.toContain(siteKey);
    expect(record).not.toContain('pw-one');

    const wrongSites = instance({
      DATA_KEY: k,
      READING_SITES: sites(otherSiteKey),
      CONTRACT_SIGNING_PASSWORD: 'pw-one',
    });
    await expect(wrongSites).rejects.toThrow(ConfigError);
    await expect(
      instance({ DATA_KEY: k, READING_SITES: sites(otherSiteKey), CONTRACT_SIGNING_PASSWORD: 'pw-one' }),
    ).rejects.toThrow(
      /^Shared secret check failed:\nREADING_SITES: this instance's value \(fingerprint [0-9a-f]{12}\) is not/,
    );
    await expect(
      instance({ DATA_KEY: k, READING_SITES: sites(siteKey), CONTRACT_SIGNING_PASSWORD: 'pw-two' }),
    ).rejects.toThrow(/CONTRACT_SIGNING_PASSWORD: this instance's value/);
    await expect(instance({ DATA_KEY: k, CONTRACT_SIGNING_PASSWORD: 'pw-one' })).rejects.toThrow(
      /READING_SITES: not set on this instance, but the other instances have it/,
    );
    // Never a value in the message.
    await expect(
      instance({ DATA_KEY: k, READING_SITES: sites(otherSiteKey), CONTRACT_SIGNING_PASSWORD: 'pw-two' }),
    ).rejects.not.toThrow(/pw-|[0-9a-f]{64}/);

    // The same values: the second instance serves, both healthy.
    const b = await instance({ DATA_KEY: k, READING_SITES: sites(siteKey), CONTRACT_SIGNING_PASSWORD: 'pw-one' });
    expect((await b.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
      data_key: 'ok',
      shared_secrets: 'ok',
    });

    // npm run check-config finds the mismatch too.
    const problems = await checkConfig({
      ...envOf({ DATA_KEY: k, CONTRACT_SIGNING_PASSWORD: 'pw-one' }),
      READING_SITES: sites(otherSiteKey),
    });
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^READING_SITES: this instance's value/)]));

    // Changed on purpose (SHARED_SECRET_CHANGE): the new value is recorded; an instance left with the old one
    // turns /healthz red, naming the variable, so the load balancer stops sending it requests.
    const c = await instance({
      DATA_KEY: k,
      READING_SITES: sites(otherSiteKey),
      CONTRACT_SIGNING_PASSWORD: 'pw-one',
      SHARED_SECRET_CHANGE: 'READING_SITES',
    });
    await a.ctx.sharedSecrets.refresh();
    const health = await a.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'shared secret mismatch', shared_secrets: 'mismatch' });
    expect(health.json().problems.join('\n')).toMatch(/^READING_SITES: this instance's value/);
    expect(health.body).not.toContain(siteKey);
    expect((await c.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it.skipIf(TEST_ENGINE === 'sqlite')(
    'two instances with different READING_SITES starting together on one database: exactly one serves',
    async () => {
      const k = hex();
      await instance({ DATA_KEY: k });
      const starts = await Promise.allSettled([
        instance({ DATA_KEY: k, READING_SITES: sites(hex()) }),
        instance({ DATA_KEY: k, READING_SITES: sites(hex()) }),
      ]);
      expect(starts.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      const lost = starts.find((s) => s.status === 'rejected') as PromiseRejectedResult;
      expect(String(lost.reason.message)).toMatch(/READING_SITES: this instance's value/);
    },
  );
});
