import { createHash, createHmac, randomBytes } from 'node:crypto';
import { canonicalParams, signaturesEqual } from '@author-centre/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { signatureInvalid } from '../../platform/http/errors.ts';
import type { SiteKind } from './income.tables.ts';
import './income.tables.ts';

/**
 * How a reading site signs a call of `/api/integration/v1/…` with its key pair (made in the
 * console): four headers,
 *
 *   x-ac-key-id:     the key's public id
 *   x-ac-timestamp:  epoch milliseconds, within 5 minutes of the server's clock
 *   x-ac-nonce:      16–64 characters [A-Za-z0-9_-], never used twice with the key
 *   x-ac-signature:  hex HMAC-SHA256(secret, METHOD \n PATH \n sorted query \n timestamp \n nonce \n hex SHA-256(body))
 *
 * A nonce is remembered for the window, so a replayed request (same nonce) is refused; an older
 * one is refused as stale.
 */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;
/** Secrets are cached this long: a revoked key stops working on every instance within it. */
const SECRET_CACHE_MS = 30_000;

export interface SignedSite {
  siteId: number;
  clientId: number;
  code: string;
  kind: SiteKind;
  keyId: string;
}

export function bodyHash(body: Buffer | string | undefined): string {
  return createHash('sha256')
    .update(body ?? '')
    .digest('hex');
}

export function integrationSignature(
  secret: string,
  parts: {
    method: string;
    path: string;
    query?: Record<string, unknown>;
    timestamp: string;
    nonce: string;
    body?: Buffer | string;
  },
): string {
  return createHmac('sha256', secret)
    .update(
      `${parts.method.toUpperCase()}\n${parts.path}\n${canonicalParams(parts.query ?? {})}\n${parts.timestamp}\n${parts.nonce}\n${bodyHash(parts.body)}`,
    )
    .digest('hex');
}

/** The headers a site sends (used by the simulator, the bench and the tests). */
export function signedHeaders(
  key: { keyId: string; secret: string },
  parts: { method: string; path: string; query?: Record<string, unknown>; body?: string },
  now = Date.now(),
): Record<string, string> {
  const timestamp = String(now);
  const nonce = randomBytes(16).toString('hex');
  return {
    'x-ac-key-id': key.keyId,
    'x-ac-timestamp': timestamp,
    'x-ac-nonce': nonce,
    'x-ac-signature': integrationSignature(key.secret, { ...parts, timestamp, nonce }),
  };
}

const REASONS = {
  missing: { 'zh-CN': '缺少站点签名', 'en-US': 'The site signature headers are missing' },
  unknownKey: { 'zh-CN': '站点密钥不存在或已停用', 'en-US': 'The site key does not exist or was revoked' },
  stale: {
    'zh-CN': '请求时间与服务器相差超过5分钟',
    'en-US': 'The request time is more than 5 minutes from the server clock',
  },
  badNonce: { 'zh-CN': '请求随机数格式不正确', 'en-US': 'The request nonce is not valid' },
  replay: { 'zh-CN': '请求已处理过（重复的随机数）', 'en-US': 'This request was already received (nonce used)' },
  signature: { 'zh-CN': '站点签名无效', 'en-US': 'The site signature is not valid' },
} as const;

interface CachedKey {
  site: SignedSite;
  secret: string;
  until: number;
}

/** Verifies signed integration calls: the keys (cached briefly), the clock window, the nonces. */
export class SiteAuth {
  readonly #ctx: AppContext;
  readonly #cache = new Map<string, CachedKey>();
  #lastPurge = 0;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  async #key(keyId: string, now: number): Promise<CachedKey | null> {
    const cached = this.#cache.get(keyId);
    if (cached && cached.until > now) return cached;
    const row = await this.#ctx.db
      .selectFrom('integration_keys')
      .innerJoin('integration_sites', 'integration_sites.id', 'integration_keys.site_id')
      .select([
        'integration_keys.key_id',
        'integration_keys.secret_enc',
        'integration_keys.revoked_at',
        'integration_sites.id as site_id',
        'integration_sites.client_id',
        'integration_sites.code',
        'integration_sites.kind',
      ])
      .where('integration_keys.key_id', '=', keyId)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null) {
      this.#cache.delete(keyId);
      return null;
    }
    const entry: CachedKey = {
      site: { siteId: row.site_id, clientId: row.client_id, code: row.code, kind: row.kind, keyId },
      secret: this.#ctx.personalData.open(row.secret_enc),
      until: now + SECRET_CACHE_MS,
    };
    this.#cache.set(keyId, entry);
    return entry;
  }

  /** Drops a key from this instance's cache at once (the console revoking it). */
  forget(keyId: string): void {
    this.#cache.delete(keyId);
  }

  /** The site that signed the request, or a 40001013 refusal saying why. */
  async verify(request: FastifyRequest, now = Date.now()): Promise<SignedSite> {
    const h = request.headers;
    const keyId = h['x-ac-key-id'];
    const timestamp = h['x-ac-timestamp'];
    const nonce = h['x-ac-nonce'];
    const given = h['x-ac-signature'];
    if (
      typeof keyId !== 'string' ||
      typeof timestamp !== 'string' ||
      typeof nonce !== 'string' ||
      typeof given !== 'string'
    )
      throw signatureInvalid(REASONS.missing);
    if (!/^\d{1,16}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_MS)
      throw signatureInvalid(REASONS.stale);
    if (!NONCE.test(nonce)) throw signatureInvalid(REASONS.badNonce);
    const key = await this.#key(keyId, now);
    if (!key) throw signatureInvalid(REASONS.unknownKey);
    const expected = integrationSignature(key.secret, {
      method: request.method,
      path: request.url.split('?')[0],
      query: (request.query ?? {}) as Record<string, unknown>,
      timestamp,
      nonce,
      body: request.rawBody,
    });
    if (!signaturesEqual(given, expected)) throw signatureInvalid(REASONS.signature);
    // The nonce is spent only by a correctly signed request, so nobody can burn a site's nonces.
    const inserted = await this.#ctx.db
      .insertInto('integration_nonces')
      .values({ key_id: keyId, nonce, expires_at: Number(timestamp) + SIGNATURE_WINDOW_MS })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw signatureInvalid(REASONS.replay);
    if (now - this.#lastPurge > 60_000) {
      this.#lastPurge = now;
      await this.#ctx.db.deleteFrom('integration_nonces').where('expires_at', '<', now).execute();
    }
    return key.site;
  }
}

/** Makes a key pair for a site: the id it sends and the secret shown once to the staff member. */
export async function createSiteKey(
  ctx: AppContext,
  db: Db | Tx,
  site: { id: number; clientId: number },
  createdBy: number | null,
): Promise<{ keyId: string; secret: string; id: number }> {
  const keyId = `ak_${randomBytes(9).toString('base64url')}`;
  const secret = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('integration_keys')
    .values({
      site_id: site.id,
      client_id: site.clientId,
      key_id: keyId,
      secret_enc: ctx.personalData.seal(secret),
      created_by: createdBy,
      created_at: Date.now(),
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { keyId, secret, id: row.id };
}
