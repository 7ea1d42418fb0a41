import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, inTransaction, type Tx } from '../db/database.ts';
import type { JobStatus } from './jobs.tables.ts';
import './jobs.tables.ts';

export interface JobRecord {
  id: number;
  kind: string;
  payload: unknown;
  runAt: number;
  attempts: number;
}

export interface JobRun {
  /** The transaction the job's effects are written in; the job is marked done in the same one. */
  tx: Tx;
  job: JobRecord;
  /** When the job started, and how late against its run_at (0 when on time). */
  now: number;
  lateMs: number;
  /** True when it started more than `lateAfterMs` after its time (the server was down or busy). */
  late: boolean;
}

export type JobHandler = (run: JobRun) => Promise<void>;

/** A job that failed its last attempt: what its kind does then (tell someone), outside its transaction. */
export type JobFailedHandler = (failure: { job: JobRecord; error: string; now: number }) => Promise<void>;

interface Definition {
  handler: JobHandler;
  maxAttempts: number;
  onFailed?: JobFailedHandler;
}

export interface JobsOptions {
  /** Distinguishes this instance in `locked_by`. */
  workerId?: string;
  /** How long a claimed job is ours before another instance may take it over. */
  leaseMs?: number;
  pollMs?: number;
  /** A job starting later than this after its run_at is recorded as late. */
  lateAfterMs?: number;
  batchSize?: number;
}

type Executor = Db | Tx;

/**
 * Durable jobs in the `jobs` table. A due job is claimed with one conditional UPDATE
 * (`WHERE id = ? AND status = 'pending' AND locked_until < now`), so of several instances sharing
 * a PostgreSQL database exactly one wins it; the job's effects and its `done` mark are written in
 * one transaction that also checks the lease is still ours, so a job whose lease expired mid-run
 * (a stalled instance) cannot be applied twice. Jobs missed while no instance ran are run on
 * recovery, with how late they were recorded.
 */
export class Jobs {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #defs = new Map<string, Definition>();
  readonly workerId: string;
  readonly leaseMs: number;
  readonly pollMs: number;
  readonly lateAfterMs: number;
  readonly #batchSize: number;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;

  constructor(db: Db, log: FastifyBaseLogger, options: JobsOptions = {}) {
    this.#db = db;
    this.#log = log;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1000;
    this.lateAfterMs = options.lateAfterMs ?? 60_000;
    this.#batchSize = options.batchSize ?? 20;
  }

  /** Registers what a kind of job does. Every instance that may run jobs must define the same kinds. */
  define(kind: string, handler: JobHandler, options: { maxAttempts?: number; onFailed?: JobFailedHandler } = {}): void {
    this.#defs.set(kind, { handler, maxAttempts: options.maxAttempts ?? 5, onFailed: options.onFailed });
  }

  /**
   * Adds a job, in the caller's transaction when given one (so it exists exactly when the change
   * that needs it commits). A `key` names a job that may exist only once while pending.
   */
  async schedule(
    db: Executor,
    job: { kind: string; runAt: number; payload?: unknown; key?: string; maxAttempts?: number },
  ): Promise<number> {
    const now = Date.now();
    const row = await db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        dedupe_key: job.key ?? null,
        payload: JSON.stringify(job.payload ?? null),
        run_at: job.runAt,
        status: 'pending',
        attempts: 0,
        max_attempts: job.maxAttempts ?? this.#defs.get(job.kind)?.maxAttempts ?? 5,
        locked_by: null,
        locked_until: 0,
        last_error: null,
        started_at: null,
        finished_at: null,
        late_ms: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (job.runAt <= now + this.pollMs) this.wake();
    return row.id;
  }

