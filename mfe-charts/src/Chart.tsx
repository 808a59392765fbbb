import './messages';
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLanguageCode, type NetworkConfig } from '@jmswap/shared-chain';
import type { ChartWindow } from '@jmswap/shared-chain/history';
import {
  chartLabel,
  chartPrecision,
  chartsPageHref,
  currentPointTime,
  historyPair,
  withPointAt,
  type ChartKind,
  type ChartPoint,
} from './chartRules';
import { ReadyChart } from './ReadyChart';
import { useChartData } from './useChartData';
import './charts.css';

export interface ChartProps {
  network: NetworkConfig;
  /** The pair as shown: the price of B in A. */
  symbolA: string;
  symbolB: string;
  kind?: ChartKind;
  window?: ChartWindow;
  width?: number;
  height?: number;
  /** Most decimals shown; fewer when the first close needs fewer for 4 significant digits. */
  precision?: number;
  /** Hides the link to the charts page (on the charts page itself). */
  hideLink?: boolean;
  /**
   * Keeps "Loading Chart..." while the page's own figures load: they come first, and the chart
   * library (the largest download of the page) after them.
   */
  held?: boolean;
}

/** The price chart of a pair, fed by the history API. */
export function Chart({
  network,
  symbolA,
  symbolB,
  kind = 'line',
  window = '1m',
  ...rest
}: ChartProps) {
  const { loading, points } = useChartData(
    network,
    kind,
    window,
    historyPair(network, symbolA, symbolB),
  );
  return (
    <ChartView
      {...rest}
      network={network.id}
      symbolA={symbolA}
      symbolB={symbolB}
      kind={kind}
      window={window}
      loading={loading}
      points={points}
    />
  );
}

export interface ChartViewProps extends Omit<ChartProps, 'network'> {
  network: string;
  loading: boolean;
  points: ChartPoint[];
  now?: number;
}

/** The chart's states: "Loading Chart...", "No chart data available", or the chart. */
export function ChartView({
  network,
  symbolA,
  symbolB,
  kind = 'line',
  window = '1m',
  width = 470,
  height = 320,
  precision = 8,
  hideLink,
  held,
  loading,
  points,
  now = Date.now(),
}: ChartViewProps) {
  const { t } = useLingui();
  // Highcharts takes its language when it draws: another language draws the chart anew.
  const language = useLanguageCode();
  const pair = `${symbolA}/${symbolB}`;
  // The same list while the points and the current bucket stay: any other render of the page
  // keeps the drawn chart (new points redraw all of it).
  const currentAt = currentPointTime(points, now);
  const shown = useMemo(() => withPointAt(points, currentAt), [points, currentAt]);
  const decimals = chartPrecision(points, precision);
  const state =
    held || (loading && points.length === 0) ? 'loading' : points.length ? 'ready' : 'empty';
  return (
    <figure
      className="jm-chart"
      style={{ maxWidth: width }}
      data-chart={kind}
      data-state={state}
      data-last-close={points[points.length - 1]?.close}
      data-decimals={decimals}
    >
      {state === 'loading' && (
        <div className="jm-chart-placeholder" role="status" style={{ height }}>
          <span className="jm-spinner" aria-hidden="true" /> {t`Loading Chart...`}
        </div>
      )}
      {state === 'empty' && (
        <div className="jm-chart-placeholder" style={{ height }}>
          {t`No chart data available`}
        </div>
      )}
      {state === 'ready' && (
        <ReadyChart
          language={language}
          kind={kind}
          name={pair}
          label={chartLabel(symbolA, symbolB, kind, window)}
          points={shown}
          height={height}
          decimals={decimals}
        />
      )}
      {!hideLink && (
        <figcaption>
          <a href={chartsPageHref(network, symbolA, symbolB)}>{t`${pair} chart`}</a>
        </figcaption>
      )}
    </figure>
  );
}

export default Chart;
