import type { Generated } from 'kysely';

export type CommentKind = 'book' | 'chapter' | 'paragraph' | 'evaluate' | 'discussion' | 'checkin';
/** visible; held (a muted or banned reader's: kept, not shown); hidden (by staff); deleted (author's own reply). */
export type CommentState = 'visible' | 'held' | 'hidden' | 'deleted';

export interface CommentTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  book_id: number;
  chapter_id: number | null;
  kind: CommentKind;
  paragraph_index: number | null;
  paragraph_text: string | null;
  rating: number | null;
  root_id: number | null;
  parent_id: number | null;
  site_id: number | null;
  event_id: string | null;
  reader_id: string | null;
  reader_name: string;
  author_account_id: number | null;
  content: string;
  likes: Generated<number>;
  liked: Generated<number>;
  top: Generated<number>;
  essence: Generated<'none' | 'applied'>;
  folded: Generated<number>;
  state: Generated<CommentState>;
  unread: Generated<number>;
  replies: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface CommentMuteTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  reader_id: string;
  reader_name: string;
  until: number;
  created_at: number;
}

export interface CommentDefaultReplyTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  content: string;
  created_at: number;
}

export type ReportStatus = 'open' | 'done';
export type ReportOutcome = 'hide' | 'restore' | 'warn' | 'ban' | 'unban';

export interface CommentReportTable {
  id: Generated<number>;
  client_id: number;
  comment_id: number;
  account_id: number;
  reason: string;
  status: ReportStatus;
  outcome: ReportOutcome | null;
  handled_by: number | null;
  handled_at: number | null;
  created_at: number;
}

export interface ReaderBanTable {
  id: Generated<number>;
  client_id: number;
  reader_id: string;
  reason: string;
  created_at: number;
}

export interface CommentFeedTable {
  id: Generated<number>;
  client_id: number;
  action: string;
  comment_id: number | null;
  reader_id: string | null;
  payload: string;
  created_at: number;
}

export type CorrectionStatus = 'pending' | 'accepted' | 'rejected';

export interface ReaderCorrectionTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  book_id: number;
  chapter_id: number;
  site_id: number;
  event_id: string;
  reader_id: string;
  reader_name: string;
  paragraph_index: number;
  original: string;
  suggestion: string;
  status: CorrectionStatus;
  seen: Generated<number>;
  /** The chapter revision an accepted correction made. */
  revision: number | null;
  created_at: number;
  handled_at: number | null;
}

export interface SensitiveWordTable {
  id: Generated<number>;
  client_id: number;
  word: string;
  created_by: number | null;
  created_at: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    comments: CommentTable;
    comment_mutes: CommentMuteTable;
    comment_default_replies: CommentDefaultReplyTable;
    comment_reports: CommentReportTable;
    reader_bans: ReaderBanTable;
    comment_feed: CommentFeedTable;
    reader_corrections: ReaderCorrectionTable;
    sensitive_words: SensitiveWordTable;
  }
}
