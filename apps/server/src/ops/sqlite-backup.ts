import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config.ts';

const DATABASE_FILE = 'author-centre.sqlite';

/** The pages copied and the result of SQLite's integrity check of the copy ('ok' when sound). */
export interface CopyReport {
  pages: number;
  integrity: string;
}

function integrityOf(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

/**
 * Copies the SQLite database of DATA_DIR to `target` while the server keeps serving (SQLite's online backup:
 * a consistent snapshot, writes go on meanwhile), then checks the copy's integrity.
 */
export async function backupSqlite(dataDir: string, target: string): Promise<CopyReport> {
  const source = resolve(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new Error(`no SQLite database at ${source}`);
  if (existsSync(target)) throw new Error(`${target} exists already: choose a new file name`);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    const { totalPages } = await db.backup(target);
    return { pages: totalPages, integrity: integrityOf(target) };
  } finally {
    db.close();
  }
}

/**
 * Puts a backup back as the database of DATA_DIR (stop the server first: its caches would not know). The backup
 * is checked before anything is touched, then copied page by page with SQLite's backup API, which writes through
 * SQLite's own locking and leaves no stale write-ahead log behind.
 */
export async function restoreSqlite(dataDir: string, backup: string): Promise<CopyReport> {
  if (!existsSync(backup)) throw new Error(`no backup at ${backup}`);
  const checked = integrityOf(backup);
  if (checked !== 'ok') throw new Error(`the backup is damaged (integrity check: ${checked}); nothing was changed`);
  mkdirSync(dataDir, { recursive: true });
  const target = resolve(dataDir, DATABASE_FILE);
  if (!existsSync(target)) for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  const db = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await db.backup(target);
    return { pages: totalPages, integrity: integrityOf(target) };
  } finally {
    db.close();
  }
}

if (import.meta.main) {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig(process.env);
  if (config.DATABASE_URL || !file || (command !== 'backup' && command !== 'restore')) {
    console.error(
      'usage: npm run db:backup -- <file>   |   npm run db:restore -- <file>   (SQLite; PostgreSQL: pg_dump)',
    );
    process.exit(2);
  }
  try {
    const report =
      command === 'backup' ? await backupSqlite(config.DATA_DIR, file) : await restoreSqlite(config.DATA_DIR, file);
    console.log(`✓ ${command}: ${report.pages} pages, integrity ${report.integrity}`);
    process.exit(report.integrity === 'ok' ? 0 : 1);
  } catch (error) {
    console.error(`✗ ${command}: ${(error as Error).message}`);
    process.exit(1);
  }
}
