/**
 * `npm run simulate`: plays the reading sites against a running server (`npm start`), through the
 * real signed integration API. For each demo brand it pulls the published chapters from the change
 * feed, pushes the last days' reader activity (reading site, zh partner, free app) in batches of
 * 500, and — where the brand's demo admin can log in (a development server with demo data) — closes
 * and releases last month through the console's settlement run, as the brand's admin would, so there
 * is a statement to confirm. Event ids are deterministic, so running it again adds only what is new.
 *
 *   npm run simulate [-- --days 30] [-- --follow] [-- --url http://localhost:3000] [-- --keys data/reading-sites.json]
 *
 * --follow keeps pushing the present's activity every 30 seconds until stopped.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  canonicalParams,
  REQ_INFO_PATH,
  SIGN_HEADER,
  shanghaiDate,
  shanghaiMonthStart,
  sign,
} from '@author-centre/shared';
import { dayEvents, partnerEvents, type SimBook, type SimEvent } from '../apps/server/src/modules/income/simulation.ts';
import { signedHeaders } from '../apps/server/src/modules/income/site-auth.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SIMULATE_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
    keys: { type: 'string', default: resolve(process.env.DATA_DIR ?? './data', 'reading-sites.json') },
    days: { type: 'string', default: '30' },
    follow: { type: 'boolean', default: false },
    'no-close': { type: 'boolean', default: false },
  },
});

interface SiteKey {
  client_id: number;
  code: string;
  kind: 'reading' | 'zh' | 'free';
  key_id: string;
  secret: string;
}

const DAY = 86_400_000;
const base = values.url.replace(/\/$/, '');
let keys: SiteKey[];
try {
  keys = JSON.parse(readFileSync(values.keys, 'utf8'));
} catch {
  console.error(`No site keys at ${values.keys}: start the server once with demo data (npm start), or pass --keys.`);
  process.exit(1);
}

async function call(
  key: SiteKey,
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string | number> = {},
  body?: unknown,
) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = signedHeaders({ keyId: key.key_id, secret: key.secret }, { method, path, query, body: text });
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${base}${path}${qs ? `?${qs}` : ''}`, {
    method,
    headers: { ...headers, ...(text ? { 'content-type': 'application/json' } : {}) },
    body: text,
  });
  const json = (await res.json()) as any;
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
  return json.data;
}

/** The brand's books with their published chapters, from the works change feed. */
async function booksOf(key: SiteKey): Promise<SimBook[]> {
  const chapters = new Map<
    number,
    {
      book_id: number;
      chapter_id: number;
      vip: number;
      published_at: number;
      order: number;
      deleted: boolean;
      notice: boolean;
      text: string;
    }
  >();
  let cursor = 0;
  for (;;) {
    const page = await call(key, 'GET', '/api/integration/v1/chapters/changes', { cursor, limit: 500 });
    for (const c of page.items)
      chapters.set(c.chapter_id, {
        book_id: c.book_id,
        chapter_id: c.chapter_id,
        vip: c.vip,
        published_at: c.first_published_at,
        order: c.volume_sort * 100_000 + c.sort,
        deleted: c.deleted,
        notice: c.is_notice,
        text: c.content ?? '',
      });
    cursor = page.next_cursor;
    if (!page.has_more) break;
  }
  const byBook = new Map<number, SimBook>();
  const live = [...chapters.values()].filter((c) => !c.deleted && !c.notice).sort((a, b) => a.order - b.order);
  for (const c of live) {
    let book = byBook.get(c.book_id);
    if (!book) {
      book = { book_id: c.book_id, chapters: [], popularity: 0 };
      byBook.set(c.book_id, book);
    }
    book.chapters.push({ chapter_id: c.chapter_id, vip: c.vip, published_at: c.published_at, text: c.text });
  }
  // Longer books draw more readers.
  return [...byBook.values()].map((b) => ({ ...b, popularity: 40 + b.chapters.length * 12 }));
}

async function pushAll(key: SiteKey, events: SimEvent[]) {
  let accepted = 0;
  for (let i = 0; i < events.length; i += 500) {
    const res = await call(key, 'POST', '/api/integration/v1/events', {}, { events: events.slice(i, i + 500) });
    accepted += res.accepted;
  }
  return accepted;
}

function eventsFor(key: SiteKey, books: SimBook[], day: string, until: number): SimEvent[] {
  if (key.kind === 'reading') return dayEvents(key.code, books, day, until);
  return partnerEvents(key.code, key.kind, books, day, until);
}

const brands = [...new Set(keys.map((k) => k.client_id))];
const booksByBrand = new Map<number, SimBook[]>();
for (const clientId of brands) {
  const reading = keys.find((k) => k.client_id === clientId && k.kind === 'reading');
  if (reading) booksByBrand.set(clientId, await booksOf(reading));
}

