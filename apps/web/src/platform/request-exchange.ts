import { type RequestSpec, signRequest } from './request-signing.ts';

/** What came back for one signed request: the status, the server's clock and the decoded body (null if none). */
export interface Exchanged {
  ok: boolean;
  status: number;
  date: string | null;
  body: unknown;
}

/**
 * Signs one call and sends it: the part of a request that grows with its body (JSON, HMAC, upload).
 * Runs on the page, or in the request worker for a long text (see request-worker.ts), with the same
 * result; a network failure is the fetch's TypeError either way.
 */
export async function exchange(
  spec: RequestSpec,
  secret: string,
  t: number,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Exchanged> {
  const signed = signRequest(spec, secret, t);
  const response = await fetch(signed.url, {
    method: spec.method,
    credentials: 'include',
    headers: { ...headers, ...signed.headers },
    body: signed.body,
    signal,
  });
  const body = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, date: response.headers.get('date'), body };
}
