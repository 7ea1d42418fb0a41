import { Outlet } from 'react-router';
import './front-layout.css';

/** Pages outside /front (e.g. /sign-detail): no header or footer, just the page. */
export function BareLayout() {
  return (
    <main className="ac-bare">
      <Outlet />
    </main>
  );
}
