/**
 * Works (books, volumes, chapters): the rules the server and the chapter editor must agree on —
 * the word-count rule, book kinds, chapter states and the sign-up thresholds of §1/§9.
 */

import type { LocalizedText } from './constants.ts';

export const BOOK_KINDS = ['novel', 'short', 'screenplay'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

/**
 * Chapter states. draft: never published. published: live, and the working text is the live text.
 * revised: live, but the working text was changed since and waits to be published again.
 */
export const CHAPTER_STATUSES = ['draft', 'published', 'revised'] as const;
export type ChapterStatus = (typeof CHAPTER_STATUSES)[number];

/** The notice volume of every novel and screenplay: its chapters never count towards words or streaks. */
export const NOTICE_VOLUME_TITLE = '作品相关';
export const DEFAULT_VOLUME_TITLE = '第一卷';

/** Limits of a work (ours). */
export const WORKS_LIMITS = {
  titleMax: 30,
  chapterTitleMax: 50,
  volumeTitleMax: 30,
  introMin: 20,
  introMax: 500,
  tagsMax: 5,
  tagMax: 8,
  authorSayMax: 1000,
  /** One chapter's text, in characters. */
  chapterTextMax: 200_000,
  /** Below this many words a chapter is "very short" (a warning before publishing). */
  shortChapterWords: 300,
  /** Books per kind an author account may hold. */
  booksPerKindMax: 50,
  /** The editor autosaves this long after the last keystroke … */
  autosaveDebounceMs: 200,
  /** … and at least this often while there is unsaved text. */
  autosaveIntervalMs: 5000,
  /** A version-history snapshot is kept at most this often while autosaving. */
  versionSnapshotMs: 5 * 60 * 1000,
  importMaxBytes: 20 * 1024 * 1024,
  coverMaxBytes: 5 * 1024 * 1024,
} as const;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

const isAsciiAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAsciiDigit = (c: number) => c >= 48 && c <= 57;

/**
 * The Chinese word-count rule of the editor and of every total:
 * - every CJK character (Han, kana, hangul) is one word;
 * - every run of other letters or digits (Latin, full-width, Roman numerals Ⅰ–Ⅻ …) is one word,
 *   an apostrophe or hyphen inside a run (don't, well-known) and a point or comma between digits
 *   (3.14, 10,000) keep it one word;
 * - punctuation, symbols, emoji and whitespace are not counted.
 * So '第12章 Hello, world！' is 第 + 12 + 章 + Hello + world = 5 words.
 */
export function countWords(text: string): number {
  let count = 0;
  let inRun = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (isAsciiAlnum(c)) {
        if (!inRun) {
          count++;
          inRun = true;
        }
      } else if (inRun && i + 1 < n) {
        const next = text.charCodeAt(i + 1);
        const prev = text.charCodeAt(i - 1);
        const joinsWord = (c === 39 || c === 45) && isAsciiAlnum(next) && isAsciiAlnum(prev);
        const joinsNumber = (c === 46 || c === 44) && isAsciiDigit(next) && isAsciiDigit(prev);
        if (!joinsWord && !joinsNumber) inRun = false;
      } else {
        inRun = false;
      }
      continue;
    }
    if (c >= 0x4e00 && c <= 0x9fff) {
      count++;
      inRun = false;
      continue;
    }
    // Fast paths for the punctuation of Chinese text: CJK symbols (。、「」…) and general punctuation
    // (“”…—), and full-width punctuation (，！？：) outside the full-width letters and digits.
    if (
      (c >= 0x3000 && c <= 0x3004) ||
      (c >= 0x3008 && c <= 0x3020) ||
      (c >= 0x2000 && c <= 0x206f && c !== 0x2019) ||
      (c >= 0xff00 && c <= 0xff0f) ||
      (c >= 0xff1a && c <= 0xff20)
    ) {
      inRun = false;
      continue;
    }
    let ch = text[i];
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      ch = text.slice(i, i + 2);
      i++;
    }
    if (CJK.test(ch)) {
      count++;
      inRun = false;
    } else if (WORD_CHAR.test(ch)) {
      if (!inRun) {
        count++;
        inRun = true;
      }
    } else if (c === 0x2019 && inRun && i + 1 < n && WORD_CHAR.test(text[i + 1])) {
      // a typographic apostrophe inside a word
    } else {
      inRun = false;
    }
  }
  return count;
}

/**
 * A brand's sign-up condition as a number of words: '2万' → 20000, '4千' → 4000, '15000' → 15000.
 * Unreadable text gives 20000, the main platform's threshold (§1).
 */
export function parseWordAmount(text: string | number): number {
  if (typeof text === 'number') return text;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(万|千|w|k)?\s*(字)?\s*$/i.exec(text);
  if (!m) return 20_000;
  const unit = m[2] === '万' || m[2]?.toLowerCase() === 'w' ? 10_000 : m[2] ? 1000 : 1;
  return Math.round(Number(m[1]) * unit);
}

/** The words a book of this kind needs before its author may apply for signing (§1, §9). */
export function signThresholdWords(
  kind: BookKind,
  brand: { applySignCondition: string; shortStorySignCondition: number },
): number {
  return kind === 'short' ? brand.shortStorySignCondition : parseWordAmount(brand.applySignCondition);
}

