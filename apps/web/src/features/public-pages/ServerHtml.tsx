/**
 * HTML written in the console: sanitized by the server (sanitize-html) before it was stored, the
 * one place it is cleaned; the browser renders it as given.
 */
export function ServerHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server when saved (public-pages/sanitize.ts).
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
