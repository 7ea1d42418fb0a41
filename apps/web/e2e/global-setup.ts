import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the real server (`node apps/server/src/main.ts`) once per test worker, each on a free port with a
 * fresh data folder, serving (a copy of) the web app already built into apps/web/dist, and stops them after
 * the run. Two files running at once never share a server, so one file's moved server clock or brand
 * settings never reach another. Tests reach their worker's server through browser.ts (`serverPort()`,
 * `serverDataDir()`).
 */
export interface E2eServer {
  port: number;
  /** The server's data folder (its SQLite database), for test-only setup such as sessions. */
  dataDir: string;
}
declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker, in VITEST_POOL_ID order. */
    servers: E2eServer[];
  }
}

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const WEB_DIST = resolve(REPO_ROOT, 'apps/web/dist');
const STARTUP_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(port: number, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer /healthz within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

async function startServer(): Promise<E2eServer & { stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'author-centre-e2e-'));
  // The server maps the built files when it starts; a copy keeps a rebuild during the run from
  // pulling assets out from under it.
  const webDist = join(dataDir, 'web-dist');
  await cp(WEB_DIST, webDist, { recursive: true });
  let log = '';
  // Each run gets its own SQLite database in the fresh data folder, whatever the shell points at.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(port, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, dataDir, stop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` before the browser tests.');
  }
  const started = await Promise.allSettled(
    Array.from({ length: Math.max(1, project.config.maxWorkers) }, () => startServer()),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'servers',
    servers.map(({ port, dataDir }) => ({ port, dataDir })),
  );
  return stopAll;
}
