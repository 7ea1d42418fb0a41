import type { FastifyInstance, FastifyRequest, HTTPMethods, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { AuthRequirement } from '../auth/guards.ts';
import type { HotRead, HotRequest } from './hot-reads.ts';
import { type ReadCache, sendBytes, serializedOk } from './read-cache.ts';

/**
 * Registers one handler under several paths: a catalogue path under /api/pc/v1 and the legacy
 * /api/… names of §7 are aliases of the same handler, never a second implementation.
 */
export function routeAliases(
  app: FastifyInstance,
  method: HTTPMethods | HTTPMethods[],
  paths: string[],
  options: RouteShorthandOptions,
  handler: RouteHandlerMethod,
): void {
  for (const url of paths) app.route({ method, url, ...options, handler });
}

/**
 * The options of a route whose body is raw bytes (an upload, §7 'upload' body type): `what` says what the bytes
 * are, for the API reference, where a JSON route shows its body schema instead.
 */
export function uploadRoute(options: RouteShorthandOptions, what: string): RouteShorthandOptions {
  return { ...options, config: { ...options.config, rawBody: what } };
}

/**
 * A GET route whose reply memory keeps serialized: `kept` finds the bytes memory holds for a request (the brand
 * config, a read cache's entry), `compute` makes them when it holds none. The hot reads answer from `kept` before
 * Fastify (hot-reads.ts); the route, guarded as any other, answers everything else.
 */
export function keptReplyRoute(
  app: FastifyInstance,
  paths: string[],
  auth: AuthRequirement | undefined,
  kept: HotRead,
  compute: (request: FastifyRequest) => Promise<Buffer>,
): void {
  app.hotReads.add(paths, auth, kept);
  routeAliases(app, 'GET', paths, { config: { auth } }, async (request, reply) =>
    sendBytes(reply, kept(request) ?? compute(request)),
  );
}

/**
 * A GET route served from `cache` under `key(request)`: the success envelope of `load(request)`'s data, kept
 * serialized (`keptReplyRoute`). `key` reads only what the route's guard has checked and the raw query: an entry is
 * stored only after `load` validated the query it came from.
 */
export function cachedReplyRoute(
  app: FastifyInstance,
  paths: string[],
  auth: AuthRequirement | undefined,
  cache: ReadCache<Buffer>,
  key: (request: HotRequest) => string,
  load: (request: FastifyRequest) => Promise<unknown>,
): void {
  keptReplyRoute(
    app,
    paths,
    auth,
    (request) => cache.get(key(request)),
    (request) => Promise.resolve(cache.through(key(request), async () => serializedOk(await load(request)))),
  );
}
