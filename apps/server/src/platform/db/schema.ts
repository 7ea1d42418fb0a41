/**
 * The database's tables as Kysely types. Each module adds its own tables by augmenting this
 * interface from its `<feature>.tables.ts`:
 *
 *   declare module '../../platform/db/schema.ts' { interface Database { chapters: ChapterTable } }
 *
 * Conventions (portable across SQLite and PostgreSQL): ids are integers, times are epoch
 * milliseconds (bigint), flags are 0/1 integers, money is integer fen, JSON is text.
 */
import type { Generated } from 'kysely';

export interface BrandTable {
  client_id: number;
  brief: string;
  /** BrandSettings as JSON. */
  settings: string;
  updated_at: number;
}

export interface RequestKeyTable {
  id: string;
  client_id: number;
  secret: string;
  created_at: number;
  expires_at: number;
}

export interface RateLimitTable {
  key: string;
  window_start: number;
  count: number;
  expires_at: number;
}

export interface UserTable {
  id: Generated<number>;
  client_id: number;
  /** Encrypted at rest; looked up through phone_hash. */
  phone_enc: string | null;
  phone_hash: string | null;
  real_name_enc: string | null;
  id_card_enc: string | null;
  id_card_hash: string | null;
  password_hash: string | null;
  created_at: number;
  updated_at: number;
}

export type Role = 'author' | 'editor' | 'admin';

export interface AccountTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  pen_name: string;
  /** Phone bound to this pen name (a person may bind a separate phone per pen name). */
  phone_enc: string | null;
  phone_hash: string | null;
  role: Role;
  avatar: string | null;
  level: number;
  sign_flag: number;
  is_learner: number;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  id: string;
  client_id: number;
  user_id: number;
  account_id: number;
  created_at: number;
  last_seen_at: number;
  idle_expires_at: number;
  absolute_expires_at: number;
}

export interface Database {
  brands: BrandTable;
  request_keys: RequestKeyTable;
  rate_limits: RateLimitTable;
  users: UserTable;
  accounts: AccountTable;
  sessions: SessionTable;
}
