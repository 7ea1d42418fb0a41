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

/** The headers of a page (and of everything but the API's replies): one object, set once per request. */
export function pageSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The headers of the API's replies (JSON, exports, files), as OWASP's REST security sheet has them: a reply is never
 * a document to run or frame, so its policy allows nothing and no framing at all, and it is never sniffed as another
 * type. The page's long policy, its referrer policy and X-Frame-Options (which `frame-ancestors` supersedes) do
 * nothing for such a reply; they were ~0.5 KB on every API reply, a tenth of a hot read's cost (issue 19).
 */
export function apiSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
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

/**
 * The onRequest hook: the headers (the API's under /api/, the page's elsewhere), then the origin check of writes.
 * A page served under /api/ (the API reference) sets the page's headers itself.
 */
export function securityHook(production: boolean) {
  const page = pageSecurityHeaders(production);
  const api = apiSecurityHeaders(production);
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    reply.headers(request.url.startsWith('/api/') ? api : page);
    try {
      checkWriteOrigin(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
}
