import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { canonicalParams, countWords, REQ_INFO_PATH, SIGN_HEADER } from '@author-centre/shared';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type Db, openDatabase } from '../apps/server/src/platform/db/database.ts';
import { signNatively } from './harness.ts';

/**
 * The simulated authors of the load and fault suites (bench/load.bench.ts, bench/faults.bench.ts),
 * against real servers (`node apps/server/src/main.ts`, production mode, their own DATA_DIR).
 *
 * Each author logs in (a session row written with the server's own database layer, as the browser
 * tests' apps/web/e2e/home-session.ts does — the real sign-in needs a slider captcha a script cannot
 * solve — then the profile call the web app makes right after signing in), opens the book and
 * chapter lists, types a chapter in the editor with autosave (the web app's auto-save endpoint,
 * one save every ~0.7 s, each on the revision the last one returned, each with its own save key),
 * saves it, publishes it, and asks the assistant, again and again until the time is up.
 *
 * Every call is timed by kind; every answer that is not a 2xx is kept (status, code and message).
 * Every acknowledged save is remembered, with the saves sent after it whose answer never came, so
 * that `verify` can say whether the database holds each chapter as the author was last told.
 */

const ROOT = resolve(import.meta.dirname, '..');
export const SESSION_COOKIE = '__Host-ac_sid';
const DAY_MS = 86_400_000;

export type CallKind = 'login' | 'lists' | 'create' | 'autosave' | 'save' | 'publish' | 'assistant';
export const CALL_KINDS: CallKind[] = ['login', 'lists', 'create', 'autosave', 'save', 'publish', 'assistant'];

export interface CallFailure {
  kind: CallKind;
  at: number;
  /** 0: no answer (connection refused or reset, or the 30 s client timeout). */
  status: number;
  code?: number;
  title?: string;
  retryAfter?: string | null;
  ms: number;
}

interface ChapterTrack {
  chapterId: number;
  /** The last save the server acknowledged. */
  acked: { revision: number; content: string } | null;
  /** Texts sent after it whose answer never came (they may or may not have been written). */
  unanswered: Set<string>;
}

// ---- Servers -----------------------------------------------------------------------------------

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

/** One server process on a fixed port and data folder, that can be killed and started again on them. */
export class Instance {
  readonly port: number;
  readonly url: string;
  readonly env: Record<string, string>;
  child: ChildProcess | null = null;
  /** How the process ended, when it ended without being asked to (a crash). */
  crashes: string[] = [];
  /** The last errors the server logged (its stdout, level error and above), printed when a call failed. */
  errorLog: string[] = [];
  #stopping = false;

