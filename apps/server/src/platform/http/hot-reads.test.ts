import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { canonicalParams, REQUEST_KEY_COOKIE, sign } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { hostnameOf } from './hot-reads.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let t: TestApp;
let port: number;
/** Paths of the requests that reached Fastify (its onRequest hook); the hot reads answer before it. */
const reachedFastify: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, (app) =>
    app.addHook('onRequest', (request, _reply, done) => {
      reachedFastify.push(request.url.split('?')[0]!);
      done();
    }),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

/** A GET over real HTTP (through the server the hot reads sit in front of), as the client's browser would send it. */
function get(client: TestClient, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: url, headers: { host: client.host, cookie: client.cookieHeader(), ...headers } },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The signed URL the web client sends for a GET (TestClient's signing, for a request sent over HTTP). */
async function signed(client: TestClient, path: string, query: Record<string, string | number> = {}) {
  const secret = client.secret ?? (await client.refreshSecret());
  const ts = Date.now();
  const params = { ...query, t: ts };
  const signature = sign(secret, 'GET', path, canonicalParams(params), ts);
  return `${path}?${new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), sign: signature })}`;
}

/** The headers that differ between any two replies (the date) left out. */
const comparable = (headers: Answer['headers']) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

/** Sends `url` twice: the first fills memory through Fastify, the second must come from memory with the same reply. */
async function servedHot(client: TestClient, url: string, headers: Record<string, string> = {}) {
  const path = url.split('?')[0]!;
  const first = await get(client, url, headers);
  const before = reachedFastify.filter((p) => p === path).length;
  const second = await get(client, url, headers);
  const reached = reachedFastify.filter((p) => p === path).length - before;
  return { first, second, reached };
}

describe('hot reads', () => {
  it('answer the brand config from memory with the same bytes and headers as the route, compressed alike', async () => {
    const visitor = t.client('localhost');
    const url = await signed(visitor, '/api/pc/v1/global/config');
    const { first, second, reached } = await servedHot(visitor, url);
    expect(first.status).toBe(200);
    expect(reached).toBe(0);
    expect(second.body.equals(first.body)).toBe(true);
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    expect(second.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(JSON.parse(second.body.toString()).code).toBe(200);

    // A browser's Accept-Encoding: the same gzip reply from memory as from the route (hot from the first request).
    const gzip = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const fromRoute = await t.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', cookie: visitor.cookieHeader(), ...gzip },
    });
    const hot = await get(visitor, url, gzip);
    expect(hot.headers['content-encoding']).toBe('gzip');
    expect(hot.headers.vary).toBe('accept-encoding');
    expect(fromRoute.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(hot.body).equals(first.body)).toBe(true);
  });

  it("answer the signed-in author's profile from memory, and only theirs", async () => {
    const author = await createAuthor(t, { penName: '热读作者' });
    const client = await signedInClient(t, author);
    const url = await signed(client, '/api/author/profile');
    const { first, second, reached } = await servedHot(client, url);
    expect(JSON.parse(first.body.toString()).data.user.pen_name).toBe('热读作者');
    expect(reached).toBe(0);
    expect(second.body.equals(first.body)).toBe(true);
    expect(comparable(second.headers)).toEqual(comparable(first.headers));

    // Without the session the same signed URL reaches the route, which refuses it.
    const visitor = t.client('localhost');
    visitor.cookies.set(REQUEST_KEY_COOKIE, client.cookies.get(REQUEST_KEY_COOKIE)!);
    const before = reachedFastify.length;
    const refused = await get(visitor, url);
    expect(reachedFastify.length).toBe(before + 1);
    expect(JSON.parse(refused.body.toString()).code).not.toBe(200);
  });

  it('answer the activity list and an article from memory until a write changes them', async () => {
    const callers = await consoleCallers(t);
    const saved = await callers.editor.post('/api/admin/articles/save', {
      kind: 'announcement',
      title: '热读公告',
      content_html: '<p>第一版</p>',
      state: 'published',
      publish_at: Date.now() - 1000,
    });
    const id = saved.body.data.id as number;
    const visitor = t.client('localhost');
    const url = await signed(visitor, '/api/pc/v1/article/detail', { id });
    const { first, second, reached } = await servedHot(visitor, url);
    expect(JSON.parse(first.body.toString()).data.title).toBe('热读公告');
    expect(reached).toBe(0);
    expect(second.body.equals(first.body)).toBe(true);

    const list = await signed(visitor, '/api/pc/v1/custom-activity/list', { status: 'all' });
    const listed = await servedHot(visitor, list);
    expect(listed.reached).toBe(0);
    expect(listed.second.body.equals(listed.first.body)).toBe(true);

    // The editor's change is a write: memory no longer holds the old reply, the route answers the new one.
    await callers.editor.post('/api/admin/articles/save', {
      id,
      kind: 'announcement',
      title: '热读公告（修订）',
      content_html: '<p>第二版</p>',
      state: 'published',
      publish_at: Date.now() - 1000,
    });
    const before = reachedFastify.length;
    const after = await get(visitor, url);
    expect(reachedFastify.length).toBe(before + 1);
    expect(JSON.parse(after.body.toString()).data.title).toBe('热读公告（修订）');
  });

  it('leave a wrong signature and an unknown key to the route, which answers with its error', async () => {
    const visitor = t.client('localhost');
    const url = await signed(visitor, '/api/pc/v1/global/config');
    await get(visitor, url);
    const before = reachedFastify.length;
    const tampered = await get(visitor, url.replace(/sign=[0-9a-f]+/, `sign=${'0'.repeat(32)}`));
    expect(JSON.parse(tampered.body.toString()).code).toBe(40001013);
    const stranger = t.client('localhost');
    stranger.cookies.set(REQUEST_KEY_COOKIE, 'not-a-key');
    expect(JSON.parse((await get(stranger, url)).body.toString()).code).toBe(40001013);
    expect(reachedFastify.length).toBe(before + 2);
  });
});

describe("the request's host name", () => {
  it('is read as Fastify reads it, behind a proxy (trusted) or not', async () => {
    const cases: Array<Record<string, string>> = [
      { host: 'localhost' },
      { host: 'localhost:3000' },
      { host: 'third.localhost:8080' },
      { host: '[::1]:3000' },
      { host: 'localhost', 'x-forwarded-host': 'brain-hole.localhost' },
      { host: 'localhost', 'x-forwarded-host': 'a.example, third.localhost:443' },
    ];
    const probe = (app: TestApp['app']) =>
      app.get('/probe/hostname', async (request) => ({ hostname: request.hostname }));
    for (const trustProxy of [false, true]) {
      const other = await createTestApp({ TRUST_PROXY: String(trustProxy) }, probe);
      try {
        for (const headers of cases) {
          const res = await other.app.inject({ method: 'GET', url: '/probe/hostname', headers });
          expect(
            hostnameOf({ headers } as unknown as IncomingMessage, trustProxy),
            JSON.stringify({ headers, trustProxy }),
          ).toBe(res.json().hostname);
        }
      } finally {
        await other.close();
      }
    }
  });
});
