import { type Envelope, ErrorCode, OK } from '@author-centre/shared/errors';
import { decryptRules } from '@author-centre/shared/protocol';
import { currentLocale } from '../i18n/index.ts';
import { ApiError } from './api-error.ts';
import { reactToError } from './api-reactions.ts';
import { exchange } from './request-exchange.ts';
import { inFlightKey, type Params, type RequestSpec } from './request-signing.ts';
import { exchangeOffMainThread } from './request-worker-client.ts';
import { getSecret, refreshSecret } from './secret.ts';
import { recordServerDate, serverNow } from './server-time.ts';

/**
 * The request client of §7: signed calls, encrypted response fields, one retry on a stale
 * signature, identical in-flight writes cancelled, and the §8 reactions (toast, relogin, error page).
 *
 *   const data = await apiGet<Books>('/api/pc/v1/book/list', { page: 1 });
 *   await apiPost('/api/pc/v1/book/save-book-info', { book_id, title });
 *   await apiUpload('/api/pc/v1/upload', formData);
 *
 * Every failure is thrown as an ApiError (after its toast, unless `silent`).
 */
export interface ApiOptions {
  /** Milliseconds before the call fails with '网络请求超时，请重试！'. Default 30 s; the AI chat uses 60 s. */
  timeout?: number;
  /** Cancels the call (TanStack Query passes one to query functions). */
  signal?: AbortSignal;
  /** The caller shows every failure itself: no toast, no redirect, no reload. */
  silent?: boolean;
  /** Extra request headers (the console's `x-console-client`). */
  headers?: Record<string, string>;
  /**
   * Signed, sent and decoded in the request worker: for a long body (a chapter's save), so the page
   * keeps drawing what the author types meanwhile.
   */
  offMainThread?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

const SUPERSEDED = 'superseded by an identical request';
const inFlight = new Map<string, AbortController>();

const PC_VERSION = typeof __PC_VERSION__ === 'string' ? __PC_VERSION__ : 'dev';

function commonHeaders(): Record<string, string> {
  const screen = globalThis.screen;
  return {
    Accept: 'application/json',
    'pc-version': PC_VERSION,
    screen: screen ? `${screen.width},${screen.height}` : '0,0',
    // The server answers error titles in this language.
    'x-lang': currentLocale(),
    'Accept-Language': currentLocale(),
  };
}

interface Signals {
  own: AbortController;
  timeout: AbortSignal;
  caller?: AbortSignal;
}

export async function apiRequest<T>(spec: RequestSpec, options: ApiOptions = {}): Promise<T> {
  const key = inFlightKey(spec);
  const signals: Signals = {
    own: new AbortController(),
    timeout: AbortSignal.timeout(options.timeout ?? DEFAULT_TIMEOUT_MS),
    caller: options.signal,
  };
  if (key) {
    inFlight.get(key)?.abort(SUPERSEDED);
    inFlight.set(key, signals.own);
  }
  try {
    return await send<T>(spec, signals, false, options);
  } catch (e) {
    const error = toApiError(e, signals);
    if (!options.silent) reactToError(error);
    throw error;
  } finally {
    if (key && inFlight.get(key) === signals.own) inFlight.delete(key);
  }
}

async function send<T>(spec: RequestSpec, signals: Signals, retried: boolean, options: ApiOptions): Promise<T> {
  const { secret } = await getSecret();
  const response = await (options.offMainThread ? exchangeOffMainThread : exchange)(
    spec,
    secret,
    serverNow(),
    { ...commonHeaders(), ...options.headers },
    AbortSignal.any([signals.own.signal, signals.timeout, ...(signals.caller ? [signals.caller] : [])]),
  );
  recordServerDate(response.date);
  const body = response.body as Envelope<T> | { code?: unknown } | null;

  if (response.ok && body && body.code === OK && 'data' in body) {
    if (body.rules?.length) await decryptRules(secret, body.data, body.rules);
    return body.data;
  }

  if (body && typeof body.code === 'number') {
    const errors = 'errors' in body ? body.errors : undefined;
    const code = errors?.code ?? body.code;
    if (code === ErrorCode.signatureInvalid && !retried) {
      await refreshSecret();
      return send<T>(spec, signals, true, options);
    }
    throw new ApiError({
      kind: 'business',
      code,
      title: errors?.title ?? '',
      field: errors?.field,
      status: response.status,
      retryAfter: errors?.retry_after,
    });
  }

  throw new ApiError({ kind: 'http', code: response.status, title: '', status: response.status });
}

function toApiError(e: unknown, signals: Signals): ApiError {
  if (e instanceof ApiError) return e;
  if (signals.own.signal.aborted || signals.caller?.aborted) {
    return new ApiError({ kind: 'aborted', code: 0, title: '' });
  }
  if (signals.timeout.aborted) return new ApiError({ kind: 'timeout', code: 0, title: '' });
  if (globalThis.navigator?.onLine === false) return new ApiError({ kind: 'offline', code: 0, title: '' });
  if (e instanceof TypeError) return new ApiError({ kind: 'network', code: 0, title: '' });
  // A reply that could not be decoded or decrypted.
  return new ApiError({ kind: 'http', code: 0, title: '', status: 0 });
}

export function apiGet<T>(path: string, params?: Params, options?: ApiOptions): Promise<T> {
  return apiRequest<T>({ method: 'GET', path, params }, options);
}

export function apiDelete<T>(path: string, params?: Params, options?: ApiOptions): Promise<T> {
  return apiRequest<T>({ method: 'DELETE', path, params }, options);
}

export function apiPost<T>(path: string, body?: Params, options?: ApiOptions): Promise<T> {
  return apiRequest<T>({ method: 'POST', path, body: body ?? {}, bodyType: 'json' }, options);
}

export function apiPut<T>(path: string, body?: Params, options?: ApiOptions): Promise<T> {
  return apiRequest<T>({ method: 'PUT', path, body: body ?? {}, bodyType: 'json' }, options);
}

/** Sends the FormData or Blob as is; `t` and `sign` go in the query. */
export function apiUpload<T>(path: string, data: FormData | Blob, params?: Params, options?: ApiOptions): Promise<T> {
  return apiRequest<T>({ method: 'POST', path, params, body: data, bodyType: 'upload' }, options);
}
