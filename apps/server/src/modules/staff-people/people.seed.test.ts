import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhone } from '../../seed/authors.seed.ts';
import { seedDemo } from '../../seed/demo.ts';
import { logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import '../works/works.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
});
afterAll(async () => t.close());

describe("demo editors' portfolios", () => {
  it("every brand's demo author is looked after by its demo editor, shown on their books with the editor title", async () => {
    const { db, personalData } = t.app.ctx;
    for (const clientId of [2, 3, 4]) {
      const [author, editor] = await Promise.all(
        [1, 8].map((n) =>
          db
            .selectFrom('accounts')
            .selectAll()
            .where('client_id', '=', clientId)
            .where('phone_hash', '=', personalData.index('phone', demoPhone(clientId, n)))
            .orderBy('id')
            .executeTakeFirstOrThrow(),
        ),
      );
      const book = await db
        .selectFrom('books')
        .select('id')
        .where('account_id', '=', author.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      const brief = t.app.ctx.brands.get(clientId).brief;
      const client = t.client(clientId === 2 ? 'localhost' : `${brief}.localhost`);
      await logIn(t, client, { userId: author.user_id, accountId: author.id, clientId, phone: '', penName: '' });
      const res = await client.get('/api/author-book/get-new-editors', { book_id: book.id });
      expect(res.body.data.list).toMatchObject([{ editor_id: editor.id, name: editor.pen_name, title: '责任编辑' }]);
    }
  });
});
