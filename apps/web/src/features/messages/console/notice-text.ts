/**
 * A notice is stored as limited HTML (the authors' notice page sanitises and shows it). Staff write
 * it as plain text: a blank line starts a new paragraph, a single line break stays a line break.
 */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function noticeHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The text to edit of a stored notice: paragraphs and line breaks kept, other markup dropped. */
export function noticeText(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>\s*/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Whether editing as text keeps the notice as it is (only paragraphs and line breaks in it). */
export function isPlainNotice(html: string): boolean {
  return noticeHtml(noticeText(html)) === html.replace(/<br\s*\/?>/gi, '<br>');
}

// Schedule times are picked and shown in Beijing time (UTC+8), whatever the browser's zone: a
// picker value carries the Beijing wall time as its own wall time and is converted at the edges.

export const STATE_COLOR = { scheduled: 'blue', published: 'green', withdrawn: 'default' } as const;
