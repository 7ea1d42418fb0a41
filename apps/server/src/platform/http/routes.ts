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
