import { Suspense } from 'react';
import { lazyAntd } from '../../app/antd-lazy.tsx';
import { useBrand } from '../../platform/brand.tsx';
import { useLoginStatus } from '../../platform/session.ts';

/** The brand's layout permission that lets its authors see the assistant (§2). */
export const AI_PERMISSION = 'ai-assistant';

const AiAssistant = lazyAntd(() => import('./AiAssistant.tsx'), 'default');

/**
 * The AI assistant for the front layout, downloaded only for a logged-in author of a brand that
 * allows it (a visitor's pages, the sign-in pages among them, never load it), after the page.
 */
export function AiAssistantMount() {
  const brand = useBrand();
  const status = useLoginStatus();
  if (status.data?.logged_in !== true || !brand.permissions.includes(AI_PERMISSION)) return null;
  return (
    <Suspense fallback={null}>
      <AiAssistant />
    </Suspense>
  );
}
