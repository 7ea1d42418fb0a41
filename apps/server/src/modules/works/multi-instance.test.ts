import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/test-app.ts';
import { authorClient, createBook, prose, writtenChapter } from './works.fixtures.ts';

/**
 * Two server instances sharing one PostgreSQL database, as deployed behind a load balancer: every
 * scheduled chapter is published exactly once. (SQLite is the single-instance embedded default:
 * its synchronous driver cannot hold two writers in one process, so there the suite is skipped;
 * jobs.test.ts covers several runners on one SQLite connection.)
 */
const onPostgres = TEST_ENGINE === 'postgres';
let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  // A second instance: its own process state and its own connection pool, the same database.
  other = await buildApp(t.config);
  await other.ready();
});
afterAll(async () => {
  if (!onPostgres) return;
  await other.close();
  await t.close();
});

describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
  it('publishes each scheduled chapter exactly once when both run the due jobs at the same moment', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const at = Date.now() + 2 * 60_000;
    const ids: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const ch = await writtenChapter(client, book.book_id, `第${i}章`, prose(600));
      await client.post('/api/pc/v1/book-chapter/publish-time', { chapter_id: ch.chapterId, publish_at: at });
      ids.push(ch.chapterId);
    }
    const runs = await Promise.all([
      t.app.ctx.jobs.runDue(at),
      other.ctx.jobs.runDue(at),
      t.app.ctx.jobs.runDue(at),
      other.ctx.jobs.runDue(at),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(8);
    const logs = await t.app.ctx.db
      .selectFrom('publish_log')
      .select(['chapter_id'])
      .where('chapter_id', 'in', ids)
      .execute();
    expect(logs.map((l) => l.chapter_id).sort((a, b) => a - b)).toEqual(ids);
    const versions = await t.app.ctx.db
      .selectFrom('chapter_versions')
      .select('chapter_id')
      .where('chapter_id', 'in', ids)
      .where('kind', '=', 'publish')
      .execute();
    expect(versions).toHaveLength(8);
    const book1 = await t.app.ctx.db
      .selectFrom('books')
      .selectAll()
      .where('id', '=', book.book_id)
      .executeTakeFirstOrThrow();
    expect(book1.published_count).toBe(8);
    const daily = await t.app.ctx.db
      .selectFrom('book_daily_words')
      .selectAll()
      .where('book_id', '=', book.book_id)
      .execute();
    expect(daily.reduce((s, d) => s + d.chapters, 0)).toBe(8);
  });

  it('publishes once with both pollers running, as deployed', async () => {
    const { client } = await authorClient(t);
    const book = await createBook(client);
    const ch = await writtenChapter(client, book.book_id, '第一章', prose(600));
    await client.post('/api/pc/v1/book-chapter/publish-time', {
      chapter_id: ch.chapterId,
      publish_at: Date.now() + 61_000,
    });
    // Bring the time forward, as if the minute had passed.
    await t.app.ctx.db.updateTable('jobs').set({ run_at: Date.now() }).where('status', '=', 'pending').execute();
    t.app.ctx.jobs.start();
    other.ctx.jobs.start();
    const until = Date.now() + 10_000;
    let status = '';
    while (Date.now() < until) {
      status = (
        await t.app.ctx.db
          .selectFrom('chapters')
          .select('status')
          .where('id', '=', ch.chapterId)
          .executeTakeFirstOrThrow()
      ).status;
      if (status === 'published') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all([t.app.ctx.jobs.stop(), other.ctx.jobs.stop()]);
    expect(status).toBe('published');
    const logs = await t.app.ctx.db
      .selectFrom('publish_log')
      .select('id')
      .where('chapter_id', '=', ch.chapterId)
      .execute();
    expect(logs).toHaveLength(1);
  });
});
