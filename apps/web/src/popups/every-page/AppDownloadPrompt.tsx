import { APP_DOWNLOAD_PROMPT_GROUPS, STORAGE_KEYS } from '@author-centre/shared/constants';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyAntd } from '../../app/antd-lazy.tsx';
import { readItem, writeItem } from '../../platform/storage.ts';

/** Downloaded only when a mobile client first opens a prompted route group. */
const AppDownloadDialog = lazyAntd(() => import('./AppDownloadDialog.tsx'), 'AppDownloadDialog');

/** Phones and tablets (the prompts are for mobile clients only). */
export function isMobileClient(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|HarmonyOS|Mobile/i.test(userAgent);
}

export function promptGroupOf(pathname: string) {
  return APP_DOWNLOAD_PROMPT_GROUPS.find((g) =>
    g.pathPrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`)),
  );
}

/**
 * App-download prompts (§2): on mobile clients, the first visit to a route group (data and
 * income; comments and dynamics) suggests the author app, once per group, remembered.
 */
export function AppDownloadPrompt() {
  const { pathname } = useLocation();
  const [group, setGroup] = useState<(typeof APP_DOWNLOAD_PROMPT_GROUPS)[number] | null>(null);

  useEffect(() => {
    if (!isMobileClient(globalThis.navigator?.userAgent ?? '')) return;
    const match = promptGroupOf(pathname);
    if (!match) return;
    const key = `${STORAGE_KEYS.appDownloadPromptPrefix}${match.key}`;
    if (readItem(key)) return;
    writeItem(key, String(Date.now()));
    setGroup(match);
  }, [pathname]);

  if (!group) return null;
  return (
    <Suspense fallback={null}>
      <AppDownloadDialog group={group} onClose={() => setGroup(null)} />
    </Suspense>
  );
}
