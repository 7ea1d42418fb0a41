import { type ApiOptions, apiGet, apiPost, apiUpload } from '../platform/api.ts';
import type { Params } from '../platform/request-signing.ts';

/**
 * The console's calls: the author centre's request client (signed, §8 reactions), plus the brand
 * the staff member works in. A platform admin picks it in the brand switcher; everyone else works
 * in their own brand and the server refuses any other.
 */
let activeClientId: number | null = null;

export function setConsoleClient(clientId: number | null): void {
  activeClientId = clientId;
}

export function consoleClient(): number | null {
  return activeClientId;
}

function withBrand(options: ApiOptions = {}): ApiOptions {
  if (activeClientId === null) return options;
  return { ...options, headers: { ...options.headers, 'x-console-client': String(activeClientId) } };
}

export const consoleGet = <T>(path: string, params?: Params, options?: ApiOptions) =>
  apiGet<T>(path, params, withBrand(options));

export const consolePost = <T>(path: string, body?: Params, options?: ApiOptions) =>
  apiPost<T>(path, body, withBrand(options));

export const consoleUpload = <T>(path: string, data: FormData | Blob, params?: Params, options?: ApiOptions) =>
  apiUpload<T>(path, data, params, withBrand(options));

/** One page of a console table, as every list route answers (`pageOf` on the server). */
export interface ListPage<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/** The staff member, from /api/admin/me. */
export interface Staff {
  account_id: number;
  pen_name: string;
  avatar: string | null;
  role: 'editor' | 'admin';
  platform_admin: boolean;
  client_id: number;
  own_client_id: number;
  editor_title: string;
  brands: { client_id: number; name: string; brief: string }[];
}

/** Every console query key starts with this, so switching the brand drops them all at once. */
export const CONSOLE_QUERY_ROOT = 'console';
