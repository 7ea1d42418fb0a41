import { describe, expect, it } from 'vitest';
import {
  CHAPTER_TITLE_MESSAGE,
  isAllowedChapterTitle,
  isAllowedText,
  normalizeChapterTitle,
  refusedCharsMessage,
  refusedTitleChars,
  TEXT_PATTERN_MESSAGE,
} from './validation-rules.ts';

// decisions.md, text rules: §5's pattern for pen names and book titles; chapter and volume titles
// also take single spaces and the punctuation of titles.
describe('the two readings of the title rule', () => {
  it('pen names and book titles: §5 only, no spaces or title punctuation', () => {
    expect(isAllowedText('夜雨江湖Ⅻ，：！？')).toBe(true);
    expect(isAllowedText('夜雨 江湖')).toBe(false);
    expect(isAllowedText('《夜雨》')).toBe(false);
    expect(refusedTitleChars('夜雨 《江湖》', false)).toEqual([' ', '《', '》']);
  });

  it('chapter and volume titles: spaces (half or full width, collapsed, trimmed) and title punctuation', () => {
    for (const title of [
      '第一章 初入江湖',
      '第一章　初入江湖',
      'Chapter 12 The Letter',
      '第三章 风起·云涌、归途——“再见”‘吧’（上）《剑》…… -终-',
      '第Ⅻ章：重逢！',
    ]) {
      expect(isAllowedChapterTitle(title), title).toBe(true);
    }
    expect(normalizeChapterTitle('  第一章   初入江湖 ')).toBe('第一章 初入江湖');
    expect(normalizeChapterTitle('第一章　　 初入\t江湖')).toBe('第一章　初入 江湖');
    expect(isAllowedChapterTitle('第一章  初入江湖')).toBe(false);
    expect(isAllowedChapterTitle(' 第一章')).toBe(false);
    expect(isAllowedChapterTitle('')).toBe(false);
    expect(refusedTitleChars('第一章 <初见>#', true)).toEqual(['<', '>', '#']);
  });

  it('a refusal names the characters refused, in both languages and both readings', () => {
    expect(refusedCharsMessage(['<', '>'], true)['zh-CN']).toBe(
      `不能使用「<」「>」，${CHAPTER_TITLE_MESSAGE['zh-CN']}`,
    );
    expect(refusedCharsMessage([' '], false)['en-US']).toBe(`"␣" cannot be used. ${TEXT_PATTERN_MESSAGE['en-US']}`);
    expect(refusedCharsMessage([], true)).toBe(CHAPTER_TITLE_MESSAGE);
  });
});
