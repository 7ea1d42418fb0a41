/** The console's notice calls and shapes (server: modules/messages/messages-console.routes.ts). */

export const NOTICES_PATH = '/api/admin/notices';
export const MESSAGES_PATH = '/api/admin/messages';

export type NoticeState = 'scheduled' | 'published' | 'withdrawn';
export type NoticeAudience = 'all' | 'signed' | 'learners' | 'list';
export const NOTICE_CATEGORIES = ['platform', 'activity', 'rule'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];
export const MESSAGE_CATEGORIES = ['system', 'editor', 'sign', 'income', 'activity'] as const;

export interface NoticeRow {
  id: number;
  category: NoticeCategory;
  title: string;
  pinned: boolean;
  audience: NoticeAudience;
  published_at: number;
  withdrawn_at: number | null;
  created_at: number;
  state: NoticeState;
  read_count: number;
  audience_count: number;
}

export interface NoticeDetail extends NoticeRow {
  content: string;
  targets: { account_id: number; pen_name: string }[];
  updated_at: number | null;
}

export interface AudienceSizes {
  all: number;
  signed: number;
  learners: number;
}

export interface SentMessage {
  id: number;
  account_id: number;
  pen_name: string;
  category: string;
  title: string;
  content: string;
  link: string;
  sender: string;
  sent_by: number | null;
  sent_by_name: string | null;
  created_at: number;
  read_at: number | null;
}
