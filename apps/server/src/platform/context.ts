import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Sessions } from './auth/sessions.ts';
import type { Brands } from './brands/brands.ts';
import type { DataKeys } from './crypto/data-keys.ts';
import type { PersonalData } from './crypto/personal-data.ts';
import type { SharedSecrets } from './crypto/shared-secrets.ts';
import type { Db, Engine } from './db/database.ts';
import type { RequestKeys } from './http/request-keys.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Storage } from './providers/storage/index.ts';
import type { RateLimiter } from './rate-limit.ts';

/** What every module is given: configuration and the platform's shared machinery. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  brands: Brands;
  requestKeys: RequestKeys;
  sessions: Sessions;
  rateLimiter: RateLimiter;
  personalData: PersonalData;
  /** Which data key seals, rechecked against the database (rotation, /healthz). */
  dataKeys: DataKeys;
  /** The shared secrets' fingerprints, rechecked against the database (/healthz). */
  sharedSecrets: SharedSecrets;
  /** Uploaded files: local disk (served at /uploads) or S3-compatible storage. */
  storage: Storage;
  /** Durable background jobs; modules `define` their kinds, the poller runs when RUN_JOBS. */
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** Work to run when the app closes (timers, provider connections). */
  onClose(fn: () => Promise<void> | void): void;
}
