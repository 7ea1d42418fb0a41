/**
 * Validation rules of spec §5 as messages, patterns and plain predicates: the one source of truth
 * for each rule. validators.ts builds the server's zod schemas from these; web forms import this
 * module directly, so a page that validates a phone does not download zod.
 */

import type { Locale, LocalizedText } from './constants.ts';
import { shanghaiDate } from './dates.ts';

// ---------------------------------------------------------------------------------------------
// Messages. The spec states some in English and some in Chinese; each is kept verbatim in the
// language it was stated in and translated into the other. Messages marked "ours" are not in the
// spec.

export const PHONE_MESSAGE: LocalizedText = {
  'en-US': 'Please enter a correct phone number',
  'zh-CN': '请输入正确的手机号码',
};
export const CODE_EMPTY_MESSAGE: LocalizedText = {
  'en-US': 'Verification code cannot be empty',
  'zh-CN': '验证码不能为空',
};
export const CODE_WRONG_MESSAGE: LocalizedText = {
  'en-US': 'Verification code is wrong',
  'zh-CN': '验证码错误',
};
export const PHONES_DIFFERENT_MESSAGE: LocalizedText = {
  'en-US': 'Please enter different phone numbers',
  'zh-CN': '请输入不同的手机号码',
};
export const TEXT_PATTERN_MESSAGE: LocalizedText = {
  'zh-CN': '仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、及，：！？中文标点',
  'en-US':
    'Only Chinese and English letters, digits (including Roman numerals Ⅰ~Ⅻ) and the Chinese punctuation ，：！？ are supported',
};
/**
 * Ours (decisions.md, text rules): chapter and volume titles take §5's pattern plus single spaces
 * and the punctuation authors use in titles.
 */
export const CHAPTER_TITLE_MESSAGE: LocalizedText = {
  'zh-CN': '仅支持中英文、数字（含罗马数字Ⅰ~Ⅻ）、单个空格及，：！？·、—…《》“”‘’（）-',
  'en-US':
    'Only Chinese and English letters, digits (including Roman numerals Ⅰ~Ⅻ), single spaces and ，：！？·、—…《》“”‘’（）- are supported',
};

/**
 * The rule's message naming the characters refused ('「#」不可用于标题：…'), so the author knows what to
 * change without guessing; `chapter` picks the chapter/volume reading of the rule.
 */
export function refusedCharsMessage(chars: readonly string[], chapter: boolean): LocalizedText {
  const rule = chapter ? CHAPTER_TITLE_MESSAGE : TEXT_PATTERN_MESSAGE;
  if (chars.length === 0) return rule;
  const shown = chars.map((c) => (/\s/.test(c) ? '␣' : c));
  return {
    'zh-CN': `不能使用「${shown.join('」「')}」，${rule['zh-CN']}`,
    'en-US': `"${shown.join('" "')}" cannot be used. ${rule['en-US']}`,
  };
}

/** Ours. */
export const REAL_NAME_MESSAGE: LocalizedText = {
  'zh-CN': '请输入正确的真实姓名',
  'en-US': 'Please enter a correct real name',
};
/** Ours. */
export const ID_CARD_MESSAGE: LocalizedText = {
  'zh-CN': '请输入正确的身份证号码',
  'en-US': 'Please enter a correct ID card number',
};
/** Ours. */
export const BANK_CARD_MESSAGE: LocalizedText = {
  'zh-CN': '请输入正确的银行卡号',
  'en-US': 'Please enter a correct bank card number',
};
/** Ours. */
export const RATE_MESSAGE: LocalizedText = {
  'zh-CN': '请输入数字',
  'en-US': 'Please enter a number',
};

export const VALIDATION_MESSAGES = {
  phone: PHONE_MESSAGE,
  codeEmpty: CODE_EMPTY_MESSAGE,
  codeWrong: CODE_WRONG_MESSAGE,
  phonesDifferent: PHONES_DIFFERENT_MESSAGE,
  textPattern: TEXT_PATTERN_MESSAGE,
  realName: REAL_NAME_MESSAGE,
  idCard: ID_CARD_MESSAGE,
  bankCard: BANK_CARD_MESSAGE,
  rate: RATE_MESSAGE,
} as const;

const STATED_IN_ENGLISH = new Set<LocalizedText>([
  PHONE_MESSAGE,
  CODE_EMPTY_MESSAGE,
  CODE_WRONG_MESSAGE,
  PHONES_DIFFERENT_MESSAGE,
]);

/**
 * A message in the given locale; without one, in the spec's own wording (English where the spec
 * states it in English, otherwise Chinese).
 */
export function messageText(message: LocalizedText, locale?: Locale): string {
  return message[locale ?? (STATED_IN_ENGLISH.has(message) ? 'en-US' : 'zh-CN')];
}

/**
 * Translates a validation message produced by the schemas below (in either language) into
 * `locale`; any other text is returned unchanged. Lets the server answer in the user's language.
 */
