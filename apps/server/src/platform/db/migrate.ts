import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';

const MIGRATIONS_DIR = resolve(import.meta.dirname, '../../db/migrations');

/** Migrations are `db/migrations/<yyyymmddhhmm>_<name>.ts`, applied in name order. */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{12}_[a-z0-9_-]+\.ts$/.test(f))
      .sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = await import(pathToFileURL(resolve(MIGRATIONS_DIR, file)).href);
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Capabilities are built side by side and land in any order: a migration named earlier than one a
  // database already ran is still applied (each touches only its own tables), instead of stopping the start.
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
