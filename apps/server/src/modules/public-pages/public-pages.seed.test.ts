import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
});
afterAll(async () => t.close());

describe('demo public pages', () => {
  it('every public page of a brand shows real content; the header links the signing policy article', async () => {
    const visitor = t.client('localhost');
    const link = t.app.ctx.brands.get(2).signingPolicyLinks[0].url;
    const id = Number(link.replace('/front/article/', ''));
    const article = await visitor.get('/api/pc/v1/article/detail', { id });
    expect(article.body.data.kind).toBe('signing_policy');
    const activities = await visitor.get('/api/pc/v1/custom-activity/list', { status: 'current' });
    expect(activities.body.data.list.length).toBeGreaterThan(0);
    for (const kind of ['privacy', 'user', 'publish']) {
      expect((await visitor.get('/api/pc/v1/agreement/detail', { kind })).body.data.version).toBe(1);
    }
    const adapt = await visitor.get('/api/pc/v1/screenplay/ranking');
    expect(adapt.body.data.list[0]).toMatchObject({ rank: 1, title: '长夜追凶' });
  });
});
