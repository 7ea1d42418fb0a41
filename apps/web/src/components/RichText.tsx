import { type ElementType, useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html.ts';

/** Server-provided markup, sanitised (see sanitize-html.ts). Use plain text wherever markup is not needed. */
export function RichText({ html, as: Tag = 'div', className }: { html: string; as?: ElementType; className?: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is sanitised just above.
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
