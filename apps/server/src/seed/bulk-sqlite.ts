import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Brands } from '../platform/brands/brands.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';

/**
 * The SQLite database of the bulk generators (benchmarks): the schema and brands made through the
 * platform, exactly as the server would, then opened raw for generation only — no journal and no
 * syncs (a failed run is simply run again). Close it with `closeBulkSqlite`.
 */
export async function openBulkSqlite(dataDir: string): Promise<SQLite.Database> {
  mkdirSync(dataDir, { recursive: true });
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  await new Brands(handle.db).seed();
  await handle.close();

  const db = new SQLite(resolve(dataDir, 'author-centre.sqlite'));
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  return db;
}

/**
 * Drops the indexes of these tables (a sorted build after the rows are in beats inserting into
 * every B-tree) and gives back the function that builds them again, from the migrations' definitions.
 */
export function deferIndexes(db: SQLite.Database, tables: string[]): () => void {
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => '?').join(', ')})`,
    )
    .all(...tables) as Array<{ name: string; sql: string }>;
  for (const { name } of indexes) db.exec(`drop index "${name}"`);
  return () => {
    for (const { sql } of indexes) db.exec(sql);
  };
}

/** A live session of a generated person, as a login leaves it; returns the cookie's token. */
export function insertBulkSession(
  db: SQLite.Database,
  who: { clientId: number; userId: number; accountId: number },
  now = Date.now(),
): string {
  const token = randomBytes(32).toString('base64url');
  db.prepare(
    `insert into sessions (id, client_id, user_id, account_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    createHash('sha256').update(token).digest('hex'),
    who.clientId,
    who.userId,
    who.accountId,
    now,
    now,
    now + 7 * 86_400_000,
    now + 30 * 86_400_000,
  );
  return token;
}

/** Back to the server's journal mode, and closed. */
export function closeBulkSqlite(db: SQLite.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.close();
}
