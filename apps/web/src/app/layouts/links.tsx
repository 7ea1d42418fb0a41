import { forumLinks, isFeedbackLink } from '@author-centre/shared/brands';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../../platform/brand.tsx';

/** Brand links are either app paths ('/front/…') or addresses on other sites ('https://…', 'bbs.x.com'). */
export function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** A bare domain from the brand's domain map becomes an https address. */
export function externalUrl(urlOrDomain: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(urlOrDomain) ? urlOrDomain : `https://${urlOrDomain}`;
}

/** App paths navigate inside the app; other addresses open in a new tab. */
export function BrandLink({
  url,
  children,
  className,
  label,
}: {
  url: string;
  children: ReactNode;
  className?: string;
  /** An icon-only link's name (aria-label and the plain tooltip's data-tip). */
  label?: string;
}) {
  const named = label ? { 'aria-label': label, 'data-tip': label } : {};
  if (isAppPath(url)) {
    return (
      <Link to={url} className={className} {...named}>
        {children}
      </Link>
    );
  }
  return (
    <a href={externalUrl(url)} target="_blank" rel="noopener noreferrer" className={className} {...named}>
      {children}
    </a>
  );
}

/**
 * The forum links (header module bbs, footer and right-bar feedback): they follow the server's
 * configured forum — the embedded forum's own pages, or Discourse (`forumLinks` in shared brands).
 */
export function useForumLinks(): { home: string; feedback: string; guide: string } {
  return forumLinks(useBrand().forum);
}

/** A footer link as shown: the feedback link (forum category 8) goes to the configured forum's feedback. */
export function footerLinkUrl(url: string, forum: { feedback: string }): string {
  return isFeedbackLink(url) ? forum.feedback : url;
}
