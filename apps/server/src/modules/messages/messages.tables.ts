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
}

/** A notice to every author of a brand. */
export interface NoticeTable {
  id: Generated<number>;
  client_id: number;
  category: string;
  title: string;
  /** Limited HTML (sanitised when shown). */
  content: string;
  pinned: number;
  published_at: number;
  created_by: number | null;
  created_at: number;
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
    notice_read_marks: NoticeReadMarkTable;
  }
}
