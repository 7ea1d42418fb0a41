import { countWords, normalizeChapterTitle, partTitle, refusedTitleChars, WORKS_LIMITS } from '@author-centre/shared';

/**
 * Intelligent chapter division of an imported manuscript: headings such as 第十二章, 第12章,
 * Chapter 12, 序章/楔子/番外 and volume headings (第一卷, Volume 2) split the text; the author
 * adjusts the result before any draft is created.
 */

const NUM = '零〇一二三四五六七八九十百千万两壹贰叁肆伍陆柒捌玖拾佰仟0-9０-９';
const SEP = '[\\s:：、.．\\-—–_·]*';
const CHAPTER = new RegExp(`^(第\\s*[${NUM}]+\\s*[章节回话集幕])${SEP}(.*)$`);
const VOLUME = new RegExp(`^(第\\s*[${NUM}]+\\s*[卷部])${SEP}(.*)$`);
const EN_CHAPTER = new RegExp(`^(chapter\\s*(?:\\d+|[ivxlcdm]+))\\b${SEP}(.*)$`, 'i');
const EN_VOLUME = new RegExp(`^((?:volume|vol\\.?)\\s*(?:\\d+|[ivxlcdm]+))\\b${SEP}(.*)$`, 'i');
const SPECIAL = new RegExp(
  `^(序章|序言|序|楔子|引子|前言|尾声|后记|终章|番外[${NUM}]*)(?:[\\s:：、.．\\-—–_·]+(.*))?$`,
);
/** A heading is a short line; a long one is prose that happens to start with 第…章. */
const HEADING_MAX = 40;
const NAME_MAX = 30;

/** 'skip' leaves a segment's text out of the import (a title page, a table of contents). */
export type SegmentKind = 'chapter' | 'volume' | 'skip';

export interface Heading {
  line: number;
  kind: SegmentKind;
  title: string;
  /** The line is the heading itself (left out of the chapter text); false for a split the author added inside text. */
  consume: boolean;
}

export interface SegmentPreview extends Heading {
  /** Lines in the segment after the heading. */
  lines: number;
  words: number;
  preview: string;
  /** The heading as found did not fit the title rule and was adjusted. */
  adjusted: boolean;
  /**
   * The segment is one part of a stretch longer than a chapter may be (WORKS_LIMITS.chapterTextMax),
   * split at paragraph boundaries into '<title>', '<title>之二', '<title>之三'…; the author can adjust.
   */
  split_for_size: boolean;
}

const FULL_WIDTH: Record<string, string> = { ',': '，', ':': '：', '!': '！', '?': '？', '(': '（', ')': '）' };

/**
 * A heading as the title of a chapter or volume, kept as written (decisions.md, text rules):
 * 'Chapter 12 The Letter' stays so, '第十二章 重逢' too. ASCII ,:!?() become their full-width forms,
 * other characters the rule refuses are dropped, spaces are collapsed.
 */
export function sanitizeTitle(heading: string): string {
  const mapped = heading.replace(/[,:!?()]/g, (c) => FULL_WIDTH[c]);
  const refused = new Set(refusedTitleChars(normalizeChapterTitle(mapped), true));
  const kept = normalizeChapterTitle([...mapped].filter((ch) => !refused.has(ch)).join(''));
  return normalizeChapterTitle([...kept].slice(0, WORKS_LIMITS.chapterTitleMax).join(''));
}

/** The heading a line is, if it is one. */
export function headingOf(line: string): { kind: 'chapter' | 'volume'; marker: string; name: string } | null {
  const text = line.trim();
  if (!text || text.length > HEADING_MAX) return null;
  for (const [re, kind] of [
    [VOLUME, 'volume'],
    [EN_VOLUME, 'volume'],
    [CHAPTER, 'chapter'],
    [EN_CHAPTER, 'chapter'],
    [SPECIAL, 'chapter'],
  ] as const) {
    const m = re.exec(text);
    const name = m?.[2] ?? '';
    if (m && name.length <= NAME_MAX && !/[。！？!?]$/.test(name)) return { kind, marker: m[1], name };
  }
  return null;
}

export function splitLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
}

/**
 * The longest paragraph kept as one line (half a chapter, so chapters can always be packed from whole
 * lines). A longer one (a manuscript without line breaks) is broken after a sentence end, or at the
 * limit when there is none; no character is dropped.
 */
