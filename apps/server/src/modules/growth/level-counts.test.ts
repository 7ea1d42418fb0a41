import { SMS_CODE_TYPE } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCallers, createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { freshCode, idNumber, newPhone } from '../auth/auth.test-helpers.ts';
import { growthEvent, recomputeAll } from './growth.service.ts';

/**
 * Issue 15: the authors per level are kept in author_level_counts by every writer of an account's
 * level or role, so "surpassed N % of authors" reads a few rows. What the table holds is checked
 * against the accounts themselves after sign-up, the console's level and role changes, a raise by
 * the rules and the nightly recount.
 */

let t: TestApp;
let c: Awaited<ReturnType<typeof consoleCallers>>;

beforeAll(async () => {
  t = await createTestApp();
  c = await consoleCallers(t);
});
afterAll(async () => t.close());

/** What the table holds for the brand: level → authors (levels with none left out). */
async function held(clientId: number): Promise<Record<number, number>> {
  const rows = await t.app.ctx.db
    .selectFrom('author_level_counts')
    .select(['level', 'authors'])
    .where('client_id', '=', clientId)
    .execute();
  return Object.fromEntries(rows.filter((r) => Number(r.authors) !== 0).map((r) => [r.level, Number(r.authors)]));
}

/** The authors of the brand per level, counted from the accounts. */
async function actual(clientId: number): Promise<Record<number, number>> {
  const rows = await t.app.ctx.db
    .selectFrom('accounts')
    .select((eb) => ['level', eb.fn.countAll<number>().as('n')])
    .where('client_id', '=', clientId)
    .where('role', '=', 'author')
    .groupBy('level')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.level, Number(r.n)]));
}

async function expectExact(clientId: number) {
  expect(await held(clientId)).toEqual(await actual(clientId));
}

async function levelOf(accountId: number) {
  return (
    await t.app.ctx.db.selectFrom('accounts').select('level').where('id', '=', accountId).executeTakeFirstOrThrow()
  ).level;
}

async function catalogue(admin: TestClient, levels: { level: number; level_txt: string; min?: number }[]) {
  for (const l of levels) {
    const res = await admin.post('/api/admin/rewards/levels', { level: l.level, level_txt: l.level_txt });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    if (l.min !== undefined) {
      const set = await admin.post(`/api/admin/growth/levels/${res.body.data.id}/threshold`, { min_growth: l.min });
      expect(set.body.code, JSON.stringify(set.body)).toBe(200);
    }
  }
}

