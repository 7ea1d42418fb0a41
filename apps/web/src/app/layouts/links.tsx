import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Brand links are either app paths ('/front/…') or addresses on other sites ('https://…', 'bbs.x.com'). */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** A bare domain from the brand's domain map becomes an https address. */
export function externalUrl(urlOrDomain: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(urlOrDomain) ? urlOrDomain : `https://${urlOrDomain}`;
}

/** App paths navigate inside the app; other addresses open in a new tab. */
export function BrandLink({ url, children, className }: { url: string; children: ReactNode; className?: string }) {
  if (isAppPath(url)) {
    return (
      <Link to={url} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={externalUrl(url)} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}

/** Forum category 8 is the feedback board (§2). */
export function feedbackUrl(bbsDomain: string): string {
  return `${externalUrl(bbsDomain).replace(/\/+$/, '')}/category/8`;
}
