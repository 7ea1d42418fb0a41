import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { makeSelfSigned } from '../apps/server/src/modules/contracts/platform-certificate.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import type { BenchHarness } from './harness.ts';
import { benchDatabase, CALL_KINDS, freePort, Instance, LoadSim, rowCounts } from './load-sim.ts';

/**
 * Issue 21, load suite: `npm run bench load` (never part of a plain `npm run bench`).
 *
 * LOAD_AUTHORS simulated authors (default 200) for LOAD_SECONDS (default 60), each logging in, opening
 * the lists, typing a chapter with autosave, saving, publishing and asking the assistant (bench/load-sim.ts):
 * 1. against one server on SQLite; then, in that run's aftermath, `npm run db:backup` online (the server
 *    still up), `npm run db:restore` into a fresh folder, the main tables' row counts compared, and a
 *    server started on the restored folder;
 * 2. against two servers on one PostgreSQL database (authors spread over both).
 * Each prints calls, errors (target 0), p99 per call kind, and — after the servers have stopped —
 * "acknowledged saves: N, lost: 0" read from the database.
 *
 * Planted defect it caught (see bench/README.md): an autosave acknowledged without its text written (the
 * chapter_texts update wrote the body only on explicit saves) — "lost: 104" on SQLite, "lost: 100" on
 * PostgreSQL, both figures FAIL.
 */
const ROOT = resolve(import.meta.dirname, '..');
const PG_ADMIN = process.env.LOAD_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default async function loadBench(h: BenchHarness): Promise<void> {
  const authors = Number(process.env.LOAD_AUTHORS ?? 200);
  const seconds = Number(process.env.LOAD_SECONDS ?? 60);
  await sqliteRun(h, authors, seconds);
  await postgresRun(h, authors, seconds);
}

function report(
  h: BenchHarness,
  label: string,
  sim: LoadSim,
  verified: { acknowledged: number; lost: number; corrupted: number; examples: string[] },
  crashes: string[],
  serverErrors: string[],
) {
  const p = sim.percentiles();
  const errors = sim.failures.length;
  console.log(`  ${label}: ${sim.calls} calls, ${errors} errors`);
  for (const kind of CALL_KINDS) {
    console.log(
      `    ${kind.padEnd(9)} ${String(p[kind].calls).padStart(6)} calls  p50 ${p[kind].p50.toFixed(1)} ms  p99 ${p[kind].p99.toFixed(1)} ms`,
    );
  }
  for (const f of sim.failures.slice(0, 8)) {
    console.log(`    error: ${f.kind} HTTP ${f.status} ${f.code ?? ''} ${f.title ?? ''}`);
  }
  for (const c of crashes) console.log(`    server crashed: ${c}`);
  if (errors > 0) for (const line of serverErrors) console.log(`    server logged: ${line}`);
  console.log(
    `  acknowledged saves: ${verified.acknowledged}, lost: ${verified.lost}, corrupted: ${verified.corrupted}`,
  );
  for (const e of verified.examples) console.log(`    ${e}`);
  const values: Record<string, number> = { calls: sim.calls, errors };
  for (const kind of CALL_KINDS) values[`${kind}P99Ms`] = p[kind].p99;
  values.acknowledgedSaves = verified.acknowledged;
  values.lost = verified.lost;
  values.corrupted = verified.corrupted;
  h.record({
    name: `${sim.options.authors} authors for ${sim.options.seconds} s, ${label}`,
    values,
    target: '0 errors, every acknowledged save in the database, no corrupted row, no crash',
    pass:
      errors === 0 &&
      verified.lost === 0 &&
      verified.corrupted === 0 &&
      verified.acknowledged > 0 &&
      crashes.length === 0,
  });
}

