import { useTranslation } from 'react-i18next';
import { type UIMatch, useMatches } from 'react-router';
import type { AppRoute } from './route-table.ts';

/** What every rendered route carries in its `handle`: its row of the route table. */
export interface RouteHandle {
  route: AppRoute;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The route-table row of the page being shown (the deepest match that has one). */
export function useCurrentRoute(): AppRoute | null {
  const matches = useMatches() as UIMatch<unknown, unknown>[];
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return null;
}

/** The route's title in the UI language: the table's Chinese title, or its en-US translation. */
export function useRouteTitle(route: AppRoute | null = null): string {
  const current = useCurrentRoute();
  const { t } = useTranslation();
  const target = route ?? current;
  if (!target) return '';
  return t(`routeTitle.${target.id}`, { defaultValue: target.title });
}
