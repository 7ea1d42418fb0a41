import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, SIGN_HEADER, sign } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiProvider } from '../../platform/providers/ai/index.ts';
import { clockOffset, setClockOffset } from '../../platform/test-clock.ts';
import { createAuthor, logIn, type TestAuthor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { AI_RATE_LIMITS, DEFAULT_QUESTIONS } from './ai-assistant.service.ts';

const CHAT = '/api/pc/v1/book-chapter/ai-chat';
const MARK = '/api/pc/v1/book-chapter/ai-chat-mark';

const ask = (client: TestClient, content: string, answer_index?: number) =>
  client.post(CHAT, { message: [{ role: 'user', content }], ...(answer_index === undefined ? {} : { answer_index }) });

async function authorClient(
  t: TestApp,
  host = 'localhost',
  clientId = 2,
): Promise<{ client: TestClient; author: TestAuthor }> {
  const client = t.client(host);
  const author = await createAuthor(t, { clientId });
  await logIn(t, client, author);
  return { client, author };
}

describe('embedded assistant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('needs a logged-in author', async () => {
    const res = await ask(t.client(), '稿费几号发？');
    expect(res.status).toBe(401);
  });

  it('answers from the best article with its passage and a link, in the brand of the request', async () => {
    const { client } = await authorClient(t, 'third.localhost', 3);
    const res = await ask(client, '我写了多少字才可以申请签约啊');
    expect(res.body.code).toBe(200);
    const data = res.body.data;
    expect(data.message).toContain('长篇小说正文写满1万字（10,000字）即可申请签约');
    expect(data.message).toContain('详细说明见帮助中心《长篇小说写多少字可以申请签约？》');
    // A passage, not the whole article.
    expect(data.message).not.toContain('短篇故事的签约条件不同');
    expect(data.sources).toEqual([
      { ids: '4-24', title: '长篇小说写多少字可以申请签约？', url: '/front/help-center/questions/4-24' },
    ]);
    expect(data).toMatchObject({ grounded: true, answer_index: 0 });
    expect(typeof data.id).toBe('number');
  });

  it("gives the next-best grounded answer for '换一换', and says so when there is no other", async () => {
    const { client } = await authorClient(t);
    const question = '稿费每个月几号到账';
    const first = await ask(client, question);
    const second = await ask(client, question, 1);
    expect(first.body.data.sources[0].ids).toBe('6-36');
    expect(first.body.data.message).toContain('于每月8日发放到您绑定的银行卡');
    expect(second.body.data.grounded).toBe(true);
    expect(second.body.data.sources[0].ids).not.toBe('6-36');
    expect(second.body.data.answer_index).toBe(1);

    let index = 1;
    let reply = second.body.data;
    while (reply.has_more) {
      index += 1;
      reply = (await ask(client, question, index)).body.data;
    }
    const beyond = (await ask(client, question, index + 1)).body.data;
    expect(beyond).toMatchObject({ grounded: false, has_more: false });
    expect(beyond.message).toContain('相关的内容已经都给您看过了');
  });

  it('says plainly when the help centre has nothing, points to it, and invents nothing', async () => {
    const { client } = await authorClient(t);
    const res = await ask(client, '今天天气怎么样');
    expect(res.body.data).toMatchObject({ grounded: false, has_more: false });
    expect(res.body.data.message).toContain('帮助中心里没有找到和这个问题相关的内容');
    expect(res.body.data.sources).toEqual([{ ids: '', title: '帮助中心', url: '/front/help-center/home' }]);
  });

  it('answers in the language asked, whatever the page language, quoting the article as written', async () => {
    const { client } = await authorClient(t);
    const secret = await client.refreshSecret();
    const send = async (content: string, lang: 'zh-CN' | 'en-US') => {
      const raw = JSON.stringify({ message: [{ role: 'user', content }], t: Date.now() });
      return client.raw({
        method: 'POST',
        url: CHAT,
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'x-lang': lang,
          [SIGN_HEADER]: sign(secret, 'POST', CHAT, raw, JSON.parse(raw).t),
        },
      });
    };
    // An English question on a Chinese page: the Chinese article in an English frame.
    const grounded = await send('When do I get paid each month?', 'zh-CN');
    expect(grounded.body.data.message).toContain('Full details in the help centre article “稿酬什么时候发放？”.');
    expect(grounded.body.data.sources[0].ids).toBe('6-36');
    const none = await send('What is the weather like today?', 'zh-CN');
    expect(none.body.data.message).toMatch(/^Sorry, the help centre has nothing on this question/);
    // A Chinese question on an English page is answered in Chinese.
    const chinese = await send('稿费几号到账', 'en-US');
    expect(chinese.body.data.message).toContain('详细说明见帮助中心《稿酬什么时候发放？》。');
    // The server's own error messages, asked about in English (help article 9-162).
    const outage = await send('What does a 503 error mean, is my text safe?', 'zh-CN');
    expect(outage.body.data.sources[0].ids).toBe('9-162');
    expect(outage.body.data.message).toContain('Full details in the help centre article “提示“无法连接数据库”');
    const noneZh = await send('今天天气怎么样', 'en-US');
    expect(noneZh.body.data.message).toMatch(/^抱歉，帮助中心里没有找到/);
  });

  it('answers each default question of the intro from the help centre', async () => {
    const { client } = await authorClient(t);
    for (const question of DEFAULT_QUESTIONS) {
      const res = await ask(client, question);
      expect(res.body.data.grounded, question).toBe(true);
    }
  });

  it('refuses writing the work for the author with 40003083 and the reason', async () => {
    const { client, author } = await authorClient(t);
    const res = await ask(client, '帮我写一章小说，主角是个剑客');
    expect(res.status).toBe(403);
    expect(res.body.errors.code).toBe(ErrorCode.aiRefused);
    expect(res.body.errors.title).toContain('不能代写');
    const row = await t.app.ctx.db
      .selectFrom('ai_chats')
      .selectAll()
      .where('account_id', '=', author.accountId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      outcome: 'refused',
      error_code: ErrorCode.aiRefused,
      question: '帮我写一章小说，主角是个剑客',
    });
  });

  it('validates the question: empty after trimming, over 200 characters, wrong role', async () => {
    const { client } = await authorClient(t);
    const empty = await ask(client, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.errors.title).toBe('请输入您的问题');
    const long = await ask(client, '签'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.body.errors.title).toBe('问题最多200字');
    const role = await client.post(CHAT, { message: [{ role: 'assistant', content: '你好' }] });
    expect(role.status).toBe(400);
  });

  it('limits each account: over the limit it refuses with 40003083 and says when to ask again', async () => {
    const { client, author } = await authorClient(t);
    const perMinute = AI_RATE_LIMITS[0].limit;
    // The per-minute limit counts in windows that end on the minute: the questions start just after one begins, so
    // the window cannot end among them. A clean-clone run crossed a minute there, and the question over the limit was
    // let through (the same happens every time with the clock 20 ms before a minute ends).
    setClockOffset(clockOffset() + 60_000 - (Date.now() % 60_000) + 1000);
    for (let i = 0; i < perMinute; i++) {
      const ok = await ask(client, `作品什么时候上架${i}`);
      expect(ok.body.code, `question ${i + 1}`).toBe(200);
    }
    const refused = await ask(client, '作品什么时候上架');
    expect(refused.status).toBe(429);
    expect(refused.body.errors.code).toBe(ErrorCode.aiRefused);
    expect(refused.body.errors.title).toMatch(/^您提问太频繁了，请\d+秒后再试$/);

    // Another author is not affected.
    const { client: other } = await authorClient(t);
    expect((await ask(other, '作品什么时候上架')).body.code).toBe(200);

    const rows = await t.app.ctx.db
      .selectFrom('ai_chats')
      .select(['outcome'])
      .where('account_id', '=', author.accountId)
      .execute();
    expect(rows.filter((r) => r.outcome === 'answered')).toHaveLength(perMinute);
    expect(rows.filter((r) => r.outcome === 'refused')).toHaveLength(1);
  });

  it('stores each question and answer, and one useful/useless mark per answer for its author only', async () => {
    const { client, author } = await authorClient(t);
    const answer = await ask(client, '线上签约提交以后几天能盖章');
    const id = answer.body.data.id as number;

    const stored = await t.app.ctx.db.selectFrom('ai_chats').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      account_id: author.accountId,
      client_id: 2,
      question: '线上签约提交以后几天能盖章',
      answer: answer.body.data.message,
      outcome: 'answered',
      provider: 'embedded',
      mark: null,
    });
    expect(JSON.parse(stored.sources)).toEqual(['4-28']);

    const { client: stranger } = await authorClient(t);
    expect((await stranger.post(MARK, { id, use: 'use' })).status).toBe(404);

    const marked = await client.post(MARK, { id, use: 'useless' });
    expect(marked.body.data).toEqual({ id, use: 'useless' });
    const twice = await client.post(MARK, { id, use: 'use' });
    expect(twice.status).toBe(409);
    const row = await t.app.ctx.db
      .selectFrom('ai_chats')
      .select(['mark', 'marked_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.mark).toBe('useless');
    expect(row.marked_at).toBeGreaterThan(0);

    const bad = await client.post(MARK, { id, use: 'maybe' });
    expect(bad.status).toBe(400);
  });

  it('masks phone, ID and bank card numbers before storing a question', async () => {
    const { client, author } = await authorClient(t);
    await ask(client, '我的手机13812345678收不到验证码，身份证110101199003071234，卡号6222021234567890123');
    const row = await t.app.ctx.db
      .selectFrom('ai_chats')
      .select('question')
      .where('account_id', '=', author.accountId)
      .executeTakeFirstOrThrow();
    expect(row.question).toBe('我的手机138****5678收不到验证码，身份证110***********1234，卡号6222***********0123');
  });

  it('keeps the stream path under maintenance', async () => {
    const { client } = await authorClient(t);
    const res = await client.post('/api/pc/v1/book-chapter/ai-chat-stream', {
      message: [{ role: 'user', content: '你好' }],
    });
    expect(res.body.errors).toEqual({ code: ErrorCode.aiRefused, title: '功能维护中' });
  });

  it('tells the widget whether the assistant is on, with the default questions', async () => {
    const anonymous = await t.client().get('/api/pc/v1/global/ai-config');
    expect(anonymous.body.data).toMatchObject({ ai_assistant_auth: 0, ai_assistant_questions: [] });
    const { client } = await authorClient(t);
    const res = await client.get('/api/pc/v1/global/ai-config');
    expect(res.body.data).toMatchObject({
      ai_assistant_auth: 1,
      ai_assistant_questions: [...DEFAULT_QUESTIONS],
      stream: 0,
      question_max_length: 200,
      timeout_ms: 60000,
    });
    // The profile carries the same two fields, from this module.
    const profile = await client.get('/api/author/profile');
    expect(profile.body.data).toMatchObject({ ai_assistant_auth: 1, ai_assistant_questions: [...DEFAULT_QUESTIONS] });
  });

  it('is off for a brand without the layout permission, and the server refuses there too', async () => {
    const brand = t.app.ctx.brands.get(4);
    await t.app.ctx.brands.update(4, { permissions: brand.permissions.filter((p) => p !== 'ai-assistant') });
    try {
      const { client } = await authorClient(t, 'brain-hole.localhost', 4);
      const config = await client.get('/api/pc/v1/global/ai-config');
      expect(config.body.data.ai_assistant_auth).toBe(0);
      const res = await ask(client, '稿费几号发');
      expect(res.body.errors.code).toBe(ErrorCode.aiRefused);
    } finally {
      await t.app.ctx.brands.update(4, { permissions: brand.permissions });
    }
  });

  it("shows the operators every question with its mark, to the brand's staff only", async () => {
    const { client: author } = await authorClient(t);
    const answered = await ask(author, '勋章墙在哪里');
    await author.post(MARK, { id: answered.body.data.id, use: 'use' });

    const forbidden = await author.get('/api/pc/v1/admin/ai-assistant/chats');
    expect(forbidden.status).toBe(403);

    const admin = t.client();
    await logIn(t, admin, await createAuthor(t, { clientId: 2, role: 'admin' }));
    const list = await admin.get('/api/pc/v1/admin/ai-assistant/chats', { mark: 'use' });
    expect(list.body.data.list.map((r: { question: string }) => r.question)).toContain('勋章墙在哪里');
    expect(list.body.data.list.every((r: { mark: string }) => r.mark === 'use')).toBe(true);

    const otherBrand = t.client('third.localhost');
    await logIn(t, otherBrand, await createAuthor(t, { clientId: 3, role: 'admin' }));
    const none = await otherBrand.get('/api/pc/v1/admin/ai-assistant/chats', { mark: 'use' });
    expect(none.body.data.list.map((r: { question: string }) => r.question)).not.toContain('勋章墙在哪里');
  });
});

