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

declare module '../../platform/db/schema.ts' {
  interface Database {
    forum_categories: ForumCategoryTable;
    forum_threads: ForumThreadTable;
    forum_posts: ForumPostTable;
  }
}
