import {
  canonicalParams,
  REQUEST_KEY_COOKIE,
  SIGN_HEADER,
  SIGNATURE_MAX_SKEW_MS,
  signaturesEqual,
} from '@author-centre/shared';
import type { FastifyRequest } from 'fastify';
import { signatureInvalid } from './errors.ts';
import type { RequestKey, RequestKeys } from './request-keys.ts';

/** What a signature check reads of a request (a Fastify request, or a hot read's: hot-reads.ts). */
export type SignedRequest = Pick<
  FastifyRequest,
  'method' | 'url' | 'query' | 'headers' | 'cookies' | 'brand' | 'rawBody' | 'body' | 'requestKey'
>;

/**
 * Verifies a request's signature (§7, decisions.md). JSON posts sign their raw body in the
 * `b-sign` header; every other request carries `sign` and `t` among its query parameters.
 * Any failure is 40001013, after which the client fetches a fresh secret and retries once.
 */
export function verifySignature(request: SignedRequest, keys: RequestKeys, now = Date.now()): void | Promise<void> {
  const keyId = request.cookies[REQUEST_KEY_COOKIE];
  const found = keyId ? keys.find(keyId, now) : null;
  // A known key is checked without a promise: this runs on every API call.
  if (found instanceof Promise) return found.then((key) => checkSignature(request, key, now));
  checkSignature(request, found, now);
}

function checkSignature(request: SignedRequest, key: RequestKey | null, now: number): void {
  if (!key || key.clientId !== request.brand.clientId) {
    throw signatureInvalid({
      'zh-CN': '请求密钥已失效，请刷新页面',
      'en-US': 'The request key has expired; please reload',
    });
  }
  const url = request.url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const isJsonBody = request.rawBody !== undefined;
  let t: unknown;
  let given: unknown;
  let payload: string | Buffer;
  if (isJsonBody) {
    t = (request.body as Record<string, unknown> | null)?.t;
    given = request.headers[SIGN_HEADER];
    payload = request.rawBody as Buffer;
  } else {
    t = query.t;
    given = query.sign;
    payload = canonicalParams(query);
  }
  const timestamp = Number(t);
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > SIGNATURE_MAX_SKEW_MS) {
    throw signatureInvalid({ 'zh-CN': '请求已过期，请重试', 'en-US': 'The request is stale; please retry' });
  }
  // The shared HMAC-MD5 the browser signs with, with the key's pad blocks hashed once. Fed in parts: joining a
  // large body into one signing string would copy it.
  const expected = key.signer.sign(`${request.method.toUpperCase()}\n${path}\n`, payload, `\n${String(t)}`);
  if (typeof given !== 'string' || !signaturesEqual(given, expected)) {
    throw signatureInvalid({ 'zh-CN': '请求签名不正确', 'en-US': 'The request signature is wrong' });
  }
  request.requestKey = key;
}
