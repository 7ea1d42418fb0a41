import { pageTitle } from '@author-centre/shared/brands';
import { useEffect } from 'react';
import { useBrand } from '../platform/brand.tsx';
import { useRouteTitle } from './route-meta.ts';

/** Page title: `<route title>-<platform titleName>`, or the platform title alone (§1). */
export function DocumentTitle() {
  const brand = useBrand();
  const routeTitle = useRouteTitle();
  const title = pageTitle(routeTitle || undefined, brand.titleName);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
