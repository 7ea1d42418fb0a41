import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PageLoading } from '../components/PageState.tsx';
import { stringsReady } from '../i18n/index.ts';
import { registerNavigate } from '../platform/navigation.ts';
import { loadAntdScope } from './antd-lazy.tsx';
import { BareLayout } from './layouts/BareLayout.tsx';
import { FrontLayout } from './layouts/FrontLayout.tsx';
import { RootShell } from './RootShell.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import type { RouteHandle } from './route-meta.ts';
import {
  type AppRoute,
  BARE_ROUTES,
  CONSOLE_ROUTE,
  ERROR_ROUTE,
  FRONT_ROUTES,
  NOT_FOUND_ROUTE,
  type PageModule,
  REDIRECTS,
} from './route-table.ts';

const notAvailableYet = () => import('../components/NotAvailableYet.tsx');
const errorPage = () => import('../components/ErrorPage.tsx');
const notFoundPage = () => import('../components/NotFound.tsx');

/**
 * Pages built from components/plain, which need no antd: the login page and the public activity,
 * article, agreement and adaptation-list pages (issue 16), so that a first visit to them downloads no antd (issue 19: ≤ 200 KB of
 * JavaScript; bench/web-bundle.ts measures it). Every
 * other page renders inside AntdScope (antd's locale and the brand's theme), loaded with the page.
 */
const PLAIN_PAGES = new Set([
  'Login',
  'ActivityList',
  'CustomActivity',
  'Article',
  'AgreementPrivacy',
  'AgreementUser',
  'AgreementPublish',
  'AdaptBookList',
  'AdaptBookListSearch',
]);

/** The page component of a lazily imported module, inside AntdScope unless the page is plain. */
const pageComponent = (route: AppRoute, load: () => Promise<PageModule>) => async () => {
  // With the page's strings in the language shown (the English ones download apart: i18n/index.ts).
  const loadPage = async () => {
    const page = await load();
    await stringsReady();
    return page;
  };
  if (PLAIN_PAGES.has(route.id)) return (await loadPage()).default;
  const [{ default: Page }, { AntdScope }] = await Promise.all([loadPage(), loadAntdScope()]);
  return function ScopedPage() {
    return (
      <AntdScope>
        <Page />
      </AntdScope>
    );
  };
};

/** One row of the route table → a lazily loaded route carrying its row in `handle`. */
function pageRoute(route: AppRoute, load: () => Promise<PageModule> = route.page ?? notAvailableYet): RouteObject {
  const handle: RouteHandle = { route };
  return {
    path: route.path,
    handle,
    lazy: { Component: pageComponent(route, load) },
  };
}

/** Redirects keep the query string (e.g. `?redirect=` on /front/register-login). */
const redirectRoutes: RouteObject[] = REDIRECTS.map(({ from, to }) => ({
  path: from,
  loader: ({ request }) => redirect(to + new URL(request.url).search),
}));

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      ...redirectRoutes,
      // The console brings its own layout and sign-in check (a 403 page for authors).
      pageRoute(CONSOLE_ROUTE),
      {
        Component: BareLayout,
        children: [{ ErrorBoundary: RouteErrorBoundary, children: BARE_ROUTES.map((r) => pageRoute(r)) }],
      },
      {
        Component: FrontLayout,
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              ...FRONT_ROUTES.map((r) => pageRoute(r)),
              pageRoute(ERROR_ROUTE, errorPage),
              pageRoute(NOT_FOUND_ROUTE, notFoundPage),
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

registerNavigate((to, options) => void router.navigate(to, options));
