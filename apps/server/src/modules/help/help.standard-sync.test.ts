import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillStandardGiven } from '../../db/migrations/202612270201_help_standard_articles.ts';
import { helpSeedFor } from '../../seed/help-articles.ts';
import { createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { HelpService } from './help.service.ts';

/**
 * A brand whose help centre was seeded by an earlier version (before articles 162, 163 and 255 were written,
 * and before help_standard_articles existed) is given the articles added since on the next start; what its
 * admins edited, unpublished or deleted stays as they left it.
 */
let t: TestApp;
let admin: TestClient;
let author: TestClient;
const HOST = 'third.localhost';
const CLIENT = 3;
const LATER = [162, 163, 255];

const ask = (content: string) =>
  author.post('/api/pc/v1/book-chapter/ai-chat', { message: [{ role: 'user', content }] });
const rowsNumbered = (number: number) =>
  t.app.ctx.db
    .selectFrom('help_articles')
    .selectAll()
    .where('client_id', '=', CLIENT)
    .where('number', '=', number)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  admin = t.client(HOST);
  await logIn(t, admin, await createAuthor(t, { clientId: CLIENT, role: 'admin' }));
  author = t.client(HOST);
  await logIn(t, author, await createAuthor(t, { clientId: CLIENT }));

  // As an earlier version left the brand: without the articles written since and without the record of what
  // it was given.
  const { db } = t.app.ctx;
  const ids = (
    await db
      .selectFrom('help_articles')
      .select('id')
      .where('client_id', '=', CLIENT)
      .where('number', 'in', LATER)
      .execute()
  ).map((r) => r.id);
  await db.deleteFrom('help_solves').where('article_id', 'in', ids).execute();
  await db.deleteFrom('help_articles').where('id', 'in', ids).execute();
  await db.deleteFrom('help_standard_articles').where('client_id', '=', CLIENT).execute();
  // Positions as the earlier, shorter list gave them (the seed's sort is the index in its list).
  const earlier = helpSeedFor(t.app.ctx.brands.get(CLIENT)).articles.filter((a) => !LATER.includes(a.number));
  for (const [i, a] of earlier.entries()) {
    await db
      .updateTable('help_articles')
      .set({ sort: i })
      .where('client_id', '=', CLIENT)
      .where('number', '=', a.number)
      .execute();
  }
  await db
    .updateTable('help_state')
    .set({ revision: (eb) => eb('revision', '+', 1) })
    .execute();
});
afterAll(async () => t.close());

