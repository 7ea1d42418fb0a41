import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo.ts';
import { logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
});
afterAll(async () => t.close());

describe('growth demo content', () => {
  it('gives each brand college articles, a quiz without its answers, level rights and a camp period', async () => {
    for (const brand of t.app.ctx.brands.all()) {
      const account = await t.app.ctx.db
        .selectFrom('accounts')
        .select(['id', 'user_id'])
        .where('client_id', '=', brand.clientId)
        .where('role', '=', 'author')
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
      const college = (await client.get('/api/pc/v1/college/index')).body.data;
      expect(college.categories).toHaveLength(3);
      const quiz = (await client.get('/api/question/list', { paper: 'answer' })).body.data;
      expect(quiz.list).toHaveLength(3);
      expect(JSON.stringify(quiz)).not.toContain('explanation');
      const rights = (await client.get('/api/pc/v1/author/rights-list')).body.data.list;
      expect(rights.map((r: { title: string }) => r.title)).toContain('编辑一对一指导');
      const periods = (await client.get('/api/new-user/periods')).body.data.list;
      expect(periods.map((p: { name: string }) => p.name)).toEqual(['第1期新人训练营']);
    }
  });
});
