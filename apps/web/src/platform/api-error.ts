/**
 * Why a call failed.
 * - business: the server answered with an error envelope (`errors.code`, `errors.title`, maybe `field`).
 * - http: a non-2xx answer without an envelope (proxy error, missing route).
 * - timeout / offline / network: the answer never came.
 * - aborted: cancelled by the caller, or superseded by an identical write (§7); never shown to the user.
 */
export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'offline' | 'network' | 'aborted';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** Business code (`errors.code`), or the HTTP status for kind 'http', or 0. */
  code: number;
  /** What to tell the user: the server's `errors.title` or the client's own message. */
  title: string;
  /** The form field the error belongs to, when the server names one. */
  field?: string;
  status?: number;
  /** Seconds to wait before trying again, on rate limits. */
  retryAfter?: number;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly title: string;
  readonly field?: string;
  readonly status?: number;
  readonly retryAfter?: number;

  constructor(init: ApiErrorInit) {
    super(init.title || `${init.kind} ${init.code}`);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code;
    this.title = init.title;
    this.field = init.field;
    this.status = init.status;
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** True for a call cancelled on purpose; such failures need no message. */
export function isAborted(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'aborted';
}

/**
 * Maps a failed call onto form fields: `form.setFields(fieldErrors(err))` puts the server's message
 * under the field it names (e.g. 40002005 → phone, 40002006 → code, §8). Empty when no field applies.
 */
export function fieldErrors(
  e: unknown,
  fieldByCode: Record<number, string> = {},
): { name: string; errors: string[] }[] {
  if (!(e instanceof ApiError) || e.kind !== 'business') return [];
  const name = e.field ?? fieldByCode[e.code];
  return name ? [{ name, errors: [e.title] }] : [];
}
