import { canonicalParams } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { siteSignature } from './integration.ts';
import { authorClient, createBook, prose, saveChapter, writtenChapter } from './works.fixtures.ts';

const SITES = [
  { id: 'reader-wonder', client_id: 2, key: 'wonder-site-key-0123456789' },
  { id: 'reader-third', client_id: 3, key: 'third-site-key-0123456789' },
];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ READING_SITES: JSON.stringify(SITES) });
});
afterAll(async () => t.close());

const PATH = '/api/integration/v1/chapters/changes';

async function changes(
  site: (typeof SITES)[number],
  query: Record<string, string | number>,
  tamper?: (h: any) => void,
) {
  const timestamp = String(Date.now());
  const headers: Record<string, string> = {
    'x-site-id': site.id,
    'x-site-timestamp': timestamp,
    'x-site-signature': siteSignature(site.key, 'GET', PATH, query, timestamp),
  };
  tamper?.(headers);
  const qs = new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])));
  const res = await t.app.inject({ method: 'GET', url: `${PATH}?${qs}`, headers });
  return { status: res.statusCode, body: res.json() };
}

async function follow(site: (typeof SITES)[number], cursor: number) {
  const items: any[] = [];
  for (;;) {
    const res = await changes(site, { cursor, limit: 2 });
    items.push(...res.body.data.items);
    cursor = res.body.data.next_cursor;
    if (!res.body.data.has_more) return { items, cursor };
  }
}

describe('reading-site change feed', () => {
  it('refuses unsigned, wrongly signed, stale and unknown-site requests', async () => {
    const site = SITES[0];
    expect((await changes(site, { cursor: 0 }, (h) => delete h['x-site-signature'])).status).toBe(401);
    expect((await changes(site, { cursor: 0 }, (h) => (h['x-site-signature'] = '0'.repeat(64)))).status).toBe(401);
    expect((await changes(site, { cursor: 0 }, (h) => (h['x-site-id'] = 'nobody'))).status).toBe(401);
    const stale = String(Date.now() - 10 * 60_000);
    expect(
      (
        await changes(site, { cursor: 0 }, (h) => {
          h['x-site-timestamp'] = stale;
          h['x-site-signature'] = siteSignature(site.key, 'GET', PATH, { cursor: 0 }, stale);
        })
      ).status,
    ).toBe(401);
    expect(canonicalParams({ b: 1, a: 2 })).toBe('a=2&b=1');
    expect((await changes(site, { cursor: 0 })).status).toBe(200);
  });

  it('returns published chapters changed since a cursor, only of its brand, revisions and deletions included', async () => {
    const start = (await follow(SITES[0], 0)).cursor;
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const a = await writtenChapter(client, book.book_id, '第一章', prose(600, 'ia'));
    const b = await writtenChapter(client, book.book_id, '第二章', prose(600, 'ib'));
    await writtenChapter(client, book.book_id, '第三章', prose(600, 'ic'));
    await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: a.chapterId });
    await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: b.chapterId });
    const other = await authorClient(t, { clientId: 3, host: 'third.localhost' });
    const ob = await createBook(other.client);
    const oc = await writtenChapter(other.client, ob.book_id, '第一章', prose(600, 'id'));
    await other.client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: oc.chapterId });

    const first = await follow(SITES[0], start);
    expect(first.items.map((i) => [i.title, i.deleted])).toEqual([
      ['第一章', false],
      ['第二章', false],
    ]);
    expect(first.items[0]).toMatchObject({ book_id: book.book_id, vip: 0, content: prose(600, 'ia') });

    // A revision is not visible until it is published; then it comes again with the new text.
    await saveChapter(client, a.chapterId, a.revision, `${prose(600, 'ia')}\n修订`, { title: '第一章' });
    expect((await follow(SITES[0], first.cursor)).items).toEqual([]);
    await client.post('/api/pc/v1/book-chapter/draft-publish', { chapter_id: a.chapterId });
    await client.post('/api/pc/v1/book-chapter/delete', { chapter_id: b.chapterId });
    const second = await follow(SITES[0], first.cursor);
    expect(second.items.map((i) => [i.chapter_id, i.deleted, i.content?.endsWith('修订') ?? null])).toEqual([
      [a.chapterId, false, true],
      [b.chapterId, true, null],
    ]);
    const third = await follow(SITES[1], 0);
    expect(third.items.map((i) => i.chapter_id)).toEqual([oc.chapterId]);
  });
});
