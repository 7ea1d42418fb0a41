import { describe, expect, it } from 'vitest';
import { categoryAt, GRID, layoutChart, valueTicks } from './chart-layout.ts';

const categories = ['05-01', '05-02', '05-03', '05-04'];
const all = (n: number) => new Set(Array.from({ length: n }, (_, i) => i));

describe('TrendChart layout', () => {
  it('puts each value of a line series at its day, on one axis from 0 to a round maximum', () => {
    const series = [
      { name: '阅读', data: [0, 50, 100, 25] },
      { name: '订阅', data: [10, 0, 0, 40] },
    ];
    const layout = layoutChart(categories, series, all(2), 448, 244);
    // Plot: x from 48 to 424 (4 bands of 94), y from 12 (the top tick, 100) down to 212 (0).
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(layout.ticks[0].y).toBe(212);
    expect(layout.ticks.at(-1)?.y).toBe(GRID.top);
    expect(layout.lines).toHaveLength(2);
    expect(layout.lines[0].points.map((p) => [p.x, p.y])).toEqual([
      [95, 212],
      [189, 112],
      [283, 12],
      [377, 162],
    ]);
    expect(layout.lines[0].path).toBe('M95,212 L189,112 L283,12 L377,162');
    expect(layout.lines[1].points.map((p) => p.y)).toEqual([192, 212, 212, 132]);
    expect(layout.labels.map((l) => [l.text, l.x])).toEqual([
      ['05-01', 95],
      ['05-02', 189],
      ['05-03', 283],
      ['05-04', 377],
    ]);
  });

  it('draws a bar per value, as high as its value, in the middle of its band', () => {
    const layout = layoutChart(['1', '2'], [{ name: '读完率', type: 'bar', data: [300, 600] }], all(1), 272, 244);
    // Two bands of 100 from x 48; the axis goes to 600 in steps of 100.
    expect(layout.ticks.at(-1)?.value).toBe(600);
    expect(layout.bars.map((b) => [b.x, b.width, b.y, b.height])).toEqual([
      [68, 60, 112, 100],
      [168, 60, 12, 200],
    ]);
    expect(layout.lines).toEqual([]);
  });

  it('leaves out hidden series and scales to the ones shown', () => {
    const series = [
      { name: 'a', data: [1000, 2000] },
      { name: 'b', data: [1, 4] },
    ];
    const layout = layoutChart(['x', 'y'], series, new Set([1]), 400, 244);
    expect(layout.lines.map((l) => l.series)).toEqual([1]);
    expect(layout.ticks.at(-1)?.value).toBe(4);
  });

  it('labels every n-th day when the days do not fit', () => {
    const days = Array.from({ length: 90 }, (_, i) => `d${String(i).padStart(4, '0')}`);
    const layout = layoutChart(days, [{ name: 'a', data: days.map(() => 1) }], all(1), 520, 244);
    expect(layout.labels.length).toBeLessThan(90);
    expect(layout.labels[0].text).toBe('d0000');
    const gap = layout.labels[1].x - layout.labels[0].x;
    expect(gap).toBeGreaterThanOrEqual(5 * 7 + 8);
  });

  it('finds the day under the pointer, clamped to the chart', () => {
    const layout = layoutChart(categories, [{ name: 'a', data: [1, 2, 3, 4] }], all(1), 448, 244);
    expect(categoryAt(layout, 0)).toBe(0);
    expect(categoryAt(layout, 190)).toBe(1);
    expect(categoryAt(layout, 1000)).toBe(3);
  });

  it('rounds the value axis', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });
});
