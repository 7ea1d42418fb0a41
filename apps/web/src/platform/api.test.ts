import { createHmac } from 'node:crypto';
import {
  canonicalParams,
  encryptField,
  REQ_INFO_PATH,
  SIGN_HEADER,
  signingString,
} from '@author-centre/shared/protocol';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { apiGet, apiPost } from './api.ts';
import { ApiError } from './api-error.ts';
import { registerNavigate } from './navigation.ts';
import { toast } from './notify.ts';
import { queryClient } from './query-client.ts';
import { serverNow } from './server-time.ts';
import { LOGGED_OUT, LOGIN_STATUS_QUERY_KEY } from './session-state.ts';

vi.mock('./notify.ts', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

/**
 * A stand-in for the server's edge: issues secrets at req-info, checks signatures the way
 * apps/server does (40001013 when wrong), and answers each path from `routes`.
 */
type Handler = (request: {
  path: string;
  query: Record<string, string>;
  body: unknown;
}) => Response | Promise<Response>;
let secret = 'secret-1';
let reqInfoCalls = 0;
let routes: Record<string, Handler> = {};
let serverClockOffsetMs = 0;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', date: new Date(Date.now() + serverClockOffsetMs).toUTCString() },
  });

function signatureOk(
  method: string,
  path: string,
  query: Record<string, string>,
  body: string | null,
  headers: Headers,
) {
  const t = body ? String(JSON.parse(body).t) : query.t!;
  const given = body ? headers.get(SIGN_HEADER) : query.sign;
  const { sign: _sign, ...rest } = query;
  const payload = body ?? canonicalParams(rest);
  return (
    given ===
    createHmac('md5', secret)
      .update(signingString(method, path, payload, t))
      .digest('hex')
  );
}

async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input), 'http://wonder.localhost');
  if (url.pathname === REQ_INFO_PATH) {
    reqInfoCalls++;
    return json({ code: 200, data: { secret, expires_at: Date.now() + 3_600_000 } });
  }
  const query = Object.fromEntries(url.searchParams);
  const body = typeof init.body === 'string' ? init.body : null;
  if (!signatureOk(init.method ?? 'GET', url.pathname, query, body, new Headers(init.headers))) {
    return json({ code: 40001013, errors: { code: 40001013, title: '请求签名不正确' } }, 401);
  }
  const handler = routes[url.pathname];
  if (!handler) return json({ code: 404, errors: { code: 404, title: '接口未找到' } }, 404);
  const answer = handler({ path: url.pathname, query, body: body ? JSON.parse(body) : null });
  // Honour aborts like a real fetch.
  return new Promise((resolve, reject) => {
    init.signal?.addEventListener('abort', () =>
      reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError')),
    );
    Promise.resolve(answer).then(resolve, reject);
  });
}

const navigate = vi.fn();

