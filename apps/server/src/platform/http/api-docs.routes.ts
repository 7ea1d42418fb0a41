import { readFileSync } from 'node:fs';
import { createRequire, stripTypeScriptTypes } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type DiscoveryBuilder, discoverRoutes, openApiDocument } from './api-docs.ts';
import { parseInput } from './input.ts';
import { pageSecurityHeaders } from './security-headers.ts';

const PAGE_DIR = join(import.meta.dirname, 'api-docs-page');
const NOBLE_DIR = dirname(createRequire(import.meta.url).resolve('@noble/hashes/hmac.js'));
const SHARED_PROTOCOL = join(import.meta.dirname, '../../../../../packages/shared/src/protocol.ts');
const LibFile = z.object({ file: z.string().regex(/^[\w-]+\.js$/) });

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
    // The one signing implementation (packages/shared), served to the page as a browser module.
    app.get('/api/docs/protocol.js', docs, async (_request, reply) => {
      const code = stripTypeScriptTypes(readFileSync(SHARED_PROTOCOL, 'utf8')).replaceAll(
        "'@noble/hashes/",
        "'/api/docs/lib/",
      );
      return reply.type('text/javascript; charset=utf-8').send(code);
    });
    app.get('/api/docs/lib/:file', docs, async (request, reply) => {
      const { file } = parseInput(LibFile, request.params, request);
      try {
        return reply.type('text/javascript; charset=utf-8').send(readFileSync(join(NOBLE_DIR, file)));
      } catch {
        return reply.status(404).send({ code: 404, errors: { code: 404, title: 'Not found' } });
      }
    });
    app.get('/api/docs/openapi.json', docs, async () => {
      document ??= discoverRoutes(app.ctx.config, build).then(openApiDocument);
      return document;
    });
  };
}