describe('author level counts', () => {
  it('sign-up counts the new author at Lv1', async () => {
    const before = (await held(2))[1] ?? 0;
    const phone = newPhone();
    const client = t.client();
    const code = await freshCode(t, client, phone, SMS_CODE_TYPE.register);
    const res = await client.post('/api/pc/v3/user/quick-register', {
      phone,
      real_name: '王小明',
      id_card: idNumber('19920412'),
      code,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    expect((await held(2))[1]).toBe(before + 1);
    await expectExact(2);
  });

  it("the console's level change moves the count; a change from a stale level is refused with 409", async () => {
    await catalogue(c.admin, [
      { level: 3, level_txt: 'Lv3 进阶作者' },
      { level: 7, level_txt: 'Lv7 殿堂作者' },
    ]);
    const author = await createAuthor(t, { clientId: 2 });
    const before = await held(2);
    const change = await c.admin.post('/api/admin/rewards/level-changes', {
      account_id: author.accountId,
      from_level: 1,
      level: 7,
      reason: '年度优秀作者',
    });
    expect(change.body.data, JSON.stringify(change.body)).toMatchObject({ from_level: 1, level: 7, pop: true });
    const after = await held(2);
    expect(after[1]).toBe(before[1] - 1);
    expect(after[7]).toBe((before[7] ?? 0) + 1);
    await expectExact(2);

    // A second console page still showing Lv1 asks to change it from Lv1: refused, nothing written.
    const stale = await c.admin.post('/api/admin/rewards/level-changes', {
      account_id: author.accountId,
      from_level: 1,
      level: 3,
      reason: '调整',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors.title).toBe('该作者的等级已变为 Lv7，请刷新后再调整');
    expect(await levelOf(author.accountId)).toBe(7);
    const changes = await t.app.ctx.db
      .selectFrom('level_changes')
      .select(['from_level', 'level'])
      .where('account_id', '=', author.accountId)
      .execute();
    expect(changes).toEqual([{ from_level: 1, level: 7 }]);
    expect(await held(2)).toEqual(after);

    // From the level it holds, the change goes through (a lowering), and the counts follow.
    const down = await c.admin.post('/api/admin/rewards/level-changes', {
      account_id: author.accountId,
      from_level: 7,
      level: 3,
      reason: '调整',
    });
    expect(down.body.data).toMatchObject({ from_level: 7, level: 3, pop: false });
    await expectExact(2);
    const levels = (await c.admin.get('/api/admin/rewards/levels')).body.data.list;
    expect(levels.find((l: { level: number }) => l.level === 3)).toMatchObject({ authors: (await actual(2))[3] });
  });

  it("a role change takes the account out of the brand's authors, and back", async () => {
    const person = await createAuthor(t, { clientId: 2 });
    const before = (await held(2))[1];
    const path = `/api/admin/authors/accounts/${person.accountId}/role`;
    expect((await c.admin.post(path, { role: 'editor', reason: '转为编辑' })).body.code).toBe(200);
    expect((await held(2))[1]).toBe(before - 1);
    await expectExact(2);
    expect((await c.admin.post(path, { role: 'author', reason: '转回作者' })).body.code).toBe(200);
    expect((await held(2))[1]).toBe(before);
    await expectExact(2);
  });

  it('a raise by the rules moves the count, and the surpass texts are those of the real distribution', async () => {
    // Brand 3, with its own catalogue: signing (100) reaches Lv2 (50), nothing reaches Lv3.
    const admin = c.otherBrandAdmin;
    await catalogue(admin, [
      { level: 1, level_txt: '初出茅庐', min: 0 },
      { level: 2, level_txt: '小有名气', min: 50 },
      { level: 3, level_txt: '笔耕不辍', min: 100_000 },
    ]);
    const others = await Promise.all([1, 2, 3, 4].map(() => createAuthor(t, { clientId: 3 })));
    for (const o of others.slice(0, 1)) {
      const res = await admin.post('/api/admin/rewards/level-changes', {
        account_id: o.accountId,
        level: 3,
        reason: 'x',
      });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    }
    const author = await createAuthor(t, { clientId: 3 });
    await t.app.ctx.db.updateTable('accounts').set({ sign_flag: 1 }).where('id', '=', author.accountId).execute();
    const before = await held(3);
    const result = await t.app.ctx.db.transaction().execute((tx) => growthEvent(tx, 3, author.accountId, Date.now()));
    expect(result?.level).toEqual({ from: 1, to: 2 });
    const after = await held(3);
    expect(after[1]).toBe(before[1] - 1);
    expect(after[2]).toBe((before[2] ?? 0) + 1);
    await expectExact(3);

    // The other authors of brand 3 (everyone but this one), from the accounts themselves.
    const rest = await t.app.ctx.db
      .selectFrom('accounts')
      .select('level')
      .where('client_id', '=', 3)
      .where('role', '=', 'author')
      .where('id', '!=', author.accountId)
      .execute();
    const pct = Math.floor((100 * rest.filter((a) => a.level < 2).length) / rest.length);
    expect(pct).toBeGreaterThan(0);
    expect(pct).toBeLessThan(100);
    const change = await t.app.ctx.db
      .selectFrom('level_changes')
      .select('surpass_txt')
      .where('account_id', '=', author.accountId)
      .executeTakeFirstOrThrow();
    expect(change.surpass_txt).toBe(`超过了${pct}%的作者`);
    // The level page says the same.
    const client = await signedInClient(t, author);
    const info = (await client.get('/api/pc/v1/author/level-info')).body.data;
    expect(info).toMatchObject({ level: 2, surpass_txt: `超过了${pct}%的作者` });
  });

  it('the nightly recomputation recounts and corrects a count that drifted', async () => {
    const right = await actual(2);
    // A writer that bypassed the module (what the recount is there for).
    await t.app.ctx.db
      .updateTable('author_level_counts')
      .set((eb) => ({ authors: eb('authors', '+', 5) }))
      .where('client_id', '=', 2)
      .where('level', '=', 1)
      .execute();
    await t.app.ctx.db.deleteFrom('author_level_counts').where('client_id', '=', 2).where('level', '=', 3).execute();
    const result = await recomputeAll(t.app.ctx.db);
    expect(result.corrections).toEqual(
      expect.arrayContaining([
        { client_id: 2, level: 1, counted: right[1] + 5, actual: right[1] },
        { client_id: 2, level: 3, counted: 0, actual: right[3] },
      ]),
    );
    expect(result.corrections).toHaveLength(2);
    expect(await held(2)).toEqual(right);
    for (const brand of [1, 2, 3]) await expectExact(brand);
    expect((await recomputeAll(t.app.ctx.db)).corrections).toEqual([]);
  });
});
