import { apiGet, apiPost } from '../../platform/api.ts';

/** Types and calls of reader comments and corrections (server: apps/server/src/modules/comments). */

export type CommentType = 'book' | 'chapter' | 'paragraph' | 'evaluate' | 'discussion' | 'checkin';
export const COMMENT_TYPES: CommentType[] = ['book', 'chapter', 'paragraph', 'evaluate', 'discussion', 'checkin'];
export const MUTE_DAYS = [1, 3, 7, 30, 365];
/** Chapters the chapter filter loads at a time. */
export const CHAPTER_PAGE = 50;

export interface CommentItem {
  comment_id: number;
  book_id: number;
  book_title: string;
  chapter_id: number | null;
  chapter_title: string;
  type: CommentType;
  paragraph_index: number | null;
  paragraph_text: string | null;
  rating: number | null;
  root_id: number | null;
  parent_id: number | null;
  reader_id: string | null;
  reader_name: string;
  from_author: boolean;
  content: string;
  likes: number;
  liked: boolean;
  top: boolean;
  essence: 'none' | 'applied';
  folded: boolean;
  state: string;
  unread: boolean;
  replies: number;
  created_at: number;
}

export interface CommentPage {
  list: CommentItem[];
  total: number;
  page: number;
  page_size: number;
}

export interface ListParams {
  book_id?: number;
  chapter_id?: number;
  type?: CommentType;
  unread?: 1;
  held?: 1;
  start?: number;
  end?: number;
  page: number;
  page_size: number;
}

const clean = (p: object) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as Record<string, string | number>;

export const commentsApi = {
  list: (folded: boolean, p: ListParams) =>
    apiGet<CommentPage>(folded ? '/api/pc/v1/comments/fold' : '/api/pc/v1/comments/list', clean(p)),
  thread: (id: number) =>
    apiGet<{ root: CommentItem | null; replies: CommentItem[] }>('/api/pc/v1/comments/detail', { comment_id: id }),
  reply: (id: number, content: string, accountId?: number) =>
    apiPost<{ comment_id: number }>(
      '/api/pc/v1/comments/reply',
      clean({ comment_id: id, content, account_id: accountId }),
    ),
  batchReply: (ids: number[], content: string) =>
    apiPost<{
      results: Array<{ comment_id: number; ok: boolean; message?: string }>;
      succeeded: number;
      failed: number;
    }>('/api/pc/v1/comments/batch-reply', { comment_ids: ids, content }),
  flag: (action: 'like' | 'top' | 'fold', id: number, on: boolean) =>
    apiPost(`/api/pc/v1/comments/${action}`, { comment_id: id, on }),
  essence: (id: number) => apiPost('/api/pc/v1/comments/essence-apply', { comment_id: id }),
  remove: (id: number) => apiPost('/api/pc/v1/comments/delete', { comment_id: id }),
  report: (id: number, reason: string) => apiPost('/api/pc/v1/comments/report', { comment_id: id, reason }),
  mute: (id: number, days: number) => apiPost<{ until: number }>('/api/pc/v1/comments/mute', { comment_id: id, days }),
  unmute: (readerId: string) => apiPost('/api/pc/v1/comments/unmute', { reader_id: readerId }),
  mutes: () =>
    apiGet<{ list: Array<{ reader_id: string; reader_name: string; until: number }> }>('/api/pc/v1/comments/mutes'),
  defaults: () =>
    apiGet<{ list: Array<{ id: number; content: string }>; max: number }>('/api/pc/v1/comments/default-replies'),
  addDefault: (content: string) => apiPost('/api/pc/v1/comments/default-replies', { content }),
  removeDefault: (id: number) => apiPost('/api/pc/v1/comments/default-replies/delete', { id }),
  markAllRead: () => apiPost('/api/comment/remove-msg-num', { book_id: '', msg_tab: '0' }),
  penNames: () =>
    apiGet<{ list: Array<{ account_id: number; pen_name: string; current: number }> }>(
      '/api/pc/v1/author/account-list',
    ),
  books: () => apiGet<{ list: Array<{ id: number; title: string }> }>('/api/pc/v1/global/book-list'),
  /**
   * A book's chapters for the chapter filter: those whose title contains the keyword (all without one),
   * in the book's order, CHAPTER_PAGE at a time.
   */
  chapters: (bookId: number, keyword: string, page: number, signal?: AbortSignal) =>
    apiGet<{ list: Array<{ chapter_id: number; title: string }>; total: number }>(
      '/api/pc/v1/book-chapter/list',
      clean({ book_id: bookId, keyword: keyword || undefined, page, page_size: CHAPTER_PAGE }),
      { signal },
    ),
  /** Releases held comments (a muted reader's): each item says what happened. */
  release: (ids: number[]) =>
    apiPost<{
      results: Array<{ comment_id: number; ok: boolean; code?: number; message?: string }>;
      succeeded: number;
      failed: number;
    }>('/api/pc/v1/comments/release', { comment_ids: ids }),
};

export interface CorrectionItem {
  correction_id: number;
  paragraph_index: number;
  original: string;
  suggestion: string;
  reader_name: string;
  status: 'pending' | 'accepted' | 'rejected';
  stale: boolean;
  revision: number | null;
  created_at: number;
}

/**
 * What accepting did: `published` (the chapter was published again), `blocked` (saved, but the checks
 * before publishing found something that blocks; `findings` say what), `saved` (a revised or draft
 * chapter: saved as a new version, not published).
 */
export interface AcceptResult {
  correction_id: number;
  status: 'accepted';
  revision: number;
  published: boolean;
  outcome: 'published' | 'blocked' | 'saved';
  chapter_status: string;
  findings: Array<{ message: string; word?: string }>;
}

export const correctionsApi = {
  chapters: () =>
    apiGet<{
      list: Array<{
        chapter_id: number;
        book_id: number;
        chapter_title: string;
        book_title: string;
        count: number;
        latest_at: number;
      }>;
      total: number;
    }>('/api/user-correct/get-chapters'),
  detail: (chapterId: number) =>
    apiGet<{
      chapter_id: number;
      book_id: number;
      book_title: string;
      title: string;
      status: string;
      paragraphs: string[];
      list: CorrectionItem[];
    }>('/api/user-correct/chapter-detail', { chapter_id: chapterId }),
  setStatus: (ids: number[], status: 'accept' | 'reject') =>
    apiPost<{
      results: Array<{ correction_id: number; ok: boolean; message?: string } & Partial<AcceptResult>>;
      succeeded: number;
      failed: number;
    }>('/api/user-correct/save-correct-status', { correction_ids: ids, status }),
  acceptEdited: (id: number, text: string) =>
    apiPost<AcceptResult>('/api/user-correct/save-chapter-detail', { correction_id: id, text }),
  seen: () => apiGet('/api/user-correct/delete-correct'),
};
