import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { canonicalParams, REQ_INFO_PATH, SIGN_HEADER, sign } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createAuthor } from '../../test/fixtures.ts';
import { createTestDatabase, type TestApp } from '../../test/test-app.ts';
import { INTRO, prose } from './works.fixtures.ts';

/**
 * "An acknowledged save survives the server process being killed": the real server process,
 * SIGKILL right after the reply to an autosave, a restart on the same data, and the text is there.
 */
const MAIN = resolve(import.meta.dirname, '../../main.ts');
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let env: Record<string, string>;
let cookie = '';

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

/** Every server this file started: one left running by a failed step is killed when the file ends. */
const started: ChildProcess[] = [];

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  started.push(child);
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { child, url };
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not start');
}

class Browser {
  readonly url: string;
  secret = '';
  keyCookie = '';
  constructor(url: string) {
    this.url = url;
  }
  async init() {
    const res = await fetch(`${this.url}${REQ_INFO_PATH}`);
    this.keyCookie = res.headers.getSetCookie()[0].split(';')[0];
    this.secret = ((await res.json()) as any).data.secret;
    return this;
  }
  get cookies() {
    return `${this.keyCookie}; ${cookie}`;
  }
  async post(path: string, body: Record<string, unknown>) {
    const t = Date.now();
    const raw = JSON.stringify({ ...body, t });
    const res = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: this.cookies,
        [SIGN_HEADER]: sign(this.secret, 'POST', path, raw, t),
      },
      body: raw,
    });
    return (await res.json()) as any;
  }
  async get(path: string, query: Record<string, string | number>) {
    const t = Date.now();
    const params = { ...query, t };
    const s = sign(this.secret, 'GET', path, canonicalParams(params), t);
    const qs = new URLSearchParams({
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      sign: s,
    });
    return (await (await fetch(`${this.url}${path}?${qs}`, { headers: { cookie: this.cookies } })).json()) as any;
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  env = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_DIR: db.dataDir,
    WEB_DIST: join(db.dataDir, 'no-web'),
    SEED_DEMO: 'false',
    RUN_JOBS: 'false',
    ...(db.url ? { DATABASE_URL: db.url } : {}),
  };
  // The author and a session, written as sign-in would, before the server process starts.
  const app = await buildApp(loadConfig(env), { database: db.handle });
  const author = await createAuthor({ app } as TestApp);
  const token = await app.ctx.sessions.issue(author);
  cookie = `${app.ctx.sessions.cookieName}=${token}`;
  await app.close();
  await db.handle.close();
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await db.drop();
});

describe('an acknowledged save survives SIGKILL', () => {
  it('keeps the text of the last acknowledged autosave after the process is killed and restarted', async () => {
    let server = await startServer();
    let browser = await new Browser(server.url).init();
    const book = await browser.post('/api/pc/v1/book/save-book-info', {
      kind: 'novel',
      title: `断电测试${Date.now()}`,
      category: 'xuanhuan',
      intro: INTRO,
    });
    expect(book.code).toBe(200);
    const chapter = await browser.post('/api/pc/v1/book-chapter/create', {
      book_id: book.data.book_id,
      title: '第一章',
    });
    let revision = chapter.data.revision as number;
    let text = '';
    for (let i = 0; i < 15; i++) {
      text = `${text}${prose(700, `k${i}`)}\n`;
      const saved = await browser.post('/api/pc/v1/book-chapter/auto-save', {
        chapter_id: chapter.data.chapter_id,
        base_revision: revision,
        title: '第一章',
        content: text,
        save_key: randomUUID(),
      });
      expect(saved.code).toBe(200);
      revision = saved.data.revision;
    }
    // Killed the instant the last save was acknowledged: no graceful shutdown, no checkpoint.
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));

    server = await startServer();
    browser = await new Browser(server.url).init();
    const detail = await browser.get('/api/pc/v1/book-chapter/detail', { chapter_id: chapter.data.chapter_id });
    expect(detail.code).toBe(200);
    expect(detail.data.revision).toBe(revision);
    expect(detail.data.content).toBe(text);
    expect(detail.data.content.length).toBeGreaterThan(10_000);
  });
});
