import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { fastifyCookie } from '@fastify/cookie';
import { parse as parseQuery } from 'fast-querystring';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { type AuthRequirement, checkAccess } from '../auth/guards.ts';
import type { AuthContext, Sessions } from '../auth/sessions.ts';
import type { Brands } from '../brands/brands.ts';
import { keptReplyForm } from './compression.ts';
import { JSON_TYPE } from './read-cache.ts';
import type { RequestKeys } from './request-keys.ts';
import { apiSecurityHeaders } from './security-headers.ts';
import { type SignedRequest, verifySignature } from './signing.ts';

/** What a hot read sees of a request: what its route's handler reads, already checked as the route checks it. */
export interface HotRequest extends SignedRequest {
  auth: AuthContext | null;
}

/** The serialized reply a hot read has in memory for a request, or undefined when only its route can answer. */
export type HotRead = (request: HotRequest) => Buffer | undefined;

interface HotRoute {
  auth: AuthRequirement | undefined;
  read: HotRead;
}

export interface HotReadsDeps {
  brands: Brands;
  requestKeys: RequestKeys;
  sessions: Sessions;
  log: FastifyBaseLogger;
  /** Whether Fastify logs each request (level info or lower): the hot reads log theirs too. */
  logRequests: boolean;
  trustProxy: boolean;
  production: boolean;
}

/**
 * The hottest reads (the brand config, the signed-in author's profile, the activity list, an article) answered from
 * memory before the framework, when memory has the reply: the request is checked exactly as its route's guard
 * checks it (signature with a known key, session known to memory, access), and the reply is the bytes the route's
 * cache holds, with the headers the route would send. Anything else — a key or session memory does not know, a bad
 * signature, a cache miss, an Accept-Encoding with q-values — goes on to Fastify untouched, whose route answers it
 * (and fills the cache). Fastify's routing, request and reply objects and hook chain cost about as much again as the
 * request itself on these reads (issues 16 and 19: the replies are already serialized; what was left was the
 * framework).
 */
export class HotReads {
  readonly #routes = new Map<string, HotRoute>();
  #deps: HotReadsDeps | null = null;
  #headers: Record<string, string> = {};

  /** Starts answering, once the app's brands, keys and sessions exist. */
  start(deps: HotReadsDeps): void {
    this.#deps = deps;
    this.#headers = { ...apiSecurityHeaders(deps.production), 'content-type': JSON_TYPE };
  }

  /** Stops answering (the app is closing: Fastify answers 503 to what still comes). */
  stop(): void {
    this.#deps = null;
  }

  /** Adds a hot read for GET on each of `paths` (exact paths, as the route's), for callers meeting `auth`. */
  add(paths: readonly string[], auth: AuthRequirement | undefined, read: HotRead): void {
    for (const path of paths) this.#routes.set(path, { auth, read });
  }

  /** An HTTP server that offers each request to the hot reads first, then to Fastify (`serverFactory`). */
  serverFactory = (fastify: RequestListener, options: FastifyServerOptions): Server => {
    const server = createServer((req, res) => {
      if (!this.serve(req, res)) fastify(req, res);
    });
    // As Fastify sets up its own HTTP/1 server (lib/server.js).
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Answers `req` from memory and says true, or says false and leaves it alone. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const deps = this.#deps;
    if (!deps || req.method !== 'GET') return false;
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const route = this.#routes.get(queryAt === -1 ? url : url.slice(0, queryAt));
    if (!route) return false;
    const logged = deps.logRequests;
    const started = logged ? performance.now() : 0;
    try {
      const cookieHeader = req.headers.cookie;
      const request: HotRequest = {
        method: 'GET',
        url,
        headers: req.headers,
        query: queryAt === -1 ? {} : parseQuery(url.slice(queryAt + 1)),
        cookies: cookieHeader ? fastifyCookie.parse(cookieHeader) : {},
        brand: deps.brands.resolve(hostnameOf(req, deps.trustProxy)),
        body: undefined,
        auth: null,
      };
      const loading = verifySignature(request, deps.requestKeys);
      if (loading) {
        // A key memory does not know: the route checks it again (and answers its refusal).
        loading.catch(() => {});
        return false;
      }
      if (route.auth) {
        const auth = deps.sessions.known(request);
        if (auth === undefined) return false;
        checkAccess(route.auth, auth);
        request.auth = auth;
      }
      const bytes = route.read(request);
      if (!bytes) return false;
      const form = keptReplyForm(req.headers, bytes);
      if (!form) return false;
      const headers: Record<string, string | number> = { ...this.#headers, 'content-length': form.body.length };
      if (form.encoding) {
        headers.vary = 'accept-encoding';
        headers['content-encoding'] = form.encoding;
      }
      res.writeHead(200, headers);
      res.end(form.body);
    } catch {
      // Refused (signature, session, access) or failed: the route answers with its error.
      return false;
    }
    if (logged) {
      deps.log.info(
        {
          req: { method: 'GET', path: url.slice(0, queryAt === -1 ? url.length : queryAt), host: req.headers.host },
          res: { statusCode: 200 },
          responseTime: performance.now() - started,
        },
        'request completed',
      );
    }
    return true;
  }
}

/** The request's host name as Fastify's `request.hostname` reads it (`trustProxy` true or false). */
export function hostnameOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined; // a string: Node joins repeats
  let host: string;
  if (typeof forwarded === 'string' && forwarded) {
    const last = forwarded.lastIndexOf(',');
    host = last === -1 ? forwarded.trim() : forwarded.slice(last + 1).trim();
  } else {
    host = req.headers.host ?? '';
  }
  if (host[0] === '[') return host.slice(0, host.indexOf(']') + 1);
  return host.split(':', 1)[0]!;
}
