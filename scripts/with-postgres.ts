/**
 * Runs the given command again with TEST_DB=postgres when PostgreSQL answers on 127.0.0.1:5432
 * (or TEST_PG_URL), so the server suite covers both engines wherever both are there.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
let available = false;
try {
  await client.connect();
  await client.query('select 1');
  available = true;
} catch {
  console.log(`PostgreSQL does not answer at ${url.replace(/\/\/[^@]*@/, '//')}: the PostgreSQL run is skipped.`);
} finally {
  await client.end().catch(() => {});
}
if (available) {
  const [command, ...args] = process.argv.slice(2);
  console.log('Running the server suite on PostgreSQL');
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TEST_DB: 'postgres' } });
  process.exit(result.status ?? 1);
}
