import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** The web app's files as the server hands them out: pages, code of this build and of the next. */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>作者中心</title>');
  writeFileSync(join(dist, 'assets', 'first-build.js'), 'export default 1;');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers a page path with the app, and an asset with its file', async () => {
    for (const url of ['/', '/front/book-manage/list?x=1', '/front/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect([url, page.statusCode]).toEqual([url, 200]);
      expect(page.body).toContain('作者中心');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/first-build.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves the files of a build made after the server started', async () => {
    writeFileSync(join(dist, 'assets', 'next-build.js'), 'export default 2;');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/next-build.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export default 2;');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
    // Nothing outside the build's assets is reached that way.
    const outside = await t.app.inject({ method: 'GET', url: '/assets/..%2Findex.html' });
    expect(outside.statusCode).toBe(404);
  });

  it('answers a missing asset with 404, not with the app page', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-since-the-last-build.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<!doctype html>');
  });
});
