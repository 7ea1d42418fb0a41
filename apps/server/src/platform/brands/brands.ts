import { type BrandSettings, LOCALHOST_CLIENT_ID, MAIN_PLATFORM_CLIENT_ID, SEED_BRANDS } from '@author-centre/shared';
import type { Db } from '../db/database.ts';

/**
 * Brand settings are data (table `brands`), held in memory for resolution on every request and
 * reloaded when an admin changes them.
 */
export class Brands {
  readonly #db: Db;
  #byId = new Map<number, BrandSettings>();
  #byHost = new Map<string, number>();
  #configJson = new Map<number, Buffer>();

  constructor(db: Db) {
    this.#db = db;
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
      const settings = JSON.parse(row.settings) as BrandSettings;
      // Fields added after a brand was stored take the seed's value (or the main platform's).
      const seed = SEED_BRANDS.find((b) => b.clientId === row.client_id) ?? SEED_BRANDS[0];
      settings.intelligent_chapter_division ??= seed.intelligent_chapter_division;
      settings.domains.reading ??= seed.domains.reading;
      byId.set(row.client_id, settings);
      byHost.set(`${row.brief}.localhost`, row.client_id);
      for (const domain of [settings.domains.pc, settings.domains.mobile])
        byHost.set(domain.toLowerCase(), row.client_id);
    }
    byHost.set('localhost', LOCALHOST_CLIENT_ID);
    byHost.set('127.0.0.1', LOCALHOST_CLIENT_ID);
    this.#byId = byId;
    this.#byHost = byHost;
    this.#configJson = new Map(
      [...byId].map(([id, settings]) => [id, Buffer.from(JSON.stringify({ code: 200, data: settings }))]),
    );
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

  /** The brand of a host name (no port); unknown hosts get the main platform. */
  resolve(hostname: string): BrandSettings {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    return this.get(this.#byHost.get(host) ?? MAIN_PLATFORM_CLIENT_ID);
  }

  async update(clientId: number, patch: Partial<BrandSettings>): Promise<BrandSettings> {
    const next = { ...this.get(clientId), ...patch, clientId };
    await this.#db
      .updateTable('brands')
      .set({ settings: JSON.stringify(next), updated_at: Date.now() })
      .where('client_id', '=', clientId)
      .execute();
    await this.load();
    return next;
  }
}
