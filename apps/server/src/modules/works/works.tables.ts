import type { BookKind, ChapterStatus } from '@author-centre/shared';
import type { Generated } from 'kysely';

export interface BookTable {
  id: Generated<number>;
  client_id: number;
  user_id: number;
  account_id: number;
  kind: BookKind;
  title: string;
  title_key: string | null;
  category: string;
  /** JSON string[]. */
  tags: string;
  intro: string;
  cover: string | null;
  finished: number;
  sort_order: number;
  total_words: number;
  published_words: number;
  chapter_count: number;
  published_count: number;
  pay_point_chapter_id: number | null;
  /** The pay-point chapter while it is in the recycle bin: restoring it makes it the pay point again. */
  pay_point_in_bin: number | null;
  regular_schedule: string | null;
  regular_job_id: number | null;
  last_published_at: number | null;
  created_at: number;
  updated_at: number;
  /** When an approved apply-sale put the book on sale (contracts, 202612110002); null: not on sale. */
  on_sale_at: number | null;
  deleted_at: number | null;
}

export interface VolumeTable {
  id: Generated<number>;
  client_id: number;
  book_id: number;
  title: string;
  sort: number;
  is_notice: number;
  created_at: number;
  updated_at: number;
}

export interface ChapterTable {
  id: Generated<number>;
  client_id: number;
  book_id: number;
  volume_id: number;
  title: string;
  status: ChapterStatus;
  sort: number;
  counted: number;
  words: number;
  published_words: number;
  published_title: string | null;
  vip: number;
  revision: number;
  text_hash: string | null;
  published_hash: string | null;
  scheduled_at: number | null;
  schedule_job_id: number | null;
  published_at: number | null;
  first_published_at: number | null;
  change_seq: number;
  saved_at: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface ChapterTextTable {
  chapter_id: number;
  body: string;
  author_say: string;
  last_save_key: string | null;
  last_save_revision: number | null;
  snapshot_at: number;
}

/** The live (published) text of a chapter, apart from the working text. */
export interface ChapterLiveTable {
  chapter_id: number;
  author_say: string;
  body: string;
}

export type VersionKind = 'autosave' | 'save' | 'publish' | 'restore' | 'conflict' | 'import' | 'before-restore';

export interface ChapterVersionTable {
  id: Generated<number>;
  chapter_id: number;
  revision: number;
  kind: VersionKind;
  title: string;
  body: string;
  words: number;
  created_at: number;
}

export interface BookDailyWordsTable {
  client_id: number;
  account_id: number;
  book_id: number;
  day: string;
  words: number;
  chapters: number;
}

export type PublishSource = 'now' | 'schedule' | 'regular';

export interface PublishLogTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  book_id: number;
  chapter_id: number;
  source: PublishSource;
  scheduled_at: number | null;
  published_at: number;
  late_ms: number | null;
  /** idle: a recurring firing that published nothing (chapter_id 0, note says why). */
  outcome: 'published' | 'blocked' | 'idle';
  note: string | null;
  seen: number;
}

export interface TextCheckExcludeTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  word: string;
  created_at: number;
}

export type ImportStatus = 'previewed' | 'committing' | 'done' | 'failed';

export interface ImportSessionTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  book_id: number;
  file_name: string;
  encoding: string;
  source: string;
  status: ImportStatus;
  plan: string | null;
  total: number;
  done: number;
  error: string | null;
  created_at: number;
  updated_at: number;
  /** textHash of the decoded text (issue 18: the same file imported twice is said); null before it was kept. */
  source_hash: Generated<string | null>;
}

export interface WorksCounterTable {
  name: string;
  value: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    books: BookTable;
    volumes: VolumeTable;
    chapters: ChapterTable;
    chapter_texts: ChapterTextTable;
    chapter_live: ChapterLiveTable;
    chapter_versions: ChapterVersionTable;
    book_daily_words: BookDailyWordsTable;
    publish_log: PublishLogTable;
    text_check_excludes: TextCheckExcludeTable;
    import_sessions: ImportSessionTable;
    works_counters: WorksCounterTable;
  }
}
