/** Tables of the author's home (migration 202611241500_home_messages_rewards). */

import type { Generated } from 'kysely';

/** An activity shown on the home page while it runs. */
export interface HomeActivityTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  summary: string;
  cover: string;
  /** An in-site path or an https address. */
  url: string;
  starts_at: number;
  ends_at: number;
  sort: number;
  created_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    home_activities: HomeActivityTable;
  }
}
