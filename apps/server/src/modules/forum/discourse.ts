import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@author-centre/shared';
import { z } from 'zod';
import { AppError, badInput, notFound } from '../../platform/http/errors.ts';
import type {
  ForumAuthor,
  ForumCategory,
  ForumMyPost,
  ForumPost,
  ForumProvider,
  ForumThread,
  ForumThreadState,
  Page,
} from './forum-provider.ts';

/** FORUM_PROVIDER=discourse and its settings (the API key of an admin, the DiscourseConnect secret). */
export const DiscourseEnv = z.object({
  DISCOURSE_URL: z.url().transform((u) => u.replace(/\/+$/, '')),
  DISCOURSE_API_KEY: z.string().min(10),
  DISCOURSE_API_USERNAME: z.string().default('system'),
  DISCOURSE_CONNECT_SECRET: z.string().min(10),
  DISCOURSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});
export type DiscourseSettings = z.infer<typeof DiscourseEnv>;

/** The Discourse user of an author: DiscourseConnect creates it with this username on first sign-on. */
export const discourseUsername = (userId: number) => `u${userId}`;

const unavailable = () =>
  new AppError(
    ErrorCode.internal,
    { 'zh-CN': '论坛暂时无法访问，请稍后再试', 'en-US': 'The forum cannot be reached; please try again later' },
    { httpStatus: 502 },
  );

interface Topic {
  id: number;
  title: string;
  category_id: number;
  closed?: boolean;
  visible?: boolean;
  archived?: boolean;
  reply_count?: number;
  posts_count?: number;
  created_at: string;
  last_posted_at?: string | null;
  last_poster_username?: string;
}

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : 0);
const stateOf = (t: { closed?: boolean; visible?: boolean; archived?: boolean }): ForumThreadState =>
  t.visible === false ? 'hidden' : t.closed || t.archived ? 'closed' : 'open';

/**
 * A real forum through Discourse's HTTP API (decisions.md "Forum"): categories, topics and posts,
 * a user's topics and replies (user_actions filters 4 and 5), posting as the author (Api-Username),
 * single sign-on by DiscourseConnect (`signOn`) and logging the author out with the admin API.
 */
export class DiscourseForum implements ForumProvider {
  readonly name = 'discourse' as const;
  readonly #s: DiscourseSettings;

  constructor(settings: DiscourseSettings) {
    this.#s = settings;
  }

  async #call<T>(method: 'GET' | 'POST', path: string, options: { as?: string; body?: unknown } = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.#s.DISCOURSE_URL}${path}`, {
        method,
        headers: {
          'Api-Key': this.#s.DISCOURSE_API_KEY,
          'Api-Username': options.as ?? this.#s.DISCOURSE_API_USERNAME,
          accept: 'application/json',
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
        body: options.body ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(this.#s.DISCOURSE_TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    if (res.status === 404) throw notFound({ 'zh-CN': '论坛中没有找到', 'en-US': 'Not found on the forum' });
    if (res.status === 422) {
      const body = (await res.json().catch(() => ({}))) as { errors?: string[] };
      throw badInput('body', body.errors?.join('；') || '论坛拒绝了这条内容');
    }
    if (!res.ok) throw unavailable();
    return (await res.json()) as T;
  }

  #thread(t: Topic, author = ''): ForumThread {
    return {
      id: t.id,
      category: t.category_id,
      title: t.title,
      author,
      state: stateOf(t),
      reply_count: t.reply_count ?? Math.max(0, (t.posts_count ?? 1) - 1),
      last_post_at: time(t.last_posted_at ?? t.created_at),
      created_at: time(t.created_at),
      url: `${this.#s.DISCOURSE_URL}/t/${t.id}`,
    };
  }

