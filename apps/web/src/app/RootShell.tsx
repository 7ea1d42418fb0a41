import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from './DocumentTitle.tsx';

/** Above every layout: the page title and scroll restoration. */
export function RootShell() {
  return (
    <>
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
