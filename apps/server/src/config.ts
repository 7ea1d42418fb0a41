import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { smsProblems } from './platform/providers/sms/http-sms.ts';
import { storageProblems } from './platform/providers/storage/storage-config.ts';

/** The one place environment variables are read. Bad values stop the process with the variable's name. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * 32-byte key (hex or base64) sealing personal data at rest, the same on every instance. Generated into DATA_DIR
   * when absent in development; required elsewhere with DATABASE_URL (SHARED_SECRETS).
   */
  DATA_KEY: z.string().min(32).optional(),
  /** Older data keys, comma-separated: they open what they sealed while a rotation runs (docs/operations.md). */
  DATA_KEYS_PREVIOUS: z.string().optional(),
  /** The key of the lookup index of phones and ID numbers, once DATA_KEY was rotated away from it. */
  DATA_INDEX_KEY: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app to serve; absent folder means API only. */
  WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Serves the API reference at /api/docs (docs/api.md): always outside production, in production only when true. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  /** Seeds demo brands' authors and content into an empty database at start (default: on SQLite). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Runs in-process background jobs (scheduled publishing and others) in this instance. */
  RUN_JOBS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Contracts (issue 12): the platform's signing certificate, a PKCS#12 file as base64, and its password. Required in production; a self-signed one is made elsewhere. */
  CONTRACT_SIGNING_P12: z.string().optional(),
  CONTRACT_SIGNING_PASSWORD: z.string().optional(),
  /**
   * Shared secrets (SHARED_SECRETS) whose value is being changed on purpose, comma-separated: an instance starting
   * with it records its value as the one in use instead of refusing a different one (docs/operations.md).
   */
  SHARED_SECRET_CHANGE: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'DATA_KEY' | 'DATA_KEYS_PREVIOUS' | 'DATA_INDEX_KEY' | 'SEED_DEMO'> {
  SEED_DEMO: boolean;
  isProduction: boolean;
  /** The key that seals (DATA_KEY). */
  dataKey: Buffer;
  /** Keys that only open (DATA_KEYS_PREVIOUS). */
  previousDataKeys: Buffer[];
  /** The blind-index key when it differs from DATA_KEY (DATA_INDEX_KEY). */
  dataIndexKey: Buffer | null;
  /** Extra environment values read by providers (SMS, AI, …); each provider validates its own. */
  env: Record<string, string | undefined>;
}

export class ConfigError extends Error {}

/**
 * Secrets several instances must share. Outside development with DATABASE_URL a missing one stops the process
 * with its name: an instance must never make up its own. Session tokens and request-signing secrets live in the
 * database, so they are shared already. A capability adding such a secret adds it here (CONTRIBUTING-MODULES.md).
 */
export const SHARED_SECRETS: ReadonlyArray<{
  name: string;
  about: string;
  required(env: Env): boolean;
  /**
   * Compared across instances by a fingerprint recorded in the database (platform/crypto/shared-secrets.ts): an
   * instance with another value refuses to start naming the variable. (DATA_KEY has its own key record.)
   */
  fingerprint: boolean;
}> = [
  { name: 'DATA_KEY', about: 'seals personal data at rest', required: () => true, fingerprint: false },
  {
    name: 'CONTRACT_SIGNING_P12',
    about: "the platform's certificate that signs contracts (PKCS#12, base64)",
    required: (env) => env.NODE_ENV === 'production',
    fingerprint: true,
  },
  {
    name: 'CONTRACT_SIGNING_PASSWORD',
    about: "the password of the platform's contract-signing certificate",
    required: (env) => env.NODE_ENV === 'production',
    fingerprint: true,
  },
  {
    name: 'READING_SITES',
    about: "each reading site's request-signing key (the integration API)",
    required: () => false,
    fingerprint: true,
  },
  {
    name: 'DISCOURSE_CONNECT_SECRET',
    about: "the forum's single sign-on secret (FORUM_PROVIDER=discourse)",
    required: () => false,
    fingerprint: true,
  },
  {
    name: 'DISCOURSE_API_KEY',
    about: "the forum's API key (FORUM_PROVIDER=discourse)",
    required: () => false,
    fingerprint: true,
  },
];

function decodeKey(text: string, name = 'DATA_KEY'): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new ConfigError(`${name}: must be 32 bytes, as 64 hex characters or base64`);
  return key;
}

/** A key an operator typed rather than generated: too few distinct bytes to be random. */
function weakKey(key: Buffer): boolean {
  return new Set(key).size < 16;
}

/**
 * Every problem of an environment, as `NAME: what is wrong` lines. Fatal ones stop the server (loadConfig);
 * the rest are what `npm run check-config` warns an operator of before deploying.
 */
