import type { BenchHarness } from './harness.ts';
import { SignedClient } from './harness.ts';

/** Issue 2: the brand-config endpoint (brand resolution + envelope + signature check) against a bare route. */
export default async function platformBench(h: BenchHarness): Promise<void> {
  const server = await h.startServer();
  try {
    const client = await new SignedClient(server.url).init();
    const path = client.signedGetPath('/api/pc/v1/global/config');
    const check = await fetch(`${server.url}${path}`, { headers: { cookie: client.cookieHeader() } });
    if (((await check.json()) as { code: number }).code !== 200) throw new Error('brand config did not answer 200');
    await h.compare(
      'brand config (GET /api/pc/v1/global/config, signed)',
      { url: `${server.url}${path}`, headers: { cookie: client.cookieHeader() } },
      { minRatio: 0.6, maxP99Ms: 15 },
    );
  } finally {
    await server.stop();
  }
}
