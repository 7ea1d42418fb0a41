import type { FastifyInstance, HTTPMethods, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';

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
