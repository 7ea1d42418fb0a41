import type { FastifyReply } from 'fastify';
import { writeGeneration } from '../db/write-generation.ts';
import { compressedOnce } from './compression.ts';
import { ok } from './envelope.ts';

/** How long a cached read is trusted at most (writes by other instances are not seen sooner). */
export const READ_CACHE_TTL_MS = 2000;

/**
 * Results of hot reads (serialized replies, composed profiles), trusted only while this process has
 * written nothing since they were computed (`writeGeneration`), and for at most 2 s: exact within one
 * instance; another instance's write (PostgreSQL, several servers) shows within 2 s.
 *
 * Concurrent misses of one key share one computation (`through`): when an entry expires under load,
 * the requests waiting for it do not each run the same queries, which made the slowest 1 % of a hot
 * read wait behind fifty copies of its own work.
 */
export class ReadCache<T = Buffer> {
  readonly #entries = new Map<string, { generation: number; until: number; value: T }>();
  readonly #computing = new Map<string, { generation: number; value: Promise<T> }>();
  readonly #ttlMs: number;
  readonly #limit: number;

  constructor(ttlMs = READ_CACHE_TTL_MS, limit = 5000) {
    this.#ttlMs = ttlMs;
    this.#limit = limit;
  }

  /** The generation to store with a value: read it before computing the value. */
  static generation(): number {
    return writeGeneration.value;
  }

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== writeGeneration.value || entry.until <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores a value computed from the state of `generation`; nothing when a write happened since. */
  set(key: string, value: T, generation: number, now = Date.now()): void {
    if (generation !== writeGeneration.value) return;
    if (this.#entries.size >= this.#limit) this.#entries.clear();
    this.#entries.set(key, { generation, until: now + this.#ttlMs, value });
  }

  /**
   * The cached value of `key`, or `compute()`'s, stored. A computation already running for the key
   * from the same generation is awaited instead of started again; one started before a write is not
   * shared (its result may predate the write).
   */
  through(key: string, compute: () => Promise<T>): T | Promise<T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = writeGeneration.value;
    const running = this.#computing.get(key);
    if (running && running.generation === generation) return running.value;
    const value = compute().then(
      (result) => {
        if (this.#computing.get(key)?.value === value) this.#computing.delete(key);
        this.set(key, result, generation);
        return result;
      },
      (error: unknown) => {
        if (this.#computing.get(key)?.value === value) this.#computing.delete(key);
        throw error;
      },
    );
    this.#computing.set(key, { generation, value });
    return value;
  }
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends the success envelope of `compute()`'s data from a cache of serialized replies. Kept as UTF-8
 * bytes: encoding a (Chinese) reply anew for every request costs more than the read behind it. A hit
 * is sent without a promise (no await between the handler and the send).
 */
export function sendCached(
  cache: ReadCache<Buffer>,
  reply: FastifyReply,
  key: string,
  compute: () => Promise<unknown>,
): FastifyReply | Promise<FastifyReply> {
  const hit = cache.get(key);
  if (hit !== undefined) return sendBytes(reply, hit);
  return sendBytes(
    reply,
    cache.through(key, async () => serializedOk(await compute())),
  );
}

/** The success envelope of `data`, serialized once as UTF-8 bytes (what `sendBytes` sends). */
export function serializedOk(data: unknown): Buffer {
  return Buffer.from(JSON.stringify(ok(data)));
}

/**
 * Sends an already serialized JSON reply (or the one being computed), compressed for a browser once per
 * reply rather than once per request (`compressedOnce`).
 */
export function sendBytes(reply: FastifyReply, body: Buffer | Promise<Buffer>): FastifyReply | Promise<FastifyReply> {
  if (body instanceof Promise) return body.then((bytes) => sendBytes(reply, bytes));
  return reply.type(JSON_TYPE).send(compressedOnce(reply.request, reply, body));
}
