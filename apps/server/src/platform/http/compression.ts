import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Replies built per request (the API's JSON, exports) are compressed when they pass 1 KB, as cheaply as
 * compression gets, so the API keeps its throughput (issue 19): gzip at level 1 with a small window (about
 * 40 µs for a 2 KB reply, where brotli even at quality 1 costs three times that: a brotli encoder's set-up
 * dominates at these sizes), preferred whenever the browser accepts both; brotli at quality 1 with a 64 KB
 * window for a client that accepts only brotli. Replies up to 64 KB are compressed in one call on the event
 * loop rather than through a stream (a stream's set-up costs more than the work).
 * The web app's files are compressed at build time instead (apps/web/vite.config.ts writes .br and .gz
 * beside them) and served as they are by @fastify/static's `preCompressed`; a reply that already has a
 * Content-Encoding is left alone. Types compressed already (PDF, images, zip-based spreadsheets) are not
 * compressible for mime-db and pass through untouched. `npm run bench platform` measures the cost.
 */
export const DYNAMIC_COMPRESSION: FastifyCompressOptions = {
  encodings: ['gzip', 'br'],
  threshold: 1024,
  syncThreshold: 65_536,
  zlibOptions: { level: 1, memLevel: 7 },
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 16 } },
  // Request bodies are never sent compressed by the app: no decompression hook on every request.
  globalDecompression: false,
};

/** Registered before any route: the plugin adds its hook to each route as it is defined. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, DYNAMIC_COMPRESSION);
}

type Encoding = 'gzip' | 'br';
/** The compressed forms of replies kept serialized (read caches, the brand config), made once per reply. */
const variants = new WeakMap<Buffer, { gzip?: Buffer; br?: Buffer }>();
/** The encoding of each Accept-Encoding header seen (browsers send a handful of distinct ones). */
const negotiated = new Map<string, Encoding | null>();

/**
 * The encoding the plugin would choose for a plain token list (what browsers send: "gzip, deflate, br, zstd"):
 * gzip when listed (or `*`, `x-gzip`), else br. A header with q-values is left to the plugin (null).
 */
function encodingOf(header: string): Encoding | null {
  let encoding = negotiated.get(header);
  if (encoding !== undefined) return encoding;
  encoding = null;
  if (!header.includes(';')) {
    const tokens = header
      .toLowerCase()
      .split(',')
      .map((t) => t.trim());
    if (tokens.some((t) => t === 'gzip' || t === 'x-gzip' || t === '*')) encoding = 'gzip';
    else if (tokens.includes('br')) encoding = 'br';
  }
  if (negotiated.size >= 200) negotiated.clear();
  negotiated.set(header, encoding);
  return encoding;
}

/**
 * How a serialized JSON reply kept in memory (it changes only on a write) goes to a client, as the plugin would send
 * it but compressed once per reply rather than once per request: `body` as it is (no Accept-Encoding, under the
 * threshold, `x-no-compression`), or its compressed form with the encoding; null when the plugin must decide
 * (q-values, an encoding it alone knows).
 */
export function keptReplyForm(
  headers: IncomingHttpHeaders,
  body: Buffer,
): { body: Buffer; encoding?: Encoding } | null {
  const header = headers['accept-encoding'];
  if (header === undefined || body.length < (DYNAMIC_COMPRESSION.threshold ?? 1024)) return { body };
  if (typeof header !== 'string' || headers['x-no-compression'] !== undefined) return { body };
  const encoding = encodingOf(header);
  if (!encoding) return null;
  let forms = variants.get(body);
  if (!forms) {
    forms = {};
    variants.set(body, forms);
  }
  let compressed = forms[encoding];
  if (!compressed) {
    compressed =
      encoding === 'gzip'
        ? gzipSync(body, DYNAMIC_COMPRESSION.zlibOptions)
        : brotliCompressSync(body, DYNAMIC_COMPRESSION.brotliOptions);
    forms[encoding] = compressed;
  }
  return { body: compressed, encoding };
}

/** A kept reply for this request (`keptReplyForm`), its headers set on `reply`; the plugin passes it through. */
export function compressedOnce(request: FastifyRequest, reply: FastifyReply, body: Buffer): Buffer {
  if (reply.statusCode === 206 || reply.hasHeader('content-encoding') || reply.hasHeader('vary')) return body;
  const form = keptReplyForm(request.headers, body);
  if (!form) return body;
  if (form.encoding) {
    reply.header('vary', 'accept-encoding');
    reply.header('content-encoding', form.encoding);
  }
  return form.body;
}
