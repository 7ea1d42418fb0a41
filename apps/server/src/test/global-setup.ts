import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../platform/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** On TEST_DB=postgres: a database with every migration applied, which each test app's database copies. */
    pgTemplate: string | null;
  }
}

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * On TEST_DB=postgres: fails at once with a clear message when PostgreSQL does not answer, and migrates one
 * template database for the run. Migrating a fresh PostgreSQL database took ~0.4 s of each of the suite's
 * ~150 test apps; a copy of the template (CREATE DATABASE … TEMPLATE) takes a fraction of that.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  project.provide('pgTemplate', null);
  if (process.env.TEST_DB !== 'postgres') return;
  try {
    await admin((client) => client.query('select 1'));
  } catch (error) {
    throw new Error(`TEST_DB=postgres but PostgreSQL does not answer: ${(error as Error).message}`);
  }
  const template = `ac_template_${process.pid}_${Date.now().toString(36)}`;
  await admin((client) => client.query(`CREATE DATABASE ${template}`));
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${template}`), max: 1 }),
    }),
  });
  try {
    await migrateToLatest(db);
  } finally {
    // A template may have no open connection when it is copied.
    await db.destroy();
  }
  project.provide('pgTemplate', template);
  return () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)).then(() => {});
}
