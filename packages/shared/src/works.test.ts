import { describe, expect, it } from 'vitest';
import { chineseNumber, countWords, parseWordAmount, partTitle, signThresholdWords, WORKS_LIMITS } from './works.ts';

describe('countWords (the Chinese counting rule)', () => {
  it('counts every CJK character as one word', () => {
    expect(countWords('天地玄黄')).toBe(4);
    expect(countWords('ひらがなカタカナ한국')).toBe(10);
    expect(countWords('𠀀𠀁')).toBe(2); // Han outside the BMP
  });

  it('counts a run of letters or digits as one word', () => {
    expect(countWords('Hello world')).toBe(2);
    expect(countWords('第12章')).toBe(3);
    expect(countWords("don't stop the well-known 3.14 and 10,000")).toBe(7);
    expect(countWords('ＡＢＣ１２３')).toBe(1);
    expect(countWords('第Ⅻ卷')).toBe(3);
    expect(countWords('二〇二六年')).toBe(5);
  });

  it('does not count punctuation, symbols, emoji or whitespace', () => {
    expect(countWords('，。！？……——“”《》  \n\t')).toBe(0);
    expect(countWords('😀 ★ ~ @ #')).toBe(0);
    expect(countWords('')).toBe(0);
  });

  it('mixes the rules', () => {
    expect(countWords('第12章 Hello, world！')).toBe(5);
    expect(countWords('他说：“OK，走吧。”')).toBe(5);
    expect(countWords('a-')).toBe(1);
    expect(countWords('-a- b')).toBe(2);
  });
});

describe('sign-up thresholds', () => {
  it('reads the brand conditions of §1', () => {
    expect(parseWordAmount('2万')).toBe(20_000);
    expect(parseWordAmount('1万')).toBe(10_000);
    expect(parseWordAmount('4千')).toBe(4000);
    expect(parseWordAmount('1.5万字')).toBe(15_000);
    expect(parseWordAmount('nonsense')).toBe(20_000);
  });
  it('uses 4000 for short stories', () => {
    const brand = { applySignCondition: '1万', shortStorySignCondition: 4000 };
    expect(signThresholdWords('short', brand)).toBe(4000);
    expect(signThresholdWords('novel', brand)).toBe(10_000);
  });
});

describe('parts of a split chapter', () => {
  it('numbers parts in Chinese within the title limit', () => {
    expect([2, 10, 12, 20, 35, 101, 110].map(chineseNumber)).toEqual([
      '二',
      '十',
      '十二',
      '二十',
      '三十五',
      '一百零一',
      '一百一十',
    ]);
    expect(partTitle('第三章 转折', 2)).toBe('第三章 转折之二');
    const long = '字'.repeat(60);
    expect(partTitle(long, 2)).toBe(`${'字'.repeat(WORKS_LIMITS.chapterTitleMax - 2)}之二`);
  });
});