export function localizeMessage(text: string, locale: Locale): string {
  for (const m of Object.values(VALIDATION_MESSAGES)) {
    if (m['en-US'] === text || m['zh-CN'] === text) return m[locale];
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// Codes

/**
 * `type` sent with a verification-code request. '6' and '10' are the spec's (§5); the rest are
 * ours, one per flow, so a code sent for one flow cannot be spent on another.
 */
export const SMS_CODE_TYPE = {
  /** Ours: phone + code login. */
  login: '1',
  /** Ours: quick register. */
  register: '2',
  /** Ours: find (reset) password. */
  resetPassword: '3',
  /** Ours: change the account's phone. */
  changePhone: '4',
  /** Ours: informer phone check in the report studio. */
  reportStudio: '5',
  /** Spec: complete author info (pop 1). */
  authorInfo: '6',
  /** Spec: bind a phone to a pen name. */
  penNameBind: '10',
} as const;
export type SmsCodeType = (typeof SMS_CODE_TYPE)[keyof typeof SMS_CODE_TYPE];

// ---------------------------------------------------------------------------------------------
// Patterns and predicates

/** Exactly 11 digits: enough to request a code (§5). */
export const PHONE_PATTERN = /^\d{11}$/;
/** Mainland mobile number: 11 digits, 1 then 3-9 (§5). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{4}$/;
/**
 * Han characters, with the middle dot only between them (阿卜杜拉·买买提): a leading, trailing or
 * doubled dot is never part of a real name.
 */
export const REAL_NAME_PATTERN = /^\p{Script=Han}+(?:·\p{Script=Han}+)*$/u;
/** 16-19 digits, not starting with 0. */
export const BANK_CARD_PATTERN = /^[1-9]\d{15,18}$/;
/** Han characters, ASCII letters and digits, Roman numerals Ⅰ-Ⅻ (U+2160–U+216B), and ，：！？. */
export const TEXT_PATTERN = /^[\p{Script=Han}A-Za-z0-9\u2160-\u216B，：！？]+$/u;
/** §5's pattern plus the title punctuation of decisions.md, one character at a time (spaces apart). */
const CHAPTER_TITLE_CHAR = /^[\p{Script=Han}A-Za-z0-9\u2160-\u216B，：！？·、—…《》“”‘’（）-]$/u;
/** Half- and full-width spaces; a run of them (or a tab) becomes one. */
const TITLE_SPACES = /[ \u3000\t]+/g;
const NUMERIC_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The "can a code be requested" check (§5): exactly 11 digits. */
export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

export function isSmsCode(value: string): boolean {
  return SMS_CODE_PATTERN.test(value);
}

export function isRealName(value: string): boolean {
  return REAL_NAME_PATTERN.test(value);
}

export function isBankCard(value: string): boolean {
  return BANK_CARD_PATTERN.test(value);
}

/** Whether a text is non-empty and uses only the allowed characters of §5. */
export function isAllowedText(value: string): boolean {
  return TEXT_PATTERN.test(value);
}

/**
 * A chapter or volume title as stored: trimmed at the ends, each run of spaces collapsed to its
 * first space (a full-width space stays full-width). '第一章  初入江湖 ' → '第一章 初入江湖'.
 */
export function normalizeChapterTitle(value: string): string {
  return value.trim().replace(TITLE_SPACES, (run) => (run[0] === '\t' ? ' ' : run[0]));
}

/**
 * The characters a title may not use, each once, in order of appearance: §5's pattern for pen
 * names and book titles; for chapter and volume titles (`chapter`), that pattern plus single
 * spaces and ·、—…《》“”‘’（）- (decisions.md). Check a chapter title after normalizing it.
 */
export function refusedTitleChars(value: string, chapter: boolean): string[] {
  const refused = new Set<string>();
  for (const ch of value) {
    if (chapter ? ch === ' ' || ch === '\u3000' || CHAPTER_TITLE_CHAR.test(ch) : TEXT_PATTERN.test(ch)) continue;
    refused.add(ch);
  }
  return [...refused];
}

/** Whether a (normalized) chapter or volume title is non-empty and allowed (decisions.md, text rules). */
export function isAllowedChapterTitle(value: string): boolean {
  return value.length > 0 && value === normalizeChapterTitle(value) && refusedTitleChars(value, true).length === 0;
}

/** A rate is valid if numeric (§5): a finite number, or a decimal string such as '12', '0.5', '-3'. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && NUMERIC_PATTERN.test(value.trim());
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** The GB 11643-1999 check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK_CHARS[sum % 11];
}

/** The 'YYYY-MM-DD' birth date of an 18-character ID number, or undefined when it is not a real date. */
export function idCardBirthDate(id: string): string | undefined {
  const date = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const utc = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return utc.toISOString().slice(0, 10) === date ? date : undefined;
}

/**
 * National ID (GB 11643-1999): 17 digits and a check character (digit or X/x), a real birth date
 * from 1900 up to today (Shanghai), and the right check character. `now` is for tests.
 */
export function isIdCard(value: string, now: number = Date.now()): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  const birth = idCardBirthDate(value);
  if (!birth || birth < '1900-01-01' || birth > shanghaiDate(now)) return false;
  return idCardCheckChar(value) === value[17].toUpperCase();
}

/**
 * Indexes of the rows whose phone also appears in another row (§5, pen-name bind: 'Please enter
 * different phone numbers'). Empty rows never clash. The caller skips rows it does not edit.
 */
export function duplicatePhoneIndexes(phones: readonly string[]): number[] {
  const count = new Map<string, number>();
  for (const p of phones) if (p) count.set(p, (count.get(p) ?? 0) + 1);
  return phones.flatMap((p, i) => (p && count.get(p)! > 1 ? [i] : []));
}