interface StubCall {
  headers: IncomingMessage['headers'];
  body: any;
}

describe('OpenAI-compatible provider against a local stub server', () => {
  let t: TestApp;
  let stub: Server;
  const calls: StubCall[] = [];
  let reply: { status: number; content?: string } = { status: 200, content: '' };

  beforeAll(async () => {
    stub = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        calls.push({ headers: req.headers, body: JSON.parse(raw) });
        if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            reply.status === 200
              ? {
                  id: 'x',
                  object: 'chat.completion',
                  choices: [{ index: 0, message: { role: 'assistant', content: reply.content } }],
                }
              : { error: { message: 'overloaded' } },
          ),
        );
      });
    });
    await new Promise<void>((ok) => stub.listen(0, '127.0.0.1', ok));
    const { port } = stub.address() as AddressInfo;
    t = await createTestApp({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: `http://127.0.0.1:${port}/v1/`,
      AI_API_KEY: 'sk-test-key',
      AI_MODEL: 'stub-model',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((ok) => stub.close(ok));
  });

  it('sends the question with the best help-centre passages as context and returns the model answer', async () => {
    const { client } = await authorClient(t);
    calls.length = 0;
    reply = { status: 200, content: '  稿酬每月8日发放到您绑定的银行卡。《稿酬什么时候发放？》 ' };
    const res = await ask(client, '稿费每个月几号到账');
    expect(res.body.code).toBe(200);
    expect(res.body.data.message).toBe('稿酬每月8日发放到您绑定的银行卡。《稿酬什么时候发放？》');
    expect(res.body.data.sources[0]).toEqual({
      ids: '6-36',
      title: '稿酬什么时候发放？',
      url: '/front/help-center/questions/6-36',
    });

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.headers.authorization).toBe('Bearer sk-test-key');
    expect(call.body.model).toBe('stub-model');
    expect(call.body.messages[0].role).toBe('system');
    expect(call.body.messages[0].content).toContain('不得编造');
    const user = call.body.messages[1].content as string;
    expect(user).toContain('作者的问题：稿费每个月几号到账');
    expect(user).toContain('[1]《稿酬什么时候发放？》');
    expect(user).toContain('稿酬每月结算一次，于每月8日发放到您绑定的银行卡');

    const row = await t.app.ctx.db
      .selectFrom('ai_chats')
      .select(['provider', 'outcome'])
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ provider: 'openai', outcome: 'answered' });
  });

  it("puts the next article first for '换一换'", async () => {
    const { client } = await authorClient(t);
    calls.length = 0;
    reply = { status: 200, content: '另一个角度的回答' };
    const res = await ask(client, '稿费每个月几号到账', 1);
    expect(res.body.data.message).toBe('另一个角度的回答');
    expect(res.body.data.sources[0].ids).not.toBe('6-36');
    expect(calls[0].body.messages[1].content).toMatch(new RegExp(`\\[1\\]《${res.body.data.sources[0].title}》`));
  });

  it('does not ask the model when the help centre has nothing', async () => {
    const { client } = await authorClient(t);
    calls.length = 0;
    const res = await ask(client, '今天天气怎么样');
    expect(calls).toHaveLength(0);
    expect(res.body.data.grounded).toBe(false);
  });

  it('reports a failing API as a failure the author may retry (not 40003083)', async () => {
    const { client, author } = await authorClient(t);
    reply = { status: 503 };
    const res = await ask(client, '稿费每个月几号到账');
    expect(res.status).toBe(502);
    expect(res.body.errors.code).not.toBe(ErrorCode.aiRefused);
    expect(res.body.errors.title).toBe('答案生成失败，请重试');
    reply = { status: 200, content: '' };
    const empty = await ask(client, '稿费每个月几号到账');
    expect(empty.status).toBe(502);
    const rows = await t.app.ctx.db
      .selectFrom('ai_chats')
      .select('outcome')
      .where('account_id', '=', author.accountId)
      .execute();
    expect(rows.map((r) => r.outcome)).toEqual(['failed', 'failed']);
  });
});

describe('configuration', () => {
  it('names the wrong variable when AI_PROVIDER=openai lacks its settings', () => {
    expect(() => createAiProvider({ AI_PROVIDER: 'openai', AI_BASE_URL: 'not a url', AI_MODEL: 'm' })).toThrow(
      /AI_BASE_URL/,
    );
    expect(() => createAiProvider({ AI_PROVIDER: 'openai', AI_BASE_URL: 'http://127.0.0.1:1/v1' })).toThrow(/AI_MODEL/);
    expect(createAiProvider({}).name).toBe('embedded');
  });
});
