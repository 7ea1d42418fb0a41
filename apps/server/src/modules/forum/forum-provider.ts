/**
 * THE forum interface (decisions.md "Forum"; §7 bbsGet/bbsPost, sso, categories, threads): the
 * author centre talks to whichever forum is configured through it — the embedded default
 * (`embedded.ts`, stored in our database) or a real forum's HTTP API (`discourse.ts`).
 */
import type { BrandForum } from '@author-centre/shared';

/**
 * What an author may post on the forum: lengths in characters, and posts an hour per author (the routes check
 * them, the help articles state them).
 */
export const FORUM_LIMITS = {
  title: { min: 4, max: 60 },
  body: { min: 10, max: 5000 },
  reply: { min: 2, max: 5000 },
  threadsPerHour: 10,
  repliesPerHour: 60,
} as const;

export interface ForumAuthor {
  clientId: number;
  userId: number;
  accountId: number;
  penName: string;
}

export interface ForumCategory {
  number: number;
  name: string;
  description: string;
}

export type ForumThreadState = 'open' | 'closed' | 'hidden';

export interface ForumThread {
  id: number;
  category: number;
  title: string;
  author: string;
  state: ForumThreadState;
  reply_count: number;
  last_post_at: number;
  created_at: number;
  /** Where the thread is read: an in-app path for the embedded forum, the forum's address otherwise. */
  url: string;
}

export interface ForumPost {
  id: number;
  author: string;
  body: string;
  state: 'visible' | 'hidden';
  created_at: number;
}

/** One line of /front/my-post: a thread the author started or a reply they wrote. */
export interface ForumMyPost {
  id: number;
  kind: 'thread' | 'reply';
  thread_id: number;
  thread_title: string;
  category: number;
  /** A reply shows its first words; a thread its title. */
  excerpt: string;
  state: ForumThreadState | 'visible' | 'hidden';
  reply_count: number;
  created_at: number;
  url: string;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface ForumProvider {
  readonly name: 'embedded' | 'discourse';
  categories(clientId: number): Promise<ForumCategory[]>;
  threads(clientId: number, category: number, page: number, pageSize: number): Promise<Page<ForumThread>>;
  thread(clientId: number, threadId: number): Promise<{ thread: ForumThread; posts: ForumPost[] }>;
  createThread(author: ForumAuthor, input: { category: number; title: string; body: string }): Promise<{ id: number }>;
  reply(author: ForumAuthor, input: { threadId: number; body: string }): Promise<{ id: number }>;
  myPosts(author: ForumAuthor, kind: 'thread' | 'reply', page: number, pageSize: number): Promise<Page<ForumMyPost>>;
  /** Ends the author's forum session (called when they log out of the author centre, §4). */
  logout(author: Pick<ForumAuthor, 'clientId' | 'userId'>): Promise<void>;
}

/**
 * The forum the brand's forum links lead to (sent with the brand config): the embedded forum's own
 * pages, or the configured Discourse's address. Read from the same FORUM_PROVIDER and DISCOURSE_URL
 * as `createForum` (which refuses a start with a bad Discourse configuration).
 */
export function configuredForum(env: Record<string, string | undefined>): BrandForum {
  if (env.FORUM_PROVIDER !== 'discourse') return { provider: 'embedded', url: null };
  return { provider: 'discourse', url: env.DISCOURSE_URL?.trim().replace(/\/+$/, '') || null };
}
