import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage, serverDataDir } from './browser.ts';

/**
 * The author centre configured with Discourse (FORUM_PROVIDER=discourse): a second server of its own,
 * started here next to a stand-in Discourse that only answers DiscourseConnect's return address. The
 * forum links lead to Discourse; a visitor the forum sends to /api/bbs/sso logs in and is signed on.
 */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const SECRET = 'connect-secret-for-the-browser-test';

let browser: Browser;
let discourse: Server;
let discourseBase = '';
let server: ChildProcess;
let serverBase = '';
let dataDir = '';
let log = '';

function listen(s: Server): Promise<number> {
  return new Promise((ok) => s.listen(0, '127.0.0.1', () => ok((s.address() as AddressInfo).port)));
}

beforeAll(async () => {
  discourse = createServer((req, res) => {
    const url = new URL(req.url ?? '/', discourseBase);
    if (url.pathname === '/session/sso_login') {
      const sso = url.searchParams.get('sso') ?? '';
      const valid = createHmac('sha256', SECRET).update(sso).digest('hex') === url.searchParams.get('sig');
      const who = new URLSearchParams(Buffer.from(sso, 'base64').toString('utf8'));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<h1>${valid ? `Signed on as ${who.get('username')} (${who.get('name')})` : 'Bad signature'}</h1>`);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<h1>Discourse ${url.pathname}</h1>`);
  });
  discourseBase = `http://127.0.0.1:${await listen(discourse)}`;

  // A free port for the second author centre.
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((ok) => probe.close(ok));
  dataDir = await mkdtemp(join(tmpdir(), 'author-centre-discourse-e2e-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: join(serverDataDir(), 'web-dist'),
      LOG_LEVEL: 'warn',
      FORUM_PROVIDER: 'discourse',
      DISCOURSE_URL: discourseBase,
      DISCOURSE_API_KEY: 'test-api-key-123',
      DISCOURSE_CONNECT_SECRET: SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  serverBase = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await new Promise((ok) => discourse?.close(ok));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('with Discourse', () => {
  test('the header forum module and both feedback links lead to Discourse', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${serverBase}/front/help-center/home`);
    await page.locator('.ac-header').waitFor();
    const checks = [
      [page.locator('header').getByRole('link', { name: '作者论坛' }), `${discourseBase}/`, 'Discourse /'],
      [
        page.locator('footer').getByRole('link', { name: '意见反馈', exact: true }),
        `${discourseBase}/c/8`,
        'Discourse /c/8',
      ],
      [
        page.locator('.ac-right-toolbar').getByRole('link', { name: '意见反馈' }),
        `${discourseBase}/c/8`,
        'Discourse /c/8',
      ],
    ] as const;
    for (const [link, href, heading] of checks) {
      expect((await link.getAttribute('href'))?.replace(/\/$/, '')).toBe(href.replace(/\/$/, ''));
      const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await opened.getByRole('heading', { name: heading }).waitFor();
      await opened.close();
    }
    await context.close();
  });

  test('a visitor DiscourseConnect sends to /api/bbs/sso logs in and goes on to the forum signed on', async () => {
    const { context, page } = await newPage(browser);
    const sso = Buffer.from(
      new URLSearchParams({ nonce: 'n-browser-1', return_sso_url: `${discourseBase}/session/sso_login` }).toString(),
    ).toString('base64');
    const sig = createHmac('sha256', SECRET).update(sso).digest('hex');
    await page.goto(`${serverBase}/api/bbs/sso?${new URLSearchParams({ sso, sig })}`);
    await page.waitForURL((url) => url.pathname === '/front/register-login/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/api\/bbs\/sso\?sso=/);

    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByLabel('笔名/手机号').fill('奇妙小说·夜雨');
    await page.getByLabel('密码', { exact: true }).fill('Demo@2026');
    await page.getByLabel('密码', { exact: true }).press('Enter');

    // A full page load reaches the server, which signs the author on and sends the browser back.
    await page.waitForURL((url) => url.href.startsWith(`${discourseBase}/session/sso_login`));
    await page.getByRole('heading', { name: /^Signed on as u\d+ \(奇妙小说·夜雨\)$/ }).waitFor();
    await context.close();
  });
});
