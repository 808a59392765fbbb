import './messages';
import { useMemo, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLanguageCode, type NetworkConfig } from '@jmswap/shared-chain';
import { apiNow, type ApiPair, type ChartWindow } from '@jmswap/shared-chain/history';
import {
  chartLabel,
  chartPrecision,
  chartSpans,
  chartsPageHref,
  currentPointTime,
  historyPair,
  pointsOfSpan,
  WINDOW_BUCKETS,
  withPointAt,
  type ChartKind,
  type ChartPoint,
} from './chartRules';
import { chartTokenText } from './pairs';
import { ReadyChart } from './ReadyChart';
import { useChartData } from './useChartData';
import './charts.css';
import { AppLink } from '@jmswap/shared-chain/links';

export interface ChartProps {
  network: NetworkConfig;
  /** The pair, in either order: it is drawn quote per base (chartRules' historyPair). */
  symbolA: string;
  symbolB: string;
  /** The charts page's toggle: base per quote instead. */
  inverted?: boolean;
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
  /**
   * The span of the window the chart opens on: the first request asks only for its buckets, and
   * buttons zoom out to the longer spans (chartSpans), whose earlier points are read then.
   * Without it the chart shows, and reads, the whole window.
   */
  firstSpan?: ChartWindow;
  /** The api's record of a pair named by addresses: names its tokens by their own symbols. */
  indexed?: ApiPair;
}

/** The price chart of a pair, fed by the history API. */
export function Chart({
  network,
  symbolA,
  symbolB,
  kind = 'line',
  window = '1m',
  firstSpan,
  inverted,
  indexed,
  ...rest
}: ChartProps) {
  const [quote, base] = historyPair(network, symbolA, symbolB, inverted);
  const [span, setSpan] = useState(firstSpan);
  const paging = useMemo(
    () => (firstSpan && span ? { first: WINDOW_BUCKETS[firstSpan], span } : undefined),
    [firstSpan, span],
  );
  const { loading, stale, points, earlier, retry } = useChartData(
    network,
    kind,
    window,
    [quote, base],
    paging,
  );
  return (
    <ChartView
      {...rest}
      network={network.id}
      symbolA={base}
      symbolB={quote}
      names={[chartTokenText(network, base, indexed), chartTokenText(network, quote, indexed)]}
      kind={kind}
      window={window}
      loading={loading}
      stale={stale}
      points={points}
      span={paging && span}
      onSpan={setSpan}
      earlier={earlier}
      onRetry={retry}
    />
  );
}

/** The zoom buttons' texts: the span each shows. */
const SPAN_NAMES = {
  '1d': msg`1D`,
  '1w': msg`1W`,
  '1m': msg`1M`,
  '3m': msg`3M`,
  '1y': msg`1Y`,
  all: msg`All`,
} satisfies Record<ChartWindow, unknown>;

export interface ChartViewProps extends Omit<ChartProps, 'network' | 'firstSpan'> {
  /** How the two sides are named (symbols where the pair is named by addresses). */
  names?: [string, string];
  network: string;
  loading: boolean;
  /** Every point held, in time order; the chart draws those of `span`. */
  points: ChartPoint[];
  now?: number;
  /** The span shown, with buttons for the window's spans (chartSpans); none: the whole window. */
  span?: ChartWindow;
  onSpan?: (span: ChartWindow) => void;
  /** The earlier points the span needs: being read, or not readable. */
  earlier?: 'loading' | 'failed';
  onRetry?: () => void;
  /** The last refresh could not be read: the points are the last ones read. */
  stale?: boolean;
}

/** The chart's states: "Loading Chart...", "No chart data available", or the chart. */
export function ChartView({
  network,
  symbolA,
  symbolB,
  names,
  kind = 'line',
  window = '1m',
  width = 470,
  height = 320,
  precision = 8,
  hideLink,
  held,
  loading,
  points,
  // The api's time where this device's clock is hours off it (its candles' buckets are the api's).
  now = apiNow(),
  span,
  onSpan,
  earlier,
  onRetry,
  stale,
}: ChartViewProps) {
  const { t, i18n } = useLingui();
  // Highcharts takes its language when it draws: another language draws the chart anew.
  const language = useLanguageCode();
  const [nameA, nameB] = names ?? [symbolA, symbolB];
  const pair = `${nameA}/${nameB}`;
  // The same list while the points and the current bucket stay: any other render of the page
  // keeps the drawn chart (new points redraw all of it).
  const currentAt = currentPointTime(points, now);
  const inSpan = useMemo(() => (span ? pointsOfSpan(points, span) : points), [points, span]);
  const shown = useMemo(() => withPointAt(inSpan, currentAt), [inSpan, currentAt]);
  const decimals = chartPrecision(inSpan, precision);
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
      data-span={span}
      data-points={inSpan.length}
      data-current-point={currentAt}
      aria-busy={earlier === 'loading' || undefined}
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
          label={chartLabel(nameA, nameB, kind, span ?? window)}
          points={shown}
          height={height}
          decimals={decimals}
        />
      )}
      {span && (
        <div className="jm-chart-spans" role="group" aria-label={t`Chart range`}>
          {chartSpans(window).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={s === span}
              disabled={state !== 'ready'}
              onClick={() => onSpan?.(s)}
            >
              {i18n._(SPAN_NAMES[s])}
            </button>
          ))}
          {earlier === 'loading' && <span role="status">{t`Loading...`}</span>}
        </div>
      )}
      {stale && state === 'ready' && (
        <p role="status" className="jm-warning">
          {t`Prices could not be refreshed; the chart shows the last ones read.`}
        </p>
      )}
      {earlier === 'failed' && state === 'ready' && (
        <p role="status" className="jm-warning">
          {t`Earlier prices could not be loaded; the chart shows the ones it has.`}{' '}
          <button type="button" className="jm-link-button" onClick={onRetry}>
            {t`Try again`}
          </button>
        </p>
      )}
      {!hideLink && (
        <figcaption>
          <AppLink href={chartsPageHref(network, symbolA, symbolB)}>{t`${pair} chart`}</AppLink>
        </figcaption>
      )}
    </figure>
  );
}

export default Chart;
