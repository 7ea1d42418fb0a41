/** Tables of the embedded forum (migration 202612060005_forum). */

import type { Generated } from 'kysely';
import type { ForumThreadState } from './forum-provider.ts';

export interface ForumCategoryTable {
  id: Generated<number>;
  client_id: number;
  number: number;
  name: string;
  description: string;
}

export interface ForumThreadTable {
  id: Generated<number>;
  client_id: number;
  category_number: number;
  account_id: number;
  title: string;
  state: ForumThreadState;
  /** While hidden by staff: the state it had ('open' | 'closed'), restored with it (migration 202612280101). */
  state_before_hide: Generated<ForumThreadState | null>;
  reply_count: number;
  last_post_at: number;
  created_at: number;
}

export interface ForumPostTable {
  id: Generated<number>;
  client_id: number;
  thread_id: number;
  account_id: number;
  body: string;
  is_first: number;
  state: 'visible' | 'hidden';
  created_at: number;
}

/** An author's report of a post (one per author and post); staff resolve it by hiding the post or keeping it. */
export interface ForumPostReportTable {
  id: Generated<number>;
  client_id: number;
  post_id: number;
  account_id: number;
  reason: string;
  created_at: number;
  resolved_at: number | null;
  resolution: 'hidden' | 'kept' | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    forum_categories: ForumCategoryTable;
    forum_threads: ForumThreadTable;
    forum_posts: ForumPostTable;
    forum_post_reports: ForumPostReportTable;
  }
}
