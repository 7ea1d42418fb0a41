import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemo } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
});
afterAll(async () => t.close());

describe('home demo seed', () => {
  it('leaves badges, a level change, a graduation and a home card waiting for the demo author', async () => {
    const author = await t.app.ctx.db
      .selectFrom('accounts')
      .select(['id', 'user_id', 'client_id', 'pen_name'])
      .where('client_id', '=', 2)
      .where('pen_name', '=', '奇妙小说·夜雨')
      .executeTakeFirstOrThrow();
    const client = t.client('wonder.localhost');
    await logIn(t, client, {
      userId: author.user_id,
      accountId: author.id,
      clientId: 2,
      phone: '',
      penName: author.pen_name,
    });
    const profile = (await client.get('/api/author/profile')).body.data;
    expect(profile.badges.list.map((b: { title: string }) => b.title)).toEqual(['笔耕不辍', '万字新星']);
    expect(profile.author_level_upgrade.list).toHaveLength(1);
    expect(profile.user.level).toBe(4);
    expect(profile.new_user_graduate.list).toEqual([expect.objectContaining({ level: '2' })]);
    expect(profile.guide_conf['37']).toBe(false);
    expect(profile.user.message_count).toBe(6);
    const models = (await client.get('/api/pc/v1/author/home-model-list')).body.data;
    expect(models.common_model).toHaveLength(1);
    // The demo person's two pen names share one phone until the pen-name binding splits them.
    expect(models.account_split_model).toHaveLength(2);
    const index = (await client.get('/api/author/index')).body.data;
    expect(index.unread).toEqual({ message: 3, notice: 3 });
    expect(index.badges.count).toBe(3);
    expect(index.activities).toHaveLength(2);
  });
});
