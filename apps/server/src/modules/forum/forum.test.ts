import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, forumLinks } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthor, signedInClient } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('embedded forum', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("the brand config sends every brand's forum links to the embedded forum's own pages", async () => {
    for (const host of ['localhost', 'third.localhost']) {
      const config = await t.client(host).get('/api/pc/v1/global/config');
      expect(config.body.data.forum).toEqual({ provider: 'embedded', url: null });
      expect(forumLinks(config.body.data.forum)).toEqual({
        home: '/front/my-post',
        feedback: '/front/my-post?compose=8',
        // The beginner guide's detailed guide: the help centre's new-author guide, not a forum host.
        guide: '/front/help-center/questions/1-12',
      });
      const feedback = (config.body.data.footerLinks as Array<{ label: string; url: string }>).find(
        (l) => l.label === '意见反馈',
      );
      expect(feedback?.url).toBe('/front/my-post?compose=8');
    }
  });

  it("every brand has the feedback category 8; an author's threads and replies show on my-post with their state", async () => {
    const visitor = t.client('localhost');
    const categories = await visitor.get('/api/bbs/categories');
    expect(categories.body.data.provider).toBe('embedded');
    expect(categories.body.data.list).toContainEqual(expect.objectContaining({ number: 8, name: '意见反馈' }));

    const author = await createAuthor(t);
    const client = await signedInClient(t, author);
    const thread = await client.post('/api/bbs/thread', {
      category: 8,
      title: '章节编辑器的建议',
      body: '希望编辑器能支持自定义字号和行距。',
    });
    expect(thread.body.code, JSON.stringify(thread.body)).toBe(200);
    const other = await signedInClient(t, await createAuthor(t));
    const foreign = await other.post('/api/bbs/thread', {
      category: 2,
      title: '别人的主题帖',
      body: '这是另一位作者写的主题。',
    });
    const reply = await client.post('/api/bbs/reply', { thread_id: foreign.body.data.id, body: '同意楼主的看法' });
    expect(reply.body.code).toBe(200);
    // A removed thread shows as removed on my-post.
    await t.app.ctx.db
      .updateTable('forum_threads')
      .set({ state: 'hidden' })
      .where('id', '=', foreign.body.data.id)
      .execute();

    const threads = await client.get('/api/bbs/my-posts', { type: 'thread' });
    expect(threads.body.data.list).toEqual([
      expect.objectContaining({ kind: 'thread', thread_title: '章节编辑器的建议', category: 8, state: 'open' }),
    ]);
    const replies = await client.get('/api/bbs/my-posts', { type: 'reply' });
    expect(replies.body.data.list).toEqual([
      expect.objectContaining({
        kind: 'reply',
        excerpt: '同意楼主的看法',
        thread_title: '别人的主题帖',
        state: 'hidden',
      }),
    ]);

    const list = await visitor.get('/api/bbs/threads', { category: 8 });
    expect(list.body.data.list.map((x: { title: string }) => x.title)).toContain('章节编辑器的建议');
    const read = await visitor.get('/api/bbs/thread', { id: thread.body.data.id });
    expect(read.body.data.posts[0]).toMatchObject({
      author: author.penName,
      body: '希望编辑器能支持自定义字号和行距。',
    });
    expect((await visitor.get('/api/bbs/thread', { id: foreign.body.data.id })).status).toBe(404);
    // Another brand sees none of it.
    expect((await t.client('third.localhost').get('/api/bbs/thread', { id: thread.body.data.id })).status).toBe(404);
  });

  it('a posting limit says once which limit was reached and when the author can post again', async () => {
    const client = await signedInClient(t, await createAuthor(t));
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/bbs/thread', {
        category: 2,
        title: `第${i + 1}个主题`,
        body: '内容足够长的一段文字了。',
      });
      expect(res.body.code).toBe(200);
    }
    const refused = await client.post('/api/bbs/thread', {
      category: 2,
      title: '第11个主题',
      body: '内容足够长的一段文字了。',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.errors.title).toMatch(/^每小时最多发10个主题，请\d+(秒|分钟)后再试$/);
    client.headers['x-lang'] = 'en-US';
    const en = await client.post('/api/bbs/thread', {
      category: 2,
      title: 'Thread 11',
      body: 'Long enough body text.',
    });
    delete client.headers['x-lang'];
    expect(en.body.errors.title).toMatch(
      /^You can start at most 10 threads an hour; please try again in \d+ (seconds|minutes)$/,
    );
    const mine = await client.get('/api/bbs/my-posts', { type: 'thread' });
    expect(mine.body.data.total).toBe(10);
  });

  it('bad input and visitors are refused and nothing is stored', async () => {
    const client = await signedInClient(t, await createAuthor(t));
    const before = await t.app.ctx.db
      .selectFrom('forum_threads')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(
      (await client.post('/api/bbs/thread', { category: 8, title: '短', body: '内容足够长的一段文字了。' })).body.errors
        .field,
    ).toBe('title');
    expect(
      (await client.post('/api/bbs/thread', { category: 99, title: '没有的版块', body: '内容足够长的一段文字了。' }))
        .body.errors.field,
    ).toBe('category');
    expect(
      (
        await t
          .client('localhost')
          .post('/api/bbs/thread', { category: 8, title: '访客发帖', body: '内容足够长的一段文字了。' })
      ).status,
    ).toBe(401);
    expect((await t.client('localhost').get('/api/bbs/my-posts')).status).toBe(401);
    const after = await t.app.ctx.db
      .selectFrom('forum_threads')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});

