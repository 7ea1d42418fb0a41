import { writeGeneration } from '../../platform/db/write-generation.ts';

/** How long a cached read is trusted at most (writes by other instances are not seen sooner). */
export const HOT_CACHE_TTL_MS = 2000;
const LIMIT = 20_000;

/**
 * A read cache for the hottest author reads (the session behind GET /api/author/profile and the
 * composed profile): an entry is used only while no write has happened in this process since it was
 * computed, and for at most 2 s. Within one instance it is never stale; across instances on
 * PostgreSQL it may lag another instance's write (a logout there, a new badge) by up to 2 s.
 */
export class HotCache<T> {
  readonly #entries = new Map<string, { generation: number; until: number; value: T }>();

  /** The generation to pass to `set`, read before computing the value. */
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

  set(key: string, value: T, generation: number, now = Date.now()): void {
    if (generation !== writeGeneration.value) return;
    if (this.#entries.size >= LIMIT) this.#entries.clear();
    this.#entries.set(key, { generation, until: now + HOT_CACHE_TTL_MS, value });
  }
}
