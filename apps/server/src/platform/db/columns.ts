import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Column helpers that keep migrations dialect-neutral: an auto-increment integer id is
 * `integer primary key autoincrement` on SQLite and an identity column on PostgreSQL.
 */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export function withId<T extends string>(
  db: Kysely<any>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds. */
export const timeColumn = 'bigint' as const;
