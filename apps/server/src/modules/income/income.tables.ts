import type { ColumnType, Generated } from 'kysely';

export type SiteKind = 'reading' | 'zh' | 'free';

export interface IntegrationSiteTable {
  id: Generated<number>;
  client_id: number;
  /** Stable name the site is known by, e.g. `reader-wonder`, `zh`, `free`. */
  code: string;
  name: string;
  kind: SiteKind;
  created_at: number;
}

export interface IntegrationKeyTable {
  id: Generated<number>;
  site_id: number;
  client_id: number;
  key_id: string;
  /** The shared HMAC secret, sealed with the data key. */
  secret_enc: string;
  created_by: number | null;
  created_at: number;
  revoked_at: number | null;
}

export interface IntegrationNonceTable {
  key_id: string;
  nonce: string;
  expires_at: number;
}

export interface ReaderEventTable {
  id: Generated<number>;
  client_id: number;
  site_id: number;
  event_id: string;
  kind: string;
  book_id: number;
  chapter_id: number | null;
  amount_fen: number;
  occurred_at: number;
  received_at: number;
}

export interface IntegrationBatchTable {
  id: Generated<number>;
  client_id: number;
  site_id: number;
  received_at: number;
  events: number;
  accepted: number;
  duplicates: number;
  refused: number;
  first_reason: string | null;
  latest_event_at: number | null;
}

/** Counters of one book, Asia/Shanghai day and site. Money in fen. */
export interface BookDayStatsTable {
  client_id: number;
  account_id: number;
  book_id: number;
  day: string;
  site_id: number;
  reads: number;
  free_reads: number;
  favourites: number;
  comments: number;
  orders: number;
  subscription_fen: number;
  gifts: number;
  gift_fen: number;
  rewards: number;
  reward_fen: number;
  partner_fen: number;
  free_fen: number;
  updated_at: number;
}

export interface ChapterReadStatsTable {
  chapter_id: number;
  client_id: number;
  book_id: number;
  reads: number;
  orders: number;
}

export interface BookMonthRevenueTable {
  client_id: number;
  account_id: number;
  book_id: number;
  /** 'YYYY-MM', Asia/Shanghai. */
  month: string;
  revenue_fen: number;
  /** The revenue a closed month's statement (and its corrections) already settled. */
  settled_fen: number;
  /** The share plus guarantee top-up already paid on it. */
  settled_share_fen: number;
}

export interface IncomeTermsTable {
  book_id: number;
  client_id: number;
  share_permille: number;
  guarantee_fen: number;
  updated_at: number;
}

export type RunStatus = 'review' | 'released';

export interface SettlementRunTable {
  id: Generated<number>;
  client_id: number;
  month: string;
  status: RunStatus;
  statements: number;
  total_fen: number;
  closed_at: number;
  released_at: number | null;
  released_by: number | null;
}

export interface SettlementTable {
  id: Generated<number>;
  client_id: number;
  run_id: number;
  account_id: number;
  month: string;
  total_fen: number;
  /** 'YYYY-MM-08' of the month after. */
  due_date: string;
  confirmed_at: number | null;
  paid_at: number | null;
  created_at: number;
  /** The card it is (to be) paid to, masked: set when the payout file lists it, kept once paid. */
  payee_bank_name: string | null;
  payee_bank_num_mask: string | null;
  payee_holder_mask: string | null;
}

export type LineKind = 'share' | 'guarantee' | 'welfare' | 'correction';

export interface SettlementLineTable {
  id: Generated<number>;
  settlement_id: number;
  client_id: number;
  account_id: number;
  book_id: number;
  month: string;
  /** The month the money was earned in: the statement's own month, or an earlier one for a correction. */
  for_month: string;
  kind: LineKind;
  revenue_fen: number;
  amount_fen: number;
  note: string;
  /**
   * The partner platform's (zh) part, written by the close (null on lines closed before it was kept):
   * share lines the month's zh revenue and the share of it; correction lines the zh part of the late
   * revenue (partner_share_fen null).
   */
  partner_fen: ColumnType<number | null, number | null | undefined, number | null>;
  partner_share_fen: ColumnType<number | null, number | null | undefined, number | null>;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    integration_sites: IntegrationSiteTable;
    integration_keys: IntegrationKeyTable;
    integration_nonces: IntegrationNonceTable;
    reader_events: ReaderEventTable;
    integration_batches: IntegrationBatchTable;
    book_day_stats: BookDayStatsTable;
    chapter_read_stats: ChapterReadStatsTable;
    book_month_revenue: BookMonthRevenueTable;
    income_terms: IncomeTermsTable;
    settlement_runs: SettlementRunTable;
    settlements: SettlementTable;
    settlement_lines: SettlementLineTable;
  }
}
