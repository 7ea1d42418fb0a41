import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINE } from '../../test/test-app.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { SEALED_COLUMNS } from './sealed-columns.ts';

/**
 * Columns named `*_enc` that do NOT hold values sealed with `ctx.personalData.seal` (so key rotation must not
 * touch them). Each entry says why. Empty today: every `*_enc` column is sealed personal data or a sealed secret.
 */
const NOT_SEALED: ReadonlyArray<{ table: string; column: string; why: string }> = [];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
  await migrateToLatest(db.handle.db);
});
afterAll(async () => {
  await db.handle.close();
  await db.drop();
});

describe(`the sealed-column registry (${TEST_ENGINE})`, () => {
  it('lists every *_enc column of the migrated schema, so rotation and the key check never miss one', async () => {
    const tables = await db.handle.db.introspection.getTables();
    const encColumns = tables.flatMap((t) =>
      t.columns.filter((c) => c.name.endsWith('_enc')).map((c) => `${t.name}.${c.name}`),
    );
    // The schema really was introspected (a broken introspection must not pass vacuously).
    expect(encColumns).toContain('users.phone_enc');
    const registered = new Set(SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`));
    const excepted = new Set(NOT_SEALED.map((c) => `${c.table}.${c.column}`));
    const forgotten = encColumns.filter((c) => !registered.has(c) && !excepted.has(c)).sort();
    expect(forgotten, 'add each to SEALED_COLUMNS (platform/crypto/sealed-columns.ts)').toEqual([]);
  });

  it('names only columns that exist, each once', async () => {
    const tables = await db.handle.db.introspection.getTables();
    const existing = new Set(tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)));
    const listed = SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`);
    expect(listed.filter((c) => !existing.has(c))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
    for (const c of SEALED_COLUMNS) expect(existing.has(`${c.table}.${c.key ?? 'id'}`), `${c.table} key`).toBe(true);
  });
});
