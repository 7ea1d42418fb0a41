import {
  type BrandConfig,
  type BrandForum,
  type BrandSettings,
  LOCALHOST_CLIENT_ID,
  MAIN_PLATFORM_CLIENT_ID,
  SEED_BRANDS,
} from '@author-centre/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/database.ts';

/** How often an instance asks whether any brand changed (on another instance); a change shows within about this. */
export const BRANDS_RECHECK_MS = 1000;
const REQUEST_HOSTS_LIMIT = 1000;

/** The settings as stored, with fields added after a brand was stored taken from the seed (or the main platform's). */
export function storedSettings(row: { client_id: number; settings: string }): BrandSettings {
  const settings = JSON.parse(row.settings) as BrandSettings;
  const seed = SEED_BRANDS.find((b) => b.clientId === row.client_id) ?? SEED_BRANDS[0];
  settings.intelligent_chapter_division ??= seed.intelligent_chapter_division;
  settings.domains.reading ??= seed.domains.reading;
  settings.editorLinks ??= [];
  settings.penNameChangeDays ??= seed.penNameChangeDays;
  settings.welfareRules ??= structuredClone(seed.welfareRules);
  return settings;
}

/** The next `updated_at` of a brand: now, but always after the one before (see `Brands.watch`). */
export const nextBrandStamp = (previous: number, now = Date.now()) => Math.max(now, previous + 1);

/**
 * Brand settings are data (table `brands`), held in memory for resolution on every request and
 * reloaded when they change: at once on the instance that saved them, within `BRANDS_RECHECK_MS`
 * on every other instance (`watch`).
 */
export class Brands {
  readonly #db: Db;
  #byId = new Map<number, BrandSettings>();
  #byHost = new Map<string, number>();
  #configJson = new Map<number, Buffer>();
  /** Host names as requests spell them → their brand, filled on use and emptied on every load. */
  #byRequestHost = new Map<string, BrandSettings>();
  /** The stored state the maps were built from: see `#signatureOf`. */
  #signature = '';

  readonly #forum: BrandForum;

  /** `forum`: the configured forum, sent with every brand's config so its forum links lead there. */
  constructor(db: Db, forum: BrandForum = { provider: 'embedded', url: null }) {
    this.#db = db;
    this.#forum = forum;
  }

  /** Inserts the seed settings of brands that do not exist yet; never overwrites edited ones. */
  async seed(): Promise<void> {
    const now = Date.now();
    for (const brand of SEED_BRANDS) {
      await this.#db
        .insertInto('brands')
        .values({ client_id: brand.clientId, brief: brand.brief, settings: JSON.stringify(brand), updated_at: now })
        .onConflict((oc) => oc.column('client_id').doNothing())
        .execute();
    }
  }

  async load(): Promise<void> {
    const rows = await this.#db.selectFrom('brands').selectAll().execute();
    const byId = new Map<number, BrandSettings>();
    const byHost = new Map<string, number>();
    for (const row of rows) {
      const settings = storedSettings(row);
      byId.set(row.client_id, settings);
      byHost.set(`${row.brief}.localhost`, row.client_id);
      for (const domain of [settings.domains.pc, settings.domains.mobile])
        byHost.set(domain.toLowerCase(), row.client_id);
    }
    byHost.set('localhost', LOCALHOST_CLIENT_ID);
    byHost.set('127.0.0.1', LOCALHOST_CLIENT_ID);
    this.#byId = byId;
    this.#byHost = byHost;
    this.#byRequestHost = new Map();
    this.#configJson = new Map(
      [...byId].map(([id, settings]) => [
        id,
        Buffer.from(JSON.stringify({ code: 200, data: { ...settings, forum: this.#forum } satisfies BrandConfig })),
      ]),
    );
    this.#signature = Brands.#signatureOf(
      rows.length,
      rows.reduce((sum, r) => sum + Number(r.updated_at), 0),
    );
  }

  /**
   * What identifies the stored state cheaply: the number of brands and the sum of their `updated_at`.
   * Every save moves its brand's `updated_at` forward (`nextBrandStamp`), so the sum moves with every
   * change on any instance, even two saves of different brands in the same millisecond.
   */
  static #signatureOf(count: number, sum: number): string {
    return `${count}:${sum}`;
  }

  /** Reloads when the stored brands changed since the last load (one aggregate query otherwise). */
  async refreshIfChanged(): Promise<boolean> {
    const row = await this.#db
      .selectFrom('brands')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('updated_at').as('s')])
      .executeTakeFirst();
    const signature = Brands.#signatureOf(Number(row?.n ?? 0), Number(row?.s ?? 0));
    if (signature === this.#signature) return false;
    await this.load();
    return true;
  }