const now = Date.now();
const days = Math.max(1, Math.min(120, Number(values.days) || 30));
for (const key of keys) {
  const books = booksByBrand.get(key.client_id) ?? [];
  let accepted = 0;
  let sent = 0;
  for (let d = days - 1; d >= 0; d--) {
    const events = eventsFor(key, books, shanghaiDate(now - d * DAY), now);
    sent += events.length;
    accepted += await pushAll(key, events);
  }
  console.log(`brand ${key.client_id} ${key.code}: ${books.length} books, ${sent} events sent, ${accepted} new`);
}

/** The demo brands' hosts (README): the console answers a brand on its own host. */
const DEMO_HOSTS: Record<number, string> = {
  1: 'main.localhost',
  2: 'localhost',
  3: 'third.localhost',
  4: 'brain-hole.localhost',
};
const DEMO_PASSWORD = 'Demo@2026';

/**
 * The console as the brand's demo admin sees it: a browser-like session (cookies, signed requests)
 * on the brand's own host. Last month's close is the console's settlement run (close, then release),
 * with its audit records — there is no side door.
 */
class ConsoleSession {
  readonly host: string;
  secret = '';
  cookies = new Map<string, string>();
  constructor(host: string) {
    this.host = host;
  }
  async #send(method: 'GET' | 'POST', path: string, body?: string): Promise<{ status: number; json: any }> {
    const url = new URL(path, base);
    return new Promise((done, fail) => {
      const req = httpRequest(
        {
          method,
          hostname: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          headers: {
            host: `${this.host}${url.port ? `:${url.port}` : ''}`,
            cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json', [SIGN_HEADER]: this.#signPost(url.pathname, body) }),
          },
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const eq = pair.indexOf('=');
            this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
          }
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => {
            try {
              done({ status: res.statusCode ?? 0, json: JSON.parse(text) });
            } catch {
              done({ status: res.statusCode ?? 0, json: null });
            }
          });
        },
      );
      req.on('error', fail);
      req.end(body);
    });
  }
  #signPost(path: string, raw: string): string {
    return sign(this.secret, 'POST', path, raw, JSON.parse(raw).t);
  }
  async init(): Promise<this> {
    this.secret = (await this.#send('GET', REQ_INFO_PATH)).json?.data?.secret ?? '';
    return this;
  }
  get(path: string, query: Record<string, string | number> = {}) {
    const t = Date.now();
    const params = { ...query, t };
    const signature = sign(this.secret, 'GET', path, canonicalParams(params), t);
    const qs = new URLSearchParams({
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      sign: signature,
    });
    return this.#send('GET', `${path}?${qs}`);
  }
  post(path: string, body: Record<string, unknown>) {
    return this.#send('POST', path, JSON.stringify({ ...body, t: Date.now() }));
  }
}

/** Closes and releases a month of a brand through the console, as its demo admin; a line saying what happened. */
async function closeAndRelease(clientId: number, month: string): Promise<string> {
  const host = DEMO_HOSTS[clientId];
  if (!host) return `${month} not closed (no demo host for this brand; its admin closes it in the console)`;
  const admin = await new ConsoleSession(host).init();
  const login = await admin.post('/api/pc/v3/user/login', {
    name: `1380000${clientId}009`,
    password: DEMO_PASSWORD,
  });
  if (login.json?.code !== 200)
    return `${month} not closed (the demo admin cannot log in: ${login.json?.msg ?? login.status}; the month's job or the brand's admin closes it)`;
  const runs = await admin.get('/api/admin/income/runs', { page: 1, page_size: 24 });
  let run = (runs.json?.data?.list ?? []).find((r: { month: string }) => r.month === month) as
    | { id: number; status: string; statements: number }
    | undefined;
  if (run?.status === 'released') return `${month} was already closed`;
  if (!run) {
    const closed = await admin.post('/api/admin/income/runs/close', { month, reason: '模拟器：结算上月（演示）' });
    if (closed.json?.code !== 200) return `${month} not closed (${closed.json?.msg ?? closed.status})`;
    run = { id: closed.json.data.run_id, status: 'review', statements: closed.json.data.statements };
  }
  const released = await admin.post('/api/admin/income/runs/release', {
    run_id: run.id,
    reason: '模拟器：核对后发布（演示）',
  });
  if (released.json?.code !== 200) return `${month} closed, not released (${released.json?.msg ?? released.status})`;
  return `${month} closed and released by the brand's admin (${run.statements} statements)`;
}

if (!values['no-close']) {
  const lastMonth = shanghaiDate(shanghaiMonthStart(now) - 1).slice(0, 7);
  for (const clientId of brands) console.log(`brand ${clientId}: ${await closeAndRelease(clientId, lastMonth)}`);
}

if (values.follow) {
  console.log('following: pushing the present activity every 30 s (Ctrl+C to stop)');
  for (;;) {
    await new Promise((r) => setTimeout(r, 30_000));
    const at = Date.now();
    for (const key of keys) {
      const added = await pushAll(key, eventsFor(key, booksByBrand.get(key.client_id) ?? [], shanghaiDate(at), at));
      if (added) console.log(`${new Date(at).toISOString()} brand ${key.client_id} ${key.code}: ${added} new events`);
    }
  }
}
