/** Tables of messages and notices (migration 202611241500_home_messages_rewards). */

import type { Generated } from 'kysely';

/** A message to one author account. */
export interface MessageTable {
  id: Generated<number>;
  client_id: number;
  account_id: number;
  /** 'system' | 'editor' | 'sign' | 'income' | 'activity'. */
  category: string;
  title: string;
  /** Plain text; paragraphs separated by blank lines. */
  content: string;
  /** An in-site path or an https address the message points to; '' for none. */
  link: string;
  sender: string;
  created_at: number;
  read_at: number | null;
  /** The staff account that sent it from the console; null for the system's own messages. */
  sent_by: Generated<number | null>;
  /**
   * JSON `{key, params}` of a system message worded per reader's language (registerMessageTemplate);
   * null for a message written once (console, older messages).
   */
  template: Generated<string | null>;
}

/** Who a notice is for: every author of the brand, signed authors, trainees, or the accounts in notice_targets. */
export type NoticeAudience = 'all' | 'signed' | 'learners' | 'list';

/** A notice to the authors of a brand (its audience); shown from published_at on, unless withdrawn. */
export interface NoticeTable {
  id: Generated<number>;
  client_id: number;
  category: string;
  title: string;
  /** Limited HTML (sanitised when shown). */
  content: string;
  pinned: number;
  /** Authors see it from this instant on (a later time schedules it). */
  published_at: number;
  created_by: number | null;
  created_at: number;
  audience: Generated<NoticeAudience>;
  /** Withdrawn notices are shown to nobody. */
  withdrawn_at: Generated<number | null>;
  updated_at: Generated<number | null>;
}

/** The accounts of a notice whose audience is 'list'. */
export interface NoticeTargetTable {
  notice_id: number;
  account_id: number;
}

export interface NoticeReadTable {
  account_id: number;
  notice_id: number;
  read_at: number;
}

export interface NoticeReadMarkTable {
  account_id: number;
  read_before: number;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    messages: MessageTable;
    notices: NoticeTable;
    notice_reads: NoticeReadTable;
    notice_targets: NoticeTargetTable;
    notice_read_marks: NoticeReadMarkTable;
  }
}
