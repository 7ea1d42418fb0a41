import { ErrorCode, SIGN_HEADER, SIGNATURE_MAX_SKEW_MS, sign } from '@author-centre/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/auth/passwords.ts';
import { INTRO } from '../modules/works/works.fixtures.ts';
import { createAuthor, productionCertificate, signedInClient, type TestAuthor } from '../test/fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app.ts';

/**
 * Auth and session: CSRF (SameSite cookies and the origin check of writes), session fixation, logout everywhere,
 * the signature's replay window, and the security headers of real responses (issue 21).
 */
let t: TestApp;
let checks = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  console.log(`auth and session: ${checks} checks passed`);
  await t?.close();
});

const PASSWORD = 'Str0ng&Secret-2026';

async function withPassword(person: TestAuthor): Promise<TestAuthor> {
  await t.app.ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', person.userId)
    .execute();
  return person;
}

function cookieLine(headers: Record<string, unknown>, name: string): string {
  const raw = headers['set-cookie'];
  const lines = (Array.isArray(raw) ? raw : [raw]).filter(Boolean) as string[];
  return lines.find((l) => l.startsWith(`${name}=`)) ?? '';
}

/** A signed JSON post sent with extra headers (a browser's Origin or Sec-Fetch-Site). */
async function postWith(
  client: TestClient,
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string>,
) {
  const secret = client.secret ?? (await client.refreshSecret());
  const tNow = Date.now();
  const raw = JSON.stringify({ ...body, t: tNow });
  return client.raw({
    method: 'POST',
    url: path,
    payload: raw,
    headers: { 'content-type': 'application/json', [SIGN_HEADER]: sign(secret, 'POST', path, raw, tNow), ...headers },
  });
}

const bookCount = async (accountId: number) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('books')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const newBook = (title: string) => ({ kind: 'novel', title, category: 'xuanhuan', intro: INTRO, tags: ['热血'] });

describe('CSRF', () => {
  it('sets the session and request-key cookies HttpOnly and SameSite=Lax', async () => {
    const person = await withPassword(await createAuthor(t));
    const client = t.client();
    await client.refreshSecret();
    const res = await client.post('/api/pc/v3/user/login', { name: person.phone, password: PASSWORD });
    expect(res.status).toBe(200);
    const session = cookieLine(res.headers, t.app.ctx.sessions.cookieName);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const info = await t.client().raw({ method: 'GET', url: '/api/pc/v1/global/req-info' });
    expect(cookieLine(info.headers, 'ac_rk')).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);
    checks += 3;
  });

  it('refuses a write whose Origin is another site, and changes nothing', async () => {
    const person = await createAuthor(t);
    const client = await signedInClient(t, person);
    const before = await bookCount(person.accountId);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await postWith(client, '/api/pc/v1/book/save-book-info', newBook('跨站的书'), headers);
      expect(res.status).toBe(403);
      expect(res.body.errors.code).toBe(ErrorCode.forbidden);
      checks++;
    }
    expect(await bookCount(person.accountId)).toBe(before);
    const same = await postWith(client, '/api/pc/v1/book/save-book-info', newBook('同站的书'), {
      origin: 'http://localhost',
    });
    expect(same.status).toBe(200);
    expect(await bookCount(person.accountId)).toBe(before + 1);
    checks += 2;
  });
});

describe('sessions', () => {
  it('never adopts a session id planted before login (fixation)', async () => {
    const attacker = await createAuthor(t);
    const victim = await withPassword(await createAuthor(t));
    const planted = await t.app.ctx.sessions.issue(attacker);
    const client = t.client();
    client.cookies.set(t.app.ctx.sessions.cookieName, planted);
    const login = await client.post('/api/pc/v3/user/login', { name: victim.phone, password: PASSWORD });
    expect(login.status).toBe(200);
    const issued = client.cookies.get(t.app.ctx.sessions.cookieName);
    expect(issued).toBeDefined();
    expect(issued).not.toBe(planted);
    // The planted token did not become the victim's session (login ends or ignores it).
    const attackerView = t.client();
    attackerView.cookies.set(t.app.ctx.sessions.cookieName, planted);
    const status = await attackerView.get('/api/pc/v1/login-status');
    expect([attacker.accountId, null]).toContain(status.body.data.account_id);
    checks += 2;
  });

  it('ends every session of the person when the password changes (logout everywhere)', async () => {
    const person = await withPassword(await createAuthor(t));
    const first = await signedInClient(t, person);
    const second = await signedInClient(t, person);
    expect((await second.get('/api/author/profile')).status).toBe(200);
    const changed = await first.post('/api/pc/v3/author/change-pwd', {
      password: PASSWORD,
      new_password: 'An0ther&Secret-2026',
      confirm_password: 'An0ther&Secret-2026',
    });
    expect(changed.status).toBe(200);
    const after = await second.get('/api/author/profile');
    expect(after.status).toBe(401);
    checks += 2;
  });

  it('refuses a signature older than the replay window', async () => {
    const client = await signedInClient(t, await createAuthor(t));
    client.clockSkewMs = -(SIGNATURE_MAX_SKEW_MS + 5_000);
    const stale = await client.get('/api/author/profile');
    expect(stale.status).toBe(401);
    expect(stale.body.errors.code).toBe(ErrorCode.signatureInvalid);
    client.clockSkewMs = SIGNATURE_MAX_SKEW_MS + 5_000;
    expect((await client.get('/api/author/profile')).status).toBe(401);
    client.clockSkewMs = 0;
    expect((await client.get('/api/author/profile')).status).toBe(200);
    checks += 3;
  });
});

describe('security headers on real responses', () => {
  const pages = ['/healthz', '/api/docs', '/api/docs/reference.js'];
  const apiReplies = ['/api/pc/v1/global/config', '/api/pc/v1/no-such-route'];

  it('sends a page a script policy without unsafe-inline, frame-ancestors, nosniff and a referrer policy', async () => {
    for (const url of pages) {
      const res = await t.client().raw({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy'] ?? '');
      const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(script, url).toMatch(/'self'/);
      expect(script, url).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp, url).toMatch(/frame-ancestors 'self'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      checks += 5;
    }
  });

  it('sends an API reply a policy that allows nothing and no framing, and nosniff', async () => {
    for (const url of apiReplies) {
      const res = await t.client().raw({ method: 'GET', url });
      expect([url, res.headers['content-security-policy']]).toEqual([
        url,
        "default-src 'none'; frame-ancestors 'none'",
      ]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['referrer-policy'], url).toBeUndefined();
      checks += 4;
    }
  });

  it('sends HSTS in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', ...productionCertificate() });
    try {
      const res = await production.client().raw({ method: 'GET', url: '/api/pc/v1/global/config' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      checks++;
    } finally {
      await production.close();
    }
  });
});
