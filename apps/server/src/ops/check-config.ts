import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { configDespiteProblems, environmentProblems } from '../config.ts';
import { inspectDataKeys, inspectIndexKey } from '../platform/crypto/data-keys.ts';
import { keyId, PersonalData } from '../platform/crypto/personal-data.ts';
import { compareSharedSecrets } from '../platform/crypto/shared-secrets.ts';
import { openDatabase } from '../platform/db/database.ts';

/**
 * What `npm run check-config` finds in an environment, read as the server reads it: every problem as
 * `VARIABLE: what is wrong`, none when the deployment may go ahead. Never prints a key or a secret.
 */
export async function checkConfig(source: Record<string, string | undefined>): Promise<string[]> {
  const { fatal, warnings } = environmentProblems(source);
  // Every problem is reported: one does not hide the next (the database and the keys are still checked).
  const problems = [...fatal, ...warnings];
  const broken = new Set(fatal.map((line) => line.slice(0, line.indexOf(':'))));
  const url = broken.has('DATABASE_URL') ? undefined : source.DATABASE_URL;
  if (url) {
    // A short connection timeout: an unreachable host must not hang the check.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      problems.push(`DATABASE_URL: cannot reach the database (${(error as Error).message})`);
      return problems;
    } finally {
      await client.end().catch(() => {});
    }
  }
  // The keys are compared with the database only when they can be read (a malformed or missing one is reported above).
  if (['DATA_KEY', 'DATA_KEYS_PREVIOUS', 'DATA_INDEX_KEY'].some((name) => broken.has(name))) return problems;
  const config = configDespiteProblems(source);
  if (!config) return problems;
  // A SQLite database not made yet: nothing to compare (and the check creates no file).
  if (!url && !existsSync(resolve(config.DATA_DIR, 'author-centre.sqlite'))) return problems;
  const database = openDatabase({ databaseUrl: url, dataDir: config.DATA_DIR, poolSize: 1 });
  try {
    const status = await inspectDataKeys(database.db, config);
    problems.push(...status.problems);
    // The other shared secrets, by the fingerprints the running instances recorded (keyed with the index key).
    const indexKey = await inspectIndexKey(database.db, config);
    if (indexKey) {
      const personalData = new PersonalData(config.dataKey, { previous: config.previousDataKeys, index: indexKey });
      problems.push(...(await compareSharedSecrets(database.db, config, personalData, false)));
    }
  } catch {
    // No key tables yet: the database was never started (the first instance records its key).
  } finally {
    await database.close();
  }
  return problems;
}

/** The ids of the configured keys (never the keys), to find each in a secret store. */
function keyIds(source: Record<string, string | undefined>): string[] {
  try {
    const config = configDespiteProblems(source);
    if (!config) return [];
    return [
      `DATA_KEY: key id ${keyId(config.dataKey)}`,
      ...config.previousDataKeys.map((k) => `DATA_KEYS_PREVIOUS: key id ${keyId(k)}`),
      ...(config.dataIndexKey ? [`DATA_INDEX_KEY: key id ${keyId(config.dataIndexKey)}`] : []),
    ];
  } catch {
    return [];
  }
}

/** The command: prints the key ids, then every problem, one a line; exit code 1 when there is any. */
export async function runCheckConfig(
  source: Record<string, string | undefined>,
  out: { log(line: string): void; error(line: string): void } = console,
): Promise<number> {
  for (const line of keyIds(source)) out.log(`· ${line}`);
  const problems = await checkConfig(source);
  for (const line of problems) out.error(`✗ ${line}`);
  if (problems.length === 0) out.log('✓ configuration ready: no problems found');
  else out.error(`${problems.length} problem(s): fix them before deploying`);
  return problems.length > 0 ? 1 : 0;
}

if (import.meta.main) process.exit(await runCheckConfig(process.env));
