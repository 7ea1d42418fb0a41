import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CHAPTER_TITLE_MESSAGE,
  normalizeChapterTitle,
  refusedCharsMessage,
  refusedTitleChars,
  type TextCheckFinding,
  type TextCheckRule,
  WORKS_LIMITS,
} from '@author-centre/shared';
import type { Localized } from '../../platform/http/errors.ts';
import { type Executor, readingOrder, textHash, titleProblem } from './works.repository.ts';

/**
 * The checks before publishing (text-correct): sensitive words from the maintained list, common
 * misspellings, empty or very short chapters, a duplicate of an earlier chapter, the title's
 * pattern. Sensitive words, empty text, duplicates and a bad title block publishing; typos and a
 * short chapter are warnings the author may publish anyway.
 */

const LISTS_DIR = resolve(import.meta.dirname, 'wordlists');

function readList(file: string): string[] {
  return readFileSync(resolve(LISTS_DIR, file), 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

let lists: { sensitive: string[]; typos: Array<{ wrong: string; right: string }> } | null = null;

/** The word lists, read once per process (a deploy ships a new list). */
export function wordLists() {
  if (!lists) {
    lists = {
      sensitive: readList('sensitive-words.txt'),
      typos: readList('typos.txt').map((line) => {
        const [wrong, right] = line.split('=>').map((s) => s.trim());
        return { wrong, right };
      }),
    };
  }
  return lists;
}

type Lang = 'zh-CN' | 'en-US';

const MESSAGES = {
  sensitive: (w: string): Localized => ({
    'zh-CN': `含敏感词「${w}」，请修改后发布`,
    'en-US': `Contains the sensitive word "${w}"; please change it before publishing`,
  }),
  typo: (w: string, r: string): Localized => ({
    'zh-CN': `「${w}」可能是错别字，建议改为「${r}」`,
    'en-US': `"${w}" may be a misspelling of "${r}"`,
  }),
  empty: { 'zh-CN': '章节内容为空，不能发布', 'en-US': 'The chapter is empty and cannot be published' } as Localized,
  short: (n: number): Localized => ({
    'zh-CN': `章节仅${n}字，内容偏短（建议不少于${WORKS_LIMITS.shortChapterWords}字）`,
    'en-US': `The chapter has only ${n} words (at least ${WORKS_LIMITS.shortChapterWords} are recommended)`,
  }),
  duplicate: (t: string): Localized => ({
    'zh-CN': `内容与章节「${t}」重复，请检查是否贴错`,
    'en-US': `The text duplicates the chapter "${t}"; please check you pasted the right text`,
  }),
  nearDuplicate: (t: string): Localized => ({
    'zh-CN': `内容与章节「${t}」大量重复`,
    'en-US': `Much of the text repeats the chapter "${t}"`,
  }),
  /** A note stored before the refused characters were part of it. */
  title: {
    'zh-CN': `章节标题为空或含不支持的字符（${CHAPTER_TITLE_MESSAGE['zh-CN']}）`,
    'en-US': `The chapter title is empty or has unsupported characters (${CHAPTER_TITLE_MESSAGE['en-US']})`,
  } as Localized,
  titleEmpty: { 'zh-CN': '章节标题不能为空', 'en-US': 'The chapter title cannot be empty' } as Localized,
  titleLong: (max: number): Localized => ({
    'zh-CN': `章节标题最多${max}个字`,
    'en-US': `The chapter title may have at most ${max} characters`,
  }),
  /** Names the characters refused, as saving a title does (works.repository.ts). */
  titleChars: (chars: string[]): Localized => {
    const rule = refusedCharsMessage(chars, true);
    return { 'zh-CN': `章节标题${rule['zh-CN']}`, 'en-US': `Chapter title: ${rule['en-US']}` };
  },
};

/** What is wrong with a chapter title, as parameters: empty, too long, or the characters refused. */
export function titleProblemParams(title: string): Record<string, string | number> {
  const value = normalizeChapterTitle(title);
  if (!value) return { problem: 'empty' };
  if ([...value].length > WORKS_LIMITS.chapterTitleMax) return { problem: 'long', max: WORKS_LIMITS.chapterTitleMax };
  return { problem: 'chars', chars: refusedTitleChars(value, true).join('') };
}

function titleText(p: Record<string, string | number>, lang: Lang): string {
  if (p.problem === 'empty') return MESSAGES.titleEmpty[lang];
  if (p.problem === 'long') return MESSAGES.titleLong(Number(p.max))[lang];
  if (p.problem === 'chars' && p.chars) return MESSAGES.titleChars([...String(p.chars)])[lang];
  return MESSAGES.title[lang];
}

/**
 * A finding as stored in a scheduled-publishing note: its rule and parameters, not its wording,
 * so the note is shown in the language of whoever reads it (issue 18).
 */
export interface FindingCode {
  rule: TextCheckRule;
  params: Record<string, string | number>;
}

export function findingCode(f: TextCheckFinding, words: number, title = ''): FindingCode {
  switch (f.rule) {
    case 'title':
      return { rule: f.rule, params: titleProblemParams(title) };
    case 'sensitive':
      return { rule: f.rule, params: { word: f.word ?? '' } };
    case 'typo':
      return { rule: f.rule, params: { word: f.word ?? '', suggestion: f.suggestion ?? '' } };
    case 'duplicate':
      return { rule: f.rule, params: { title: f.chapter_title ?? '', severity: f.severity } };
    case 'short':
      return { rule: f.rule, params: { words } };
    default:
      return { rule: f.rule, params: {} };
  }
}

/** A stored finding worded in `lang`. */
export function findingText(code: FindingCode, lang: Lang): string {
  const p = code.params;
  switch (code.rule) {
    case 'sensitive':
      return MESSAGES.sensitive(String(p.word))[lang];
    case 'typo':
      return MESSAGES.typo(String(p.word), String(p.suggestion))[lang];
    case 'duplicate':
      return (p.severity === 'warn' ? MESSAGES.nearDuplicate : MESSAGES.duplicate)(String(p.title))[lang];
    case 'short':
      return MESSAGES.short(Number(p.words))[lang];
    case 'empty':
      return MESSAGES.empty[lang];
    case 'title':
      return titleText(p, lang);
  }
}

function paragraphIndex(lineStarts: number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The sensitive word of the maintained list a word is or contains, if any. Such a word can never be
 * one of the author's excludes: excludes silence typos only.
 */
export function sensitiveWordIn(word: string): string | null {
  return wordLists().sensitive.find((s) => word.includes(s)) ?? null;
}

/**
 * Every occurrence of each listed word in the text. The author's excludes silence typos only: a
 * sensitive word is always found, whatever the author has excluded.
 */
export function findWords(
  text: string,
  excludes: ReadonlySet<string>,
  lang: Lang,
  limitPerWord = 20,
  brandWords: readonly string[] = [],
): TextCheckFinding[] {
  const { typos } = wordLists();
  const sensitive = brandWords.length ? [...wordLists().sensitive, ...brandWords] : wordLists().sensitive;
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const findings: TextCheckFinding[] = [];
  const scan = (word: string, make: (offset: number) => TextCheckFinding) => {
    let n = 0;
    for (let at = text.indexOf(word); at !== -1 && n < limitPerWord; at = text.indexOf(word, at + word.length), n++) {
      findings.push({ ...make(at), offset: at, length: word.length, paragraph: paragraphIndex(lineStarts, at) });
    }
  };
  for (const word of sensitive) {
    scan(word, () => ({ rule: 'sensitive', severity: 'block', word, message: MESSAGES.sensitive(word)[lang] }));
  }
  for (const { wrong, right } of typos) {
    if (excludes.has(wrong)) continue;
    scan(wrong, () => ({
      rule: 'typo',
      severity: 'warn',
      word: wrong,
      suggestion: right,
      message: MESSAGES.typo(wrong, right)[lang],
    }));
  }
  return findings.sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0));
}

const PARAGRAPH_MIN = 10;

function paragraphSet(text: string): Set<string> {
  const set = new Set<string>();
  for (const p of text.split('\n')) {
    const t = p.trim();
    if (t.length >= PARAGRAPH_MIN) set.add(t);
  }
  return set;
}

export interface CheckSubject {
  chapterId: number;
  bookId: number;
  title: string;
  body: string;
  words: number;
}

/** All findings for a chapter about to be published, in text order after the chapter-level ones. */
export async function checkChapter(
  db: Executor,
  subject: CheckSubject,
  excludes: ReadonlySet<string>,
  lang: Lang,
): Promise<TextCheckFinding[]> {
  const findings: TextCheckFinding[] = [];
  if (titleProblem(subject.title)) {
    findings.push({ rule: 'title', severity: 'block', message: titleText(titleProblemParams(subject.title), lang) });
  }
  if (subject.words === 0) {
    findings.push({ rule: 'empty', severity: 'block', message: MESSAGES.empty[lang] });
    return findings;
  }
  if (subject.words < WORKS_LIMITS.shortChapterWords) {
    findings.push({ rule: 'short', severity: 'warn', message: MESSAGES.short(subject.words)[lang] });
  }
  const same = await earlierDuplicate(db, subject);
  if (same) {
    findings.push({
      rule: 'duplicate',
      severity: 'block',
      chapter_id: same.id,
      chapter_title: same.title,
      message: MESSAGES.duplicate(same.title)[lang],
    });
  } else {
    const near = await nearDuplicate(db, subject);
    if (near) {
      findings.push({
        rule: 'duplicate',
        severity: 'warn',
        chapter_id: near.id,
        chapter_title: near.title,
        message: MESSAGES.nearDuplicate(near.title)[lang],
      });
    }
  }
  // The brand's own sensitive words (kept in the console, issue 14) join the maintained list.
  const brandWords = await db
    .selectFrom('sensitive_words')
    .innerJoin('chapters', 'chapters.client_id', 'sensitive_words.client_id')
    .select('sensitive_words.word')
    .where('chapters.id', '=', subject.chapterId)
    .execute();
  findings.push(
    ...findWords(
      subject.body,
      excludes,
      lang,
      20,
      brandWords.map((w) => w.word),
    ),
  );
  return findings;
}

/**
 * An earlier chapter with exactly this text: a live one (published, whatever its place), or one
 * before this chapter in reading order. A later draft holding the same text does not stop this
 * chapter: that later one is the duplicate, and its own check says so.
 */
async function earlierDuplicate(db: Executor, subject: CheckSubject): Promise<{ id: number; title: string } | null> {
  const same = await db
    .selectFrom('chapters')
    .select(['id', 'title', 'status'])
    .where('book_id', '=', subject.bookId)
    .where('text_hash', '=', textHash(subject.body))
    .where('id', '<>', subject.chapterId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  if (same.length === 0) return null;
  const live = same.find((c) => c.status !== 'draft');
  if (live) return live;
  const order = await readingOrder(db, subject.bookId);
  const position = new Map(order.map((c, i) => [c.id, i]));
  const mine = position.get(subject.chapterId) ?? order.length;
  let earliest: { id: number; title: string } | null = null;
  let earliestAt = mine;
  for (const c of same) {
    const at = position.get(c.id) ?? Number.POSITIVE_INFINITY;
    if (at < earliestAt) {
      earliest = c;
      earliestAt = at;
    }
  }
  return earliest && { id: earliest.id, title: earliest.title };
}

/**
 * Most of the text's paragraphs (80 % or more) also appear in one of the three chapters before it:
 * the usual sign of a chapter pasted twice with a few edits.
 */
async function nearDuplicate(db: Executor, subject: CheckSubject): Promise<{ id: number; title: string } | null> {
  const mine = paragraphSet(subject.body);
  if (mine.size < 3) return null;
  const order = await readingOrder(db, subject.bookId);
  const at = order.findIndex((c) => c.id === subject.chapterId);
  const before = (at === -1 ? order.slice(-3) : order.slice(Math.max(0, at - 3), at)).map((c) => c.id);
  if (before.length === 0) return null;
  const others = await db
    .selectFrom('chapter_texts')
    .innerJoin('chapters', 'chapters.id', 'chapter_texts.chapter_id')
    .select(['chapters.id', 'chapters.title', 'chapter_texts.body'])
    .where('chapters.id', 'in', before)
    .execute();
  for (const other of others) {
    const theirs = paragraphSet(other.body);
    let shared = 0;
    for (const p of mine) if (theirs.has(p)) shared++;
    if (shared / mine.size >= 0.8) return { id: other.id, title: other.title };
  }
  return null;
}

export async function excludesOf(db: Executor, accountId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('text_check_excludes').select('word').where('account_id', '=', accountId).execute();
  return new Set(rows.map((r) => r.word));
}
