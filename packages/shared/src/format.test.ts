import { describe, expect, it } from 'vitest';
import {
  formatCount,
  maskBankCard,
  maskIdCard,
  maskMiddle,
  maskPhone,
  truncateWeighted,
  weightedLength,
} from './format.ts';

describe('masks', () => {
  it('shows the first 3 and last 4 digits of a phone', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('138 1234 5678')).toBe('138****5678');
  });

  it('hides short or missing input entirely instead of leaking most of it', () => {
    expect(maskPhone('1381234567')).toBe('**********');
    expect(maskPhone('12345')).toBe('*****');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });

  it('masks ID and bank card numbers keeping first 3/4 and last 4', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskBankCard('6222021234567890123')).toBe('6222***********0123');
    expect(maskBankCard('6222 0212 3456 7890')).toBe('6222********7890');
    expect(maskBankCard('62220212')).toBe('********');
  });

  it('maskMiddle needs at least 4 hidden characters', () => {
    expect(maskMiddle('abcdefghijk', 3, 4)).toBe('abc****hijk');
    expect(maskMiddle('abcdefghij', 3, 4)).toBe('**********');
  });
});

describe('formatCount', () => {
  it('leaves numbers below 10,000 as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(-9999)).toBe('-9999');
  });

  it('uses 万 from 10,000 with one truncated decimal and no trailing .0', () => {
    expect(formatCount(10000)).toBe('1万');
    expect(formatCount(12345)).toBe('1.2万');
    expect(formatCount(15999)).toBe('1.5万');
    expect(formatCount(20000)).toBe('2万');
    expect(formatCount(1234567)).toBe('123.4万');
    expect(formatCount(99_999_999)).toBe('9999.9万');
    expect(formatCount(-12345)).toBe('-1.2万');
  });

  it('uses 亿 from 100,000,000', () => {
    expect(formatCount(100_000_000)).toBe('1亿');
    expect(formatCount(123_456_789)).toBe('1.2亿');
    expect(formatCount(1_000_000_000_000)).toBe('10000亿');
  });
});

describe('weighted length and truncation', () => {
  it('counts non-ASCII characters as 2', () => {
    expect(weightedLength('')).toBe(0);
    expect(weightedLength('abc')).toBe(3);
    expect(weightedLength('作者abc')).toBe(7);
    expect(weightedLength('，！')).toBe(4);
    expect(weightedLength('😀')).toBe(2);
  });

  it('keeps a text that fits in 36', () => {
    const ascii36 = 'a'.repeat(36);
    expect(truncateWeighted(ascii36)).toEqual({ text: ascii36, truncated: false });
    const han18 = '字'.repeat(18);
    expect(truncateWeighted(han18)).toEqual({ text: han18, truncated: false });
  });

  it('cuts a longer text so that it and the … fit in 36', () => {
    expect(truncateWeighted('a'.repeat(37))).toEqual({ text: `${'a'.repeat(34)}…`, truncated: true });
    expect(truncateWeighted('字'.repeat(19))).toEqual({ text: `${'字'.repeat(17)}…`, truncated: true });
    // A wide character that would overflow the budget is left out whole.
    const mixed = truncateWeighted(`${'a'.repeat(33)}字字`);
    expect(mixed).toEqual({ text: `${'a'.repeat(33)}…`, truncated: true });
    expect(weightedLength(mixed.text)).toBeLessThanOrEqual(36);
  });

  it('never splits a surrogate pair', () => {
    const { text } = truncateWeighted('😀'.repeat(30), 10);
    expect(text).toBe('😀😀😀😀…');
  });

  it('takes another maximum', () => {
    expect(truncateWeighted('abcdef', 5)).toEqual({ text: 'abc…', truncated: true });
  });
});
