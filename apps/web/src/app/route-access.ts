import { matchRoutes } from 'react-router';
import { ALL_ROUTES, type AppRoute } from './route-table.ts';

const matchable = ALL_ROUTES.map((route) => ({ path: route.path, route }));

/** The route-table row that renders `pathname` (the not-found row when nothing else matches). */
export function routeForPath(pathname: string): AppRoute | null {
  const matches = matchRoutes(matchable, pathname);
  return matches?.[matches.length - 1]?.route.route ?? null;
}

/** The route-table row with this name. */
export function routeById(id: string): AppRoute | undefined {
  return ALL_ROUTES.find((r) => r.id === id);
}

/**
 * The no-login rule of §2: any path containing /front/register-login, the route named
 * ReportStudio, and the rows marked public need no login; every other /front page does.
 */
export function needsLogin(route: AppRoute | null | undefined, pathname: string): boolean {
  if (pathname.includes('/front/register-login')) return false;
  if (!route || route.id === 'ReportStudio') return false;
  return route.needsLogin;
}

export function pathNeedsLogin(pathname: string): boolean {
  return needsLogin(routeForPath(pathname), pathname);
}
