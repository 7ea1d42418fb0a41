import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the same Chromium build without the
 * browser's UI), driven by playwright-core (no bundled browser download); it is what Playwright itself runs
 * for headless tests. The whole browser suite took 667 s with the full browser (/usr/bin/chromium in new
 * headless mode) and 448 s with the shell, on this two-core machine (2026-11-29): the full browser's own
 * process and its GPU process were a third of the suite's CPU. The benches keep the full browser.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The test running now (set by setup.ts), so that a context closed after a failure says what was on screen. */
let runningTest: { result?: { state?: string } } | undefined;
export function setRunningTest(test: typeof runningTest): void {
  runningTest = test;
}

/** What a failed test left on screen: each page's address, open dialogs and messages, printed in the test's output. */
async function describeScreen(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) {
    const texts = (selector: string) =>
      page
        .locator(selector)
        .allInnerTexts()
        .catch(() => []);
    const dialogs = await texts('[role="dialog"]:visible');
    const messages = await texts('.ant-form-item-explain-error, [role="alert"], .ant-message-notice');
    console.log(
      `On screen when the test failed: ${page.url()}\n  dialogs: ${JSON.stringify(dialogs)}\n  messages: ${JSON.stringify(messages)}`,
    );
  }
}

/**
 * Every context the tests open asks for reduced motion (the app then turns antd's zooms, slides and
 * collapses off, as it does for any author whose system asks for it), so an action never lands on a
 * dialog or menu that is still moving in or out. They also block the app's service worker, which
 * otherwise precaches the whole app (300 files) in every fresh context a logged-in test opens; the
 * offline test allows it. A context may still ask for either. A context closed after a failed test
 * first prints what was on screen.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', serviceWorkers: 'block', ...options });
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      if (runningTest?.result?.state === 'fail') await describeScreen(context);
      return close(closeOptions);
    };
    return context;
  };
  return browser;
}

/**
 * This file's server: global-setup.ts starts one per worker, and a worker runs its files one at a time
 * (VITEST_POOL_ID is the worker's number, from 1).
 */
function ownServer(): { port: number; dataDir: string } {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length];
}

/** The port of this file's server. */
export function serverPort(): number {
  return ownServer().port;
}

/** The data folder of this file's server (its SQLite database and keys), for test-only setup and checks. */
export function serverDataDir(): string {
  return ownServer().dataDir;
}

/**
 * The app's address for a brand: `http://<brief>.localhost:<port>` (Chromium resolves *.localhost
 * to loopback), or plain localhost, which is client 2.
 */
export function appUrl(path: string, brief?: string): string {
  const host = brief ? `${brief}.localhost` : 'localhost';
  return `http://${host}:${serverPort()}${path}`;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
}

/** A fresh context (no cookies, no storage) with a desktop window, the way an author's browser starts. */
export async function newPage(
  browser: Browser,
  options: { locale?: string; timezoneId?: string } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: options.locale ?? 'zh-CN',
    timezoneId: options.timezoneId,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Opens `path` and waits until the brand has loaded and a layout is on screen. */
export async function visit(page: Page, path: string, brief?: string): Promise<void> {
  await page.goto(appUrl(path, brief));
  await page.locator('.ac-header, .ac-bare').first().waitFor();
}

/** The path and query of the page's current address. */
export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}
