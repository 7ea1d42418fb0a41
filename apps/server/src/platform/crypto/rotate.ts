import type { Kysely } from 'kysely';
import { type Config, ConfigError } from '../../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { DATA_KEYS_RECHECK_MS, DataKeys, HOLDER_LIVE_MS, instancesLacking } from './data-keys.ts';
import { keyCheck, keyId, PersonalData } from './personal-data.ts';
import { SEALED_COLUMNS, type SealedColumn } from './sealed-columns.ts';

export interface RotationReport {
  /** The key sealing every readable value now. */
  sealKeyId: string;
  resealed: number;
  passes: number;
  /** Values no configured key opens: left as they are, for the operator to find the key they were sealed with. */
  unreadable: Array<{ where: string; sealedWith: string }>;
  /** Keys no value needs any more (instances may drop them from DATA_KEYS_PREVIOUS, except the index key). */
  retired: string[];
  /** The key the lookup index keeps using (never rotated: docs/operations.md). */
  indexKeyId: string;
}

export interface RotationOptions {
  batchSize?: number;
  log?: (line: string) => void;
  /** Waits for every instance to seal with the new key (default: two recheck periods). */
  afterSwitch?: () => Promise<void>;
}

/** Passes stop once one re-seals nothing; this only bounds a pass loop that something keeps feeding. */
const MAX_PASSES = 10;

/**
 * Re-seals every registered sealed column with DATA_KEY (`npm run rotate-data-key`), while instances keep
 * serving. First makes DATA_KEY the database's sealing key (every instance follows within seconds), then walks
 * each column in primary-key batches, re-sealing what an older key sealed; each update only lands when the value
 * is still the one read, so an author's concurrent change is never overwritten. Interrupted, it is run again and
 * continues (values already under DATA_KEY are skipped); run with the former key as DATA_KEY it rolls back.
 */
export async function rotateDataKey(db: Db, config: Config, options: RotationOptions = {}): Promise<RotationReport> {
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 500;
  // The same check as an instance's start: every key still sealing data here must be configured.
  const keys = await DataKeys.start(db, config);
  const target = keyId(config.dataKey);
  const personalData = keys.personalData;
  if (keys.status.sealKeyId !== target) {
    // A running instance without the key could not open what it would seal: every instance gets it first.
    const lacking = await instancesLacking(db, target);
    if (lacking > 0) {
      throw new ConfigError(
        `DATA_KEY: ${lacking} running instance(s) do not hold key ${target} yet: restart every instance with ` +
          'DATA_KEY=<new key> and DATA_KEYS_PREVIOUS=<old key> first (an instance stopped in the last ' +
          `${HOLDER_LIVE_MS / 1000} s still counts), then run this again`,
      );
    }
    await makeSealing(db, config.dataKey);
    log(`key ${target} seals from now on (it was ${keys.status.sealKeyId}); waiting for every instance to follow`);
    await (options.afterSwitch ?? (() => new Promise((r) => setTimeout(r, 2 * DATA_KEYS_RECHECK_MS))))();
  }
  personalData.useSealKey(target);

  let resealed = 0;
  let passes = 0;
  let unreadable: RotationReport['unreadable'] = [];
  let pass: { resealed: number; unreadable: RotationReport['unreadable'] };
  do {
    pass = { resealed: 0, unreadable: [] };
    for (const column of SEALED_COLUMNS) await resealColumn(db, personalData, column, batchSize, pass, log);
    passes += 1;
    resealed += pass.resealed;
    unreadable = pass.unreadable;
    log(`pass ${passes}: ${pass.resealed} values re-sealed, ${pass.unreadable.length} unreadable`);
    // A value sealed by an instance just before it followed the switch is found by the next pass.
  } while (pass.resealed > 0 && passes < MAX_PASSES);

  const retired: string[] = [];
  if (pass.resealed === 0) {
    const older = await db
      .selectFrom('data_keys')
      .select('key_id')
      .where('key_id', '!=', target)
      .where('retired_at', 'is', null)
      .execute();
    if (older.length > 0) {
      await db
        .updateTable('data_keys')
        .set({ retired_at: Date.now() })
        .where('key_id', '!=', target)
        .where('retired_at', 'is', null)
        .execute();
    }
    retired.push(...older.map((r) => r.key_id));
  }
  const state = await db
    .selectFrom('data_key_state')
    .select('index_key_id')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return { sealKeyId: target, resealed, passes, unreadable, retired, indexKeyId: state.index_key_id };
}

