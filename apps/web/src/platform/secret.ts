import { REQ_INFO_PATH } from '@author-centre/shared/protocol';
import { ApiError } from './api-error.ts';
import { recordServerDate, serverNow } from './server-time.ts';

/**
 * The request secret from the encryption-info call (§7). The call is unsigned; it also sets the
 * HttpOnly key cookie the server pairs the secret with. One fetch is shared by every caller that
 * needs the secret at the same moment.
 */
export interface RequestSecret {
  secret: string;
  /** Epoch ms after which the server no longer accepts signatures made with it. */
  expiresAt: number;
}

/** Renew a little before expiry so a request signed now is not refused on arrival. */
const RENEW_MARGIN_MS = 30_000;

let current: RequestSecret | null = null;
let pending: Promise<RequestSecret> | null = null;

/** Seconds or milliseconds: a 10-digit epoch is seconds. */
function toEpochMs(value: number): number {
  return value < 1e12 ? value * 1000 : value;
}

async function fetchSecret(): Promise<RequestSecret> {
  const response = await fetch(REQ_INFO_PATH, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  recordServerDate(response.headers.get('date'));
  const body = (await response.json().catch(() => null)) as {
    code?: number;
    data?: { secret?: string; expires_at?: number };
    errors?: { code: number; title: string };
  } | null;
  if (!response.ok || body?.code !== 200 || !body.data?.secret) {
    throw new ApiError({
      kind: body?.errors ? 'business' : 'http',
      code: body?.errors?.code ?? response.status,
      title: body?.errors?.title ?? '',
      status: response.status,
    });
  }
  return {
    secret: body.data.secret,
    expiresAt: body.data.expires_at ? toEpochMs(body.data.expires_at) : Number.POSITIVE_INFINITY,
  };
}

/** Fetches a new secret, sharing one call among concurrent callers. */
export function refreshSecret(): Promise<RequestSecret> {
  if (!pending) {
    pending = fetchSecret()
      .then((s) => {
        current = s;
        return s;
      })
      .finally(() => {
        pending = null;
      });
  }
  return pending;
}

/** The secret in force, fetched on first use and renewed before it expires. */
export function getSecret(): Promise<RequestSecret> {
  if (current && current.expiresAt - RENEW_MARGIN_MS > serverNow()) return Promise.resolve(current);
  return refreshSecret();
}

/** Forget the secret (after logout, so the next call starts a fresh key). */
export function forgetSecret(): void {
  current = null;
}
