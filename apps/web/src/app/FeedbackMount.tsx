import { lazy, Suspense, useSyncExternalStore } from 'react';
import { feedbackWanted, subscribeFeedbackWanted } from '../platform/notify.ts';

const FeedbackHost = lazy(() => import('./FeedbackHost.tsx'));

/** Loads the toasts' host (with antd) once something wants it; until then toasts wait for it. */
export function FeedbackMount() {
  const wanted = useSyncExternalStore(subscribeFeedbackWanted, feedbackWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}
