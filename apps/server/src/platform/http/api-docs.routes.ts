import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DiscoveryBuilder, discoverRoutes, openApiDocument } from './api-docs.ts';
import { pageSecurityHeaders } from './security-headers.ts';

const PAGE_DIR = join(import.meta.dirname, 'api-docs-page');
const SHARED_SRC = join(import.meta.dirname, '../../../../../packages/shared/src');

/**
 * The API reference (docs/api.md): `/api/docs` is a page listing every route with its input, which signs and
 * sends "Try it" calls itself; `/api/docs/openapi.json` is the OpenAPI 3.1 document it reads. The document is
 * generated from the route registry on the first request (a sandbox app is called once per route, seconds).
 * On in development and tests; in production only with API_DOCS=true.
 */
export function apiDocsRoutes(build: DiscoveryBuilder) {
  return async (app: FastifyInstance): Promise<void> => {
    // The reference is a page (its own scripts and styles): the page's security headers, not the API's.
    const pageHeaders = pageSecurityHeaders(app.ctx.config.isProduction);
    const docs = {
      config: { signed: false },
      onRequest: (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        reply.headers(pageHeaders);
        done();
      },
    } as const;
    let document: Promise<Record<string, unknown>> | null = null;
    app.get('/api/docs', docs, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(readFileSync(join(PAGE_DIR, 'index.html'))),
    );
    app.get('/api/docs/reference.js', docs, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(readFileSync(join(PAGE_DIR, 'reference.js'))),
    );
    app.get('/api/docs/reference.css', docs, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(readFileSync(join(PAGE_DIR, 'reference.css'))),
    );
    // The one signing implementation (packages/shared), served to the page as browser modules.
    const sharedModule = (file: string) =>
      stripTypeScriptTypes(readFileSync(join(SHARED_SRC, file), 'utf8')).replaceAll(
        "from './hmac-md5.ts'",
        "from '/api/docs/hmac-md5.js'",
      );
    app.get('/api/docs/protocol.js', docs, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(sharedModule('protocol.ts')),
    );
    app.get('/api/docs/hmac-md5.js', docs, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(sharedModule('hmac-md5.ts')),
    );
    app.get('/api/docs/openapi.json', docs, async () => {
      document ??= discoverRoutes(app.ctx.config, build).then(openApiDocument);
      return document;
    });
  };
}
