/** Display formatting shared by the web app and server-rendered texts (§5, §9). */

import { TIP_WEIGHTED_MAX } from './constants.ts';

/** Fewer hidden characters than this would leave a short input practically readable. */
const MIN_HIDDEN = 4;

/**
 * Keeps `head` leading and `tail` trailing characters and replaces the rest with '*'. When that
 * would hide fewer than 4 characters, everything is hidden: a short or truncated value must not
 * leak almost whole.
 */
export function maskMiddle(value: string | null | undefined, head: number, tail: number): string {
  const s = value ?? '';
  const hidden = s.length - head - tail;
  if (hidden < MIN_HIDDEN) return '*'.repeat(s.length);
  return s.slice(0, head) + '*'.repeat(hidden) + s.slice(s.length - tail);
}

const compact = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, '');

/** '13812345678' → '138****5678' (§5). */
export function maskPhone(phone: string | null | undefined): string {
  return maskMiddle(compact(phone), 3, 4);
}

/** '110101199003071234' → '110***********1234'. */
export function maskIdCard(id: string | null | undefined): string {
  return maskMiddle(compact(id), 3, 4);
}

/** '6222021234567890123' → '6222***********0123'; spaces typed between groups are ignored. */
export function maskBankCard(card: string | null | undefined): string {
  return maskMiddle(compact(card), 4, 4);
}

const WAN = 10_000;
const YI = 100_000_000;

function inUnit(n: number, unit: number, suffix: string): string {
  // Truncate to one decimal so a count is never shown larger than it is (15,999 is '1.5万', not
  // '1.6万') and 99,999,999 stays '9999.9万' instead of rounding up to '10000万'.
  const tenths = Math.trunc(n / (unit / 10));
  const whole = Math.trunc(tenths / 10);
  const decimal = tenths % 10;
  return `${whole}${decimal ? `.${decimal}` : ''}${suffix}`;
}

/**
 * Counts in Chinese units (§9): below 10,000 as is; from 10,000 in 万 and from 100,000,000 in 亿,
 * with one decimal truncated and a trailing '.0' dropped. 12345 → '1.2万', 10000 → '1万',
 * 123456789 → '1.2亿'. Negative numbers keep their sign.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  if (abs >= YI) return sign + inUnit(abs, YI, '亿');
  if (abs >= WAN) return sign + inUnit(abs, WAN, '万');
  return String(n);
}

/** Display width where every non-ASCII character (CJK, full-width punctuation, emoji) counts 2. */
export function weightedLength(s: string): number {
  let n = 0;
  for (const ch of s) n += ch.codePointAt(0)! > 0x7f ? 2 : 1;
  return n;
}

const ELLIPSIS = '…';

/**
 * Cuts a text to `max` weighted characters (§9: tip text, 36). When cut, '…' is appended and the
 * result including the '…' (weight 2) still fits in `max`.
 */
export function truncateWeighted(s: string, max: number = TIP_WEIGHTED_MAX): { text: string; truncated: boolean } {
  if (weightedLength(s) <= max) return { text: s, truncated: false };
  const budget = max - weightedLength(ELLIPSIS);
  let used = 0;
  let text = '';
  for (const ch of s) {
    const w = weightedLength(ch);
    if (used + w > budget) break;
    used += w;
    text += ch;
  }
  return { text: text + ELLIPSIS, truncated: true };
}