  /**
   * Keeps this instance's settings current with what other instances save: asks every `everyMs`
   * (one check at a time) and reloads on a change. Returns the stop function for `ctx.onClose`,
   * which waits for a check in flight so the database is not closed under it.
   */
  watch(everyMs: number, log: FastifyBaseLogger): () => Promise<void> {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = this.refreshIfChanged()
        .catch((error) => log.warn({ err: error }, 'brand settings recheck failed; will retry'))
        .finally(() => {
          running = null;
        });
    }, everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }

  get(clientId: number): BrandSettings {
    const brand = this.#byId.get(clientId) ?? this.#byId.get(MAIN_PLATFORM_CLIENT_ID);
    if (!brand) throw new Error('Brands are not loaded');
    return brand;
  }

  /** The brand-config reply, serialized once per settings change (every page asks for it first). */
  configReply(clientId: number): Buffer {
    return this.#configJson.get(clientId) ?? this.#configJson.get(MAIN_PLATFORM_CLIENT_ID)!;
  }

  /** Whether a brand of this id is configured (not just inherited from the main platform). */
  has(clientId: number): boolean {
    return this.#byId.has(clientId);
  }

  all(): BrandSettings[] {
    return [...this.#byId.values()];
  }

  /**
   * The brand of a host name (no port); unknown hosts get the main platform. Remembered per host name
   * as sent (bounded: any client can send any Host), so a request costs one map lookup.
   */
  resolve(hostname: string): BrandSettings {
    let brand = this.#byRequestHost.get(hostname);
    if (!brand) {
      const host = hostname.toLowerCase().replace(/\.$/, '');
      brand = this.get(this.#byHost.get(host) ?? MAIN_PLATFORM_CLIENT_ID);
      if (this.#byRequestHost.size >= REQUEST_HOSTS_LIMIT) this.#byRequestHost.clear();
      this.#byRequestHost.set(hostname, brand);
    }
    return brand;
  }

  /**
   * Stores a brand's settings if it is still at `revision` (its `updated_at` when read); returns the
   * new revision, or null when someone saved it since. Call `load()` after the transaction commits.
   */
  static async write(db: Db | Tx, clientId: number, settings: BrandSettings, revision: number): Promise<number | null> {
    const stamp = nextBrandStamp(revision);
    const done = await db
      .updateTable('brands')
      .set({ settings: JSON.stringify({ ...settings, clientId }), updated_at: stamp })
      .where('client_id', '=', clientId)
      .where('updated_at', '=', revision)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1 ? stamp : null;
  }

  /** Changes some settings of a brand directly (tests and scripts; the console goes through its own checks). */
  async update(clientId: number, patch: Partial<BrandSettings>): Promise<BrandSettings> {
    const row = await this.#db
      .selectFrom('brands')
      .select(['settings', 'updated_at', 'client_id'])
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    const next = { ...storedSettings(row), ...patch, clientId };
    if ((await Brands.write(this.#db, clientId, next, Number(row.updated_at))) === null) {
      throw new Error(`Brand ${clientId} changed while it was being updated`);
    }
    await this.load();
    return next;
  }
}
