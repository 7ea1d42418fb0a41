import { Suspense } from 'react';
import { lazyAntd } from '../../app/antd-lazy.tsx';
import { useBrand } from '../../platform/brand.tsx';

/** Only a brand in environment '0' (a test deployment) downloads the tooltip. */
const BranchTooltip = lazyAntd(() => import('./BranchTooltip.tsx'), 'BranchTooltip');

/** The branch-info tooltip (§2, §3 "Branch entry"): only when the environment value is '0'. */
export function BranchInfo() {
  const brand = useBrand();
  if (brand.environment !== '0') return null;
  return (
    <Suspense fallback={null}>
      <BranchTooltip />
    </Suspense>
  );
}