/** A stand-in Discourse: the endpoints the adapter calls, answering as Discourse does. */
function fakeDiscourse() {
  const calls: { method: string; url: string; user: string; body: any }[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = req.url ?? '';
    calls.push({
      method: req.method ?? '',
      url,
      user: String(req.headers['api-username'] ?? ''),
      body: raw ? JSON.parse(raw) : null,
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['api-key'] !== 'test-api-key-123') return json(403, { errors: ['bad key'] });
    if (url === '/categories.json') {
      return json(200, { category_list: { categories: [{ id: 8, name: 'Feedback', description_text: 'Tell us' }] } });
    }
    if (url.startsWith('/user_actions.json?username=u')) {
      if (url.includes('username=u999999')) return json(404, { errors: ['not found'] });
      const filter = new URL(url, 'http://x').searchParams.get('filter');
      return json(200, {
        user_actions:
          filter === '4'
            ? [
                {
                  post_id: 11,
                  topic_id: 5,
                  title: 'Editor font size',
                  excerpt: '',
                  category_id: 8,
                  created_at: '2026-11-20T08:00:00Z',
                  closed: true,
                },
              ]
            : [
                {
                  post_id: 12,
                  topic_id: 6,
                  title: 'Other topic',
                  excerpt: '<p>I agree</p>',
                  category_id: 2,
                  created_at: '2026-11-21T08:00:00Z',
                  hidden: true,
                },
              ],
      });
    }
    if (url === '/posts.json' && req.method === 'POST') return json(200, { id: 77, topic_id: 55 });
    if (url.startsWith('/u/u') && url.endsWith('.json')) return json(200, { user: { id: 4242 } });
    if (url === '/admin/users/4242/log_out' && req.method === 'POST') return json(200, { success: 'OK' });
    return json(404, { errors: ['not found'] });
  });
  return { server, calls };
}