  constructor(port: number, env: Record<string, string>) {
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.env = env;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    this.#stopping = false;
    const child = spawn(process.execPath, [join(ROOT, 'apps/server/src/main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => {
      for (const line of String(d).split('\n')) {
        if (/"level":(50|60)/.test(line)) this.errorLog = [...this.errorLog, line.slice(0, 2000)].slice(-10);
      }
    });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr = (stderr + d).slice(-4000);
    });
    child.on('exit', (code, signal) => {
      if (!this.#stopping)
        this.crashes.push(`exit ${code ?? signal}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
    });
    this.child = child;
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.slice(-1000)}`);
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {}
      await sleep(100);
    }
    throw new Error('server did not become healthy');
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.#stopping = true;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }

  /** SIGTERM, the way a deploy stops it. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.#stopping = true;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

// ---- Authors -----------------------------------------------------------------------------------

/** A session for a new author of `clientId`, written as a completed sign-in leaves it. */
async function newAuthorSession(db: Db, clientId: number, n: number): Promise<string> {
  const now = Date.now();
  const user = await sql<{ id: number }>`insert into users (client_id, created_at, updated_at)
    values (${clientId}, ${now}, ${now}) returning id`.execute(db);
  const userId = Number(user.rows[0].id);
  const penName = `压测作者${n}·${randomBytes(3).toString('hex')}`;
  const account = await sql<{ id: number }>`insert into accounts
    (client_id, user_id, pen_name, role, level, sign_flag, is_learner, created_at, updated_at)
    values (${clientId}, ${userId}, ${penName}, 'author', 1, 0, 0, ${now}, ${now}) returning id`.execute(db);
  const accountId = Number(account.rows[0].id);
  const token = randomBytes(32).toString('base64url');
  await sql`insert into sessions (id, client_id, user_id, account_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at)
    values (${createHash('sha256').update(token).digest('hex')}, ${clientId}, ${userId}, ${accountId},
      ${now}, ${now}, ${now + 7 * DAY_MS}, ${now + 30 * DAY_MS})`.execute(db);
  return token;
}

const PARAGRAPH = '山风吹过竹林，少年握紧手中长剑，望向远方翻涌的云海。天地苍茫，他知道前路漫长，却从未想过回头。';
const QUESTIONS = ['怎么申请签约？', '稿酬什么时候结算？', '章节发布后还能修改吗？', '如何请假？'];

export interface SimOptions {
  /** Authors are spread over these servers in turn. */
  urls: string[];
  db: Db;
  authors: number;
  seconds: number;
  clientId?: number;
  /** Think time between an author's calls, ms (a random value in the range). */
  thinkMs?: [number, number];
  /** Per-call client timeout: an answer slower than this counts as a hang. */
  callTimeoutMs?: number;
}

export class LoadSim {
  readonly options: Required<SimOptions>;
  readonly latencies = new Map<CallKind, number[]>(CALL_KINDS.map((k) => [k, []]));
  readonly failures: CallFailure[] = [];
  /** When each successful call was answered (recovery after a fault: successes after its end). */
  readonly successAt: number[] = [];
  readonly chapters: ChapterTrack[] = [];
  /** 409 answers to a save after a fault: an earlier save whose answer was lost had been written. */
  conflictsAfterLostAnswer = 0;
  #deadline = 0;
  #stop = false;

  constructor(options: SimOptions) {
    this.options = { clientId: 2, thinkMs: [400, 1000], callTimeoutMs: 30_000, ...options };
  }

  get calls(): number {
    let n = this.failures.length;
    for (const l of this.latencies.values()) n += l.length;
    return n;
  }

  /** Runs every author until the time is up (or `stop()`), then waits for their last calls. */
  async run(): Promise<void> {
    this.#deadline = Date.now() + this.options.seconds * 1000;
    const authors = Array.from({ length: this.options.authors }, (_, i) =>
      // Arrivals spread over the first 2 s, as a crowd does.
      sleep(Math.random() * 2000).then(() => this.#author(i)),
    );
    await Promise.all(authors);
  }

  stop(): void {
    this.#stop = true;
  }

  #over(): boolean {
    return this.#stop || Date.now() >= this.#deadline;
  }

  async #think(): Promise<void> {
    const [lo, hi] = this.options.thinkMs;
    await sleep(lo + Math.random() * (hi - lo));
  }

  async #author(n: number): Promise<void> {
    const base = this.options.urls[n % this.options.urls.length];
    const author = new SimAuthor(this, base);
    // Log in: retried until it works (a fault may be on when the author arrives).
    while (!this.#over()) {
      try {
        author.session = await newAuthorSession(this.options.db, this.options.clientId, n);
        break;
      } catch {
        await sleep(500);
      }
    }
    let loggedIn = false;
    while (!loggedIn && !this.#over()) {
      loggedIn = (await author.call('login', 'GET', '/api/author/profile')) !== null;
      if (!loggedIn) await sleep(500);
    }
    let bookId = 0;
    while (!bookId && !this.#over()) {
      const book = await author.call('create', 'POST', '/api/pc/v1/book/save-book-info', {
        kind: 'novel',
        title: `压测之书${n}${randomBytes(3).toString('hex')}`,
        category: 'xuanhuan',
        intro: '一部用于负载测试的长篇小说，作者们同时写作、保存、发布和提问。',
      });
      bookId = book?.book_id ?? 0;
      if (!bookId) await sleep(500);
    }
    let cycle = 0;
    while (!this.#over()) {
      cycle++;
      await this.#think();
      await author.call('lists', 'GET', '/api/pc/v1/book/list');
      await this.#think();
      await author.call('lists', 'GET', '/api/pc/v1/book-chapter/list', { book_id: bookId });
      if (this.#over()) break;
      await this.#think();
      const created = await author.call('create', 'POST', '/api/pc/v1/book-chapter/create', {
        book_id: bookId,
        title: `第${cycle}章 风起`,
      });
      if (!created) continue;
      const track: ChapterTrack = { chapterId: created.chapter_id, acked: null, unanswered: new Set() };
      this.chapters.push(track);
      let revision: number = created.revision;
      let text = '';
      let savedLast = false;
      // Typing: a paragraph between autosaves, the last save explicit (the author presses 保存).
      for (let k = 0; k < 6 && !this.#over(); k++) {
        await this.#think();
        text += `${cycle}-${k}${PARAGRAPH}\n`;
        const explicit = k === 5;
        const saved = await author.save(track, explicit ? 'save' : 'autosave', revision, text);
        if (saved !== null) revision = saved;
        savedLast = saved !== null;
      }
      if (this.#over()) break;
      // The editor publishes only a saved text: when the save failed, the author tries the next chapter.
      if (!savedLast) continue;
      await this.#think();
      await author.call('publish', 'POST', '/api/pc/v1/book-chapter/draft-publish', {
        chapter_id: track.chapterId,
        force: true,
      });
      if (cycle % 2 === 1 && !this.#over()) {
        await this.#think();
        await author.call('assistant', 'POST', '/api/pc/v1/book-chapter/ai-chat', {
          message: [{ role: 'user', content: QUESTIONS[(n + cycle) % QUESTIONS.length] }],
          answer_index: 0,
        });
      }
    }
  }

  /** Acknowledged saves read back from the database right after their acknowledgement, and how many were not there. */
  acks = 0;
  readBacks = 0;
  readBacksMissing = 0;
  readonly readBackExamples: string[] = [];

  /**
   * An acknowledged save must be in the database the moment it is acknowledged (a later state check
   * alone would miss a save whose text a later save wrote after all). Read with the bench's own
   * connection, outside the server; a read the database refuses (a fault) is not counted.
   */
  async readBack(chapterId: number, revision: number, content: string): Promise<void> {
    let row: { revision: number; body: string } | undefined;
    try {
      const r = await sql<{ revision: number; body: string }>`
        select c.revision, t.body from chapters c join chapter_texts t on t.chapter_id = c.id where c.id = ${chapterId}`.execute(
        this.options.db,
      );
      row = r.rows[0];
    } catch {
      return;
    }
    this.readBacks++;
    // Each chapter has one author saving in turn: nothing newer can be there yet.
    if (!row || Number(row.revision) !== revision || row.body !== content) {
      this.readBacksMissing++;
      if (this.readBackExamples.length < 3) {
        this.readBackExamples.push(
          `chapter ${chapterId}: acknowledged revision ${revision} (${content.length} chars), read back ${row ? `revision ${row.revision} (${row.body.length} chars)` : 'no row'}`,
        );
      }
    }
  }

  /** p99 (and p50, count) per call kind, in ms. */
  percentiles(): Record<CallKind, { calls: number; p50: number; p99: number }> {
    const out = {} as Record<CallKind, { calls: number; p50: number; p99: number }>;
    for (const [kind, values] of this.latencies) {
      out[kind] = { calls: values.length, p50: percentile(values, 50), p99: percentile(values, 99) };
    }
    return out;
  }

  /**
   * Every acknowledged save read back (readBack) plus, once the servers have stopped, whether the database
   * holds every chapter as the author was last told: its revision at least the
   * acknowledged one, and its text the acknowledged text (or one sent after it whose answer never
   * came). Corrupted: a text whose stored hash or word count does not match the text.
   */
  async verify(db: Db): Promise<{ acknowledged: number; lost: number; corrupted: number; examples: string[] }> {
    let acknowledged = 0;
    let lost = 0;
    let corrupted = 0;
    const examples: string[] = [];
    const tracked = this.chapters.filter((c) => c.acked);
    for (let i = 0; i < tracked.length; i += 200) {
      const batch = tracked.slice(i, i + 200);
      const ids = batch.map((c) => c.chapterId);
      const rows = await sql<{ id: number; revision: number; text_hash: string | null; words: number; body: string }>`
        select c.id, c.revision, c.text_hash, c.words, t.body
        from chapters c join chapter_texts t on t.chapter_id = c.id
        where c.id in (${sql.join(ids)})`.execute(db);
      const byId = new Map(rows.rows.map((r) => [Number(r.id), r]));
      for (const c of batch) {
        const acked = c.acked!;
        acknowledged++;
        const row = byId.get(c.chapterId);
        const ok =
          row && Number(row.revision) >= acked.revision && (row.body === acked.content || c.unanswered.has(row.body));
        if (!ok) {
          lost++;
          if (examples.length < 5) {
            examples.push(
              `chapter ${c.chapterId}: acknowledged revision ${acked.revision} (${acked.content.length} chars), ` +
                (row ? `database revision ${row.revision} (${row.body.length} chars)` : 'no row'),
            );
          }
        }
        if (row && (row.text_hash !== textHashOf(row.body) || Number(row.words) !== countWords(row.body))) {
          corrupted++;
          if (examples.length < 5) examples.push(`chapter ${c.chapterId}: hash or word count does not match its text`);
        }
      }
    }
    // Saves acknowledged but not in the database when read back count as lost too.
    return {
      // Every save acknowledged during the run (each read back), and the final state of each chapter.
      acknowledged: Math.max(acknowledged, this.acks),
      lost: lost + this.readBacksMissing,
      corrupted,
      examples: [...this.readBackExamples, ...examples],
    };
  }
}

/** The server's text hash (works.repository.ts): sha1 of the UTF-16 text. */
function textHashOf(text: string): string {
  return createHash('sha1').update(text, 'utf16le').digest('hex');
}

class SimAuthor {
  readonly sim: LoadSim;
  readonly base: string;
  session = '';
  secret = '';
  cookies = new Map<string, string>();

  constructor(sim: LoadSim, base: string) {
    this.sim = sim;
    this.base = base;
  }

  #cookieHeader(): string {
    return [...this.cookies, [SESSION_COOKIE, this.session]].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async #refreshSecret(): Promise<void> {
    const res = await fetch(`${this.base}${REQ_INFO_PATH}`, {
      headers: { cookie: this.#cookieHeader() },
      signal: AbortSignal.timeout(this.sim.options.callTimeoutMs),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    this.secret = ((await res.json()) as any).data.secret;
  }

  async #send(method: 'GET' | 'POST', path: string, body: Record<string, unknown>) {
    if (!this.secret) await this.#refreshSecret();
    const t = Date.now();
    let url = `${this.base}${path}`;
    const headers: Record<string, string> = { cookie: this.#cookieHeader() };
    let payload: string | undefined;
    if (method === 'GET') {
      const params = { ...body, t } as Record<string, string | number>;
      const sign = signNatively(this.secret, 'GET', path, canonicalParams(params), t);
      url += `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), sign })}`;
    } else {
      payload = JSON.stringify({ ...body, t });
      headers['content-type'] = 'application/json';
      headers[SIGN_HEADER] = signNatively(this.secret, 'POST', path, payload, t);
    }
    const res = await fetch(url, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(this.sim.options.callTimeoutMs),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { res, json };
  }

  /**
   * One call; its data on success, null otherwise (the failure is recorded). A stale signature is
   * answered as the web app does: a new secret and one retry (§7).
   */
  async call(kind: CallKind, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) {
    const started = performance.now();
    try {
      let { res, json } = await this.#send(method, path, body);
      if (json?.code === 40001013) {
        await this.#refreshSecret();
        ({ res, json } = await this.#send(method, path, body));
      }
      const ms = performance.now() - started;
      if (res.ok && json?.code === 200) {
        this.sim.latencies.get(kind)!.push(ms);
        this.sim.successAt.push(Date.now());
        return json.data ?? {};
      }
      this.sim.failures.push({
        kind,
        at: Date.now(),
        status: res.status,
        code: json?.code,
        title: json?.errors?.title ?? text(json),
        retryAfter: res.headers.get('retry-after'),
        ms,
      });
      (this as any).lastJson = json;
      return null;
    } catch (error) {
      this.secret = '';
      this.sim.failures.push({
        kind,
        at: Date.now(),
        status: 0,
        title: (error as Error).name === 'TimeoutError' ? 'no answer in time' : 'connection failed',
        ms: performance.now() - started,
      });
      return null;
    }
  }

  /** A save on `revision`; the new revision when acknowledged. A conflict after a lost answer is followed. */
  async save(
    track: ChapterTrack,
    kind: 'autosave' | 'save',
    revision: number,
    content: string,
  ): Promise<number | null> {
    const path = kind === 'save' ? '/api/pc/v1/book-chapter/save' : '/api/pc/v1/book-chapter/auto-save';
    const body = {
      chapter_id: track.chapterId,
      base_revision: revision,
      title: '第一章 风起',
      content,
      save_key: randomUUID(),
    };
    const failuresBefore = this.sim.failures.length;
    const data = await this.call(kind, 'POST', path, body);
    if (data) {
      track.acked = { revision: data.revision, content };
      track.unanswered.clear();
      this.sim.acks++;
      await this.sim.readBack(track.chapterId, data.revision, content);
      return data.revision as number;
    }
    const failure = this.sim.failures[failuresBefore];
    if (failure && failure.status !== 409) track.unanswered.add(content);
    if (failure?.status === 409 && track.unanswered.size > 0) {
      // An earlier save whose answer was lost to a fault had been written: the editor takes the
      // server's revision and saves again, as its conflict handling does for the author's own text.
      this.sim.failures.splice(failuresBefore, 1);
      this.sim.conflictsAfterLostAnswer++;
      const server = (this as any).lastJson?.data?.server;
      if (server?.revision) return this.save(track, kind, server.revision, content);
    }
    return null;
  }
}

function text(json: any): string | undefined {
  return json ? JSON.stringify(json).slice(0, 160) : undefined;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Row counts of the main tables (for comparing a backup's restore with its source). */
export const MAIN_TABLES = [
  'users',
  'accounts',
  'sessions',
  'books',
  'volumes',
  'chapters',
  'chapter_texts',
  'chapter_versions',
  'ai_chats',
];

export async function rowCounts(db: Db, tables = MAIN_TABLES): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    try {
      const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(db);
      out[t] = Number(r.rows[0].n);
    } catch {
      out[t] = -1;
    }
  }
  return out;
}

/**
 * The bench's own connection to the servers' database, for making sessions and checking saves. On
 * PostgreSQL a pool of its own that survives the faults it stages (not the server's db layer: a defect
 * planted there must bring down the servers, not the bench that reports it).
 */
export function benchDatabase(options: { databaseUrl?: string; dataDir: string }): { db: Db; close(): Promise<void> } {
  if (!options.databaseUrl) return openDatabase({ dataDir: options.dataDir });
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) }) as unknown as Db;
  return { db, close: () => db.destroy() };
}
