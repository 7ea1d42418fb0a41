import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { canonicalParams, REQ_INFO_PATH, SIGN_HEADER, signingString } from '@author-centre/shared';
import autocannon from 'autocannon';

const ROOT = resolve(import.meta.dirname, '..');

export interface LoadResult {
  reqPerSec: number;
  p99Ms: number;
  p50Ms: number;
  errors: number;
  non2xx: number;
  /** The server's CPU time (user + system) per request answered, in µs, when its process is known (Linux). */
  cpuUsPerReq?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export interface Figure {
  name: string;
  /** e.g. { reqPerSec, p99Ms, ratio } or { savesPerSec } — printed in order. */
  values: Record<string, number>;
  target: string;
  pass: boolean;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
  /** Builds each request afresh (e.g. a new signature); see autocannon's `requests`. */
  setupRequest?: (req: any) => any;
}

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

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux); null where it cannot be read. */
function cpuTimeMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

function stopper(child: ChildProcess, dataDir?: string) {
  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The shared `sign` (HMAC-MD5 of the signing string), computed with node:crypto: the load generator
 * shares the two cores with the server it measures, and the JavaScript MD5 the browser needs cost the
 * generator more per request than some endpoints cost the server. The same signature (harness.test.ts).
 */
export function signNatively(secret: string, method: string, path: string, payload: string, t: number): string {
  return createHmac('md5', secret)
    .update(signingString(method, path, payload, t))
    .digest('hex');
}

/** A signed client for setting up data and for building signed requests, as the web app signs them. */
export class SignedClient {
  readonly base: string;
  secret = '';
  cookies = new Map<string, string>();

  constructor(base: string) {
    this.base = base;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  #keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }

  async init(): Promise<this> {
    const res = await fetch(`${this.base}${REQ_INFO_PATH}`, { headers: { cookie: this.cookieHeader() } });
    this.#keep(res);
    this.secret = ((await res.json()) as any).data.secret;
    return this;
  }

  /** A signed GET path with query (valid for the signature window of 5 minutes). */
  signedGetPath(path: string, query: Record<string, string | number> = {}): string {
    const t = Date.now();
    const params = { ...query, t };
    const s = signNatively(this.secret, 'GET', path, canonicalParams(params), t);
    return `${path}?${new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), sign: s })}`;
  }

  /** Headers and body of a signed JSON post. */
  signedPost(path: string, body: Record<string, unknown>): { headers: Record<string, string>; body: string } {
    const t = Date.now();
    const raw = JSON.stringify({ ...body, t });
    return {
      headers: {
        'content-type': 'application/json',
        cookie: this.cookieHeader(),
        [SIGN_HEADER]: signNatively(this.secret, 'POST', path, raw, t),
      },
      body: raw,
    };
  }

  async get(path: string, query: Record<string, string | number> = {}): Promise<any> {
    const res = await fetch(`${this.base}${this.signedGetPath(path, query)}`, {
      headers: { cookie: this.cookieHeader() },
    });
    this.#keep(res);
    return res.json();
  }

  async post(path: string, body: Record<string, unknown>): Promise<any> {
    const req = this.signedPost(path, body);
    const res = await fetch(`${this.base}${path}`, { method: 'POST', headers: req.headers, body: req.body });
    this.#keep(res);
    return res.json();
  }
}

export class BenchHarness {
  readonly figures: Figure[] = [];
  /** The process of each server started, by port: `load` reads its CPU time. */
  readonly #pids = new Map<number, number>();

  /**
   * The real server in production mode on a fresh SQLite database (demo data seeded unless env says otherwise).
   * BENCH_CPU_PROF=<dir> writes each server's V8 CPU profile there when it stops (open in Chrome DevTools).
   */
  async startServer(env: Record<string, string> = {}): Promise<RunningServer> {
    const port = await freePort();
    const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'ac-bench-'));
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const child = spawn(process.execPath, [...profile, join(ROOT, 'apps/server/src/main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child);
    if (child.pid !== undefined) this.#pids.set(port, child.pid);
    return { url, port, dataDir, stop: stopper(child, env.DATA_DIR ? undefined : dataDir) };
  }

  /** A bare Fastify server in its own process, answering `bytes` bytes on every path: the baseline of every ratio. */
  async #startBare(bytes: number): Promise<{ origin: string; stop(): Promise<void> }> {
    const port = await freePort();
    const child = spawn(process.execPath, [join(ROOT, 'bench/bare-server.ts')], {
      env: { ...process.env, PORT: String(port), BYTES: String(bytes) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, child);
    if (child.pid !== undefined) this.#pids.set(port, child.pid);
    return { origin: base, stop: stopper(child) };
  }

  /** Load with autocannon: 50 connections for 8 s unless told otherwise. */
  async load(options: LoadOptions): Promise<LoadResult> {
    // A short warm-up first, so the JIT and caches are in the same state for every figure.
    await autocannon({
      url: options.url,
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      connections: 10,
      duration: 2,
    });
    const pid = this.#pids.get(Number(new URL(options.url).port));
    const cpuBefore = cpuTimeMs(pid);
    const result = await autocannon({
      url: options.url,
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      connections: options.connections ?? 50,
      duration: options.durationSeconds ?? 8,
      ...(options.setupRequest ? { requests: [{ setupRequest: options.setupRequest }] } : {}),
    });
    const cpuAfter = cpuTimeMs(pid);
    const answered = result.requests.total;
    return {
      reqPerSec: result.requests.average,
      p99Ms: result.latency.p99,
      p50Ms: result.latency.p50,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      ...(cpuBefore !== null && cpuAfter !== null && answered > 0
        ? { cpuUsPerReq: ((cpuAfter - cpuBefore) * 1000) / answered }
        : {}),
    };
  }

  /**
   * Measures an endpoint against a bare Fastify server sending as many bytes in reply to the same requests
   * (bench/bare-server.ts), in alternating rounds (bare, endpoint, bare, endpoint, …) so that other load on
   * the machine hits both alike; the figures are the medians of the rounds.
   */
  async compare(
    name: string,
    options: LoadOptions,
    targets: { minRatio: number; maxP99Ms: number },
    rounds = 3,
  ): Promise<LoadResult> {
    const probe = await fetch(options.url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
    });
    const bytes = (await probe.arrayBuffer()).byteLength;
    if (!probe.ok) throw new Error(`${name}: the endpoint answered HTTP ${probe.status}`);
    const bare = await this.#startBare(Math.max(64, bytes));
    // The bare server gets the very requests the endpoint gets: same path, query, headers, body, connections.
    const { pathname, search } = new URL(options.url);
    const sameTraffic: LoadOptions = { ...options, url: `${bare.origin}${pathname}${search}` };
    const bareRuns: LoadResult[] = [];
    const runs: LoadResult[] = [];
    try {
      for (let i = 0; i < rounds; i++) {
        bareRuns.push(await this.load({ ...sameTraffic, durationSeconds: options.durationSeconds ?? 4 }));
        runs.push(await this.load({ ...options, durationSeconds: options.durationSeconds ?? 4 }));
      }
    } finally {
      await bare.stop();
    }
    const base: LoadResult = {
      reqPerSec: median(bareRuns.map((r) => r.reqPerSec)),
      p99Ms: median(bareRuns.map((r) => r.p99Ms)),
      p50Ms: median(bareRuns.map((r) => r.p50Ms)),
      errors: 0,
      non2xx: 0,
      cpuUsPerReq: medianOf(bareRuns.map((x) => x.cpuUsPerReq)),
    };
    const r: LoadResult = {
      reqPerSec: median(runs.map((x) => x.reqPerSec)),
      p99Ms: median(runs.map((x) => x.p99Ms)),
      p50Ms: median(runs.map((x) => x.p50Ms)),
      errors: runs.reduce((n, x) => n + x.errors, 0),
      non2xx: runs.reduce((n, x) => n + x.non2xx, 0),
      cpuUsPerReq: medianOf(runs.map((x) => x.cpuUsPerReq)),
    };
    // For information: the servers' own CPU per request, which the load generator sharing the cores moves less
    // than it moves their throughput (docs/performance.md, "CPU per request").
    const cpu: Record<string, number> =
      base.cpuUsPerReq !== undefined && r.cpuUsPerReq !== undefined
        ? { cpuUsPerReq: r.cpuUsPerReq, cpuRatio: base.cpuUsPerReq / r.cpuUsPerReq }
        : {};
    const ratio = median(runs.map((x, i) => x.reqPerSec / bareRuns[i].reqPerSec));
    const clean = r.errors === 0 && r.non2xx === 0;
    this.record({
      name: `bare Fastify server, ${bytes}-byte reply to the same requests (baseline for the next figure)`,
      values: {
        reqPerSec: base.reqPerSec,
        p99Ms: base.p99Ms,
        ...(base.cpuUsPerReq !== undefined ? { cpuUsPerReq: base.cpuUsPerReq } : {}),
      },
      target: '—',
      pass: true,
    });
    this.record({
      name,
      values: {
        reqPerSec: r.reqPerSec,
        p99Ms: r.p99Ms,
        ratio,
        replyBytes: bytes,
        non2xx: r.non2xx,
        errors: r.errors,
        ...cpu,
      },
      target: `ratio ≥ ${targets.minRatio}, p99 ≤ ${targets.maxP99Ms} ms, no errors (median of ${rounds} alternating rounds)`,
      pass: clean && ratio >= targets.minRatio && r.p99Ms <= targets.maxP99Ms,
    });
    return r;
  }

  record(figure: Figure): void {
    this.figures.push(figure);
    const values = Object.entries(figure.values)
      .map(([k, v]) => `${k} ${formatValue(k, v)}`)
      .join(', ');
    console.log(`${figure.pass ? 'PASS' : 'FAIL'}  ${figure.name}: ${values}  [target: ${figure.target}]`);
  }
}

const formatValue = (key: string, v: number) =>
  Number.isInteger(v) ? String(v) : v.toFixed(/ratio$/i.test(key) ? 2 : 1);

/** One figure over several runs: its values' lowest and highest, and whether it met its target every run. */
export interface FigureSpread {
  name: string;
  metEveryRun: boolean;
  line: string;
}

/** Groups the figures of each run by name (a figure missing from a run counts as missed there). */
export function spreadOf(runs: Figure[][]): FigureSpread[] {
  const names = [...new Set(runs.flat().map((f) => f.name))];
  return names.map((name) => {
    const seen = runs.map((figures) => figures.find((f) => f.name === name));
    const present = seen.filter((f): f is Figure => f !== undefined);
    const met = seen.filter((f) => f?.pass).length;
    const keys = [...new Set(present.flatMap((f) => Object.keys(f.values)))];
    const values = keys
      .map((k) => {
        const xs = present.map((f) => f.values[k]).filter((v) => v !== undefined);
        const low = Math.min(...xs);
        const high = Math.max(...xs);
        return `${k} ${low === high ? formatValue(k, low) : `${formatValue(k, low)}–${formatValue(k, high)}`}`;
      })
      .join(', ');
    const metEveryRun = met === runs.length;
    return {
      name,
      metEveryRun,
      line: `${metEveryRun ? 'PASS' : 'FAIL'}  ${name}: ${values}  [met in ${met} of ${runs.length} runs; target: ${present[0].target}]`,
    };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median of values every one of which is known; undefined when one is not. */
function medianOf(values: Array<number | undefined>): number | undefined {
  return values.every((v) => v !== undefined) ? median(values as number[]) : undefined;
}