  /** Cancels a job that has not started. False when it already ran, runs, or does not exist. */
  async cancel(db: Executor, id: number): Promise<boolean> {
    const now = Date.now();
    const result = await db
      .updateTable('jobs')
      .set({ status: 'cancelled', dedupe_key: null, finished_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('locked_until', '<', now)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Moves a job that has not started to another time. False when it is too late for that. */
  async reschedule(db: Executor, id: number, runAt: number): Promise<boolean> {
    const now = Date.now();
    const result = await db
      .updateTable('jobs')
      .set({ run_at: runAt, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('locked_until', '<', now)
      .executeTakeFirst();
    if (runAt <= now + this.pollMs) this.wake();
    return result.numUpdatedRows === 1n;
  }

  async status(db: Executor, id: number): Promise<JobStatus | null> {
    const row = await db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status ?? null;
  }

  /**
   * Claims and runs every job due at `now`, one batch after another; returns how many ran. The
   * poller calls it; tests call it directly to step time.
   */
  async runDue(now: number = Date.now()): Promise<number> {
    let ran = 0;
    for (;;) {
      // Jobs whose lease expired while running belong to a dead or stalled instance: free them.
      await this.#db
        .updateTable('jobs')
        .set({ status: 'pending', locked_by: null, updated_at: now })
        .where('status', '=', 'running')
        .where('locked_until', '<', now)
        .execute();
      const due = await this.#db
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'pending')
        .where('run_at', '<=', now)
        .where('locked_until', '<', now)
        .orderBy('run_at')
        .orderBy('id')
        .limit(this.#batchSize)
        .execute();
      if (due.length === 0) return ran;
      let claimedAny = false;
      for (const { id } of due) {
        const claimed = await this.#claim(id, now);
        if (!claimed) continue;
        claimedAny = true;
        await this.#run(claimed, now);
        ran++;
      }
      if (!claimedAny && due.length < this.#batchSize) return ran;
      if (!claimedAny) return ran;
    }
  }

  async #claim(id: number, now: number): Promise<(JobRecord & { maxAttempts: number }) | null> {
    const result = await this.#db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        locked_by: this.workerId,
        locked_until: now + this.leaseMs,
        attempts: eb('attempts', '+', 1),
        started_at: Date.now(),
        updated_at: now,
      }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('locked_until', '<', now)
      .where('run_at', '<=', now)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return null;
    const row = await this.#db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return {
      id: row.id,
      kind: row.kind,
      payload: JSON.parse(row.payload),
      runAt: row.run_at,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
    };
  }

  async #run(job: JobRecord & { maxAttempts: number }, now: number): Promise<void> {
    const def = this.#defs.get(job.kind);
    const startedAt = Math.max(now, Date.now());
    const lateMs = Math.max(0, startedAt - job.runAt);
    const late = lateMs > this.lateAfterMs;
    try {
      if (!def) throw new Error(`no handler for job kind '${job.kind}'`);
      await inTransaction(this.#db, async (tx) => {
        await def.handler({ tx, job, now: startedAt, lateMs, late });
        const done = await tx
          .updateTable('jobs')
          .set({
            status: 'done',
            dedupe_key: null,
            locked_until: 0,
            finished_at: Date.now(),
            late_ms: late ? lateMs : null,
            last_error: null,
            updated_at: Date.now(),
          })
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .where('locked_by', '=', this.workerId)
          .executeTakeFirst();
        // Our lease was taken over: roll the effects back, the new owner applies them once.
        if (done.numUpdatedRows !== 1n) throw new LeaseLost(job.id);
      });
      if (late) this.#log.warn({ job: job.id, kind: job.kind, lateMs }, 'job ran late');
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.#log.warn({ job: job.id }, 'job lease lost; left to its new owner');
        return;
      }
      const finalAttempt = job.attempts >= job.maxAttempts;
      const retryAt = Date.now() + Math.min(60 * 60_000, 5000 * 2 ** (job.attempts - 1));
      this.#log.error({ job: job.id, kind: job.kind, err: error }, finalAttempt ? 'job failed' : 'job will retry');
      const lastError = String((error as Error)?.message ?? error).slice(0, 2000);
      const marked = await this.#db
        .updateTable('jobs')
        .set({
          status: finalAttempt ? 'failed' : 'pending',
          ...(finalAttempt ? { dedupe_key: null, finished_at: Date.now() } : { run_at: retryAt }),
          locked_by: null,
          locked_until: 0,
          last_error: lastError,
          updated_at: Date.now(),
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.workerId)
        .executeTakeFirst();
      // Failed for good (and marked so by us, not by an instance that took the lease over): the
      // kind's own reaction, e.g. telling the author; its failure is logged, never retried.
      if (finalAttempt && marked.numUpdatedRows === 1n && def?.onFailed) {
        const { maxAttempts: _, ...record } = job;
        await def
          .onFailed({ job: record, error: lastError, now: Date.now() })
          .catch((err) => this.#log.error({ job: job.id, kind: job.kind, err }, 'job failure handler failed'));
      }
    }
  }

  /** Starts the in-process poller: due jobs now (missed ones included), then every `pollMs`. */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.wake();
  }

  /** Runs due jobs soon (after a job was scheduled for now). No-op unless started. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#tick(), 0);
  }

  #tick(): void {
    this.#timer = null;
    if (this.#stopped) return;
    this.#running = this.runDue()
      .then(() => undefined)
      .catch((error) => this.#log.error({ err: error }, 'job poller failed'))
      .finally(() => {
        this.#running = null;
        if (this.#stopped) return;
        const delay = this.#again ? 0 : this.pollMs;
        this.#again = false;
        this.#timer = setTimeout(() => this.#tick(), delay);
        this.#timer.unref?.();
      });
  }

  /** Stops polling and waits for the batch in progress to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}

class LeaseLost extends Error {
  constructor(id: number) {
    super(`lease of job ${id} lost`);
  }
}
