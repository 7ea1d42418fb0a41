/** The geometry of TrendChart: where each point, bar, tick and label of given series goes (no DOM, unit-tested). */

export interface Series {
  name: string;
  data: number[];
  type?: 'line' | 'bar';
}

/** The colours of ECharts' default palette, which the chart used before, in the same order. */
export const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4'];

/** Room for the value axis' labels on the left, the category labels below, and a little on the other sides. */
export const GRID = { left: 48, right: 24, top: 12, bottom: 32 };
const CHAR_PX = 7;

export interface Tick {
  value: number;
  y: number;
}
export interface CategoryLabel {
  index: number;
  text: string;
  x: number;
}
export interface Bar {
  series: number;
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Line {
  series: number;
  points: Array<{ index: number; x: number; y: number }>;
  path: string;
}
export interface ChartLayout {
  plot: { left: number; top: number; right: number; bottom: number };
  /** The width of one category's band; its centre is `centre(i)`. */
  band: number;
  centres: number[];
  ticks: Tick[];
  labels: CategoryLabel[];
  lines: Line[];
  bars: Bar[];
}

/** A round step (1, 2 or 5 times a power of ten) of about `rough`. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/** The value axis from 0 to a round maximum at or above every value, in about five steps. */
export function valueTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const step = niceStep(max / 5);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/**
 * Lays out `series` (those whose index is in `shown`) over `categories` in a `width` × `height` box: one
 * value axis from 0 for all, categories in equal bands with each point at its band's centre, bars of the
 * bar series side by side in the middle 60% of the band, and as many category labels as fit without
 * overlapping (every n-th, the first always).
 */
export function layoutChart(
  categories: string[],
  series: Series[],
  shown: ReadonlySet<number>,
  width: number,
  height: number,
): ChartLayout {
  const plot = { left: GRID.left, top: GRID.top, right: width - GRID.right, bottom: height - GRID.bottom };
  const n = categories.length;
  const band = n > 0 ? (plot.right - plot.left) / n : 0;
  const centres = categories.map((_, i) => plot.left + band * (i + 0.5));
  const visible = series.map((s, i) => ({ s, i })).filter(({ i }) => shown.has(i));
  const max = Math.max(0, ...visible.flatMap(({ s }) => s.data));
  const tickValues = valueTicks(max);
  const top = tickValues[tickValues.length - 1];
  const y = (v: number) => plot.bottom - ((plot.bottom - plot.top) * Math.max(0, v)) / top;
  const ticks = tickValues.map((value) => ({ value, y: y(value) }));

  const widest = Math.max(1, ...categories.map((c) => c.length)) * CHAR_PX + 8;
  const every = band > 0 ? Math.max(1, Math.ceil(widest / band)) : 1;
  const labels = categories.flatMap((text, index) => (index % every === 0 ? [{ index, text, x: centres[index] }] : []));

  const lines = visible
    .filter(({ s }) => (s.type ?? 'line') === 'line')
    .map(({ s, i }) => {
      const points = s.data.slice(0, n).map((v, index) => ({ index, x: centres[index], y: y(v) }));
      const path = points.map((p, k) => `${k === 0 ? 'M' : 'L'}${round(p.x)},${round(p.y)}`).join(' ');
      return { series: i, points, path };
    });

  const barSeries = visible.filter(({ s }) => s.type === 'bar');
  const group = band * 0.6;
  const barWidth = barSeries.length > 0 ? group / barSeries.length : 0;
  const bars = barSeries.flatMap(({ s, i }, k) =>
    s.data.slice(0, n).map((v, index) => ({
      series: i,
      index,
      x: centres[index] - group / 2 + k * barWidth,
      y: y(v),
      width: barWidth,
      height: plot.bottom - y(v),
    })),
  );
  return { plot, band, centres, ticks, labels, lines, bars };
}

/** The category whose band holds `x` (a pointer's position), clamped to the chart. */
export function categoryAt(layout: ChartLayout, x: number): number {
  if (layout.centres.length === 0 || layout.band <= 0) return -1;
  const index = Math.floor((x - layout.plot.left) / layout.band);
  return Math.min(layout.centres.length - 1, Math.max(0, index));
}

const round = (v: number) => Math.round(v * 10) / 10;
