/** Tables of the statistics collector (migration 202611241500_home_messages_rewards). */

import type { Generated } from 'kysely';

export interface TrackingEventTable {
  id: Generated<number>;
  client_id: number;
  account_id: number | null;
  name: string;
  /** JSON object of the event's properties. */
  properties: string;
  platform_id: string;
  path: string;
  /** When the browser says it happened (clamped to the receipt time). */
  occurred_at: number;
  created_at: number;
}

/** The once-a-day open of the author centre, one row per account and Shanghai day. */
export interface DailyOpenTable {
  client_id: number;
  account_id: number;
  day: string;
  platform_id: string;
  created_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    tracking_events: TrackingEventTable;
    daily_opens: DailyOpenTable;
  }
}
