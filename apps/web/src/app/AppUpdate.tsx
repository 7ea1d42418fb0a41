import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../components/plain/Button.tsx';
import { LOADED_FILES } from './service-worker-messages.ts';

/** How long the author must leave keyboard and pointer alone before the service worker is registered. */
const SERVICE_WORKER_QUIET_MS = 3000;
const ACTIVITY_EVENTS = ['keydown', 'input', 'pointerdown', 'wheel'] as const;

/** The build's files (scripts, styles, images, fonts under /assets/) this page has loaded so far. */
const loadedFiles = new Set<string>();
if (typeof PerformanceObserver !== 'undefined') {
  const assets = `${location.origin}/assets/`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name.startsWith(assets)) loadedFiles.add(entry.name);
  }).observe({ type: 'resource', buffered: true });
}

/** Tells the installing service worker what this page has loaded, so it keeps those files (sw/sw.ts). */
function answerServiceWorker(event: MessageEvent) {
  if (event.data?.type === LOADED_FILES) event.ports[0]?.postMessage([...loadedFiles]);
}

/**
 * Calls `then` once nothing has been typed, clicked or scrolled for `quietMs`. Returns the cancel.
 */
function whenQuiet(quietMs: number, then: () => void): () => void {
  let timer = setTimeout(done, quietMs);
  function restart() {
    clearTimeout(timer);
    timer = setTimeout(done, quietMs);
  }
  function stopListening() {
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, restart, true);
  }
  function done() {
    stopListening();
    then();
  }
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, restart, { capture: true, passive: true });
  return () => {
    clearTimeout(timer);
    stopListening();
  };
}

/**
 * The service worker (sw/sw.ts, Workbox): registered once someone is logged in — the login
 * page never downloads it — so the app shell, and with it the editor, opens without the network.
 * It is registered at the first quiet moment (SERVICE_WORKER_QUIET_MS without a key, click or scroll),
 * not as the page opens, and its install keeps what the open pages have loaded (they answer it here):
 * work done while the author types makes the editor's slowest keystrokes slower on a two-core machine.
 * A new version is announced here and applied only when the author clicks 刷新: never by itself,
 * never in the middle of typing (the editor's journal keeps what is not yet saved either way).
 */
export function AppUpdate({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const [update, setUpdate] = useState<(() => Promise<void>) | null>(null);

  useEffect(() => {
    if (!loggedIn || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
    navigator.serviceWorker.addEventListener('message', answerServiceWorker);
    navigator.serviceWorker.startMessages();
    let cancelled = false;
    const cancelWait = whenQuiet(SERVICE_WORKER_QUIET_MS, () => {
      void import('virtual:pwa-register').then(({ registerSW }) => {
        if (cancelled) return;
        const updateSW = registerSW({
          immediate: true,
          onNeedRefresh: () => setUpdate(() => () => updateSW(true)),
        });
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      navigator.serviceWorker.removeEventListener('message', answerServiceWorker);
    };
  }, [loggedIn]);

  if (!update) return null;
  return (
    <div className="ac-app-update" role="status" data-testid="app-update">
      <span>{t('app.updateReady')}</span>
      <PlainButton type="primary" size="small" onClick={() => void update()}>
        {t('app.updateReload')}
      </PlainButton>
    </div>
  );
}
