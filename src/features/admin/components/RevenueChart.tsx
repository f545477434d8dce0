// The dashboard's chart: revenue per day over 30 days, drawn by uPlot (~22 KB gzip, its own chunk loaded with this
// chart only). The figures are also in a table for screen readers and for anyone who wants the numbers.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

import type { DayFigures } from '../adminApi';

export interface RevenueChartProps {
  series: readonly DayFigures[];
  /** the summary sentence a screen reader hears for the drawing */
  label: string;
}

const HEIGHT = 220;

/** Seconds since 1970 at the day's noon (UTC), uPlot's time axis unit; noon keeps each bar on its day anywhere. */
const pad = (value: number) => String(value).padStart(2, '0');
/** A time axis tick as dd/MM (the day of the bar's noon, UTC). */
const shortDay = (seconds: number) => {
  const date = new Date(seconds * 1000);
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}`;
};

const dayToSeconds = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;

export default function RevenueChart({ series, label }: RevenueChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const days = series.map((entry) => dayToSeconds(entry.date));
    const revenue = series.map((entry) => entry.revenue);
    const primary =
      getComputedStyle(document.documentElement).getPropertyValue('--bs-primary').trim() || '#0d6efd';
    const width = () => Math.max(240, element.clientWidth);
    const chart = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
        axes: [
          // dd/MM under the bars, whole KWD beside them (the title names the currency): short enough for a phone.
          { space: 56, values: (_u, splits) => splits.map((seconds) => shortDay(seconds)) },
          { size: 56, values: (_u, splits) => splits.map((amount) => amount.toFixed(0)) },
        ],
        series: [
          {},
          {
            label: 'revenue',
            stroke: primary,
            fill: `${primary}66`,
            paths: uPlot.paths.bars?.({ size: [0.7, 40] }),
            points: { show: false },
          },
        ],
      },
      [days, revenue],
      element,
    );
    const fit = () => chart.setSize({ width: width(), height: HEIGHT });
    // The box's width follows the page (a phone turned, the menu opened); without ResizeObserver, the window's.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    if (observer) observer.observe(element);
    else window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      chart.destroy();
    };
  }, [series]);
  // Time runs left to right in both languages, as the axis labels read.
  return (
    <div
      ref={box}
      dir="ltr"
      role="img"
      aria-label={label}
      className="admin-chart"
      data-testid="revenue-chart"
    />
  );
}
