import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

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
  /** 32-byte key (hex or base64) for encrypting personal data at rest. Generated into DATA_DIR when absent outside production. */
  DATA_KEY: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app to serve; absent folder means API only. */
  WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Seeds demo brands' authors and content into an empty database at start (default: on SQLite). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Runs in-process background jobs (scheduled publishing and others) in this instance. */
  RUN_JOBS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<Env, 'DATA_KEY' | 'SEED_DEMO'> {
  SEED_DEMO: boolean;
  isProduction: boolean;
  dataKey: Buffer;
  /** Extra environment values read by providers (SMS, AI, …); each provider validates its own. */
  env: Record<string, string | undefined>;
}

export class ConfigError extends Error {}

function decodeKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new ConfigError('DATA_KEY: must be 32 bytes, as 64 hex characters or base64');
  return key;
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
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { DATA_KEY, SEED_DEMO, ...env } = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR);
  if (isProduction && env.DATABASE_URL && !DATA_KEY) {
    throw new ConfigError('DATA_KEY: required in production on PostgreSQL (every instance must share it)');
  }
  return {
    ...env,
    DATA_DIR: dataDir,
    SEED_DEMO: SEED_DEMO ? SEED_DEMO === 'true' : !env.DATABASE_URL,
    isProduction,
    dataKey: DATA_KEY ? decodeKey(DATA_KEY) : localDataKey(dataDir),
    env: source,
  };
}