export const PARAGRAPH_MAX = Math.floor(WORKS_LIMITS.chapterTextMax / 2);
const SENTENCE_END = /[。！？!?；;…」』”"）)]/;

export function breakLongLines(lines: string[], max = PARAGRAPH_MAX): string[] {
  if (!lines.some((l) => l.length > max)) return lines;
  const out: string[] = [];
  for (const line of lines) {
    let rest = line;
    while (rest.length > max) {
      let cut = max;
      for (let i = max; i > max / 2; i--) {
        if (SENTENCE_END.test(rest[i - 1]) && !SENTENCE_END.test(rest[i] ?? '')) {
          cut = i;
          break;
        }
      }
      // Never between the halves of a surrogate pair.
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut--;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    out.push(rest);
  }
  return out;
}

/** Characters of a line as the chapter text holds it (trimmed; 0 for a blank line). */
function tidyLength(line: string): number {
  return line.replace(/^[\s\u3000]+|[\s\u3000]+$/g, '').length;
}

/**
 * The title new parts of `h` are numbered from: when `h` is itself a part ('<title>之二', the author
 * merged the next part into it) the numbering goes on ('<title>之三'), else it starts at '<h>之二'.
 */
function chainOf(before: Heading[], h: Heading): { base: string; next: number } {
  if (h.title.includes('之')) {
    for (let j = before.length - 1; j >= 0 && j >= before.length - 200; j--) {
      const b = before[j];
      if (b.kind === 'volume') break;
      if (b.kind !== 'chapter') continue;
      for (let n = 2; n <= 1000; n++) if (partTitle(b.title, n) === h.title) return { base: b.title, next: n + 1 };
    }
  }
  return { base: h.title, next: 2 };
}

/**
 * Never cut a chapter: a chapter segment whose text is longer than `max` characters is split at
 * paragraph boundaries into parts of at most `max`, each a new heading ('<title>之二'…) that takes no
 * line of its own. Lines must be at most `max / 2` long (see breakLongLines).
 */
export function splitOversized(lines: string[], headings: Heading[], max = WORKS_LIMITS.chapterTextMax): Heading[] {
  let out: Heading[] | null = null;
  headings.forEach((h, i) => {
    const from = h.consume ? h.line + 1 : h.line;
    const to = headings[i + 1]?.line ?? lines.length;
    let raw = 0;
    if (h.kind === 'chapter') for (let k = from; k < to && raw <= max; k++) raw += lines[k].length + 1;
    if (raw <= max) {
      out?.push(h);
      return;
    }
    out ??= headings.slice(0, i);
    const chain = chainOf(out, h);
    out.push(h);
    let size = 0;
    let part = chain.next - 1;
    for (let k = from; k < to; k++) {
      const len = tidyLength(lines[k]);
      if (len === 0) continue;
      const next = size === 0 ? len : size + 1 + len;
      if (next > max && size > 0 && k > h.line) {
        out.push({ line: k, kind: 'chapter', title: partTitle(chain.base, ++part), consume: false });
        size = len;
      } else size = next;
    }
  });
  return out ?? headings;
}

/** The chapter made of text that stands under a volume heading before the volume's first chapter. */
export const VOLUME_TEXT_TITLE = '卷首语';

/**
 * Never drop text under a volume heading: a volume holds no text, so lines between a volume heading
 * and the next heading (a volume's foreword, or a chapter the author merged into the volume row)
 * become a chapter '卷首语' from their first non-blank line, shown in the preview to rename or skip.
 */
export function keepVolumeText(lines: string[], headings: Heading[]): Heading[] {
  let out: Heading[] | null = null;
  headings.forEach((h, i) => {
    out?.push(h);
    if (h.kind !== 'volume') return;
    const to = headings[i + 1]?.line ?? lines.length;
    for (let k = h.line + 1; k < to; k++) {
      if (!lines[k].trim()) continue;
      out ??= headings.slice(0, i + 1);
      out.push({ line: k, kind: 'chapter', title: VOLUME_TEXT_TITLE, consume: false });
      break;
    }
  });
  return out ?? headings;
}

/** The detected headings, with a leading "前言" segment when text comes before the first heading. */
export function detectHeadings(lines: string[]): Heading[] {
  const headings: Heading[] = [];
  for (let i = 0; i < lines.length; i++) {
    const h = headingOf(lines[i]);
    if (h) headings.push({ line: i, kind: h.kind, title: sanitizeTitle(lines[i]), consume: true });
  }
  const firstAt = headings[0]?.line ?? lines.length;
  if (lines.slice(0, firstAt).some((l) => l.trim())) {
    headings.unshift({ line: 0, kind: 'chapter', title: headings.length ? '前言' : '正文', consume: false });
  }
  return headings;
}

/** Each heading with the text it governs: up to the next heading. */
export function segmentText(lines: string[], h: Heading, next: Heading | undefined): string {
  const from = h.consume ? h.line + 1 : h.line;
  const to = next ? next.line : lines.length;
  return tidyBody(lines.slice(from, to));
}

/** Paragraphs without blank lines and with their indentation trimmed, as the editor holds them. */
export function tidyBody(lines: string[]): string {
  return lines
    .map((l) => l.replace(/^[\s\u3000]+|[\s\u3000]+$/g, ''))
    .filter((l) => l.length > 0)
    .join('\n');
}

export function preview(lines: string[], headings: Heading[], max = WORKS_LIMITS.chapterTextMax): SegmentPreview[] {
  const bodies = headings.map((h, i) => (h.kind === 'volume' ? '' : segmentText(lines, h, headings[i + 1])));
  // Parts of a stretch split for size: '<title>', '<title>之二', '<title>之三'… (split points taking no line)
  // whose text together is longer than a chapter may be; a split the author made in a short chapter is
  // named the same way but is no size split.
  const forSize = new Set<number>();
  let chain: number[] = [];
  const close = () => {
    if (chain.length > 1 && chain.reduce((sum, k) => sum + bodies[k].length + 1, -1) > max)
      for (const k of chain) forSize.add(k);
    chain = [];
  };
  headings.forEach((h, i) => {
    const base = chain[0];
    if (h.kind !== 'chapter') {
      close();
    } else if (base !== undefined && !h.consume && h.title === partTitle(headings[base].title, chain.length + 1)) {
      chain.push(i);
    } else {
      close();
      chain = [i];
    }
  });
  close();
  return headings.map((h, i) => {
    const body = bodies[i];
    const firstLine = body.slice(0, body.indexOf('\n') === -1 ? undefined : body.indexOf('\n'));
    const raw = lines[h.line]?.trim() ?? '';
    return {
      ...h,
      lines: (headings[i + 1]?.line ?? lines.length) - h.line - (h.consume ? 1 : 0),
      words: countWords(body),
      preview: [...firstLine].slice(0, 40).join(''),
      adjusted: h.consume && raw !== h.title,
      split_for_size: forSize.has(i),
    };
  });
}
