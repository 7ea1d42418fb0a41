import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError, SHARED_SECRETS } from '../../config.ts';
import type { Db } from '../db/database.ts';
import type { PersonalData } from './personal-data.ts';

export interface SharedSecretFingerprintTable {
  name: string;
  fingerprint: string;
  recorded_at: number;
}

declare module '../db/schema.ts' {
  interface Database {
    shared_secret_fingerprints: SharedSecretFingerprintTable;
  }
}

export interface SharedSecretsStatus {
  state: 'ok' | 'mismatch';
  /** `VARIABLE: what is wrong`, naming short fingerprints only, never a value. */
  problems: string[];
}

/** The secrets compared across instances by fingerprint (DATA_KEY has its own record: data-keys.ts). */
export const FINGERPRINTED = SHARED_SECRETS.filter((s) => s.fingerprint).map((s) => s.name);

/**
 * A keyed hash of a value, with the lookup-index key (the one data key that is never rotated, so a fingerprint
 * stays the same across data key rotations). Keyed, so a low-entropy secret (a password) cannot be guessed from
 * the database alone.
 */
export function fingerprintOf(personalData: PersonalData, name: string, value: string): string {
  return personalData.index(`shared-secret/${name}`, value);
}

const short = (fingerprint: string) => fingerprint.slice(0, 12);

/** Names this configuration asks to re-record (SHARED_SECRET_CHANGE: a deliberate change of value). */
function changing(config: Config): Set<string> {
  return new Set(
    (config.SHARED_SECRET_CHANGE ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
}

/**
 * Compares this configuration's shared secrets with the database's fingerprints. With `record` (an instance
 * starting), a secret no instance recorded yet is recorded (insert-if-absent, then read back: of two instances
 * starting together one value wins), and a name in SHARED_SECRET_CHANGE is re-recorded with this value.
 */
export async function compareSharedSecrets(
  db: Db,
  config: Config,
  personalData: PersonalData,
  record: boolean,
): Promise<string[]> {
  const change = changing(config);
  const problems: string[] = [];
  for (const name of FINGERPRINTED) {
    const value = config.env[name] || undefined;
    const mine = value === undefined ? undefined : fingerprintOf(personalData, name, value);
    if (record && change.has(name)) {
      if (mine === undefined) {
        await db.deleteFrom('shared_secret_fingerprints').where('name', '=', name).execute();
      } else {
        await db
          .insertInto('shared_secret_fingerprints')
          .values({ name, fingerprint: mine, recorded_at: Date.now() })
          .onConflict((oc) => oc.column('name').doUpdateSet({ fingerprint: mine, recorded_at: Date.now() }))
          .execute();
      }
      continue;
    }
    if (record && mine !== undefined) {
      await db
        .insertInto('shared_secret_fingerprints')
        .values({ name, fingerprint: mine, recorded_at: Date.now() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    const row = await db
      .selectFrom('shared_secret_fingerprints')
      .select('fingerprint')
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row || row.fingerprint === mine) continue;
    problems.push(
      mine === undefined
        ? `${name}: not set on this instance, but the other instances have it (fingerprint ${short(row.fingerprint)}): ` +
            `every instance must have the same ${name} (to stop using it, see SHARED_SECRET_CHANGE in docs/operations.md)`
        : `${name}: this instance's value (fingerprint ${short(mine)}) is not the one the other instances use ` +
            `(fingerprint ${short(row.fingerprint)}): every instance must have the same ${name} (to change it on ` +
            'purpose, see SHARED_SECRET_CHANGE in docs/operations.md)',
    );
  }
  return problems;
}

/**
 * The shared-secret check of an instance: at start its values must match the fingerprints recorded by the
 * first instance (else the start is refused naming the variable); afterwards rechecked with the data keys, so
 * /healthz turns red when the record says another value is in use.
 */
export class SharedSecrets {
  readonly #db: Db;
  readonly #config: Config;
  readonly #personalData: PersonalData;
  #status: SharedSecretsStatus = { state: 'ok', problems: [] };

  private constructor(db: Db, config: Config, personalData: PersonalData) {
    this.#db = db;
    this.#config = config;
    this.#personalData = personalData;
  }

  static async start(db: Db, config: Config, personalData: PersonalData): Promise<SharedSecrets> {
    const problems = await compareSharedSecrets(db, config, personalData, true);
    if (problems.length > 0) throw new ConfigError(`Shared secret check failed:\n${problems.join('\n')}`);
    return new SharedSecrets(db, config, personalData);
  }

  get status(): SharedSecretsStatus {
    return this.#status;
  }

  async refresh(): Promise<SharedSecretsStatus> {
    const problems = await compareSharedSecrets(this.#db, this.#config, this.#personalData, false);
    this.#status = { state: problems.length > 0 ? 'mismatch' : 'ok', problems };
    return this.#status;
  }

  /** Rechecks every `everyMs`; returns the stop function for `ctx.onClose`. */
  watch(everyMs: number, log: FastifyBaseLogger): () => Promise<void> {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = this.refresh()
        .catch((error) => log.warn({ err: error }, 'shared secret recheck failed; will retry'))
        .finally(() => {
          running = null;
        });
    }, everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }
}