describe('Discourse adapter', () => {
  let t: TestApp;
  const discourse = fakeDiscourse();
  let base = '';
  const secret = 'connect-secret-0123456789';

  beforeAll(async () => {
    await new Promise<void>((ok) => discourse.server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(discourse.server.address() as AddressInfo).port}`;
    t = await createTestApp({
      FORUM_PROVIDER: 'discourse',
      DISCOURSE_URL: base,
      DISCOURSE_API_KEY: 'test-api-key-123',
      DISCOURSE_CONNECT_SECRET: secret,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((ok) => discourse.server.close(ok));
  });

  it('the brand config sends the forum links to Discourse: its home and category 8', async () => {
    const config = await t.client('localhost').get('/api/pc/v1/global/config');
    expect(config.body.data.forum).toEqual({ provider: 'discourse', url: base });
    expect(forumLinks(config.body.data.forum)).toEqual({ home: base, feedback: `${base}/c/8`, guide: `${base}/c/3` });
  });

  it("my-post lists the author's topics and replies from Discourse with their state; posting goes as the author", async () => {
    const author = await createAuthor(t);
    const client = await signedInClient(t, author);
    const threads = await client.get('/api/bbs/my-posts', { type: 'thread' });
    expect(threads.body.data.provider).toBe('discourse');
    expect(threads.body.data.list).toEqual([
      expect.objectContaining({ thread_title: 'Editor font size', state: 'closed', url: `${base}/t/5` }),
    ]);
    const replies = await client.get('/api/bbs/my-posts', { type: 'reply' });
    expect(replies.body.data.list).toEqual([
      expect.objectContaining({ excerpt: 'I agree', state: 'hidden', url: `${base}/t/6/12` }),
    ]);
    const created = await client.post('/api/bbs/thread', {
      category: 8,
      title: 'A suggestion',
      body: 'Please add a word counter.',
    });
    expect(created.body.data.id).toBe(55);
    const post = discourse.calls.find((c) => c.url === '/posts.json')!;
    expect(post.user).toBe(`u${author.userId}`);
    expect(post.body).toEqual({ title: 'A suggestion', raw: 'Please add a word counter.', category: 8 });
  });

  it('an author who never signed on to the forum has no posts', async () => {
    // The stand-in Discourse knows no user u999999, as Discourse before a first sign-on.
    const author = await createAuthor(t);
    const client = await signedInClient(t, { ...author, userId: 999_999 });
    const res = await client.get('/api/bbs/my-posts', { type: 'thread' });
    expect(res.body.data.list).toEqual([]);
  });

  it('DiscourseConnect: a signed request comes back with the author signed on; a forged one is refused', async () => {
    const author = await createAuthor(t);
    const client = await signedInClient(t, author);
    const sso = Buffer.from(`nonce=abc123&return_sso_url=${encodeURIComponent(`${base}/session/sso_login`)}`).toString(
      'base64',
    );
    const sig = createHmac('sha256', secret).update(sso).digest('hex');
    const res = await client.raw({ method: 'GET', url: `/api/bbs/sso?${new URLSearchParams({ sso, sig })}` });
    expect(res.status).toBe(302);
    const back = new URL(String(res.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${base}/session/sso_login`);
    const payload = back.searchParams.get('sso')!;
    expect(back.searchParams.get('sig')).toBe(createHmac('sha256', secret).update(payload).digest('hex'));
    const identity = new URLSearchParams(Buffer.from(payload, 'base64').toString('utf8'));
    expect(Object.fromEntries(identity)).toMatchObject({
      nonce: 'abc123',
      external_id: String(author.userId),
      username: `u${author.userId}`,
      name: author.penName,
    });
    expect(identity.get('email')).not.toContain(author.phone);

    const forged = await client.raw({
      method: 'GET',
      url: `/api/bbs/sso?${new URLSearchParams({ sso, sig: '0'.repeat(64) })}`,
    });
    expect(forged.body.errors.field).toBe('sig');
    const visitor = await t
      .client('localhost')
      .raw({ method: 'GET', url: `/api/bbs/sso?${new URLSearchParams({ sso, sig })}` });
    expect(String(visitor.headers.location)).toMatch(/^\/front\/register-login\/login\?redirect=/);
  });

  it('logging out of the author centre logs the author out of Discourse', async () => {
    const author = await createAuthor(t);
    const client = await signedInClient(t, author);
    const res = await client.post('/api/author/logout');
    expect(res.body.code).toBe(200);
    expect(discourse.calls.filter((c) => c.url === '/admin/users/4242/log_out')).toHaveLength(1);
    expect((await client.get('/api/bbs/my-posts')).body.errors.code).toBe(ErrorCode.sessionExpired);
  });
});
