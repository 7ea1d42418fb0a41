import type { Generated } from 'kysely';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobTable {
  id: Generated<number>;
  kind: string;
  dedupe_key: string | null;
  /** JSON. */
  payload: string;
  run_at: number;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number;
  last_error: string | null;
  started_at: number | null;
  finished_at: number | null;
  late_ms: number | null;
  created_at: number;
  updated_at: number;
}

declare module '../db/schema.ts' {
  interface Database {
    jobs: JobTable;
  }
}