/** Categories an author chooses from, per kind (ours; a brand may later configure its own). */
export const BOOK_CATEGORIES: Readonly<Record<BookKind, readonly { value: string; label: LocalizedText }[]>> = {
  novel: [
    { value: 'xuanhuan', label: { 'zh-CN': '玄幻', 'en-US': 'Fantasy' } },
    { value: 'xianxia', label: { 'zh-CN': '仙侠', 'en-US': 'Xianxia' } },
    { value: 'dushi', label: { 'zh-CN': '都市', 'en-US': 'Urban' } },
    { value: 'lishi', label: { 'zh-CN': '历史', 'en-US': 'Historical' } },
    { value: 'kehuan', label: { 'zh-CN': '科幻', 'en-US': 'Science fiction' } },
    { value: 'xuanyi', label: { 'zh-CN': '悬疑', 'en-US': 'Mystery' } },
    { value: 'yanqing', label: { 'zh-CN': '言情', 'en-US': 'Romance' } },
    { value: 'youxi', label: { 'zh-CN': '游戏', 'en-US': 'Gaming' } },
    { value: 'qingchun', label: { 'zh-CN': '青春', 'en-US': 'Youth' } },
  ],
  short: [
    { value: 'hunlian', label: { 'zh-CN': '婚恋', 'en-US': 'Love and marriage' } },
    { value: 'xuanyi', label: { 'zh-CN': '悬疑', 'en-US': 'Mystery' } },
    { value: 'xianshi', label: { 'zh-CN': '现实', 'en-US': 'Realism' } },
    { value: 'nuelian', label: { 'zh-CN': '虐恋', 'en-US': 'Angst' } },
    { value: 'naodong', label: { 'zh-CN': '脑洞', 'en-US': 'Wild ideas' } },
  ],
  screenplay: [
    { value: 'duanju', label: { 'zh-CN': '短剧', 'en-US': 'Short drama' } },
    { value: 'dianying', label: { 'zh-CN': '电影', 'en-US': 'Film' } },
    { value: 'juji', label: { 'zh-CN': '剧集', 'en-US': 'Series' } },
  ],
};

/** Findings of the checks before publishing. 'block' stops publishing; 'warn' may be published anyway. */
export type TextCheckRule = 'sensitive' | 'typo' | 'empty' | 'short' | 'duplicate' | 'title';
export type TextCheckSeverity = 'block' | 'warn';

export interface TextCheckFinding {
  rule: TextCheckRule;
  severity: TextCheckSeverity;
  /** The word found (sensitive, typo). */
  word?: string;
  /** A suggested replacement (typo). */
  suggestion?: string;
  /** Where in the text: character offset and length (sensitive, typo). */
  offset?: number;
  length?: number;
  /** Paragraph index (0-based) of the offset. */
  paragraph?: number;
  /** The earlier chapter this one duplicates. */
  chapter_id?: number;
  chapter_title?: string;
  message: string;
}

/** Schedules of recurring publishing (regular-time-data). */
export interface RegularSchedule {
  enabled: boolean;
  /** 'HH:mm' in Asia/Shanghai. */
  time: string;
  /** ISO weekdays 1 (Monday) – 7 (Sunday) on which it publishes; all seven for every day. */
  weekdays: number[];
  /** Drafts published at each time, from the front of the drafts queue. */
  count: number;
}

/**
 * Business codes of works (in the 10000000–199999999 band of §8, so the client toasts them unless
 * a page handles them itself, as the editor does with a save conflict).
 */
export const WORKS_ERROR = {
  /** Another book of the brand has this title. */
  bookTitleTaken: 10007001,
  /** The book has published or paid chapters and cannot be deleted. */
  bookNotDeletable: 10007002,
  /** A save based on an older revision than the server's: both texts come back (HTTP 409). */
  chapterSaveConflict: 10007003,
  /** The checks before publishing found something to fix (data.findings); some allow publishing anyway. */
  publishChecksFailed: 10007004,
  /** The scheduled publication already ran (or is running): it can no longer be cancelled or moved. */
  scheduleAlreadyFired: 10007005,
  /** A published chapter would change between free and paid. */
  payPointLocked: 10007006,
  /** A published paid chapter cannot be deleted. */
  chapterNotDeletable: 10007007,
  /** The import file could not be read. */
  importUnreadable: 10007008,
  /** Too many books of this kind. */
  bookLimitReached: 10007009,
  /** The book has no published chapter, so the reading site has no page for it (jump-book-detail). */
  bookNotPublished: 10007010,
} as const;

const DIGITS = '零一二三四五六七八九';

/** 2 → 二, 10 → 十, 12 → 十二, 35 → 三十五, 101 → 一百零一 (up to 9999). */
export function chineseNumber(n: number): string {
  if (n < 10) return DIGITS[n];
  if (n < 20) return `十${n % 10 ? DIGITS[n % 10] : ''}`;
  const units = ['', '十', '百', '千'];
  const digits = String(n).split('').map(Number);
  let out = '';
  let zero = false;
  digits.forEach((d, i) => {
    const unit = units[digits.length - 1 - i];
    if (d === 0) {
      zero = true;
      return;
    }
    if (zero && out) out += '零';
    zero = false;
    out += DIGITS[d] + unit;
  });
  return out;
}

/** The title of the n-th part (n ≥ 2) of a chapter split in two (on import, for size or by the author): '<title>之二', within the title limit. */
export function partTitle(base: string, n: number): string {
  const suffix = `之${chineseNumber(n)}`;
  return [...base].slice(0, WORKS_LIMITS.chapterTitleMax - suffix.length).join('') + suffix;
}
