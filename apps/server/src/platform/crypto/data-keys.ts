import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type Config, ConfigError } from '../../config.ts';
import { type Db, inTransaction } from '../db/database.ts';
import { keyCheck, keyId, PersonalData } from './personal-data.ts';
import { SEALED_COLUMNS } from './sealed-columns.ts';

export interface DataKeyTable {
  key_id: string;
  check_value: string;
  recorded_at: number;
  retired_at: number | null;
}

export interface DataKeyStateTable {
  id: number;
  seal_key_id: string;
  index_key_id: string;
  updated_at: number;
}

export interface DataKeyHolderTable {
  instance_id: string;
  /** Comma-separated ids of the keys the instance opens with. */
  key_ids: string;
  seen_at: number;
}

declare module '../db/schema.ts' {
  interface Database {
    data_keys: DataKeyTable;
    data_key_state: DataKeyStateTable;
    data_key_holders: DataKeyHolderTable;
  }
}

/** How often an instance rereads which key seals (a rotation switches every instance within this). */
export const DATA_KEYS_RECHECK_MS = 2000;
/** How often an instance says which keys it holds, and how long a silent one still counts as running. */
export const HOLDER_BEAT_MS = 10_000;
export const HOLDER_LIVE_MS = 3 * HOLDER_BEAT_MS;

/** Running instances (seen within HOLDER_LIVE_MS) that do not hold a key. */
export async function instancesLacking(db: Db, id: string, now = Date.now()): Promise<number> {
  const live = await db
    .selectFrom('data_key_holders')
    .select('key_ids')
    .where('seen_at', '>', now - HOLDER_LIVE_MS)
    .execute();
  return live.filter((h) => !h.key_ids.split(',').includes(id)).length;
}

export interface DataKeyStatus {
  /** ok; rotating: DATA_KEY is not sealing yet (the command switches to it); mismatch: this instance cannot open some data. */
  state: 'ok' | 'rotating' | 'mismatch';
  /** `VARIABLE: what is wrong and what it should be`, naming key ids only. */
  problems: string[];
  /** The id of the key sealing now (the database says which). */
  sealKeyId: string | null;
}

interface Held {
  key: Buffer;
  check: string;
}

/** The keys an instance holds by id: the ones that open (DATA_KEY, DATA_KEYS_PREVIOUS), and the index candidates. */
function heldKeys(config: Config): { openers: Map<string, Held>; indexers: Map<string, Held> } {
  const entry = (key: Buffer): [string, Held] => [keyId(key), { key, check: keyCheck(key) }];
  const openers = new Map([config.dataKey, ...config.previousDataKeys].map(entry));
  const indexers = new Map(openers);
  if (config.dataIndexKey) indexers.set(...entry(config.dataIndexKey));
  return { openers, indexers };
}

async function readRecord(db: Db) {
  const state = await db.selectFrom('data_key_state').selectAll().where('id', '=', 1).executeTakeFirst();
  const keys = await db.selectFrom('data_keys').selectAll().execute();
  return { state, keys };
}

/** One sealed value of each registered column, to learn which key a database made before key records was sealed with. */
async function sampleSealed(db: Db): Promise<Array<{ where: string; value: string }>> {
  const samples: Array<{ where: string; value: string }> = [];
  for (const c of SEALED_COLUMNS) {
    if (c.json) continue;
    const row = await sql<{ v: string }>`select ${sql.ref(c.column)} as v from ${sql.table(c.table)} where ${sql.ref(
      c.column,
    )} is not null limit 1`
      .execute(db)
      .then((r) => r.rows[0]);
    if (row?.v) samples.push({ where: `${c.table}.${c.column}`, value: row.v });
  }
  return samples;
}