describe('standard articles written after a brand was seeded', () => {
  it('are added on the next start (once, with two instances starting together); edits and deletions stay', async () => {
    const before = await ask('提示存储空间已满507是怎么回事');
    expect(before.body.data.sources.map((s: { ids: string }) => s.ids)).not.toContain('9-162');

    // The brand's admins change three standard articles in the console.
    const original = (await admin.get('/api/pc/v1/admin/help/article', { id: 24 })).body.data;
    const edited = await admin.post('/api/pc/v1/admin/help/article/save', {
      id: 24,
      category_id: original.category_id,
      title: '本站签约字数要求（编辑改过）',
      body: '编辑改过的正文。',
    });
    expect(edited.body.code).toBe(200);
    expect((await admin.post('/api/admin/help/article/status', { id: 27, status: 0 })).body.code).toBe(200);
    expect((await admin.post('/api/pc/v1/admin/help/article/delete', { id: 28 })).body.code).toBe(200);

    // The upgrade's migration records what the brand was given; then two instances start at once.
    await backfillStandardGiven(t.app.ctx.db);
    const added = await Promise.all([new HelpService(t.app.ctx).seedAll(), new HelpService(t.app.ctx).seedAll()]);
    expect(added).toHaveLength(2);

    for (const number of LATER) expect(await rowsNumbered(number)).toHaveLength(1);
    const standard = helpSeedFor(t.app.ctx.brands.get(CLIENT)).articles.find((a) => a.number === 162)!;
    const page = await t.client(HOST).get('/api/pc/v1/help/detail', { ids: '9-162' });
    expect(page.body.data).toMatchObject({ title: standard.title, body: standard.body, category: { id: 9 } });
    expect((await t.client(HOST).get('/api/pc/v1/help/detail', { ids: '3-163' })).body.code).toBe(200);

    // In their categories where the standard order puts them.
    const seed = helpSeedFor(t.app.ctx.brands.get(CLIENT)).articles;
    for (const category of [3, 9]) {
      const listed = (
        await t.client(HOST).get('/api/pc/v1/help/category', { category_id: category })
      ).body.data.list.map((q: { id: string }) => Number(q.id.split('-')[1]));
      expect(listed).toEqual(
        seed.filter((a) => a.category === category && listed.includes(a.number)).map((a) => a.number),
      );
      expect(listed).toEqual(
        expect.arrayContaining(LATER.filter((n) => seed.find((a) => a.number === n)!.category === category)),
      );
    }

    // Edited, unpublished and deleted articles as the admins left them.
    const kept = await rowsNumbered(24);
    expect(kept.map((r) => [r.title, r.body])).toEqual([['本站签约字数要求（编辑改过）', '编辑改过的正文。']]);
    expect((await rowsNumbered(27)).map((r) => r.status)).toEqual([0]);
    expect(await rowsNumbered(28)).toEqual([]);
    // Retired articles are not brought back either.
    expect(await rowsNumbered(59)).toEqual([]);

    // The running instance's assistant finds the added article (its index follows the revision within seconds).
    await expect
      .poll(
        async () => (await ask('提示存储空间已满507是怎么回事')).body.data.sources.map((s: { ids: string }) => s.ids),
        {
          timeout: 9000,
          interval: 500,
        },
      )
      .toContain('9-162');

    // Another start adds nothing more.
    await new HelpService(t.app.ctx).seedAll();
    for (const number of [...LATER, 24, 27]) expect(await rowsNumbered(number)).toHaveLength(1);
    expect(await rowsNumbered(28)).toEqual([]);
  });

  it('a standard number the admins already gave their own article takes the next number instead', async () => {
    const { db } = t.app.ctx;
    const mine = await admin.post('/api/pc/v1/admin/help/article/save', {
      category_id: 9,
      title: '本站自己写的问题',
      body: '本站自己写的正文。',
    });
    const myNumber = mine.body.data.id as number;
    // Pretend the standard set gains an article with that very number, not given to the brand yet: drop 255
    // and its record, and renumber the admin's article to 255.
    await db.deleteFrom('help_articles').where('client_id', '=', CLIENT).where('number', '=', 255).execute();
    await db
      .deleteFrom('help_standard_articles')
      .where('client_id', '=', CLIENT)
      .where('article_key', '=', 255)
      .execute();
    await db
      .updateTable('help_articles')
      .set({ number: 255 })
      .where('client_id', '=', CLIENT)
      .where('number', '=', myNumber)
      .execute();
    await db
      .updateTable('audit_log')
      .set({ target_id: '255' })
      .where('client_id', '=', CLIENT)
      .where('action', '=', 'help.article.create')
      .where('target_id', '=', String(myNumber))
      .execute();

    await new HelpService(t.app.ctx).seedAll();
    expect((await rowsNumbered(255)).map((r) => r.title)).toEqual(['本站自己写的问题']);
    const standard = helpSeedFor(t.app.ctx.brands.get(CLIENT)).articles.find((a) => a.number === 255)!;
    const copies = await db
      .selectFrom('help_articles')
      .selectAll()
      .where('client_id', '=', CLIENT)
      .where('title', '=', standard.title)
      .execute();
    expect(copies).toHaveLength(1);
    expect(copies[0]!.number).toBeGreaterThan(255);
  });
});
