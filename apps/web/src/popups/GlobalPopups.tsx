import { Suspense } from 'react';
import { AppUpdate } from '../app/AppUpdate.tsx';
import { lazyAntd } from '../app/antd-lazy.tsx';
import { useCurrentRoute } from '../app/route-meta.ts';
import { useLoginStatus } from '../platform/session.ts';
import { AppDownloadPrompt } from './every-page/AppDownloadPrompt.tsx';
import { BranchInfo } from './every-page/BranchInfo.tsx';
import { CompatNotice } from './every-page/CompatNotice.tsx';
import { DailyOpen } from './every-page/DailyOpen.tsx';
import { EnvCheck } from './every-page/EnvCheck.tsx';
import { PopupQueue } from './PopupQueue.tsx';
import './i18n.ts';
import './popups.css';

/** The page guides need a logged-in author: a visitor's pages never download them. */
const PageGuides = lazyAntd(() => import('../features/guides/PageGuides.tsx'), 'PageGuides');

/**
 * What every /front page shares (issue 4): the pop-up queue, the page's feature guide, the
 * app-download prompt, the environment check, the browser notice, the branch tooltip and the
 * daily-open event. Mounted once by the front layout.
 */
export function GlobalPopups() {
  const status = useLoginStatus();
  const route = useCurrentRoute();
  const loggedIn = status.data?.logged_in === true;
  const accountId = loggedIn ? (status.data?.account_id ?? null) : null;
  return (
    <>
      <CompatNotice />
      <EnvCheck />
      <AppDownloadPrompt />
      <BranchInfo />
      <DailyOpen accountId={accountId} />
      <PopupQueue loggedIn={loggedIn} accountId={accountId} />
      <AppUpdate loggedIn={loggedIn} />
      {loggedIn && (
        <Suspense fallback={null}>
          <PageGuides pageKey={route?.pageKey} loggedIn={loggedIn} />
        </Suspense>
      )}
    </>
  );
}
