import type { TestApp } from '../../test/test-app.ts';
import type { SiteKind } from './income.tables.ts';
import { createSiteKey, signedHeaders } from './site-auth.ts';

export interface TestSite {
  siteId: number;
  clientId: number;
  keyId: string;
  secret: string;
}

let n = 0;
let seq = 0;

/** A site of a brand with a fresh key pair (as the console makes them). */
export async function createSite(t: TestApp, clientId = 2, kind: SiteKind = 'reading'): Promise<TestSite> {
  const { db } = t.app.ctx;
  n += 1;
  const code = `test-${kind}-${n}-${Math.random().toString(36).slice(2, 6)}`;
  const row = await db
    .insertInto('integration_sites')
    .values({ client_id: clientId, code, name: code, kind, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const key = await createSiteKey(t.app.ctx, db, { id: row.id, clientId }, null);
  return { siteId: row.id, clientId, keyId: key.keyId, secret: key.secret };
}

export const EVENTS_PATH = '/api/integration/v1/events';

/** Pushes a batch as a site would, signed; `tamper` changes the headers before sending. */
export async function push(
  t: TestApp,
  site: TestSite,
  events: unknown[],
  options: { tamper?: (h: Record<string, string>) => void; now?: number; headers?: Record<string, string> } = {},
) {
  const body = JSON.stringify({ events });
  const headers = options.headers ?? signedHeaders(site, { method: 'POST', path: EVENTS_PATH, body }, options.now);
  options.tamper?.(headers);
  const res = await t.app.inject({
    method: 'POST',
    url: EVENTS_PATH,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: body,
  });
  return { status: res.statusCode, body: res.json(), headers };
}

/** A book of the author's with `chapters` published chapters (the first `free` free), written directly. */
export async function insertBook(
  t: TestApp,
  author: { userId: number; accountId: number; clientId: number },
  options: { chapters?: number; free?: number; title?: string } = {},
) {
  const { db } = t.app.ctx;
  const now = Date.now();
  const count = options.chapters ?? 3;
  const free = options.free ?? 1;
  const book = await db
    .insertInto('books')
    .values({
      client_id: author.clientId,
      user_id: author.userId,
      account_id: author.accountId,
      kind: 'novel',
      title: options.title ?? `收入测试${++n}`,
      title_key: null,
      category: 'xuanhuan',
      tags: '[]',
      intro: '简介',
      cover: null,
      finished: 0,
      sort_order: 0,
      total_words: count * 3000,
      published_words: count * 3000,
      chapter_count: count,
      published_count: count,
      pay_point_chapter_id: null,
      pay_point_in_bin: null,
      regular_schedule: null,
      regular_job_id: null,
      last_published_at: now,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  const volume = await db
    .insertInto('volumes')
    .values({
      client_id: author.clientId,
      book_id: book.id,
      title: '第一卷',
      sort: 1,
      is_notice: 0,
      created_at: now,
      updated_at: now,
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  const chapterIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const c = await db
      .insertInto('chapters')
      .values({
        client_id: author.clientId,
        book_id: book.id,
        volume_id: volume.id,
        title: `第${i + 1}章`,
        status: 'published',
        sort: i + 1,
        counted: 1,
        words: 3000,
        published_words: 3000,
        published_title: `第${i + 1}章`,
        vip: i < free ? 0 : 1,
        first_published_at: now,
        published_at: now,
        saved_at: now,
        // Positions in the works change feed (the works module hands them out; here any increasing number).
        change_seq: ++seq,
        created_at: now,
        updated_at: now,
      } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
    chapterIds.push(c.id);
  }
  return { bookId: book.id, chapterIds };
}

let e = 0;
/** A unique event id. */
export const eid = () => `ev-${Date.now().toString(36)}-${++e}`;
