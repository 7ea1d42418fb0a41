import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createBook } from '../modules/works/works.fixtures.ts';
import { openDatabase } from '../platform/db/database.ts';
import { tableChecksums } from '../security/suite-helpers.ts';
import { createAuthor, signedInClient } from '../test/fixtures.ts';
import { createTestApp, TEST_ENGINE, type TestApp } from '../test/test-app.ts';
import { backupSqlite, restoreSqlite } from './sqlite-backup.ts';

/** `npm run db:backup` / `db:restore` (docs/operations.md): SQLite only; PostgreSQL is backed up with pg_dump. */
const onSqlite = TEST_ENGINE === 'sqlite';
let t: TestApp;
const scratch = mkdtempSync(join(tmpdir(), 'ac-backup-'));

beforeAll(async () => {
  if (onSqlite) t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe.runIf(onSqlite)('SQLite backup and restore', () => {
  it('backs up while the server writes, and restores exactly what the backup held', async () => {
    const client = await signedInClient(t, await createAuthor(t));
    await createBook(client, { title: '备份之前的书' });
    const atBackup = await tableChecksums(t);
    // The server keeps writing while the backup runs.
    const backup = join(scratch, 'backup.sqlite');
    const [report] = await Promise.all([
      backupSqlite(t.config.DATA_DIR, backup),
      createBook(client, { title: '备份之时的书' }),
    ]);
    expect(report.integrity).toBe('ok');
    await createBook(client, { title: '备份之后的书' });

    const restoredDir = join(scratch, 'restored');
    const restored = await restoreSqlite(restoredDir, backup);
    expect(restored.integrity).toBe('ok');
    const database = openDatabase({ dataDir: restoredDir });
    const other = await buildApp({ ...t.config, DATA_DIR: restoredDir }, { database });
    try {
      const titles = (await other.ctx.db.selectFrom('books').select('title').execute()).map((b) => b.title);
      expect(titles).toContain('备份之前的书');
      expect(titles).not.toContain('备份之后的书');
      // Every table is as it was at the backup, or holds the one book written while it ran.
      const now = await tableChecksums({ app: other });
      const differing = [...now].filter(([name, sum]) => atBackup.get(name) !== sum).map(([name]) => name);
      expect(
        differing.every((name) => ['books', 'volumes', 'book_events', 'audit_log'].includes(name)),
        differing.join(),
      ).toBe(true);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('refuses a damaged backup and changes nothing', async () => {
    const damaged = join(scratch, 'damaged.sqlite');
    writeFileSync(damaged, Buffer.concat([Buffer.from('SQLite format 3\u0000'), Buffer.alloc(4096, 7)]));
    const before = await tableChecksums(t);
    await expect(restoreSqlite(t.config.DATA_DIR, damaged)).rejects.toThrow();
    expect(await tableChecksums(t)).toEqual(before);
    await expect(backupSqlite(t.config.DATA_DIR, damaged)).rejects.toThrow(/exists already/);
  });
});
