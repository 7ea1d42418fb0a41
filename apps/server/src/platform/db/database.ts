import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { startCheckpointer } from './checkpointer.ts';
import type { Database } from './schema.ts';
import { writeGeneration } from './write-generation.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type Engine = 'sqlite' | 'postgres';

// int8 (counts, epoch ms) as numbers: every value we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database that does not answer fails the request (503, errors.ts) instead of holding it.
      connectionTimeoutMillis: 5000,
    });
    // A connection dropped by the server (restart, failover, a dropped test database) must not
    // crash the process: the pool discards it and the next query opens a new one. An idle one
    // reports on the pool; one checked out (a query or transaction under way) reports on itself,
    // and its query fails on its own — without a listener that event killed the process on a
    // PostgreSQL restart under load.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writeGeneration] });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = resolve(options.dataDir, 'author-centre.sqlite');
  const sqlite = new SQLite(file);
  // WAL with synchronous=NORMAL: a committed transaction survives the process being killed.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints (and their disk syncs) run on a worker thread; this is only the safety net.
  sqlite.pragma('wal_autocheckpoint = 20000');
  const checkpointer = startCheckpointer(file);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [writeGeneration],
  });
  return {
    db,
    engine: 'sqlite',
    close: async () => {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE), waiting up to the busy
 * timeout for it. With Kysely's plain BEGIN a transaction that read first and wrote later failed at once
 * with SQLITE_BUSY whenever another connection (an ops script, the load suite) had committed in
 * between: the busy timeout does not cover upgrading a stale read snapshot. This process has one
 * connection and runs its transactions one at a time, so taking the lock early costs it nothing.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

const STATEMENT_CACHE_LIMIT = 2000;

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs more than running an indexed
 * read. Statements are kept by their SQL text (Kysely runs them one at a time on the one connection).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Runs `work` in one transaction; everything it writes commits together or not at all. */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
