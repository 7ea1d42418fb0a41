/**
 * The cover maker's drawing, shared by the server's render and the browser's live preview so that
 * what the author sees is what readers get: one SVG of the cover at 600×800 units (the platform's
 * cover size), rendered by the server (librsvg through sharp, fonts through fontconfig) and shown
 * inline by the browser (the same font files, served as subsets of the typed characters).
 */

export const COVER_SIZE = { width: 600, height: 800 } as const;

export const COVER_SLOT_KEYS = ['title', 'author', 'subtitle', 'genre'] as const;
export type CoverSlotKey = (typeof COVER_SLOT_KEYS)[number];

export const COVER_LIMITS = {
  /** Characters per slot's text. */
  text: { title: 20, author: 15, subtitle: 30, genre: 10 } as Record<CoverSlotKey, number>,
  sizeMin: 12,
  sizeMax: 120,
  /** A background the author uploads. */
  backgroundMaxBytes: 5 * 1024 * 1024,
  backgroundMinSide: 300,
  backgroundMaxSide: 6000,
} as const;

export type CoverAlign = 'start' | 'middle' | 'end';

export interface CoverSlotStyle {
  font_id: number;
  size: number;
  /** #rrggbb */
  color: string;
  /** Anchor point in cover units (0–600, 0–800); y is the text's baseline. */
  x: number;
  y: number;
  align: CoverAlign;
}

export type CoverSlots = Record<CoverSlotKey, CoverSlotStyle>;

/** What the author chose (stored as the book's tpl_setting, so the cover can be edited again). */
export interface CoverSetting {
  /** The author's own background (an upload), or null for the template's. */
  background_image: string | null;
  texts: Record<CoverSlotKey, string>;
  slots: CoverSlots;
}

export interface CoverTemplateView {
  tpl_id: number;
  name: string;
  background_image: string | null;
  background_color: string;
  background_color2: string;
  slots: CoverSlots;
}

export interface CoverFontView {
  font_id: number;
  name: string;
  family: string;
  weight: number;
  licence: string;
  licence_url: string;
}

export const CREATIVE_ERROR = {
  /** The cover's text contains a word of the sensitive-word list. */
  coverTextSensitive: 10017001,
  /** No image-generation provider is configured: AI pictures are not available. */
  aiImageUnavailable: 10017002,
  /** The author's AI pictures for today are used up. */
  aiImageDailyLimit: 10017003,
  /** The image provider failed (network, refusal, bad reply); the author may try again. */
  aiImageFailed: 10017004,
  /** A font the cover uses is not installed on the server: covers refuse rather than draw empty boxes. */
  coverFontMissing: 10017005,
} as const;

export const ILLUSTRATION_LIMITS = {
  perChapter: 50,
  captionMax: 100,
  imageMaxBytes: 5 * 1024 * 1024,
  minSide: 100,
  maxSide: 8000,
  /** Stored images are re-encoded to at most this width. */
  storedMaxWidth: 1200,
  aiPromptMax: 500,
  aiDailyLimit: 20,
} as const;

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface CoverDrawing {
  /** The cover's background: an image address (the browser's URL, or a data: URI on the server), or null. */
  backgroundHref: string | null;
  background_color: string;
  background_color2: string;
  texts: Record<CoverSlotKey, string>;
  slots: CoverSlots;
  /** The CSS font-family (quoted as needed) and weight of a font id. */
  fontOf: (fontId: number) => { family: string; weight: number };
  /** Output pixels; the drawing is always in 600×800 units. */
  width?: number;
  height?: number;
  /** The gradient's element id: inline SVGs on one page share one id space. */
  gradientId?: string;
}

const svgOpen = (width: number, height: number, viewBox: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="${viewBox}">`;

/** One slot's text element, or '' when it has no text. */
function textElement(d: Pick<CoverDrawing, 'texts' | 'slots' | 'fontOf'>, key: CoverSlotKey): string {
  const text = d.texts[key]?.trim();
  if (!text) return '';
  const s = d.slots[key];
  const font = d.fontOf(s.font_id);
  return `<text x="${s.x}" y="${s.y}" text-anchor="${s.align}" font-family="${escapeXml(font.family)}" font-weight="${font.weight}" font-size="${s.size}" fill="${s.color}">${escapeXml(text)}</text>`;
}

/** The cover as one SVG document. */
export function coverSvg(d: CoverDrawing): string {
  const { width: W, height: H } = COVER_SIZE;
  const width = d.width ?? W;
  const height = d.height ?? H;
  const gradient = d.gradientId ?? 'cover-bg';
  const parts: string[] = [
    svgOpen(width, height, `0 0 ${W} ${H}`),
    `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${d.background_color}"/><stop offset="1" stop-color="${d.background_color2}"/></linearGradient></defs>`,
    `<rect x="0" y="0" width="${W}" height="${H}" fill="url(#${gradient})"/>`,
  ];
  if (d.backgroundHref) {
    const href = escapeXml(d.backgroundHref);
    parts.push(
      `<image x="0" y="0" width="${W}" height="${H}" preserveAspectRatio="xMidYMid slice" href="${href}" xlink:href="${href}"/>`,
    );
  }
  for (const key of COVER_SLOT_KEYS) parts.push(textElement(d, key));
  parts.push('</svg>');
  return parts.join('');
}

/**
 * The server's way to draw the same texts cheaply: each slot's text alone in a small window of the
 * cover (whole output pixels, so every glyph lands on exactly the pixels it has in coverSvg), to be
 * laid over the ground. A window holds the text's whole em box with room to spare: a glyph is at
 * most 1 em wide, and Noto CJK draws within 1.16 em above and 0.29 em below the baseline (1.3 and 0.45 kept).
 */
export function coverTextWindows(
  d: Pick<CoverDrawing, 'texts' | 'slots' | 'fontOf'> & { width: number; height: number },
): Array<{ left: number; top: number; svg: string }> {
  const scale = d.width / COVER_SIZE.width;
  const windows: Array<{ left: number; top: number; svg: string }> = [];
  for (const key of COVER_SLOT_KEYS) {
    const element = textElement(d, key);
    if (!element) continue;
    const s = d.slots[key];
    const extent = [...d.texts[key].trim()].length * s.size;
    const from = s.align === 'start' ? s.x : s.align === 'middle' ? s.x - extent / 2 : s.x - extent;
    const pad = s.size * 0.25;
    const left = Math.max(0, Math.floor((from - pad) * scale));
    const right = Math.min(d.width, Math.ceil((from + extent + pad) * scale));
    const top = Math.max(0, Math.floor((s.y - s.size * 1.3) * scale));
    const bottom = Math.min(d.height, Math.ceil((s.y + s.size * 0.45) * scale));
    if (right <= left || bottom <= top) continue;
    const w = right - left;
    const h = bottom - top;
    windows.push({
      left,
      top,
      svg: `${svgOpen(w, h, `${left / scale} ${top / scale} ${w / scale} ${h / scale}`)}${element}</svg>`,
    });
  }
  return windows;
}
