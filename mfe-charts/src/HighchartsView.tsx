// Loaded on demand (React.lazy): Highcharts arrives only when a chart is about to be shown.
import Highcharts from 'highcharts';
import 'highcharts/modules/stock';
import 'highcharts/modules/accessibility';
import { useMemo, useRef } from 'react';
import { t } from '@lingui/core/macro';
import { accessibilityOptions } from './chartA11y';
import type { ChartKind, ChartPoint } from './chartRules';
import { useChartTheme } from './chartTheme';
import { useDeferredStockChart } from './deferredChart';
import { tickText, VOLUME_SHARE } from './lightChart';

export interface HighchartsViewProps {
  kind: ChartKind;
  name: string;
  /** What a screen reader hears the chart is: the pair and the period. */
  label: string;
  points: ChartPoint[];
  /** Undefined: as wide as the card (phones), up to the container's max width. */
  width?: number;
  height: number;
  decimals: number;
  /** Called once the first draw's last step is done (the chart is whole and accessible). */
  onDrawn?: (chart: Highcharts.Chart) => void;
}

export default function HighchartsView({
  kind,
  name,
  label,
  points,
  width,
  height,
  decimals,
  onDrawn,
}: HighchartsViewProps) {
  const colours = useChartTheme();
  const container = useRef<HTMLDivElement>(null);
  const options = useMemo((): Highcharts.Options => {
    // One line, never cut: Highcharts then writes a label as plain text instead of parsing it as
    // markup (a DOMParser per label and draw, about 15 of them in the first draw).
    const TEXT: Highcharts.CSSObject = {
      color: colours.text,
      whiteSpace: 'nowrap',
      textOverflow: 'none',
    };
    const series: Highcharts.SeriesOptionsType =
      kind === 'candle'
        ? {
            type: 'candlestick',
            name,
            data: points.map((p) => [p.dt, p.open, p.high, p.low, p.close]),
            color: colours.down,
            upColor: colours.up,
            lineColor: colours.down,
            upLineColor: colours.up,
          }
        : { type: 'line', name, data: points.map((p) => [p.dt, p.close]), color: colours.line };
    // The candles' USD volume, as bars under them on an axis of their own (the light chart's
    // bars): summed when Stock groups candles, out of the keyboard's and screen reader's way (the
    // candles are what they move through), in the tooltip beside the candle's prices.
    const volume: Highcharts.SeriesOptionsType[] =
      kind === 'candle' && points.some((p) => (p.volume ?? 0) > 0)
        ? [
            {
              type: 'column',
              name: t`Volume`,
              yAxis: 1,
              data: points.map((p) => [p.dt, p.volume ?? 0]),
              color: colours.text,
              opacity: 0.3,
              borderWidth: 0,
              zIndex: -1,
              dataGrouping: { approximation: 'sum' },
              tooltip: { valuePrefix: '$', valueDecimals: 2 },
              accessibility: { enabled: false },
            },
          ]
        : [];
    return {
      chart: { width: width ?? null, height, backgroundColor: 'transparent', animation: false },
      title: { text: undefined },
      credits: { enabled: false },
      legend: { enabled: false },
      navigator: { enabled: false },
      rangeSelector: { enabled: false },
      scrollbar: { enabled: false },
      xAxis: {
        type: 'datetime',
        labels: { style: TEXT },
        // A new pair's single candle spans no time: its day, not "04:00:00.000 AM".
        // eslint-disable-next-line lingui/no-unlocalized-strings -- format codes; Highcharts words them
        dateTimeLabelFormats: { millisecond: '%e %b', second: '%e %b' },
      },
      yAxis: [
        {
          title: { text: undefined },
          opposite: true,
          // Outside the plot, right of it: labels never sit on the candles. Written as the light
          // chart writes them (a tiny price's zeros counted, "0.0₁₄1013").
          labels: {
            style: TEXT,
            formatter() {
              const [first, second] = this.axis.tickPositions ?? [];
              const step = first !== undefined && second !== undefined ? second - first : undefined;
              return typeof this.value === 'number'
                ? tickText(this.value, decimals, step)
                : this.value;
            },
            align: 'left',
            x: 6,
          },
          gridLineColor: colours.grid,
        },
        {
          top: `${100 - VOLUME_SHARE * 100}%`,
          height: `${VOLUME_SHARE * 100}%`,
          visible: false,
        },
      ],
      tooltip: { valueDecimals: decimals, split: false, shared: volume.length > 0 },
      plotOptions: { series: { animation: false } },
      series: [series, ...volume],
      ...accessibilityOptions(label, decimals),
    };
  }, [kind, name, label, points, width, height, decimals, colours]);
  useDeferredStockChart(Highcharts, container, options, onDrawn);
  // The chart's height is kept while its first draw waits: nothing below moves when it lands.
  return <div ref={container} style={{ width: '100%', minHeight: height }} />;
}
