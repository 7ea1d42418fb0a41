import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { createBook, upload } from '../modules/works/works.fixtures.ts';
import { type DiscoveredRoute, discoverRoutes } from '../platform/http/api-docs.ts';
import { createAuthor, signedInClient } from '../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app.ts';
import { changedTables, isEnvelope, type JsonSchema, sample, tableChecksums } from './suite-helpers.ts';

/**
 * Uploads (issue 21): every upload route of the registry is sent files that lie about their type, are too large,
 * decode to too many pixels; the manuscript import a zip bomb as .docx and names that climb out of folders. Each
 * must be a 4xx §8 envelope with nothing stored (no file written, no table changed).
 */
const MANUSCRIPT = '/api/pc/v1/book-chapter/upload';

let t: TestApp;
let routes: DiscoveredRoute[];
let checks = 0;

function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateRawSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real zip bomb: one part of `size` zero bytes, deflated (about a thousandth of its size). */
function zipBomb(size: number): Buffer {
  const data = Buffer.alloc(size, 0x20);
  const packed = deflateRawSync(data, { level: 1 });
  const name = Buffer.from('word/document.xml');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const centralAt = local.length + name.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, packed, central, name, end]);
}

function filesUnder(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  routes = (await discoverRoutes(t.config, buildApp)).filter((r) => r.rawBody);
}, 120_000);
afterAll(async () => {
  console.log(`uploads: ${routes.length} upload routes, ${checks} hostile files refused with nothing stored`);
  await t?.close();
});

async function callerOf(route: DiscoveredRoute): Promise<TestClient> {
  const role = route.auth === 'editor' || route.auth === 'admin' ? route.auth : 'author';
  return signedInClient(t, await createAuthor(t, { clientId: 2, role }));
}

function queryOf(route: DiscoveredRoute): Record<string, string> {
  const schema = route.inputs.query;
  if (!schema) return {};
  const value = sample(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) ?? {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

/** Sends a hostile file and checks it was refused with a §8 envelope, leaving files and tables as they were. */
async function refused(
  client: TestClient,
  path: string,
  query: Record<string, string | number>,
  data: Buffer,
  type: string,
) {
  const files = filesUnder(t.config.DATA_DIR);
  const before = await tableChecksums(t);
  const res = await upload(client, path, query, data, type);
  expect(res.status, `${path} ${type}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${path} ${type}`).toBeLessThan(500);
  expect(isEnvelope(res.body), JSON.stringify(res.body).slice(0, 200)).toBe(true);
  expect(filesUnder(t.config.DATA_DIR)).toBe(files);
  expect(changedTables(before, await tableChecksums(t))).toEqual([]);
  checks++;
  return res;
}

describe('uploads', () => {
  it('refuses images that are not images, too large, or pixel bombs, on every image upload route', async () => {
    const images = routes.filter((r) => r.paths[0] !== MANUSCRIPT);
    expect(images.length).toBeGreaterThan(5);
    for (const route of images) {
      const client = await callerOf(route);
      const query = queryOf(route);
      const path = route.paths[0];
      await refused(client, path, query, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
      await refused(
        client,
        path,
        query,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
        'image/png',
      );
      await refused(client, path, query, png(60_000, 60_000), 'image/png');
      await refused(client, path, query, Buffer.alloc(21 * 1024 * 1024, 0xff), 'image/jpeg');
    }
  });

  it('refuses a zip bomb as .docx and names that climb out of folders in the manuscript import', async () => {
    const client = await callerOf(routes.find((r) => r.paths[0] === MANUSCRIPT) as DiscoveredRoute);
    const book = await createBook(client);
    const bomb = await refused(
      client,
      MANUSCRIPT,
      { book_id: book.book_id, file_name: '炸弹.docx' },
      zipBomb(300 * 1024 * 1024),
      'application/octet-stream',
    );
    expect(bomb.body.errors.title).toContain('解压后过大');
    for (const name of [
      '../../../../etc/passwd',
      '..\\..\\boot.ini',
      'a/../../b.exe',
      '%2e%2e%2fx.sh',
      'x\u0000.txt.exe',
    ]) {
      await refused(
        client,
        MANUSCRIPT,
        { book_id: book.book_id, file_name: name },
        Buffer.from('第一章\n正文'),
        'text/plain',
      );
    }
    // The static uploads folder serves nothing outside itself.
    const visitor = t.client();
    for (const url of [
      '/uploads/../../../../etc/passwd',
      '/uploads/..%2f..%2f..%2fetc%2fpasswd',
      `/uploads/${join('..', 'data')}`,
    ]) {
      const res = await visitor.raw({ method: 'GET', url });
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(String(res.body)).not.toContain('root:');
      checks++;
    }
  });
});
