/** Tables of the public pages (migration 202612060002_activities_articles). */

import type { Generated } from 'kysely';

/** 'draft' is seen only in the console; 'published' shows from publish_at on. */
export type PublishState = 'draft' | 'published';

export interface ActivityTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  summary: string;
  cover: string;
  content_html: string;
  rules_html: string;
  starts_at: number;
  ends_at: number;
  /** '' any kind, else 'novel' | 'short' | 'screenplay'. */
  book_kind: string;
  min_words: number;
  /** JSON string[] of category codes; [] any. */
  categories: string;
  state: PublishState;
  publish_at: number;
  created_at: number;
  updated_at: number;
}

export interface ActivityEntryTable {
  id: Generated<number>;
  client_id: number;
  activity_id: number;
  book_id: number;
  account_id: number;
  created_at: number;
}

export type ArticleKind = 'announcement' | 'signing_policy';

export interface ArticleTable {
  id: Generated<number>;
  client_id: number;
  kind: ArticleKind;
  title: string;
  summary: string;
  content_html: string;
  state: PublishState;
  publish_at: number;
  created_at: number;
  updated_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    activities: ActivityTable;
    activity_entries: ActivityEntryTable;
    articles: ArticleTable;
  }
}
