import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the charts use (tree-shaken echarts/core): line and bar series, axes, tooltip, legend, canvas.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface Series {
  name: string;
  data: number[];
  type?: 'line' | 'bar';
}

/** A chart of series over categories (days or chapters); loaded lazily with the page's chart tab. */
export default function TrendChart(props: { categories: string[]; series: Series[]; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current);
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 24, top: 36, bottom: 32 },
      xAxis: { type: 'category', data: props.categories },
      yAxis: { type: 'value' },
      series: props.series.map((s) => ({ name: s.name, type: s.type ?? 'line', data: s.data, smooth: true })),
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [props.categories, props.series]);
  return <div ref={el} className="ac-income__chart" role="img" aria-label={props.label} />;
}
