import { lazy, Suspense } from 'react';

const AiAssistant = lazy(() => import('./AiAssistant.tsx'));

/** The AI assistant for the front layout, loaded after the page (it is never needed for first paint). */
export function AiAssistantMount() {
  return (
    <Suspense fallback={null}>
      <AiAssistant />
    </Suspense>
  );
}
