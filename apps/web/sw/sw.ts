/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js; registered by
 * app/AppUpdate.tsx): the app opens without the network, and with it the editor and the chapter
 * the author had open (issue 18).
 *
 * It keeps the page (index.html) and the files the author's pages load, not the whole app: the
 * whole app is ~340 files and 4 MB (the operations console included), and storing it all at the
 * first install kept a two-core machine busy for ~3 s (1.4 s on the worker's own thread), so an
 * author who went on typing then had slower keystrokes (`npm run bench works`: p95 18 ms against
 * 13–14 without it). At install it asks the open pages which of the build's files they have loaded
 * and keeps those (from the browser's cache: nothing is downloaded again), and this build's versions
 * of the files kept from the build before; after that every file of the build a page loads is kept
 * as it loads.
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { LOADED_FILES } from '../src/app/service-worker-messages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const PAGE = 'index.html';
/** The build's files the pages have loaded. Their names carry their content's hash: a file never changes. */
const FILES_CACHE = 'ac-files';
/** How long an open page has to say what it loaded before the install goes on without it. */
const ANSWER_MS = 3000;

/** Every file of this build: the list the build writes in here. */
const manifest = self.__WB_MANIFEST;
const isPage = (entry: PrecacheEntry | string) => (typeof entry === 'string' ? entry : entry.url) === PAGE;
/** The build's files other than the page, by address. */
const buildFiles = new Set(
  manifest
    .filter((entry) => !isPage(entry))
    .map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.registration.scope).href),
);

precacheAndRoute(manifest.filter(isPage));
cleanupOutdatedCaches();
// Every page path is the app; the server's own paths are never answered from the cache.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(PAGE), {
    denylist: [/^\/api\//, /^\/uploads\//, /^\/healthz/, /^\/sign-detail/],
  }),
);
registerRoute(
  ({ url, request }) => request.method === 'GET' && buildFiles.has(url.href),
  new CacheFirst({ cacheName: FILES_CACHE }),
);

/** What one open page has loaded of the build's files ([] if it does not answer in time). */
function filesLoadedBy(page: Client): Promise<string[]> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve([]), ANSWER_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(Array.isArray(event.data) ? event.data.filter((url) => typeof url === 'string') : []);
    };
    page.postMessage({ type: LOADED_FILES }, [channel.port2]);
  });
}

/** A build file's name without its content hash: …/EditorPage-B_GePGXO.js → …/EditorPage.js. */
const unhashed = (url: string) => url.replace(/-[\w-]{8}(\.\w+)$/, '$1');

/**
 * Keeps what the open pages have loaded, and this build's versions of the files kept from earlier builds
 * (a new version keeps working offline where the one before did: the editor the author opened last week
 * included), one file at a time; those the pages loaded come from the browser's cache.
 */
async function keepLoadedFiles(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const wanted = new Set((await Promise.all(pages.map(filesLoadedBy))).flat());
  const cache = await caches.open(FILES_CACHE);
  const usedBefore = new Set(
    (await cache.keys())
      .map((request) => request.url)
      .filter((url) => !buildFiles.has(url))
      .map(unhashed),
  );
  for (const url of buildFiles) if (usedBefore.has(unhashed(url))) wanted.add(url);
  for (const url of wanted) {
    // One that cannot be had now (the network went) is kept when a page next loads it.
    if (buildFiles.has(url) && !(await cache.match(url))) await cache.add(url).catch(() => undefined);
  }
}

/** Drops the files of earlier builds (a new build is only activated when the author reloads for it). */
async function dropEarlierBuilds(): Promise<void> {
  const cache = await caches.open(FILES_CACHE);
  for (const request of await cache.keys()) {
    if (!buildFiles.has(request.url)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => event.waitUntil(keepLoadedFiles()));
self.addEventListener('activate', (event) => event.waitUntil(dropEarlierBuilds()));
// The open pages are served from the first activation on, so what they load next is kept too. A new
// version waits until the author chooses to reload for it (the page sends SKIP_WAITING, AppUpdate).
clientsClaim();
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
