import { describe, expect, it } from 'vitest';
import { isPlainNotice, noticeHtml, noticeText } from './notice-text.ts';

describe('notice text', () => {
  it('turns paragraphs and line breaks into markup, escaping what staff typed', () => {
    expect(noticeHtml('第一段\n第二行\n\n\n第二段 <b>&</b>')).toBe(
      '<p>第一段<br>第二行</p><p>第二段 &lt;b&gt;&amp;&lt;/b&gt;</p>',
    );
    expect(noticeHtml('  \n\n ')).toBe('');
  });

  it('reads a stored notice back as text, and says when editing as text would drop markup', () => {
    const html = '<p>第一段<br>第二行</p><p>a &lt; b</p>';
    expect(noticeText(html)).toBe('第一段\n第二行\n\na < b');
    expect(noticeHtml(noticeText(html))).toBe(html);
    expect(isPlainNotice(html)).toBe(true);
    expect(isPlainNotice('<p>稿酬<b>照常</b>发放。</p>')).toBe(false);
    expect(noticeText('<p>稿酬<b>照常</b>发放。</p>')).toBe('稿酬照常发放。');
  });
});