function opens(key: Buffer, sealed: string): boolean {
  try {
    new PersonalData(key).open(sealed);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a database that has no key record yet (a new one, or one made before records were kept): the data
 * already in it must open with a configured key. Returns the problems, or records the keys when `record`.
 */
async function firstRecord(db: Db, config: Config, record: boolean): Promise<string[]> {
  const { openers } = heldKeys(config);
  // Every key some sample needs stays needed (recorded as in use); DATA_KEY seals when it is one of them.
  const needed = new Set<Buffer>();
  for (const sample of await sampleSealed(db)) {
    const opener = [...openers.values()].find((h) => opens(h.key, sample.value));
    if (!opener) {
      return [
        `DATA_KEY: does not open the personal data already in this database (${sample.where}, sealed with key ` +
          `${PersonalData.sealedWith(sample.value)}): set DATA_KEY to the key this database was made with`,
      ];
    }
    needed.add(opener.key);
  }
  if (!record) return [];
  const sealer = needed.size === 0 || needed.has(config.dataKey) ? config.dataKey : [...needed][0];
  needed.add(sealer);
  const index = config.dataIndexKey ?? sealer;
  const now = Date.now();
  const rows: DataKeyTable[] = [...needed].map((k) => ({
    key_id: keyId(k),
    check_value: keyCheck(k),
    recorded_at: now,
    retired_at: null,
  }));
  // A separate index key seals nothing: recorded (for its check value) as retired.
  if (!needed.has(index)) {
    rows.push({ key_id: keyId(index), check_value: keyCheck(index), recorded_at: now, retired_at: now });
  }
  // One atomic step, so that of several instances starting together on an empty database exactly one records its
  // keys: the single state row (primary key id 1) is inserted if absent, and only the instance whose insert landed
  // records its key rows, in the same transaction. The others' inserts wait for it and do nothing; they are then
  // compared with the winner's record and refused naming DATA_KEY (never recording a key of their own, which would
  // leave the winner holding a record it cannot match).
  await inTransaction(db, async (tx) => {
    const won = await tx
      .insertInto('data_key_state')
      .values({ id: 1, seal_key_id: keyId(sealer), index_key_id: keyId(index), updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!won) return;
    await tx
      .insertInto('data_keys')
      .values(rows)
      .onConflict((oc) => oc.column('key_id').doNothing())
      .execute();
  });
  return [];
}

type KeyRecord = Awaited<ReturnType<typeof readRecord>>;

function compare(config: Config, { state, keys }: KeyRecord): DataKeyStatus & { indexKey: Buffer | null } {
  if (!state) return { state: 'mismatch', problems: [], sealKeyId: null, indexKey: null };
  const { openers, indexers } = heldKeys(config);
  const dataKeyId = keyId(config.dataKey);
  const problems: string[] = [];
  const missing = new Set<string>();
  for (const row of keys) {
    if (row.retired_at !== null || openers.get(row.key_id)?.check === row.check_value) continue;
    missing.add(row.key_id);
    problems.push(
      row.key_id === state.seal_key_id
        ? `DATA_KEY: this instance's key (id ${dataKeyId}) is not this database's key (id ${row.key_id}): every ` +
            'instance must have the same DATA_KEY (while a rotation runs, the older key goes in DATA_KEYS_PREVIOUS)'
        : `DATA_KEYS_PREVIOUS: missing the key with id ${row.key_id}, which still seals personal data here (a rotation ` +
            'has not finished): add it, or finish the rotation with npm run rotate-data-key',
    );
  }
  const indexRow = keys.find((r) => r.key_id === state.index_key_id);
  const index = indexers.get(state.index_key_id);
  if (config.dataIndexKey && keyId(config.dataIndexKey) !== state.index_key_id) {
    problems.push(
      `DATA_INDEX_KEY: its key (id ${keyId(config.dataIndexKey)}) did not make this database's lookup index ` +
        `(key ${state.index_key_id}): set it to that key`,
    );
  } else if ((!index || index.check !== indexRow?.check_value) && !missing.has(state.index_key_id)) {
    // (A missing key that also makes the index is named once, above.)
    problems.push(
      `DATA_INDEX_KEY: the lookup index of phones and ID numbers was made with key ${state.index_key_id}: set ` +
        'DATA_INDEX_KEY to that key (the DATA_KEY in use before the first rotation)',
    );
  }
  if (problems.length > 0) return { state: 'mismatch', problems, sealKeyId: state.seal_key_id, indexKey: null };
  return {
    state: dataKeyId === state.seal_key_id ? 'ok' : 'rotating',
    problems: [],
    sealKeyId: state.seal_key_id,
    indexKey: index?.key ?? null,
  };
}

/**
 * Compares a configuration with the database's key record without changing anything (`npm run check-config`).
 * A database with no record yet is checked by opening a sample of its sealed data.
 */
export async function inspectDataKeys(db: Db, config: Config): Promise<DataKeyStatus> {
  const record = await readRecord(db);
  if (!record.state) {
    const problems = await firstRecord(db, config, false);
    return { state: problems.length > 0 ? 'mismatch' : 'ok', problems, sealKeyId: null };
  }
  const { indexKey: _, ...status } = compare(config, record);
  return status;
}

/**
 * The key of the lookup index when the configuration matches the database's record (null otherwise, or with no
 * record yet): `npm run check-config` fingerprints the shared secrets with it, as an instance does.
 */
export async function inspectIndexKey(db: Db, config: Config): Promise<Buffer | null> {
  const record = await readRecord(db);
  return record.state ? compare(config, record).indexKey : null;
}

/**
 * The data key check of an instance: at start the configured keys must match the database's record
 * (recorded by the first instance), or the start is refused naming the variable. Afterwards the record is
 * reread every few seconds: the database says which held key seals, so a rotation switches every instance
 * at once, and an instance that cannot open what others seal reports it on /healthz.
 */
export class DataKeys {
  readonly personalData: PersonalData;
  readonly #db: Db;
  readonly #config: Config;
  readonly #instanceId = randomBytes(9).toString('base64url');
  #lastBeat = 0;
  #status: DataKeyStatus;

  private constructor(db: Db, config: Config, personalData: PersonalData, status: DataKeyStatus) {
    this.#db = db;
    this.#config = config;
    this.personalData = personalData;
    this.#status = status;
  }

  static async start(db: Db, config: Config, log?: FastifyBaseLogger): Promise<DataKeys> {
    let record = await readRecord(db);
    if (!record.state) {
      const problems = await firstRecord(db, config, true);
      if (problems.length > 0) throw new ConfigError(`Data key check failed:\n${problems.join('\n')}`);
      record = await readRecord(db);
    }
    const { indexKey, ...status } = compare(config, record);
    if (status.problems.length > 0 || !indexKey) {
      throw new ConfigError(`Data key check failed:\n${status.problems.join('\n')}`);
    }
    const personalData = new PersonalData(config.dataKey, {
      previous: config.previousDataKeys,
      index: indexKey,
      // The key id only: which key the value names, never a key or the value.
      onUnreadable: (sealedWith) =>
        log?.error(
          { key_id: sealedWith },
          'personal data sealed with a key this instance does not hold (npm run rotate-data-key lists such values)',
        ),
    });
    personalData.useSealKey(status.sealKeyId as string);
    return new DataKeys(db, config, personalData, status);
  }

  get status(): DataKeyStatus {
    return this.#status;
  }

  /** Rereads the record: seals with the key the database names when this instance holds it. */
  async refresh(now = Date.now()): Promise<DataKeyStatus> {
    const { indexKey: _, ...status } = compare(this.#config, await readRecord(this.#db));
    if (status.sealKeyId && this.personalData.keyIds.includes(status.sealKeyId)) {
      this.personalData.useSealKey(status.sealKeyId);
    }
    this.#status = status;
    if (now - this.#lastBeat >= HOLDER_BEAT_MS) await this.beat(now);
    return status;
  }

  /** Tells the rotation command which keys this running instance holds (ids only). */
  async beat(now = Date.now()): Promise<void> {
    this.#lastBeat = now;
    const key_ids = this.personalData.keyIds.join(',');
    await this.#db
      .insertInto('data_key_holders')
      .values({ instance_id: this.#instanceId, key_ids, seen_at: now })
      .onConflict((oc) => oc.column('instance_id').doUpdateSet({ key_ids, seen_at: now }))
      .execute();
  }

  /**
   * Says which keys it holds, then rereads the record every `everyMs`. Returns the stop function for
   * `ctx.onClose`, which also takes this instance off the holders (a stopped instance does not hold up a rotation).
   */
  async watch(everyMs: number, log: FastifyBaseLogger): Promise<() => Promise<void>> {
    await this.beat();
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = this.refresh()
        .catch((error) => log.warn({ err: error }, 'data key recheck failed; will retry'))
        .finally(() => {
          running = null;
        });
    }, everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
      await this.#db
        .deleteFrom('data_key_holders')
        .where('instance_id', '=', this.#instanceId)
        .execute()
        .catch((error) => log.warn({ err: error }, 'could not remove this instance from the data key holders'));
    };
  }
}
