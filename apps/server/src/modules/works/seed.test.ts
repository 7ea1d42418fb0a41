import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhone } from '../../seed/authors.seed.ts';
import { seedDemo } from '../../seed/demo.ts';
import { logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
});
afterAll(async () => t.close());

describe('demo works', () => {
  it('gives every brand demo author a novel with history, a short story and a screenplay', async () => {
    for (const brand of t.app.ctx.brands.all()) {
      const account = await t.app.ctx.db
        .selectFrom('accounts')
        .selectAll()
        .where('client_id', '=', brand.clientId)
        .where('phone_hash', '=', t.app.ctx.personalData.index('phone', demoPhone(brand.clientId, 1)))
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const client = t.client(brand.clientId === 2 ? 'localhost' : `${brand.brief}.localhost`);
      await logIn(t, client, {
        userId: account.user_id,
        accountId: account.id,
        clientId: brand.clientId,
        phone: '',
        penName: '',
      });
      const novels = (await client.get('/api/pc/v1/book/list')).body.data.list;
      expect(novels).toHaveLength(1);
      expect(novels[0].published_count).toBe(11);
      const stage = (await client.get('/api/pc/v1/book/growth-cycle', { book_id: novels[0].book_id })).body.data;
      expect(stage.update_days).toBe(10);
      expect(stage.published_words).toBeGreaterThan(5000);
      const drafts = (await client.get('/api/pc/v1/book-chapter/drafts', { book_id: novels[0].book_id })).body.data;
      expect(drafts.map((d: any) => d.status)).toContain('revised');
      expect(drafts.some((d: any) => d.scheduled_at)).toBe(true);
      const shorts = (await client.get('/api/pc/v1/book/short-story-list')).body.data.list;
      expect(shorts[0].published_words).toBeGreaterThanOrEqual(4000);
      expect((await client.get('/api/pc/v1/book/screenplay-list')).body.data.total).toBe(1);
      // A demo draft goes out without a duplicate warning.
      const draft = drafts.find((d: any) => d.status === 'draft' && !d.scheduled_at);
      const check = (await client.post('/api/pc/v1/text-correct/check', { chapter_id: draft.chapter_id })).body.data;
      expect(check.findings).toEqual([]);
    }
  });
});
