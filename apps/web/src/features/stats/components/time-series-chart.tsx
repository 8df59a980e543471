import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: ReadonlyArray<number | null>;
  color: string;
  style: 'line' | 'dashed' | 'bars';
}

const valuesIn = (s: ChartSeries) => s.values.filter((v) => v !== null).length;

const toSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
// Days are calendar names at UTC midnight: draw them in UTC so no axis label shifts a day.
const utcDate = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC');

/**
 * A daily series drawn with uPlot (a small, fast canvas chart library: a year of days draws in
 * a few milliseconds). The canvas is decorative for screen readers; each chart card offers the
 * same numbers as a table.
 */
export function TimeSeriesChart({
  days,
  series,
  summary,
  height = 220,
}: {
  days: readonly string[];
  series: readonly ChartSeries[];
  /** One sentence a screen reader hears instead of the picture. */
  summary: string;
  height?: number;
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const bars = uPlot.paths.bars?.({ size: [0.7, 28] });
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height,
        tzDate: utcDate,
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
        axes: [{ stroke: 'currentColor' }, { stroke: 'currentColor', size: 56 }],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: s.style === 'bars' ? 0 : 2,
            ...(s.style === 'dashed' ? { dash: [6, 4] } : {}),
            ...(s.style === 'bars' && bars ? { fill: s.color, paths: bars } : {}),
            // A line needs two values to show: a lone day (a team made today) is a dot, and
            // short ranges mark every day so each value can be seen.
            points: {
              show: s.style !== 'bars' && (days.length <= 31 || valuesIn(s) < 2),
            },
          })),
        ],
      },
      [days.map(toSeconds), ...series.map((s) => [...s.values])],
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 280), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, height]);

  return <div ref={container} className="stats-chart" role="img" aria-label={summary} />;
}
