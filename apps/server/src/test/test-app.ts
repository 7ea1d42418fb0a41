import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalParams, REQ_INFO_PATH, SIGN_HEADER, sign } from '@author-centre/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../platform/db/database.ts';

/** The engine the server suite runs on: SQLite unless TEST_DB=postgres. */
export const TEST_ENGINE = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** A fresh browser-like client (own cookies and signing secret) on a brand's host. */
  client(host?: string): TestClient;
  close(): Promise<void>;
}

/**
 * Opens a fresh database of its own (SQLite file or PostgreSQL database) for one test file. `migrated`
 * copies the run's migrated PostgreSQL template (global-setup.ts) instead of starting empty; the app
 * then finds every migration applied. Tests of what happens on an empty database leave it off.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<{
  handle: DatabaseHandle;
  url?: string;
  dataDir: string;
  drop(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ac-test-'));
  if (TEST_ENGINE === 'sqlite') {
    const handle = openDatabase({ dataDir });
    return { handle, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `ac_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  const template = options.migrated ? inject('pgTemplate') : null;
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  // A throwaway database need not wait for each commit to reach the disk (as SQLite's WAL with
  // synchronous=NORMAL does not); what a crash keeps is tested against real settings by bench/faults.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  const url = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const handle = openDatabase({ databaseUrl: url, dataDir, poolSize: 4 });
  return {
    handle,
    url,
    dataDir,
    drop: async () => {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  /** Extra routes for platform tests, mounted before the app is ready. */
  probe?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await createTestDatabase({ migrated: true });
  let config: Config;
  let app: FastifyInstance;
  try {
    config = loadConfig({
      NODE_ENV: 'test',
      // An unhandled error (a 500) prints its cause; the rest of the log stays quiet.
      LOG_LEVEL: 'error',
      DATA_DIR: database.dataDir,
      WEB_DIST: join(database.dataDir, 'no-web'),
      RUN_JOBS: 'false',
      // Outside development PostgreSQL needs a shared DATA_KEY: each test database gets its own.
      ...(database.url ? { DATABASE_URL: database.url, DATA_KEY: randomBytes(32).toString('hex') } : {}),
      ...env,
    });
    app = await buildApp(config, { database: database.handle });
    probe?.(app);
    await app.ready();
  } catch (error) {
    // A configuration a test expects to be refused leaves no database behind.
    await database.handle.close();
    await database.drop();
    throw error;
  }
  return {
    app,
    config,
    client: (host = 'localhost') => new TestClient(app, host),
    close: async () => {
      await app.close();
      await database.handle.close();
      await database.drop();
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** Talks to the app as the web client does: cookies, encryption-info, signed requests. */
export class TestClient {
  readonly app: FastifyInstance;
  readonly host: string;
  readonly cookies = new Map<string, string>();
  secret: string | null = null;
  /** Shifts this client's clock (for stale-signature tests). */
  clockSkewMs = 0;
  /** Sent with every request, e.g. the console's `x-console-client` of a platform admin's brand switcher. */
  readonly headers: Record<string, string> = {};

  constructor(app: FastifyInstance, host: string) {
    this.app = app;
    this.host = host;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  #keep(headers: Record<string, unknown>): void {
    const raw = headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
    for (const line of list as string[]) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async refreshSecret(): Promise<string> {
    const res = await this.app.inject({
      method: 'GET',
      url: REQ_INFO_PATH,
      headers: { host: this.host, cookie: this.cookieHeader() },
    });
    this.#keep(res.headers);
    this.secret = res.json().data.secret;
    return this.secret as string;
  }

  async get<T = any>(path: string, query: Record<string, string | number> = {}): Promise<TestResponse<T>> {
    return this.#send('GET', path, query);
  }

  async delete<T = any>(path: string, query: Record<string, string | number> = {}): Promise<TestResponse<T>> {
    return this.#send('DELETE', path, query);
  }

  async post<T = any>(path: string, body: Record<string, unknown> = {}): Promise<TestResponse<T>> {
    const secret = this.secret ?? (await this.refreshSecret());
    const t = Date.now() + this.clockSkewMs;
    const raw = JSON.stringify({ ...body, t });
    return this.#inject('POST', path, raw, {
      'content-type': 'application/json',
      [SIGN_HEADER]: sign(secret, 'POST', path, raw, t),
    });
  }

  /** A request sent exactly as given, unsigned unless the caller signed it. */
  async raw<T = any>(options: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: string;
    headers?: Record<string, string>;
  }): Promise<TestResponse<T>> {
    const res = await this.app.inject({
      method: options.method,
      url: options.url,
      payload: options.payload,
      headers: { host: this.host, cookie: this.cookieHeader(), ...options.headers },
    });
    this.#keep(res.headers);
    return { status: res.statusCode, body: res.body ? safeJson(res.body) : null, headers: res.headers };
  }

  async #send<T>(
    method: 'GET' | 'DELETE',
    path: string,
    query: Record<string, string | number>,
  ): Promise<TestResponse<T>> {
    const secret = this.secret ?? (await this.refreshSecret());
    const t = Date.now() + this.clockSkewMs;
    const params: Record<string, unknown> = { ...query, t };
    const signature = sign(secret, method, path, canonicalParams(params), t);
    const search = new URLSearchParams({
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      sign: signature,
    });
    return this.#inject(method, `${path}?${search}`, undefined, {});
  }

  async #inject<T>(
    method: string,
    url: string,
    payload: string | undefined,
    headers: Record<string, string>,
  ): Promise<TestResponse<T>> {
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: { host: this.host, cookie: this.cookieHeader(), ...this.headers, ...headers },
    });
    this.#keep(res.headers);
    return { status: res.statusCode, body: res.body ? safeJson(res.body) : null, headers: res.headers };
  }
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