export function environmentProblems(source: Record<string, string | undefined>): {
  fatal: string[];
  warnings: string[];
} {
  // A malformed variable is reported and left out, so that every other check still runs on the rest.
  const { env, issues } = parseLeniently(source);
  const fatal: string[] = [...issues];
  const warnings: string[] = [];
  if (env.NODE_ENV !== 'development' && env.DATABASE_URL) {
    for (const secret of SHARED_SECRETS) {
      if (secret.required(env) && !source[secret.name]) {
        fatal.push(
          `${secret.name}: required with DATABASE_URL outside development (${secret.about}; every instance must share it)`,
        );
      }
    }
  }
  const keys: Array<[string, string | undefined]> = [
    ['DATA_KEY', env.DATA_KEY],
    ['DATA_INDEX_KEY', env.DATA_INDEX_KEY],
    ...(env.DATA_KEYS_PREVIOUS ?? '').split(',').map((k): [string, string] => ['DATA_KEYS_PREVIOUS', k.trim()]),
  ];
  for (const [name, text] of keys) {
    if (!text) continue;
    try {
      if (weakKey(decodeKey(text, name)))
        warnings.push(`${name}: weak (not random); make one with: openssl rand -hex 32`);
    } catch (error) {
      fatal.push((error as Error).message);
    }
  }
  // The providers' own settings, which they refuse at start (sms/index.ts, storage/index.ts).
  fatal.push(...smsProblems(source), ...storageProblems(source));
  const production = env.NODE_ENV === 'production';
  if (production && (source.SMS_PROVIDER ?? 'console') === 'console') {
    warnings.push('SMS_PROVIDER: console in production: verification codes reach nobody; set SMS_PROVIDER=http');
  }
  if (!production && env.DATABASE_URL) {
    warnings.push(
      'NODE_ENV: not production with DATABASE_URL: session cookies are sent without HTTPS (no Secure flag) and ' +
        'the development SMS outbox (GET /api/dev/sms-outbox) shows anyone the codes; set NODE_ENV=production',
    );
  }
  try {
    for (const site of readingSiteKeys(source.READING_SITES)) {
      if (site.key.length < 32)
        warnings.push(`READING_SITES: the key of site '${site.id}' is weak (under 32 characters)`);
    }
  } catch (error) {
    fatal.push((error as Error).message);
  }
  return { fatal, warnings };
}

/** The environment parsed with every malformed variable left out (its default applies), and those variables' problems. */
function parseLeniently(source: Record<string, string | undefined>): { env: Env; issues: string[] } {
  const parsed = EnvSchema.safeParse(source);
  if (parsed.success) return { env: parsed.data, issues: [] };
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  const broken = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const rest = Object.fromEntries(Object.entries(source).filter(([name]) => !broken.has(name)));
  return { env: EnvSchema.parse(rest), issues };
}

const ReadingSitesSchema = z.array(
  z.object({ id: z.string().min(1), client_id: z.number().int(), key: z.string().min(16) }),
);

/** READING_SITES as the integration API reads it (modules/works/integration.ts refuses the same at start). */
function readingSiteKeys(raw: string | undefined): Array<{ id: string; key: string }> {
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new Error('READING_SITES: must be a JSON list of {"id","client_id","key"}');
  }
  if (!Array.isArray(list)) throw new Error('READING_SITES: must be a JSON list of {"id","client_id","key"}');
  const parsed = ReadingSitesSchema.safeParse(list);
  if (!parsed.success) throw new Error('READING_SITES: each site needs id, client_id and a key of 16+ characters');
  return parsed.data;
}

/** A development key kept beside the data, so restarts can still read what was encrypted. */
function localDataKey(dataDir: string): Buffer {
  const file = resolve(dataDir, 'data.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return decodeKey(readFileSync(file, 'utf8').trim());
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const { fatal } = environmentProblems(source);
  if (fatal.length > 0) throw new ConfigError(`Invalid configuration:\n${fatal.join('\n')}`);
  return buildConfig(EnvSchema.parse(source), source, true) as Config;
}

/**
 * The configuration as far as it can be read despite problems (`npm run check-config` compares its keys with the
 * database even when other variables are wrong). Null when the data keys themselves cannot be read, or when
 * DATA_KEY is absent and no development key file exists (the check makes none).
 */
export function configDespiteProblems(source: Record<string, string | undefined>): Config | null {
  try {
    return buildConfig(parseLeniently(source).env, source, false);
  } catch {
    return null;
  }
}

function buildConfig(parsed: Env, source: Record<string, string | undefined>, makeLocalKey: boolean): Config | null {
  const { DATA_KEY, DATA_KEYS_PREVIOUS, DATA_INDEX_KEY, SEED_DEMO, ...env } = parsed;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR);
  const previous = (DATA_KEYS_PREVIOUS ?? '').split(',').map((k) => k.trim());
  if (!DATA_KEY && !makeLocalKey && !existsSync(resolve(dataDir, 'data.key'))) return null;
  return {
    ...env,
    DATA_DIR: dataDir,
    SEED_DEMO: SEED_DEMO ? SEED_DEMO === 'true' : !env.DATABASE_URL,
    isProduction,
    dataKey: DATA_KEY ? decodeKey(DATA_KEY) : localDataKey(dataDir),
    previousDataKeys: previous.filter(Boolean).map((k) => decodeKey(k, 'DATA_KEYS_PREVIOUS')),
    dataIndexKey: DATA_INDEX_KEY ? decodeKey(DATA_INDEX_KEY, 'DATA_INDEX_KEY') : null,
    env: source,
  };
}
