import { writeGeneration } from '../../platform/db/write-generation.ts';

/**
 * Serialized replies of hot reads (the chapter list an author pages through), trusted only while
 * this process has written nothing since they were computed, and for at most 2 s: exact within
 * one instance; another instance's write (PostgreSQL, several servers) shows within 2 s.
 */
export class ReadCache {
  readonly #entries = new Map<string, { generation: number; until: number; body: Buffer }>();
  readonly #ttlMs: number;
  readonly #limit: number;

  constructor(ttlMs = 2000, limit = 5000) {
    this.#ttlMs = ttlMs;
    this.#limit = limit;
  }

  /** The generation to store with a value: read it before computing the value. */
  static generation(): number {
    return writeGeneration.value;
  }

  get(key: string, now = Date.now()): Buffer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== writeGeneration.value || entry.until <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  /** Kept as UTF-8 bytes: encoding a Chinese reply anew for every request costs more than the read. */
  set(key: string, body: Buffer, generation: number, now = Date.now()): void {
    if (generation !== writeGeneration.value) return;
    if (this.#entries.size >= this.#limit) this.#entries.clear();
    this.#entries.set(key, { generation, until: now + this.#ttlMs, body });
  }
}
