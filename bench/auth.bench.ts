import type { BenchHarness } from './harness.ts';
import { SignedClient } from './harness.ts';

/**
 * Issue 3: authenticated GET /api/author/profile (signature check, session lookup, one profile
 * query, one guide query, two decryptions) against the bare route, 50 connections.
 */
export default async function authBench(h: BenchHarness): Promise<void> {
  const server = await h.startServer();
  try {
    const client = await new SignedClient(server.url).init();
    // The seeded demo author of the localhost brand, by pen name and the demo password.
    const login = await client.post('/api/pc/v3/user/login', { name: '奇妙小说·夜雨', password: 'Demo@2026' });
    if (login.code !== 200 || login.data.need_choose !== 0) throw new Error(`login failed: ${JSON.stringify(login)}`);
    const path = client.signedGetPath('/api/author/profile');
    const check = (await (
      await fetch(`${server.url}${path}`, { headers: { cookie: client.cookieHeader() } })
    ).json()) as {
      code: number;
      data?: { user?: { pen_name?: string } };
    };
    if (check.code !== 200 || check.data?.user?.pen_name !== '奇妙小说·夜雨') {
      throw new Error(`profile did not answer: ${JSON.stringify(check)}`);
    }
    await h.compare(
      'author profile (GET /api/author/profile, signed, logged in)',
      { url: `${server.url}${path}`, headers: { cookie: client.cookieHeader() } },
      { minRatio: 0.5, maxP99Ms: 20 },
    );
  } finally {
    await server.stop();
  }
}
