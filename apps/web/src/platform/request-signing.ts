import { canonicalParams, cleanParams, SIGN_HEADER, sign } from '@author-centre/shared/protocol';

/**
 * Turns one API call into the signed request the server expects (§7, packages/shared/protocol.ts).
 * Pure: no fetch, no globals, so it is unit-tested in Node.
 *
 * - GET/DELETE: `t` joins the query; query `sign` = sign(secret, METHOD, path, canonicalParams(query), t).
 * - JSON body (POST/PUT): `t` joins the body; header `b-sign` = sign(secret, METHOD, path, rawBody, t).
 * - upload: the FormData/Blob goes as is; `t` and `sign` travel in the query, signed like a GET.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type BodyType = 'json' | 'upload';
export type Params = Record<string, unknown>;

export interface RequestSpec {
  method: HttpMethod;
  /** Path without query, e.g. '/api/pc/v1/global/config'. */
  path: string;
  /** Query parameters of reads and uploads; JSON writes put their fields in `body`. */
  params?: Params;
  body?: Params | FormData | Blob;
  bodyType?: BodyType;
}

export interface SignedRequest {
  /** Path plus query string. */
  url: string;
  headers: Record<string, string>;
  body?: string | FormData | Blob;
}

/** Query values travel as strings; signing the same strings the server will read keeps both sides equal. */
export function toQueryValues(params: Params | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(cleanParams(params ?? {}))) {
    out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

function withQuery(path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

function hasJsonBody(spec: RequestSpec): boolean {
  return spec.bodyType !== 'upload' && (spec.method === 'POST' || spec.method === 'PUT');
}

export function signRequest(spec: RequestSpec, secret: string, t: number): SignedRequest {
  const headers: Record<string, string> = { t: String(t) };

  if (spec.bodyType === 'upload') {
    const query = { ...toQueryValues(spec.params), t: String(t) };
    const signature = sign(secret, spec.method, spec.path, canonicalParams(query), t);
    return {
      url: withQuery(spec.path, { ...query, sign: signature }),
      headers,
      body: spec.body as FormData | Blob | undefined,
    };
  }

  if (hasJsonBody(spec)) {
    const fields = cleanParams((spec.body as Params | undefined) ?? {});
    const raw = JSON.stringify({ ...fields, t });
    headers['Content-Type'] = 'application/json';
    headers[SIGN_HEADER] = sign(secret, spec.method, spec.path, raw, t);
    // A JSON write carries everything in its signed body; a query string would travel unsigned.
    return { url: spec.path, headers, body: raw };
  }

  const query = { ...toQueryValues(spec.params), t: String(t) };
  const signature = sign(secret, spec.method, spec.path, canonicalParams(query), t);
  return { url: withQuery(spec.path, { ...query, sign: signature }), headers };
}

/**
 * Identity of a write for the "identical in-flight POST/PUT is cancelled" rule (§7): same method,
 * URL and body. `t` is left out, since it differs on every call. Uploads and reads have no key.
 */
export function inFlightKey(spec: RequestSpec): string | null {
  if (!hasJsonBody(spec)) return null;
  const body = JSON.stringify(cleanParams((spec.body as Params | undefined) ?? {}));
  return `${spec.method} ${spec.path} ${body}`;
}