async function sqliteRun(h: BenchHarness, authors: number, seconds: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ac-load-'));
  const restoredDir = mkdtempSync(join(tmpdir(), 'ac-load-restored-'));
  const server = new Instance(await freePort(), { DATA_DIR: dataDir });
  let restored: Instance | null = null;
  try {
    await server.start();
    const handle = openDatabase({ dataDir });
    const sim = new LoadSim({ urls: [server.url], db: handle.db, authors, seconds });
    await sim.run();

    // The aftermath: an online backup while the server still serves, restored into a fresh folder.
    const backupFile = join(dataDir, `backup-${Date.now()}.sqlite`);
    const env = { ...process.env, DATA_DIR: dataDir };
    const backupOut = execFileSync('npm', ['run', '--silent', 'db:backup', '--', backupFile], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    const sourceCounts = await rowCounts(handle.db);
    const restoreOut = execFileSync('npm', ['run', '--silent', 'db:restore', '--', backupFile], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: restoredDir },
      encoding: 'utf8',
    });
    console.log(`  ${backupOut.trim()}; ${restoreOut.trim()}`);
    const restoredHandle = openDatabase({ dataDir: restoredDir });
    const restoredCounts = await rowCounts(restoredHandle.db);
    await restoredHandle.close();
    const differing = Object.keys(sourceCounts).filter((t) => sourceCounts[t] !== restoredCounts[t]);
    console.log(
      `  row counts (source = restored): ${Object.entries(sourceCounts)
        .map(([t, n]) => `${t} ${n}${restoredCounts[t] === n ? '' : `≠${restoredCounts[t]}`}`)
        .join(', ')}`,
    );
    // The restored folder serves: a server starts on it (with the source's data key) and is healthy.
    execFileSync('cp', [join(dataDir, 'data.key'), join(restoredDir, 'data.key')]);
    restored = new Instance(await freePort(), { DATA_DIR: restoredDir });
    let servesRestored = true;
    try {
      await restored.start(30_000);
    } catch (error) {
      servesRestored = false;
      console.log(`  the restored folder does not serve: ${(error as Error).message}`);
    }
    h.record({
      name: 'online backup (npm run db:backup) after the SQLite load, restored (npm run db:restore) into a fresh folder',
      values: {
        tables: Object.keys(sourceCounts).length,
        differing: differing.length,
        chapters: sourceCounts.chapters,
      },
      target: 'every main table has as many rows restored as in the source; a server starts on the restored folder',
      pass: differing.length === 0 && sourceCounts.chapters > 0 && servesRestored,
    });

    // Stopped as a deploy stops it; then the database must hold every save the authors were told of.
    await server.stop();
    const verified = await sim.verify(handle.db);
    await handle.close();
    report(h, 'one instance on SQLite', sim, verified, server.crashes, server.errorLog);
  } finally {
    await server.stop();
    await restored?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(restoredDir, { recursive: true, force: true });
  }
}

/** A fresh database on the PostgreSQL of LOAD_PG_URL; null (figure skipped) when it does not answer. */
export async function freshPostgres(
  prefix: string,
  adminUrl = PG_ADMIN,
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.log(
      `  PostgreSQL does not answer at ${adminUrl.replace(/\/\/[^@]*@/, '//')} (${(error as Error).message}): skipped`,
    );
    await admin.end().catch(() => {});
    return null;
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The environment every instance on one PostgreSQL shares (data key and contract certificate). */
export function sharedEnv(databaseUrl: string): Record<string, string> {
  const { p12, passphrase } = makeSelfSigned('Load Bench Platform');
  return {
    DATABASE_URL: databaseUrl,
    DATA_KEY: randomBytes(32).toString('hex'),
    CONTRACT_SIGNING_P12: p12.toString('base64'),
    CONTRACT_SIGNING_PASSWORD: passphrase,
  };
}

async function postgresRun(h: BenchHarness, authors: number, seconds: number): Promise<void> {
  const database = await freshPostgres('ac_load');
  if (!database) return;
  const shared = sharedEnv(database.url);
  const dirs = [mkdtempSync(join(tmpdir(), 'ac-load-pg1-')), mkdtempSync(join(tmpdir(), 'ac-load-pg2-'))];
  const servers = await Promise.all(dirs.map(async (d) => new Instance(await freePort(), { ...shared, DATA_DIR: d })));
  const handle = benchDatabase({ databaseUrl: database.url, dataDir: dirs[0] });
  try {
    // One after the other: the first runs the migrations.
    for (const s of servers) await s.start();
    const sim = new LoadSim({ urls: servers.map((s) => s.url), db: handle.db, authors, seconds });
    await sim.run();
    for (const s of servers) await s.stop();
    const verified = await sim.verify(handle.db);
    report(
      h,
      'two instances on one PostgreSQL',
      sim,
      verified,
      servers.flatMap((s) => s.crashes),
      servers.flatMap((s) => s.errorLog),
    );
  } finally {
    for (const s of servers) await s.stop();
    await handle.close();
    await database.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
