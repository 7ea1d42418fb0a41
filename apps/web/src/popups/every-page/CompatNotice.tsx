import { isUserAgentCompatible } from '@author-centre/shared/compat';
import { Suspense, useState } from 'react';
import { lazyAntd } from '../../app/antd-lazy.tsx';

/** Downloaded only by a browser that needs the notice. */
const CompatBanner = lazyAntd(() => import('./CompatBanner.tsx'), 'CompatBanner');

/** Browser compatibility (§4 table): an older browser than the table's minimum gets a notice; unknown ones pass. */
export function CompatNotice() {
  const [compatible] = useState(() => isUserAgentCompatible(globalThis.navigator?.userAgent ?? ''));
  if (compatible) return null;
  return (
    <Suspense fallback={null}>
      <CompatBanner />
    </Suspense>
  );
}
