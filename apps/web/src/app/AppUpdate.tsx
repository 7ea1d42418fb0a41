import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../components/plain/Button.tsx';

/**
 * The service worker (vite.config.ts, Workbox): registered once someone is logged in — the login
 * page never downloads it — so the app shell, and with it the editor, opens without the network.
 * A new version is announced here and applied only when the author clicks 刷新: never by itself,
 * never in the middle of typing (the editor's journal keeps what is not yet saved either way).
 */
export function AppUpdate({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const [update, setUpdate] = useState<(() => Promise<void>) | null>(null);

  useEffect(() => {
    if (!loggedIn || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
    let cancelled = false;
    void import('virtual:pwa-register').then(({ registerSW }) => {
      if (cancelled) return;
      const updateSW = registerSW({
        immediate: true,
        onNeedRefresh: () => setUpdate(() => () => updateSW(true)),
      });
    });
    return () => {
      cancelled = true;
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
