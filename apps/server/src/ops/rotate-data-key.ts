import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { rotateDataKey } from '../platform/crypto/rotate.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';

/**
 * `npm run rotate-data-key [-- --batch-size N]`, run with the environment of the instances (DATA_KEY the new
 * key, DATA_KEYS_PREVIOUS the older ones): makes DATA_KEY the sealing key and re-seals every sealed field with it
 * while the instances keep serving. docs/operations.md says when and how. Prints key ids, never keys.
 */
const { values } = parseArgs({ options: { 'batch-size': { type: 'string', default: '500' } } });
try {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    const report = await rotateDataKey(database.db, config, {
      batchSize: Number(values['batch-size']),
      log: (line) => console.log(line),
    });
    console.log(`done: key ${report.sealKeyId} seals everything readable (${report.resealed} values re-sealed).`);
    if (report.retired.length > 0) {
      console.log(`keys no longer needed to open data: ${report.retired.join(', ')} (may leave DATA_KEYS_PREVIOUS).`);
    }
    if (report.indexKeyId !== report.sealKeyId) {
      console.log(
        `the lookup index keeps key ${report.indexKeyId}: before removing it from DATA_KEYS_PREVIOUS, set DATA_INDEX_KEY to it.`,
      );
    }
    for (const u of report.unreadable) console.error(`unreadable: ${u.where} (sealed with key ${u.sealedWith})`);
    if (report.unreadable.length > 0) {
      console.error(
        `${report.unreadable.length} values open with no configured key: add the key they name to DATA_KEYS_PREVIOUS and run again.`,
      );
    }
    process.exitCode = report.unreadable.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
