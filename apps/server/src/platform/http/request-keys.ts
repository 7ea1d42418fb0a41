import { randomBytes } from 'node:crypto';
import { HmacMd5Key } from '@author-centre/shared';
import type { Db } from '../db/database.ts';

export interface RequestKey {
  id: string;
  clientId: number;
  secret: string;
  expiresAt: number;
  /** The secret prepared for HMAC-MD5 once per key (its pad blocks hashed), for every signature check. */
  signer: HmacMd5Key;
}

/** How long a secret from the encryption-info call signs requests before the client must refresh it. */
export const REQUEST_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const CACHE_LIMIT = 50_000;

/**
 * Per-client signing secrets (§7 encryption-info). Stored in the database so every instance can
 * verify a key another issued; cached in memory because keys never change once issued.
 */
export class RequestKeys {
  readonly #db: Db;
  readonly #cache = new Map<string, RequestKey>();

  constructor(db: Db) {
    this.#db = db;
  }

  async issue(clientId: number, now = Date.now()): Promise<RequestKey> {
    const secret = randomBytes(16).toString('hex');
    const key: RequestKey = {
      id: randomBytes(18).toString('base64url'),
      clientId,
      secret,
      expiresAt: now + REQUEST_KEY_LIFETIME_MS,
      signer: new HmacMd5Key(secret),
    };
    await this.#db
      .insertInto('request_keys')
      .values({ id: key.id, client_id: clientId, secret: key.secret, created_at: now, expires_at: key.expiresAt })
      .execute();
    this.#remember(key);
    return key;
  }

  /** The key of an id: from memory when known (no await on the hot path), else from the database. */
  find(id: string, now = Date.now()): RequestKey | null | Promise<RequestKey | null> {
    const key = this.#cache.get(id);
    if (key) return key.expiresAt > now ? key : null;
    return this.#load(id, now);
  }

  async #load(id: string, now: number): Promise<RequestKey | null> {
    const row = await this.#db.selectFrom('request_keys').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const key: RequestKey = {
      id: row.id,
      clientId: row.client_id,
      secret: row.secret,
      expiresAt: row.expires_at,
      signer: new HmacMd5Key(row.secret),
    };
    this.#remember(key);
    return key.expiresAt > now ? key : null;
  }

  async purgeExpired(now = Date.now()): Promise<void> {
    await this.#db.deleteFrom('request_keys').where('expires_at', '<', now).execute();
    for (const [id, key] of this.#cache) if (key.expiresAt <= now) this.#cache.delete(id);
  }

  #remember(key: RequestKey): void {
    if (this.#cache.size >= CACHE_LIMIT) this.#cache.delete(this.#cache.keys().next().value as string);
    this.#cache.set(key.id, key);
  }
}
