import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, inTransaction, openDatabase } from './database.ts';

/**
 * Another process writing to the same SQLite file (an ops script, a seed, the load suite's session
 * maker) while a request's transaction is open. A transaction that began by reading and then wrote
 * failed at once with SQLITE_BUSY when the other write committed in between (its snapshot was stale;
 * the busy timeout does not apply): `npm run bench load` saw two chapter creates answer 500 this way.
 */
const WRITER = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.sqlite);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
db.prepare('insert into notes (body) values (?)').run('from the other process');
db.close();
parentPort.postMessage('written');
`;

let handle: DatabaseHandle | undefined;
let dir = '';
afterEach(async () => {
  await handle?.close();
  handle = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('SQLite transactions beside another writer', () => {
  it('commits a read-then-write transaction while another connection writes, and keeps both writes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ac-db-'));
    handle = openDatabase({ dataDir: dir });
    const { db } = handle;
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    const file = join(dir, 'author-centre.sqlite');

    const result = await inTransaction(db, async (tx) => {
      const before = await sql<{ n: number }>`select count(*) as n from notes`.execute(tx);
      // The other process writes now; its write is done (or waiting) before this transaction writes.
      const worker = new Worker(WRITER, {
        eval: true,
        workerData: { file, sqlite: createRequire(import.meta.url).resolve('better-sqlite3') },
      });
      const written = new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`insert into notes (body) values ('from the request')`.execute(tx);
      return { before: before.rows[0].n, written };
    });
    await result.written;

    expect(result.before).toBe(0);
    const rows = await sql<{ body: string }>`select body from notes order by body`.execute(db);
    expect(rows.rows.map((r) => r.body)).toEqual(['from the other process', 'from the request']);
  });
});
