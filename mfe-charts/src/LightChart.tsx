import { forwardRef, useMemo } from 'react';
import type { ChartKind, ChartPoint } from './chartRules';
import { lightDrawing } from './lightChart';

export interface LightChartProps {
  kind: ChartKind;
  /** What a screen reader hears the chart is: the pair and the period, as Highcharts' chart. */
  label: string;
  points: ChartPoint[];
  height: number;
  decimals: number;
  /** The page's language: the first and last dates are written in it. */
  language?: string;
}

/**
 * The chart's first paint: the same points drawn as a few SVG paths in one cheap render, with the
 * price ticks and the first and last dates, until Highcharts (the tooltip, the keyboard's candle
 * by candle) takes its place. It is a tab stop with the chart's label: tabbing into it is what
 * brings the interactive chart, which then takes the focus.
 */
export const LightChart = forwardRef<HTMLDivElement, LightChartProps>(function LightChart(
  { kind, label, points, height, decimals, language },
  ref,
) {
  const drawing = useMemo(
    () => lightDrawing(kind, points, decimals, height, language),
    [kind, points, decimals, height, language],
  );
  return (
    <div
      ref={ref}
      className="jm-light-chart"
      role="img"
      aria-label={label}
      tabIndex={0}
      style={{ height }}
      data-light-chart={kind}
    >
      <svg viewBox={`0 0 ${drawing.width} 100`} preserveAspectRatio="none" aria-hidden="true">
        <path className="jm-light-grid" d={drawing.grid} />
        {drawing.volume && <path className="jm-light-volume" d={drawing.volume} />}
        {kind === 'line' ? (
          <path className="jm-light-line" d={drawing.line} />
        ) : (
          <>
            <path className="jm-light-wick jm-light-up" d={drawing.up.wicks} />
            <path className="jm-light-body jm-light-up" d={drawing.up.bodies} />
            <path className="jm-light-wick jm-light-down" d={drawing.down.wicks} />
            <path className="jm-light-body jm-light-down" d={drawing.down.bodies} />
          </>
        )}
      </svg>
      <div className="jm-light-y" aria-hidden="true">
        {drawing.ticks.map((tick, i) => (
          <span key={i}>{tick}</span>
        ))}
      </div>
      <div className="jm-light-x" aria-hidden="true">
        <span>{drawing.from}</span>
        <span>{drawing.to}</span>
      </div>
    </div>
  );
});
