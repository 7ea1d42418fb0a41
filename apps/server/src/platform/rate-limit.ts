import { sql } from 'kysely';
import type { Db } from './db/database.ts';

export interface RateDecision {
  allowed: boolean;
  count: number;
  /** When the window ends: how long until the next attempt can pass. */
  retryAfterMs: number;
}

/**
 * Fixed-window counters kept in the database, so every server instance sees the same counts.
 * `hit` counts an attempt; `peek` reads without counting.
 */
export class RateLimiter {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateDecision> {
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const row = await this.#db
      .insertInto('rate_limits')
      .values({ key, window_start: windowStart, count: 1, expires_at: windowStart + windowMs })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return { allowed: row.count <= limit, count: row.count, retryAfterMs: windowStart + windowMs - now };
  }

  async peek(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateDecision> {
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const row = await this.#db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', key)
      .where('window_start', '=', windowStart)
      .executeTakeFirst();
    const count = row?.count ?? 0;
    return { allowed: count < limit, count, retryAfterMs: windowStart + windowMs - now };
  }

  async purgeExpired(now = Date.now()): Promise<void> {
    await this.#db.deleteFrom('rate_limits').where('expires_at', '<', now).execute();
  }
}