  async categories(): Promise<ForumCategory[]> {
    const data = await this.#call<{
      category_list: { categories: { id: number; name: string; description_text?: string }[] };
    }>('GET', '/categories.json');
    return data.category_list.categories.map((c) => ({
      number: c.id,
      name: c.name,
      description: c.description_text ?? '',
    }));
  }

  async threads(_clientId: number, category: number, page: number, pageSize: number): Promise<Page<ForumThread>> {
    // Discourse pages its topic lists itself (30 a page, from 0); `more_topics_url` says whether more follow.
    const data = await this.#call<{ topic_list: { topics: Topic[]; more_topics_url?: string } }>(
      'GET',
      `/c/${category}.json?page=${page - 1}`,
    );
    const list = data.topic_list.topics.slice(0, pageSize).map((t) => this.#thread(t, t.last_poster_username ?? ''));
    const more = data.topic_list.more_topics_url ? 1 : 0;
    return { list, total: (page - 1) * pageSize + list.length + more, page, page_size: pageSize };
  }

  async thread(_clientId: number, threadId: number) {
    const data = await this.#call<
      Topic & {
        post_stream: {
          posts: { id: number; username: string; cooked: string; created_at: string; hidden?: boolean }[];
        };
      }
    >('GET', `/t/${threadId}.json`);
    const posts: ForumPost[] = data.post_stream.posts.map((p) => ({
      id: p.id,
      author: p.username,
      // Discourse's cooked HTML, read as text here (the author centre shows posts as plain text).
      body: p.cooked.replace(/<[^>]*>/g, '').trim(),
      state: p.hidden ? 'hidden' : 'visible',
      created_at: time(p.created_at),
    }));
    return { thread: this.#thread(data, posts[0]?.author ?? ''), posts };
  }

  async createThread(author: ForumAuthor, input: { category: number; title: string; body: string }) {
    const data = await this.#call<{ topic_id: number }>('POST', '/posts.json', {
      as: discourseUsername(author.userId),
      body: { title: input.title, raw: input.body, category: input.category },
    });
    return { id: data.topic_id };
  }

  async reply(author: ForumAuthor, input: { threadId: number; body: string }) {
    const data = await this.#call<{ id: number }>('POST', '/posts.json', {
      as: discourseUsername(author.userId),
      body: { topic_id: input.threadId, raw: input.body },
    });
    return { id: data.id };
  }

  async myPosts(
    author: ForumAuthor,
    kind: 'thread' | 'reply',
    page: number,
    pageSize: number,
  ): Promise<Page<ForumMyPost>> {
    const offset = (page - 1) * pageSize;
    const filter = kind === 'thread' ? 4 : 5;
    let data: {
      user_actions: {
        post_id: number;
        topic_id: number;
        title: string;
        excerpt: string;
        category_id: number;
        created_at: string;
        closed?: boolean;
        archived?: boolean;
        hidden?: boolean;
        deleted?: boolean;
      }[];
    };
    try {
      data = await this.#call(
        'GET',
        `/user_actions.json?username=${discourseUsername(author.userId)}&filter=${filter}&offset=${offset}`,
      );
    } catch (error) {
      // No forum user yet (they never signed on): no posts.
      if (error instanceof AppError && error.code === ErrorCode.notFound)
        return { list: [], total: 0, page, page_size: pageSize };
      throw error;
    }
    const list = data.user_actions.slice(0, pageSize).map(
      (a): ForumMyPost => ({
        id: a.post_id,
        kind,
        thread_id: a.topic_id,
        thread_title: a.title,
        category: a.category_id,
        excerpt: kind === 'thread' ? a.title : a.excerpt.replace(/<[^>]*>/g, '').slice(0, 80),
        state: a.hidden || a.deleted ? ('hidden' as const) : kind === 'thread' ? stateOf(a) : ('visible' as const),
        reply_count: 0,
        created_at: time(a.created_at),
        url: `${this.#s.DISCOURSE_URL}/t/${a.topic_id}${kind === 'reply' ? `/${a.post_id}` : ''}`,
      }),
    );
    // Discourse gives no total: one more page is offered while a page comes back full.
    return {
      list,
      total: offset + list.length + (data.user_actions.length >= pageSize ? 1 : 0),
      page,
      page_size: pageSize,
    };
  }

  async logout(author: Pick<ForumAuthor, 'userId'>): Promise<void> {
    let user: { user: { id: number } };
    try {
      user = await this.#call('GET', `/u/${discourseUsername(author.userId)}.json`);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.notFound) return;
      throw error;
    }
    await this.#call('POST', `/admin/users/${user.user.id}/log_out`);
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#s.DISCOURSE_CONNECT_SECRET).update(payload).digest('hex');
  }

  /**
   * DiscourseConnect: checks the forum's signed request (`sso`, `sig`) and answers the address to
   * send the browser back to, carrying the author's signed identity. The e-mail is a stand-in the
   * forum needs (the author centre keeps no addresses); activation mails are suppressed.
   */
  signOn(author: ForumAuthor, host: string, sso: string, sig: string): string {
    const expected = Buffer.from(this.#sign(sso));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw badInput('sig', { 'zh-CN': '论坛登录请求无效', 'en-US': 'The forum sign-on request is not valid' });
    }
    const request = new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8'));
    const nonce = request.get('nonce');
    const back = request.get('return_sso_url');
    if (!nonce || !back?.startsWith(`${this.#s.DISCOURSE_URL}/`)) {
      throw badInput('sso', { 'zh-CN': '论坛登录请求无效', 'en-US': 'The forum sign-on request is not valid' });
    }
    const payload = Buffer.from(
      new URLSearchParams({
        nonce,
        external_id: String(author.userId),
        username: discourseUsername(author.userId),
        name: author.penName,
        email: `${discourseUsername(author.userId)}@users.${host}`,
        require_activation: 'false',
        suppress_welcome_message: 'true',
      }).toString(),
    ).toString('base64');
    return `${back}${back.includes('?') ? '&' : '?'}${new URLSearchParams({ sso: payload, sig: this.#sign(payload) })}`;
  }
}
