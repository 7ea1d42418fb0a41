import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/test-app.ts';
import { openDatabase } from '../db/database.ts';
import { Jobs } from './jobs.ts';

let t: TestApp;
const silent = { warn() {}, error() {}, info() {}, debug() {} } as any;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A handler's effect: a 'marker' job row written in the job's own transaction. */
function markerJobs(workerId: string, options: { leaseMs?: number; delayMs?: number } = {}): Jobs {
  const jobs = new Jobs(t.app.ctx.db, silent, { workerId, leaseMs: options.leaseMs, lateAfterMs: 1000 });
  jobs.define('effect', async ({ tx, job, late, lateMs }) => {
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    await jobs.schedule(tx, {
      kind: 'marker',
      runAt: Number.MAX_SAFE_INTEGER,
      payload: { of: job.id, by: workerId, late, lateMs },
    });
  });
  jobs.define('marker', async () => {});
  return jobs;
}

async function markersOf(id: number) {
  const rows = await t.app.ctx.db.selectFrom('jobs').select('payload').where('kind', '=', 'marker').execute();
  return rows.map((r) => JSON.parse(r.payload)).filter((p) => p.of === id);
}

describe('durable jobs', () => {
  it('runs a job once when due, not before', async () => {
    const jobs = markerJobs('a');
    const now = Date.now();
    const id = await jobs.schedule(t.app.ctx.db, { kind: 'effect', runAt: now + 60_000 });
    expect(await jobs.runDue(now)).toBe(0);
    expect(await markersOf(id)).toHaveLength(0);
    expect(await jobs.runDue(now + 60_000)).toBe(1);
    expect(await jobs.runDue(now + 120_000)).toBe(0);
    expect(await markersOf(id)).toHaveLength(1);
    expect(await jobs.status(t.app.ctx.db, id)).toBe('done');
  });

  it('can be cancelled or moved until it has run, not after', async () => {
    const jobs = markerJobs('a');
    const now = Date.now();
    const a = await jobs.schedule(t.app.ctx.db, { kind: 'effect', runAt: now + 1000 });
    const b = await jobs.schedule(t.app.ctx.db, { kind: 'effect', runAt: now + 1000 });
    expect(await jobs.cancel(t.app.ctx.db, a)).toBe(true);
    expect(await jobs.reschedule(t.app.ctx.db, b, now + 5000)).toBe(true);
    await jobs.runDue(now + 2000);
    expect(await markersOf(a)).toHaveLength(0);
    expect(await markersOf(b)).toHaveLength(0);
    await jobs.runDue(now + 5000);
    expect(await markersOf(b)).toHaveLength(1);
    expect(await jobs.cancel(t.app.ctx.db, b)).toBe(false);
    expect(await jobs.reschedule(t.app.ctx.db, b, now + 9000)).toBe(false);
  });

  it('runs a missed job on recovery and records how late it was', async () => {
    const jobs = markerJobs('a');
    const runAt = Date.now() - 3_600_000;
    const id = await jobs.schedule(t.app.ctx.db, { kind: 'effect', runAt });
    await jobs.runDue();
    const [marker] = await markersOf(id);
    expect(marker.late).toBe(true);
    expect(marker.lateMs).toBeGreaterThanOrEqual(3_600_000);
    const row = await t.app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.late_ms).toBeGreaterThanOrEqual(3_600_000);
  });

  it('retries a failing job with backoff, then marks it failed, and rolls back its effects', async () => {
    const jobs = new Jobs(t.app.ctx.db, silent, { workerId: 'f' });
    let calls = 0;
    jobs.define(
      'flaky',
      async ({ tx }) => {
        calls++;
        await jobs.schedule(tx, { kind: 'marker', runAt: Number.MAX_SAFE_INTEGER, payload: { of: -1 } });
        throw new Error('boom');
      },
      { maxAttempts: 2 },
    );
    const now = Date.now();
    const id = await jobs.schedule(t.app.ctx.db, { kind: 'flaky', runAt: now });
    await jobs.runDue(now);
    let row = await t.app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.run_at).toBeGreaterThan(now);
    expect(row.last_error).toBe('boom');
    await jobs.runDue(row.run_at + 1);
    row = await t.app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(calls).toBe(2);
    expect(await markersOf(-1)).toHaveLength(0);
  });

  it('frees a job whose runner died mid-run once its lease expires', async () => {
    const jobs = markerJobs('b');
    const now = Date.now();
    const id = await jobs.schedule(t.app.ctx.db, { kind: 'effect', runAt: now });
    // A runner claimed it and died before finishing.
    await t.app.ctx.db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: 'dead', locked_until: now + 60_000, attempts: 1 })
      .where('id', '=', id)
      .execute();
    expect(await jobs.runDue(now + 1000)).toBe(0);
    expect(await jobs.runDue(now + 61_000)).toBe(1);
    expect(await markersOf(id)).toHaveLength(1);
  });

  it('runs a job exactly once when several instances poll the same database at once', async () => {
    const runners = ['x', 'y', 'z'].map((w) => markerJobs(w));
    const now = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await runners[0].schedule(t.app.ctx.db, { kind: 'effect', runAt: now }));
    const counts = await Promise.all(runners.map((r) => r.runDue(now)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(10);
    for (const id of ids) expect(await markersOf(id)).toHaveLength(1);
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'applies a job once when a stalled runner loses its lease to another instance',
    async () => {
      // A second connection pool, as a second server instance would have.
      const other = openDatabase({ databaseUrl: t.config.DATABASE_URL, dataDir: t.config.DATA_DIR, poolSize: 2 });
      try {
        const slow = markerJobs('slow', { leaseMs: 100, delayMs: 600 });
        const fast = new Jobs(other.db, silent, { workerId: 'fast', leaseMs: 10_000 });
        fast.define('effect', async ({ tx, job }) => {
          await fast.schedule(tx, {
            kind: 'marker',
            runAt: Number.MAX_SAFE_INTEGER,
            payload: { of: job.id, by: 'fast' },
          });
        });
        const now = Date.now();
        const id = await slow.schedule(t.app.ctx.db, { kind: 'effect', runAt: now });
        const slowRun = slow.runDue(now);
        await new Promise((r) => setTimeout(r, 250));
        await fast.runDue(Date.now());
        await slowRun;
        const markers = await markersOf(id);
        expect(markers).toEqual([expect.objectContaining({ by: 'fast' })]);
      } finally {
        await other.close();
      }
    },
  );
});
