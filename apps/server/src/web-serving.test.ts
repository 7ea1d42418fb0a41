import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache, sendCached } from './platform/http/read-cache.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** The web app's files as the server hands them out: pages, code of this build and of the next. */
const HASHED_ASSET = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"row ${i}"`).join(',')}];`;
const LARGE_ROWS = Array.from({ length: 100 }, (_, i) => ({ id: i, title: `第${i}章 标题` }));
const PDF_BYTES = Buffer.from(`%PDF-1.7\n${'0'.repeat(4000)}\n%%EOF`);
const CSV_LINES = Array.from({ length: 500 }, (_, i) => `${i},作者${i},100.00\n`);
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>作者中心</title>');
  writeFileSync(join(dist, 'assets', 'first-build.js'), 'export default 1;');
  // A hashed asset as the build leaves it: the file, and its brotli and gzip forms beside it.
  writeFileSync(join(dist, 'assets', 'page-Ab12Cd34.js'), HASHED_ASSET);
  writeFileSync(join(dist, 'assets', 'page-Ab12Cd34.js.br'), brotliCompressSync(HASHED_ASSET));
  writeFileSync(join(dist, 'assets', 'page-Ab12Cd34.js.gz'), gzipSync(HASHED_ASSET));
  t = await createTestApp({ WEB_DIST: dist }, (app) => {
    // Replies of each kind the API's handlers send (outside /api, which needs a signature): JSON above and below the threshold, a file download streamed.
    app.get('/test-probe/large', async () => ({ rows: LARGE_ROWS }));
    app.get('/test-probe/small', async () => ({ ok: true }));
    const cache = new ReadCache();
    app.get('/test-probe/cached', async (_request, reply) =>
      sendCached(cache, reply, 'rows', async () => ({ rows: LARGE_ROWS })),
    );
    app.get('/test-probe/pdf', async (_request, reply) =>
      reply.header('content-type', 'application/pdf').send(Readable.from([PDF_BYTES])),
    );
    app.get('/test-probe/csv', async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payout.csv"')
        .send(Readable.from(CSV_LINES)),
    );
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers a page path with the app, and an asset with its file', async () => {
    for (const url of ['/', '/front/book-manage/list?x=1', '/front/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect([url, page.statusCode]).toEqual([url, 200]);
      expect(page.body).toContain('作者中心');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/first-build.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the files of a build made after the server started', async () => {
    writeFileSync(join(dist, 'assets', 'next-build.js'), 'export default 2;');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/next-build.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export default 2;');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
    // Nothing outside the build's assets is reached that way.
    const outside = await t.app.inject({ method: 'GET', url: '/assets/..%2Findex.html' });
    expect(outside.statusCode).toBe(404);
  });

  it('answers a missing asset with 404, not with the app page', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-since-the-last-build.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<!doctype html>');
  });
});

describe('compression (issue 19)', () => {
  const asset = (encoding: string, dest = 'script') =>
    t.app.inject({
      method: 'GET',
      url: '/assets/page-Ab12Cd34.js',
      headers: { 'accept-encoding': encoding, 'sec-fetch-dest': dest },
    });

  it('answers br and gzip for a hashed asset with the file made at build time, and identity with the plain file', async () => {
    const br = await asset('br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Only the headers a script uses: the type check stays, the page's policies and the validators go.
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'etag', 'last-modified']) {
      expect([name, br.headers[name]]).toEqual([name, undefined]);
    }
    // Fetched as a worker's script (the request worker is a hashed asset too), its CSP and referrer policy
    // are the ones that bind the worker: they stay.
    const worker = await asset('br', 'worker');
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    expect(worker.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(worker.headers.etag).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HASHED_ASSET);

    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(HASHED_ASSET);

    const identity = await asset('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(identity.body).toBe(HASHED_ASSET);

    // A browser offering both gets brotli, the smaller.
    expect((await asset('gzip, deflate, br')).headers['content-encoding']).toBe('br');
  });

  it('keeps the page itself on a short cache', async () => {
    for (const url of ['/front/book-manage/list', '/index.html']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect([url, page.statusCode, page.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('compresses API replies above 1 KB (gzip when the browser takes it) and leaves small ones and PDFs as they are', async () => {
    const large = await t.app.inject({
      method: 'GET',
      url: '/test-probe/large',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    // gzip, the cheaper, when the browser takes both; brotli for a client that takes only brotli.
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(large.rawPayload).toString()).rows).toEqual(LARGE_ROWS);
    const brOnly = await t.app.inject({
      method: 'GET',
      url: '/test-probe/large',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brOnly.rawPayload).toString()).rows).toEqual(LARGE_ROWS);

    const small = await t.app.inject({
      method: 'GET',
      url: '/test-probe/small',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const pdf = await t.app.inject({ method: 'GET', url: '/test-probe/pdf', headers: { 'accept-encoding': 'br' } });
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('compresses a cached reply once for browsers, as the plugin would, and sends it as it is to other clients', async () => {
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/test-probe/cached', headers });
    const first = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    const second = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    for (const res of [first, second]) {
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual({ code: 200, data: { rows: LARGE_ROWS } });
    }
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const brOnly = await get({ 'accept-encoding': 'br' });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brOnly.rawPayload).toString()).data.rows).toEqual(LARGE_ROWS);
    // q-values are negotiated by the plugin: gzip refused, brotli taken.
    const weighted = await get({ 'accept-encoding': 'gzip;q=0, br;q=1' });
    expect(weighted.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(weighted.rawPayload).toString()).data.rows).toEqual(LARGE_ROWS);
    const identity = await get({});
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().data.rows).toEqual(LARGE_ROWS);
    const refused = await get({ 'accept-encoding': 'gzip', 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('streams a download compressed, whole, with its file name', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/test-probe/csv',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="payout.csv"');
    expect(gunzipSync(csv.rawPayload).toString()).toBe(CSV_LINES.join(''));
  });
});
