import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chunkCycles, loginRouteJsGzipBytes } from '../../../bench/web-bundle.ts';
import { appUrl, launchBrowser, newPage } from './browser.ts';

/**
 * Issue 19 (and issue 11's benchmark): a cold visit to the login route downloads ≤ 200 KB of
 * gzip-compressed JavaScript, none of it the console's. The browser's count is checked against
 * bench/web-bundle.ts, which measures the same from the build's manifest.
 */
const WEB_DIST = resolve(import.meta.dirname, '../dist');
const BUDGET_BYTES = 200 * 1024;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('what a first visit to the login page downloads', () => {
  test('≤ 200 KB of gzip JavaScript, no console code, exactly the files the manifest says', async () => {
    const { context, page } = await newPage(browser);
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          scripts.set(new URL(response.url()).pathname.replace(/^\//, ''), gzipSync(body, { level: 9 }).length);
        }),
      );
    });
    await page.goto(appUrl('/front/register-login/login'));
    await page.getByRole('tab', { name: '密码登录' }).waitFor();
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    await context.close();

    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    expect(total, `${[...scripts].map(([f, b]) => `${f} ${b}`).join('\n')}`).toBeLessThanOrEqual(BUDGET_BYTES);
    expect([...scripts.keys()].filter((f) => /console/i.test(f))).toEqual([]);

    const measured = loginRouteJsGzipBytes(WEB_DIST);
    expect([...scripts.keys()].sort()).toEqual([...measured.files].sort());
    expect(measured.bytes).toBe(total);
  });

  test("the build's chunks import each other without a cycle (apps/web/vite.config.ts chunk groups)", () => {
    expect(chunkCycles(WEB_DIST)).toEqual([]);
  });
});
