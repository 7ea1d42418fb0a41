import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INCOME_NS } from '../income/i18n.ts';
import { categoryAt, layoutChart, PALETTE, type Series } from './chart-layout.ts';
import './chart.css';

export type { Series } from './chart-layout.ts';

const HEIGHT = 288;
const format = (v: number) => v.toLocaleString(undefined, { maximumFractionDigits: 2 });

/** The width of `element`, kept as it changes (the chart follows its card's width). */
function useWidth(element: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * A chart of series over categories (days in Beijing time, or chapters), drawn as SVG: lines or bars on
 * one value axis, a legend whose entries show and hide their series, and the figures of a category on
 * pointing at it or, with the chart focused, on the arrow keys (Home and End for the ends, Escape to
 * hide). For screen readers it is an image named `label` and described by a summary of each series
 * (lowest, highest), the figure under the keys is announced, and every figure is in a table of its own.
 */
export default function TrendChart(props: {
  categories: string[];
  series: Series[];
  label: string;
  /** What the categories are ('日期', '章节'): the heading of the figures' first column. */
  categoryName: string;
}) {
  const { t } = useTranslation(INCOME_NS);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [active, setActive] = useState<number | null>(null);
  const shown = useMemo(
    () => new Set(props.series.map((_, i) => i).filter((i) => !hidden.has(i))),
    [props.series, hidden],
  );
  const layout = useMemo(
    () => layoutChart(props.categories, props.series, shown, Math.max(width, 160), HEIGHT),
    [props.categories, props.series, shown, width],
  );
  const count = props.categories.length;
  const current = active !== null && active < count ? active : null;
  const colour = (i: number) => PALETTE[i % PALETTE.length];

  const summary = [
    count > 0
      ? t('chart.range', {
          name: props.categoryName,
          first: props.categories[0],
          last: props.categories[count - 1],
          count,
        })
      : t('chart.empty'),
    ...props.series.map((s) => {
      const values = s.data.slice(0, count);
      if (values.length === 0) return '';
      const min = Math.min(...values);
      const max = Math.max(...values);
      return t('chart.series', {
        name: s.name,
        min: format(min),
        minAt: props.categories[values.indexOf(min)],
        max: format(max),
        maxAt: props.categories[values.indexOf(max)],
      });
    }),
    t('chart.keys'),
  ]
    .filter(Boolean)
    .join(''); // each sentence ends as its language ends one (a space after an English one)
  const figuresOf = (index: number) =>
    t('chart.point', {
      category: props.categories[index],
      figures: props.series
        .filter((_, i) => shown.has(i))
        .map((s) => `${s.name} ${format(s.data[index] ?? 0)}`)
        .join(t('chart.separator')),
    });

  const onKeyDown = (e: KeyboardEvent) => {
    if (count === 0) return;
    const next =
      e.key === 'ArrowRight'
        ? Math.min(count - 1, (current ?? -1) + 1)
        : e.key === 'ArrowLeft'
          ? Math.max(0, (current ?? count) - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? count - 1
              : undefined;
    if (next !== undefined) {
      e.preventDefault();
      setActive(next);
    } else if (e.key === 'Escape') setActive(null);
  };

  const tipLeft = current !== null ? layout.centres[current] + 12 : 0;
  const tipOnLeft = tipLeft + 180 > Math.max(width, 160);
  return (
    <div className="ac-chart">
      <ul className="ac-chart__legend" aria-label={t('chart.legend')}>
        {props.series.map((s, i) => (
          <li key={s.name}>
            <button
              type="button"
              aria-pressed={shown.has(i)}
              onClick={() =>
                setHidden((was) => {
                  const next = new Set(was);
                  if (next.has(i)) next.delete(i);
                  else next.add(i);
                  return next;
                })
              }
            >
              <span className="ac-chart__swatch" style={{ background: shown.has(i) ? colour(i) : '#ccc' }} />
              {s.name}
            </button>
          </li>
        ))}
      </ul>
      <div
        ref={box}
        className="ac-chart__plot"
        data-testid="chart-plot"
        role="img"
        aria-label={props.label}
        aria-describedby={`${id}-summary`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        onPointerMove={(e) => {
          const rect = e.currentTarget.getBoundingClientRect();
          setActive(categoryAt(layout, e.clientX - rect.left));
        }}
        onPointerLeave={() => setActive(null)}
      >
        {width > 0 && (
          <svg width={width} height={HEIGHT} aria-hidden focusable="false">
            {layout.ticks.map((tick) => (
              <g key={tick.value}>
                <line className="ac-chart__grid" x1={layout.plot.left} x2={layout.plot.right} y1={tick.y} y2={tick.y} />
                <text className="ac-chart__tick" x={layout.plot.left - 8} y={tick.y} textAnchor="end" dy="0.32em">
                  {format(tick.value)}
                </text>
              </g>
            ))}
            <line
              className="ac-chart__axis"
              x1={layout.plot.left}
              x2={layout.plot.right}
              y1={layout.plot.bottom}
              y2={layout.plot.bottom}
            />
            {layout.labels.map((label) => (
              <text
                key={label.index}
                className="ac-chart__tick"
                x={label.x}
                y={layout.plot.bottom + 18}
                textAnchor="middle"
              >
                {label.text}
              </text>
            ))}
            {current !== null && (
              <rect
                className="ac-chart__pointer"
                x={layout.centres[current] - layout.band / 2}
                y={layout.plot.top}
                width={layout.band}
                height={layout.plot.bottom - layout.plot.top}
              />
            )}
            {layout.bars.map((bar) => (
              <rect
                key={`${bar.series}-${bar.index}`}
                data-series={bar.series}
                x={bar.x}
                y={bar.y}
                width={Math.max(1, bar.width - 1)}
                height={bar.height}
                fill={colour(bar.series)}
              />
            ))}
            {layout.lines.map((line) => (
              <g key={line.series} data-series={line.series}>
                <path d={line.path} fill="none" stroke={colour(line.series)} strokeWidth={2} />
                {line.points.map((p) => (
                  <circle
                    key={p.index}
                    cx={p.x}
                    cy={p.y}
                    r={current === p.index ? 4 : 2.5}
                    fill="#fff"
                    stroke={colour(line.series)}
                    strokeWidth={1.5}
                  />
                ))}
              </g>
            ))}
          </svg>
        )}
        {current !== null && (
          <div
            className="ac-chart__tip"
            aria-hidden
            style={tipOnLeft ? { right: width - layout.centres[current] + 12 } : { left: tipLeft }}
          >
            <div className="ac-chart__tip-title">{props.categories[current]}</div>
            {props.series.map((s, i) =>
              shown.has(i) ? (
                <div key={s.name} className="ac-chart__tip-row">
                  <span className="ac-chart__swatch" style={{ background: colour(i) }} />
                  <span>{s.name}</span>
                  <b>{format(s.data[current] ?? 0)}</b>
                </div>
              ) : null,
            )}
          </div>
        )}
      </div>
      <p id={`${id}-summary`} className="ac-chart__hidden">
        {summary}
      </p>
      <div className="ac-chart__hidden" aria-live="polite">
        {current !== null ? figuresOf(current) : ''}
      </div>
      <table className="ac-chart__hidden" data-testid="chart-figures">
        <caption>{t('chart.figures', { label: props.label })}</caption>
        <thead>
          <tr>
            <th scope="col">{props.categoryName}</th>
            {props.series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.categories.map((category, index) => (
            // Categories are unique (days, chapters); the index keeps a key unique should two read alike.
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the categories in their order
            <tr key={`${category}-${index}`}>
              <th scope="row">{category}</th>
              {props.series.map((s) => (
                <td key={s.name}>{format(s.data[index] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
