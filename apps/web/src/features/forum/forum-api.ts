import { apiGet, apiPost } from '../../platform/api.ts';

export interface MyPost {
  id: number;
  kind: 'thread' | 'reply';
  thread_id: number;
  thread_title: string;
  category: number;
  excerpt: string;
  state: 'open' | 'closed' | 'hidden' | 'visible';
  reply_count: number;
  created_at: number;
  url: string;
}

export interface Category {
  number: number;
  name: string;
  description: string;
}

export interface Thread {
  thread: { id: number; title: string; author: string; state: 'open' | 'closed' | 'hidden'; category: number };
  posts: { id: number; author: string; body: string; created_at: number }[];
}

const quiet = { silent: true };

export const myPosts = (type: 'thread' | 'reply', page: number, signal?: AbortSignal) =>
  apiGet<{ provider: 'embedded' | 'discourse'; list: MyPost[]; total: number; page: number; page_size: number }>(
    '/api/bbs/my-posts',
    { type, page },
    { ...quiet, signal },
  );

export const categories = (signal?: AbortSignal) =>
  apiGet<{ provider: string; list: Category[] }>('/api/bbs/categories', undefined, { ...quiet, signal });

export const threadOf = (id: number, signal?: AbortSignal) =>
  apiGet<Thread>('/api/bbs/thread', { id }, { ...quiet, signal });

export const createThread = (body: { category: number; title: string; body: string }) =>
  apiPost<{ id: number }>('/api/bbs/thread', body, quiet);

/** Reports a post to the brand's editors (embedded forum; once per post). */
export const reportPost = (postId: number, reason: string) =>
  apiPost<{ reported: true }>('/api/bbs/report', { post_id: postId, reason }, quiet);

export const replyTo = (threadId: number, body: string) =>
  apiPost<{ id: number }>('/api/bbs/reply', { thread_id: threadId, body }, quiet);