/** Records a key (again, for a rollback) and names it the sealing key. */
async function makeSealing(db: Db, key: Buffer): Promise<void> {
  const id = keyId(key);
  const now = Date.now();
  const existing = await db.selectFrom('data_keys').selectAll().where('key_id', '=', id).executeTakeFirst();
  if (existing && existing.check_value !== keyCheck(key)) {
    throw new ConfigError(`DATA_KEY: its id ${id} is recorded for another key; generate a new one`);
  }
  if (existing) {
    await db.updateTable('data_keys').set({ retired_at: null }).where('key_id', '=', id).execute();
  } else {
    await db
      .insertInto('data_keys')
      .values({ key_id: id, check_value: keyCheck(key), recorded_at: now, retired_at: null })
      .execute();
  }
  await db.updateTable('data_key_state').set({ seal_key_id: id, updated_at: now }).where('id', '=', 1).execute();
}

async function resealColumn(
  db: Db,
  personalData: PersonalData,
  c: SealedColumn,
  batchSize: number,
  pass: { resealed: number; unreadable: RotationReport['unreadable'] },
  log: (line: string) => void,
): Promise<void> {
  const anyDb = db as unknown as Kysely<any>;
  const key = c.key ?? 'id';
  const prefix = `v2.${personalData.sealKeyId}.`;
  let last: unknown = null;
  for (;;) {
    let query = anyDb
      .selectFrom(c.table)
      .select([`${key} as k`, `${c.column} as v`])
      .where(c.column, 'is not', null)
      .orderBy(key)
      .limit(batchSize);
    // JSON holds sealed values inside; a plain column already under the key is skipped by the query itself.
    if (!c.json) query = query.where(c.column, 'not like', `${prefix}%`);
    if (last !== null) query = query.where(key, '>', last);
    const rows = (await query.execute()) as Array<{ k: unknown; v: string }>;
    if (rows.length === 0) return;
    let changed = 0;
    for (const row of rows) {
      const where = `${c.table}.${c.column} ${key}=${String(row.k)}`;
      const next = c.json ? resealJson(personalData, row.v, where, pass) : reseal(personalData, row.v, where, pass);
      if (next === null || next === row.v) continue;
      const result = await anyDb
        .updateTable(c.table)
        .set({ [c.column]: next })
        .where(key, '=', row.k)
        .where(c.column, '=', row.v)
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
    pass.resealed += changed;
    last = rows[rows.length - 1].k;
    if (changed > 0) log(`${c.table}.${c.column}: ${changed} re-sealed up to ${key} ${String(last)}`);
  }
}

/** The value under the current key, or null when no held key opens it (then reported). */
function reseal(
  personalData: PersonalData,
  sealed: string,
  where: string,
  pass: { unreadable: RotationReport['unreadable'] },
): string | null {
  if (personalData.isCurrent(sealed)) return sealed;
  try {
    return personalData.seal(personalData.open(sealed));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    pass.unreadable.push({ where, sealedWith: PersonalData.sealedWith(sealed) });
    return null;
  }
}

/** Re-seals every `*_enc` string inside a JSON value. */
function resealJson(
  personalData: PersonalData,
  text: string,
  where: string,
  pass: { unreadable: RotationReport['unreadable'] },
): string | null {
  let changed = false;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value)) {
      if (name.endsWith('_enc') && typeof inner === 'string' && inner !== '') {
        const next = reseal(personalData, inner, `${where} ${name}`, pass);
        if (next !== null && next !== inner) changed = true;
        out[name] = next ?? inner;
      } else {
        out[name] = walk(inner);
      }
    }
    return out;
  };
  const next = walk(JSON.parse(text));
  return changed ? JSON.stringify(next) : text;
}
