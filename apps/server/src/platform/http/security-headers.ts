import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

/**
 * The page's content policy: scripts only from this origin (no inline script, no eval); styles may be inline
 * (Ant Design writes its styles at run time); images from anywhere over HTTPS (covers, brand logos on a CDN);
 * frames of other sites (the external forum, embedded videos) but this app framed only by itself.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob: https:",
  "worker-src 'self' blob:",
  "frame-src 'self' https:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The headers every response carries (one object, set once per request). */
export function securityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write sent by a browser from another site is refused (CSRF), whatever its cookies: its `Origin` names
 * another host, or `Sec-Fetch-Site` says cross-site. Clients that send neither (servers, scripts) are judged by
 * their signature or key as before.
 */
export function checkWriteOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin === undefined && request.headers['sec-fetch-site'] !== 'cross-site') return;
  if (origin !== undefined && hostOf(origin) === request.host) return;
  throw forbidden({ 'zh-CN': '不接受来自其他网站的请求', 'en-US': 'Requests from other sites are not accepted' });
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** The onRequest hook: the headers, then the origin check of writes. */
export function securityHook(production: boolean) {
  const headers = securityHeaders(production);
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    reply.headers(headers);
    try {
      checkWriteOrigin(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
}
