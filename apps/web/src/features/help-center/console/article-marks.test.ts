import { describe, expect, it } from 'vitest';
import { parseArticle } from '../ArticleBody.tsx';
import { toggleLines } from './article-marks.ts';

describe('the article editor marks', () => {
  it('marks the cursor line as a heading, and takes the mark off when pressed again', () => {
    const text = '第一段\n签约流程\n正文';
    const cursor = text.indexOf('流程');
    const on = toggleLines(text, cursor, cursor, 'heading');
    expect(on.text).toBe('第一段\n## 签约流程\n正文');
    expect(on.text.slice(on.start, on.end)).toBe('## 签约流程');
    expect(toggleLines(on.text, on.start, on.start, 'heading').text).toBe(text);
  });

  it('numbers the selected lines as steps in order, replacing list marks, skipping blank lines', () => {
    const text = '步骤：\n- 申请\n\n- 审核\n- 签约\n结尾';
    const start = text.indexOf('- 申请');
    const end = text.indexOf('结尾');
    const steps = toggleLines(text, start, end, 'steps');
    // The selection ended just after a line break: the line below is not taken in.
    expect(steps.text).toBe('步骤：\n1. 申请\n\n2. 审核\n3. 签约\n结尾');
    // As authors see it: numbered steps (the blank line starts a new list, as the article format says).
    expect(parseArticle(steps.text).filter((b) => b.kind === 'steps')).toHaveLength(2);
  });

  it('turns the selected lines into list items that the authors’ renderer shows as one list', () => {
    const text = '甲\n乙\n丙';
    const list = toggleLines(text, 0, text.length, 'list');
    expect(list.text).toBe('- 甲\n- 乙\n- 丙');
    expect(parseArticle(list.text)).toEqual([{ kind: 'list', items: ['甲', '乙', '丙'] }]);
  });
});
