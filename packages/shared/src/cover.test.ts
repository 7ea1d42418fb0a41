import { describe, expect, it } from 'vitest';
import { type CoverSlots, coverSvg, coverTextWindows } from './cover.ts';

const slot = (y: number, align: 'start' | 'middle' | 'end' = 'middle') => ({
  font_id: 1,
  size: 40,
  color: '#ffffff',
  x: 300,
  y,
  align,
});
const slots: CoverSlots = { title: slot(300), author: slot(790, 'end'), subtitle: slot(400, 'start'), genre: slot(20) };
const fontOf = () => ({ family: "'Noto Serif CJK SC'", weight: 700 });

describe('coverSvg', () => {
  it('escapes the author’s text and leaves empty slots out', () => {
    const svg = coverSvg({
      backgroundHref: '/uploads/a.jpg?x=1&y=2',
      background_color: '#000000',
      background_color2: '#ffffff',
      texts: { title: '<script>&"', author: '', subtitle: '  ', genre: '玄幻' },
      slots,
      fontOf,
    });
    expect(svg).toContain('&#60;script&#62;&#38;&#34;');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('href="/uploads/a.jpg?x=1&#38;y=2"');
    expect(svg.match(/<text /g)).toHaveLength(2);
  });
});

describe('coverTextWindows', () => {
  it('puts each text in a window of whole output pixels inside the cover, at twice the size for 2×', () => {
    const texts = { title: '星河长明', author: '青山', subtitle: '远方', genre: '玄幻' };
    const one = coverTextWindows({ texts, slots, fontOf, width: 600, height: 800 });
    const two = coverTextWindows({ texts, slots, fontOf, width: 1200, height: 1600 });
    expect(one).toHaveLength(4);
    // Title: 4 characters of 40 around x=300 → 220..380, padded by 10; 52 above and 18 below y=300.
    expect(one[0]).toMatchObject({ left: 210, top: 248 });
    expect(one[0].svg).toContain('width="180" height="70" viewBox="210 248 180 70"');
    expect(two[0]).toMatchObject({ left: 420, top: 496 });
    expect(two[0].svg).toContain('width="360" height="140" viewBox="210 248 180 70"');
    // Clipped at the cover's edges (genre near the top, author at the bottom right).
    for (const w of one) {
      expect(w.left).toBeGreaterThanOrEqual(0);
      expect(w.top).toBeGreaterThanOrEqual(0);
    }
    expect(one[3].top).toBe(0);
  });
});
