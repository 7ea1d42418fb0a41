/**
 * Markup from the server (dialog texts, notices) rendered without letting it run code: only
 * formatting tags survive, links keep safe addresses and open in a new tab, styles keep colour and
 * weight. Browser-only (DOMParser).
 */
const ALLOWED_TAGS = new Set([
  'A',
  'B',
  'BR',
  'DIV',
  'EM',
  'I',
  'LI',
  'OL',
  'P',
  'S',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'U',
  'UL',
]);
/** Removed together with everything inside them. */
const DROPPED_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
  'FORM',
  'TEXTAREA',
  'SELECT',
]);
const SAFE_STYLE = /^\s*(color|background-color|font-weight|font-style|text-decoration)\s*:\s*[#\w\s(),.%-]+\s*$/i;
const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

function cleanStyle(style: string): string {
  return style
    .split(';')
    .filter((rule) => SAFE_STYLE.test(rule) && !/url\s*\(|expression/i.test(rule))
    .map((rule) => rule.trim())
    .join('; ');
}

function cleanElement(el: Element): void {
  for (const attr of [...el.attributes]) {
    const name = attr.name.toLowerCase();
    if (name === 'class') continue;
    if (name === 'style') {
      const style = cleanStyle(attr.value);
      if (style) el.setAttribute('style', style);
      else el.removeAttribute('style');
      continue;
    }
    if (el.tagName === 'A' && name === 'href' && SAFE_HREF.test(attr.value.trim())) continue;
    el.removeAttribute(attr.name);
  }
  if (el.tagName === 'A') {
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', 'noopener noreferrer');
  }
}

function cleanChildren(parent: Element): void {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === Node.COMMENT_NODE) {
      child.remove();
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    if (DROPPED_TAGS.has(el.tagName)) {
      el.remove();
      continue;
    }
    cleanChildren(el);
    if (ALLOWED_TAGS.has(el.tagName)) cleanElement(el);
    else el.replaceWith(...el.childNodes);
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
