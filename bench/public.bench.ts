import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { BenchHarness, RunningServer } from './harness.ts';
import { SignedClient } from './harness.ts';
import { routeJsGzipBytes } from './web-bundle.ts';

/**
 * Issue 16 (public pages), anonymous visitors:
 * - the activity list (/front/activity/list → GET /api/pc/v1/custom-activity/list) and an article
 *   page (/front/article/{id} → GET /api/pc/v1/article/detail): ratio ≥ 0.6 against the bare route,
 *   p99 ≤ 15 ms;
 * - the JavaScript a cold visit to each of those routes downloads, gzip -9: ≤ 200 KB, printed
 *   (measured as bench/web-bundle.ts measures the login route).
 * BENCH_PUBLIC_NO_BUILD=1 measures the apps/web/dist already there.
 */
const ROOT = resolve(import.meta.dirname, '..');
const BUNDLE_LIMIT_KB = 200;
const ROUTES = [
  { path: '/front/activity/list', module: 'src/features/public-pages/ActivityListPage.tsx' },
  { path: '/front/article/{id}', module: 'src/features/public-pages/ArticlePage.tsx' },
];

function bundles(h: BenchHarness): void {
  if (!process.env.BENCH_PUBLIC_NO_BUILD) {
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'ignore' });
  }
  const dist = join(ROOT, 'apps/web/dist');
  for (const route of ROUTES) {
    const js = routeJsGzipBytes(dist, [route.module]);
    h.record({
      name: `${route.path} JavaScript (cold visit: ${js.files.length} files), gzip -9`,
      values: { gzipKB: js.bytes / 1024 },
      target: `≤ ${BUNDLE_LIMIT_KB} KB gzip`,
      pass: js.bytes <= BUNDLE_LIMIT_KB * 1024,
    });
  }
}

async function pages(h: BenchHarness): Promise<void> {
  let server: RunningServer | null = null;
  try {
    // The demo data: every brand has activities (running, upcoming, ended) and articles.
    server = await h.startServer();
    const client = await new SignedClient(server.url).init();
    const list = await client.get('/api/pc/v1/custom-activity/list', { status: 'all' });
    const articles = await client.get('/api/pc/v1/article/list', {});
    const articleId = articles.data?.list?.[0]?.id;
    if (list.code !== 200 || !list.data.list.length || !articleId) {
      throw new Error(`public pages did not answer as expected: ${JSON.stringify({ list, articles }).slice(0, 300)}`);
    }
    const measure = async (name: string, path: string, query: Record<string, string | number>) =>
      h.compare(
        name,
        {
          url: `${server!.url}${client.signedGetPath(path, query)}`,
          headers: { cookie: client.cookieHeader() },
        },
        { minRatio: 0.6, maxP99Ms: 15 },
      );
    await measure(
      'activity list, anonymous, signed (GET /api/pc/v1/custom-activity/list)',
      '/api/pc/v1/custom-activity/list',
      {
        status: 'all',
      },
    );
    await measure('article page, anonymous, signed (GET /api/pc/v1/article/detail)', '/api/pc/v1/article/detail', {
      id: articleId,
    });
  } finally {
    await server?.stop();
  }
}

export default async function publicBench(h: BenchHarness): Promise<void> {
  bundles(h);
  await pages(h);
}
