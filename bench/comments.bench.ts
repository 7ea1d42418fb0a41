import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signedHeaders } from '../apps/server/src/modules/income/site-auth.ts';
import { type CommentsBulkResult, generateCommentsBulk } from '../apps/server/src/seed/comments-bulk.ts';
import type { BenchHarness, RunningServer } from './harness.ts';
import { SignedClient } from './harness.ts';

/**
 * Issue 14 (reader comments), on generated data (apps/server/src/seed/comments-bulk.ts, 5,000,000 comments):
 * - the comment list of an author with 200 books, filtered by unread: ratio ≥ 0.5 against the bare route, p99 ≤ 30 ms;
 *   and the same list computed afresh every time (the reply cache defeated by a distinct query): p99 ≤ 30 ms;
 * - ingestion of comments through the signed integration API, batches of 500: ≥ 10,000 comments/s.
 *
 * BENCH_COMMENTS_SIZE=<n> picks the size; BENCH_COMMENTS_BULK=<dir> reuses a generation
 * (`node apps/server/src/seed/comments-bulk.ts <dir> <n>`).
 */
const SESSION_COOKIE = '__Host-ac_sid';
const EVENTS_PATH = '/api/integration/v1/events';

async function list(h: BenchHarness, server: RunningServer, bulk: CommentsBulkResult, label: string) {
  const client = await new SignedClient(server.url).init();
  client.cookies.set(SESSION_COOKIE, bulk.sessionToken);
  const path = '/api/pc/v1/comments/list';
  const query = { unread: 1, page: 1, page_size: 20 };
  const check = await client.get(path, query);
  if (check.code !== 200 || check.data.total !== bulk.benchUnread || check.data.list.length !== 20)
    throw new Error(`${path} did not answer as expected: ${JSON.stringify(check).slice(0, 300)}`);
  const listed = await h.compare(
    `comment list filtered by unread, author with 200 books (${label} comments), signed, logged-in author`,
    {
      url: `${server.url}${client.signedGetPath(path, query)}`,
      headers: { cookie: client.cookieHeader() },
      connections: 10,
      setupRequest: (req: any) => ({ ...req, path: client.signedGetPath(path, query) }),
    },
    { minRatio: 0.5, maxP99Ms: 30 },
  );
  // For reading the ratio: a signed author route that does no work at all (the platform's share).
  const nothing = '/api/user-correct/check-permission';
  const ceiling = await h.load({
    url: `${server.url}${client.signedGetPath(nothing)}`,
    headers: { cookie: client.cookieHeader() },
    connections: 10,
    durationSeconds: 4,
    setupRequest: (req: any) => ({ ...req, path: client.signedGetPath(nothing) }),
  });
  h.record({
    name: 'reference: a signed, logged-in author route doing nothing (check-permission), same load',
    values: { reqPerSec: ceiling.reqPerSec, listShareOfIt: listed.reqPerSec / ceiling.reqPerSec },
    target: 'reported only',
    pass: true,
  });
  // Computed afresh: a distinct `end` each time, so no reply comes from the cache.
  const latencies: number[] = [];
  const far = Date.now() + 86_400_000;
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    const r = await client.get(path, { ...query, end: far + i });
    latencies.push(performance.now() - started);
    if (r.code !== 200) throw new Error(JSON.stringify(r).slice(0, 300));
  }
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)];
  h.record({
    name: `comment list filtered by unread, computed afresh (no reply cache), ${label} comments, one client`,
    values: { p50Ms: latencies[Math.floor(latencies.length / 2)], p99Ms: p99 },
    target: 'p99 ≤ 30 ms',
    pass: p99 <= 30,
  });
}

async function ingestion(h: BenchHarness, server: RunningServer, bulk: CommentsBulkResult) {
  const batches = 200;
  const now = Date.now();
  const bodies = Array.from({ length: batches }, (_, b) =>
    JSON.stringify({
      events: Array.from({ length: 500 }, (_, i) => {
        const n = b * 500 + i;
        return {
          event_id: `bench-comment-${now}-${n}`,
          kind: 'comment',
          book_id: bulk.benchBookIds[n % 200],
          comment_type: n % 3 === 0 ? 'evaluate' : 'book',
          ...(n % 3 === 0 ? { rating: 5 } : {}),
          reader_id: `bench-reader-${n % 5000}`,
          reader_name: `书友${n % 5000}`,
          content: '写得真好，期待更新！',
          occurred_at: now - (n % 3600) * 1000,
        };
      }),
    }),
  );
  const send = async (body: string) => {
    const headers = signedHeaders(bulk.key, { method: 'POST', path: EVENTS_PATH, body });
    const started = performance.now();
    const res = await fetch(`${server.url}${EVENTS_PATH}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    const json = (await res.json()) as any;
    if (res.status !== 200) throw new Error(`ingestion: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return { ms: performance.now() - started, accepted: json.data.accepted as number };
  };
  for (let i = 0; i < 5; i++) await send(bodies[i]);
  let next = 5;
  let accepted = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches) {
        const r = await send(bodies[next++]);
        latencies.push(r.ms);
        accepted += r.accepted;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const perSecond = accepted / seconds;
  h.record({
    name: `comment ingestion: ${batches - 5} signed batches of 500 new comments, 4 sites at once (SQLite, ${bulk.comments.toLocaleString('en-US')} stored)`,
    values: { commentsPerSec: perSecond, p99BatchMs: latencies[Math.floor(latencies.length * 0.99)] },
    target: '≥ 10,000 comments/s',
    pass: perSecond >= 10_000 && accepted === (batches - 5) * 500,
  });
}

export default async function commentsBench(h: BenchHarness): Promise<void> {
  const size = Number(process.env.BENCH_COMMENTS_SIZE ?? 5_000_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'ac-bench-comments-'));
  let server: RunningServer | null = null;
  try {
    const reuse = process.env.BENCH_COMMENTS_BULK;
    let bulk: CommentsBulkResult;
    if (reuse && existsSync(join(reuse, 'bulk.json'))) {
      cpSync(reuse, dataDir, { recursive: true });
      bulk = JSON.parse(readFileSync(join(reuse, 'bulk.json'), 'utf8'));
    } else {
      console.log(`  generating ${size.toLocaleString('en-US')} comments …`);
      bulk = await generateCommentsBulk(dataDir, { comments: size, log: (s) => console.log(s) });
    }
    h.record({
      name: `bulk: ${bulk.comments.toLocaleString('en-US')} comments of 10,000 authors (SQLite)`,
      values: { seconds: bulk.seconds },
      target: '—',
      pass: true,
    });
    const label = bulk.comments >= 1e6 ? `${bulk.comments / 1e6}M` : String(bulk.comments);
    server = await h.startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', RUN_JOBS: 'false' });
    await list(h, server, bulk, label);
    await ingestion(h, server, bulk);
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