beforeEach(() => {
  routes = {};
  reqInfoCalls = 0;
  serverClockOffsetMs = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  registerNavigate(navigate);
  vi.mocked(toast.error).mockClear();
  navigate.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('successful calls', () => {
  test('a GET returns data, with the fields named in rules decrypted', async () => {
    routes['/api/pc/v1/bank-card/get'] = async (req) =>
      json({
        code: 200,
        data: {
          card: { bank_num: await encryptField(secret, '6222020200112233445') },
          account_name: '张三',
          q: req.query,
        },
        rules: ['card.bank_num'],
      });
    const data = await apiGet<{ card: { bank_num: string }; account_name: string; q: Record<string, string> }>(
      '/api/pc/v1/bank-card/get',
      { id: 5, skip: null },
    );
    expect(data.card.bank_num).toBe('6222020200112233445');
    expect(data.account_name).toBe('张三');
    expect(data.q.id).toBe('5');
    expect(data.q).not.toHaveProperty('skip');
  });

  test('the server Date header sets the clock used for t', async () => {
    serverClockOffsetMs = 3_600_000;
    routes['/api/pc/v1/ping'] = () => json({ code: 200, data: true });
    await apiGet('/api/pc/v1/ping');
    expect(Math.abs(serverNow() - (Date.now() + 3_600_000))).toBeLessThan(2_000);
  });
});

describe('stale secret (40001013)', () => {
  test('fetches a new secret and retries once', async () => {
    routes['/api/pc/v1/ping'] = () => json({ code: 200, data: 'pong' });
    await apiGet('/api/pc/v1/ping');
    const before = reqInfoCalls;
    secret = 'secret-2'; // the server forgot the old key
    await expect(apiGet('/api/pc/v1/ping')).resolves.toBe('pong');
    expect(reqInfoCalls).toBe(before + 1);
  });

  test('gives up after the one retry, without a toast', async () => {
    routes['/api/pc/v1/ping'] = () => json({ code: 40001013, errors: { code: 40001013, title: '请求已过期' } }, 401);
    const error = await apiGet('/api/pc/v1/ping').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(40001013);
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('identical in-flight writes', () => {
  test('the earlier one is aborted silently; the later one completes', async () => {
    let calls = 0;
    routes['/api/pc/v1/book-chapter/save'] = () => {
      calls++;
      return calls === 1 ? new Promise<Response>(() => {}) : json({ code: 200, data: { saved: calls } });
    };
    const first = apiPost('/api/pc/v1/book-chapter/save', { chapter_id: 1, content: '第一章' });
    await vi.waitFor(() => expect(calls).toBe(1));
    const second = apiPost('/api/pc/v1/book-chapter/save', { chapter_id: 1, content: '第一章' });
    await expect(second).resolves.toEqual({ saved: 2 });
    await expect(first).rejects.toMatchObject({ kind: 'aborted' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  test('different bodies do not cancel each other', async () => {
    routes['/api/pc/v1/book-chapter/save'] = (req) =>
      json({ code: 200, data: (req.body as { content: string }).content });
    const [a, b] = await Promise.all([
      apiPost('/api/pc/v1/book-chapter/save', { chapter_id: 1, content: 'a' }),
      apiPost('/api/pc/v1/book-chapter/save', { chapter_id: 1, content: 'b' }),
    ]);
    expect([a, b]).toEqual(['a', 'b']);
  });
});

describe('errors (§8)', () => {
  test('a business error toasts its title and carries the field for forms', async () => {
    routes['/api/pc/v1/book/save-book-info'] = () =>
      json({ code: 10000001, errors: { code: 10000001, title: '书名不能为空', field: 'title' } }, 400);
    const error = (await apiPost('/api/pc/v1/book/save-book-info', { title: '' }).catch((e) => e)) as ApiError;
    expect(error).toMatchObject({
      kind: 'business',
      code: 10000001,
      title: '书名不能为空',
      field: 'title',
      status: 400,
    });
    expect(toast.error).toHaveBeenCalledWith('书名不能为空', 3000);
  });

  test('silent codes raise no toast', async () => {
    routes['/api/pc/v1/author/check-phone-code'] = () =>
      json({ code: 40002006, errors: { code: 40002006, title: '验证码错误', field: 'code' } }, 400);
    await expect(apiPost('/api/pc/v1/author/check-phone-code', { code: '1234' })).rejects.toMatchObject({
      code: 40002006,
    });
    expect(toast.error).not.toHaveBeenCalled();
  });

  test('session loss toasts, clears the user and marks the session logged out', async () => {
    queryClient.setQueryData(LOGIN_STATUS_QUERY_KEY, { logged_in: true, token: 'x', account_id: 9 });
    routes['/api/pc/v1/author/index'] = () =>
      json({ code: 88888888, errors: { code: 88888888, title: '登录已失效，请重新登录' } }, 401);
    await expect(apiGet('/api/pc/v1/author/index')).rejects.toMatchObject({ code: 88888888 });
    expect(toast.error).toHaveBeenCalledWith('登录已失效，请重新登录');
    expect(queryClient.getQueryData(LOGIN_STATUS_QUERY_KEY)).toEqual(LOGGED_OUT);
  });

  test('a missing interface (404) toasts 接口未找到 and goes to /front/error', async () => {
    await expect(apiGet('/api/pc/v1/not-there')).rejects.toMatchObject({ code: 404 });
    expect(toast.error).toHaveBeenCalledWith('接口未找到');
    expect(navigate).toHaveBeenCalledWith('/front/error', undefined);
  });

  test('an HTTP error without an envelope shows the status message', async () => {
    routes['/api/pc/v1/ping'] = () => new Response('<html>Bad Gateway</html>', { status: 502 });
    await expect(apiGet('/api/pc/v1/ping')).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(toast.error).toHaveBeenCalledWith('网关错误！');
  });

  test('a timeout says 网络请求超时，请重试！', async () => {
    routes['/api/pc/v1/slow'] = () => new Promise<Response>(() => {});
    await expect(apiGet('/api/pc/v1/slow', undefined, { timeout: 50 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(toast.error).toHaveBeenCalledWith('网络请求超时，请重试！');
  });

  test('silent calls leave every reaction to the caller', async () => {
    await expect(apiGet('/api/pc/v1/not-there', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toast.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
