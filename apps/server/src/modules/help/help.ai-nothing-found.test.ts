import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFTER_LINE, up } from '../../db/migrations/202701010101_help_ai_nothing_found.ts';
import { AI_ASSISTANT_SCOPE, helpSeedFor } from '../../seed/help-articles.ts';
import { createAuthor, logIn } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

/**
 * Article 51 (AI助理能做什么？怎么用？) says the assistant answers only from the help centre, does not write for the
 * author, and says it found nothing rather than guessing. A brand seeded before holds the old body: the migration
 * adds the line where the article is still as seeded, and leaves an admin's own wording alone.
 */
let t: TestApp;
let admin: TestClient;
const SEEDED = 3;
const EDITED = 4;
const HOSTS = { 2: 'wonder.localhost', [SEEDED]: 'third.localhost', [EDITED]: 'brain-hole.localhost' } as const;
const NEW_LINE = `- ${AI_ASSISTANT_SCOPE}\n`;

const bodyOf = async (clientId: number) =>
  (
    await t.app.ctx.db
      .selectFrom('help_articles')
      .select('body')
      .where('client_id', '=', clientId)
      .where('number', '=', 51)
      .executeTakeFirstOrThrow()
  ).body;
const revisionOf = async (clientId: number) =>
  (
    await t.app.ctx.db
      .selectFrom('help_state')
      .select('revision')
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow()
  ).revision;
const setBody = (clientId: number, body: string) =>
  t.app.ctx.db
    .updateTable('help_articles')
    .set({ body })
    .where('client_id', '=', clientId)
    .where('number', '=', 51)
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  admin = t.client(HOSTS[EDITED]);
  await logIn(t, admin, await createAuthor(t, { clientId: EDITED, role: 'admin' }));
  for (const host of Object.values(HOSTS)) await t.client(host).get('/api/pc/v1/help/index');
});
afterAll(async () => t.close());

describe('article 51 says what the assistant does with what the help centre does not cover', () => {
  it('is seeded with the line, after the answer-link line', async () => {
    const standard = helpSeedFor(t.app.ctx.brands.get(SEEDED)).articles.find((a) => a.number === 51)!;
    expect(standard.body).toContain(`${AFTER_LINE}${NEW_LINE}`);
    expect(AI_ASSISTANT_SCOPE).toContain('不凭猜测回答');
    expect(await bodyOf(SEEDED)).toBe(standard.body);
  });

  it('the migration gives it to a brand seeded before, once; an admin-edited body and a current one stay', async () => {
    const current = await bodyOf(SEEDED);
    const old = current.replace(NEW_LINE, '');
    expect(old).not.toContain(AI_ASSISTANT_SCOPE);
    expect(old).toContain(AFTER_LINE);

    // Brand 3 holds the body as seeded before; brand 4's admin rewrote the answer-link line in the console.
    await setBody(SEEDED, old);
    const original = (await admin.get('/api/pc/v1/admin/help/article', { id: 51 })).body.data;
    const edited = old.replace(AFTER_LINE, '- 每个答案下面都附有原文链接（本站编辑改过的说法）。\n');
    const saved = await admin.post('/api/pc/v1/admin/help/article/save', {
      id: 51,
      category_id: original.category_id,
      title: original.title,
      body: edited,
    });
    expect(saved.body.code).toBe(200);
    expect(await bodyOf(EDITED)).toBe(edited);

    const before = { 2: await revisionOf(2), [SEEDED]: await revisionOf(SEEDED), [EDITED]: await revisionOf(EDITED) };
    await up(t.app.ctx.db);

    expect(await bodyOf(SEEDED)).toBe(current);
    expect(await bodyOf(SEEDED)).toContain(AI_ASSISTANT_SCOPE);
    expect(await revisionOf(SEEDED)).toBe(before[SEEDED] + 1);
    expect(await bodyOf(EDITED)).toBe(edited);
    expect(await revisionOf(EDITED)).toBe(before[EDITED]);
    // A brand seeded with the line already is not touched.
    expect(await revisionOf(2)).toBe(before[2]);

    // Once: run again, nothing is added twice and the revision stays.
    await up(t.app.ctx.db);
    expect(await bodyOf(SEEDED)).toBe(current);
    expect(await revisionOf(SEEDED)).toBe(before[SEEDED] + 1);

    // Authors see it on the article's page.
    const page = await t.client(HOSTS[SEEDED]).get('/api/pc/v1/help/detail', { ids: '9-51' });
    expect(page.body.data.body).toContain(AI_ASSISTANT_SCOPE);
  });
});
