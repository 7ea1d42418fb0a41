import type { ReactNode } from 'react';
import { useRouteTitle } from '../../app/route-meta.ts';
import './auth.css';

/** The card every sign-in page sits in: the route title as the page heading, a lead line, the form. */
export function SignInShell({ lead, children, footer }: { lead?: string; children: ReactNode; footer?: ReactNode }) {
  const title = useRouteTitle();
  return (
    <section className="ac-card ac-signin" aria-labelledby="signin-title">
      <h1 id="signin-title" className="ac-signin__title">
        {title}
      </h1>
      {lead && <p className="ac-signin__lead">{lead}</p>}
      {children}
      {footer && <div className="ac-signin__footer">{footer}</div>}
    </section>
  );
}
