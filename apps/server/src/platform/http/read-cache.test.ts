import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ReadCache } from './read-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A stored value the cached reads read: a brand's short name, changed with a real write. */
async function storedBrief(): Promise<string> {
  const row = await t.app.ctx.db
    .selectFrom('brands')
    .select('brief')
    .where('client_id', '=', 2)
    .executeTakeFirstOrThrow();
  return row.brief;
}
async function setBrief(brief: string): Promise<void> {
  await t.app.ctx.db.updateTable('brands').set({ brief }).where('client_id', '=', 2).execute();
}

describe('read cache of hot reads', () => {
  it('answers requests that miss together from one read of the database', async () => {
    const cache = new ReadCache<string>();
    let reads = 0;
    const read = async () => {
      reads++;
      return storedBrief();
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.through('k', read)));
    expect(new Set(answers).size).toBe(1);
    expect(reads).toBe(1);
    expect(await cache.through('k', read)).toBe(answers[0]);
    expect(reads).toBe(1);
  });

  it('reads again after this process wrote, and never keeps a read that started before the write', async () => {
    const cache = new ReadCache<string>();
    const before = await storedBrief();
    expect(await cache.through('k', storedBrief)).toBe(before);
    await setBrief(`${before}-x`);
    // A read begun before a write is not shared with a request arriving after it.
    let release!: () => void;
    const gate = new Promise<void>((ok) => {
      release = ok;
    });
    const slow = cache.through('k', async () => {
      await gate;
      return 'read before the write';
    });
    await setBrief(`${before}-y`);
    const fresh = cache.through('k', storedBrief);
    release();
    expect(await slow).toBe('read before the write');
    expect(await fresh).toBe(`${before}-y`);
    expect(await cache.through('k', storedBrief)).toBe(`${before}-y`);
    await setBrief(before);
  });

  it('keeps no failure: the next request reads again', async () => {
    const cache = new ReadCache<string>();
    await expect(
      cache.through('k', async () => {
        throw new Error('database unavailable');
      }),
    ).rejects.toThrow('database unavailable');
    expect(await cache.through('k', storedBrief)).toBe(await storedBrief());
  });
});
