import pg from 'pg';

/** On TEST_DB=postgres, fail at once with a clear message when PostgreSQL does not answer. */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DB !== 'postgres') return;
  const client = new pg.Client({
    connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`TEST_DB=postgres but PostgreSQL does not answer: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
