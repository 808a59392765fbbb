import { msg, t } from '@lingui/core/macro';
import { i18n } from '@jmswap/shared-chain';
import {
  CHART_PRICE_SIGNIFICANT_DIGITS,
  USD_STABLECOINS,
  type NetworkConfig,
} from '@jmswap/shared-chain';
import { CHART_BUCKET_MS, type ChartWindow } from '@jmswap/shared-chain/history';

export type ChartKind = 'candle' | 'line';

/** One point of either chart kind; `close` is the line value or the candle's close. */
export interface ChartPoint {
  dt: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** The bucket's trades' worth in US dollars (candles only); undefined when not known. */
  volume?: number;
}

/** The decimals the API's prices have: no chart shows more. */
const MAX_CHART_DECIMALS = 18;

/**
 * Decimals that show the first close with 4 significant digits (0.0001234567 -> 7,
 * 12.345 -> 2), never more than `max`; `max` when there is nothing to measure. A price so small
 * that `max` decimals would show fewer than two of its digits (a meme token's, 1e-15 of the base
 * coin) gets the decimals its 4 significant digits need, as the price texts do (`priceText`).
 */
export function chartPrecision(points: readonly ChartPoint[], max: number): number {
  const first = points[0]?.close;
  if (!first || !Number.isFinite(first) || first <= 0) return max;
  const decimals = Math.max(0, CHART_PRICE_SIGNIFICANT_DIGITS - 1 - Math.floor(Math.log10(first)));
  const zeros = decimals - CHART_PRICE_SIGNIFICANT_DIGITS;
  if (zeros + 2 > max) return Math.min(decimals, MAX_CHART_DECIMALS);
  return Math.min(decimals, max);
}

/**
 * Once the last point is more than one bucket (4 h) old, the chart gets a point in the current
 * bucket at the last close: no trade since means the price has not moved.
 */
export function withCurrentPoint(points: readonly ChartPoint[], now: number): ChartPoint[] {
  return withPointAt([...points], currentPointTime(points, now));
}

/** When the current point goes (the current bucket's start), or undefined when none is needed. */
export function currentPointTime(points: readonly ChartPoint[], now: number): number | undefined {
  const last = points[points.length - 1];
  if (!last || now - last.dt <= CHART_BUCKET_MS) return undefined;
  return now - (now % CHART_BUCKET_MS);
}

/** `points` with a point at `dt` at the last close; `points` itself when `dt` is undefined. */
export function withPointAt(points: ChartPoint[], dt: number | undefined): ChartPoint[] {
  const c = points[points.length - 1]?.close;
  if (dt === undefined || c === undefined) return points;
  return [...points, { dt, open: c, high: c, low: c, close: c }];
}

/**
 * True when both lists hold the same points: a refresh that brings nothing new keeps the chart as
 * drawn (new options redraw the whole chart, hundreds of ms on a phone).
 */
export function samePoints(a: readonly ChartPoint[], b: readonly ChartPoint[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((p, i) => {
    const q = b[i]!;
    return (
      p.dt === q.dt &&
      p.open === q.open &&
      p.high === q.high &&
      p.low === q.low &&
      p.close === q.close &&
      p.volume === q.volume
    );
  });
}

/** The 4-hour buckets of each chart window (`all`: no end). */
export const WINDOW_BUCKETS: Record<ChartWindow, number> = {
  '1d': 6,
  '1w': 42,
  '1m': 180,
  '3m': 540,
  '1y': 2190,
  all: Infinity,
};

/** The spans a chart of `window` can be zoomed to: the shorter windows, then the whole window. */
export const chartSpans = (window: ChartWindow): ChartWindow[] =>
  (['1w', '1m', '3m', window] as const).filter(
    (span, i, all) => all.indexOf(span) === i && WINDOW_BUCKETS[span] <= WINDOW_BUCKETS[window],
  );

/**
 * The points a view of `span` draws: those of the last `span` of 4-hour buckets up to the last
 * point; `points` itself when it holds no more.
 */
export function pointsOfSpan(points: ChartPoint[], span: ChartWindow): ChartPoint[] {
  const last = points[points.length - 1];
  if (!last) return points;
  const start = last.dt - (WINDOW_BUCKETS[span] - 1) * CHART_BUCKET_MS;
  const at = points.findIndex((p) => p.dt >= start);
  return at <= 0 ? points : points.slice(at);
}

/**
 * How many earlier buckets a view of `span` still lacks, from the first point held to the
 * span's start (Infinity: the rest of the window); 0 when the points held cover it.
 */
export function missingBuckets(points: readonly ChartPoint[], span: ChartWindow): number {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 0;
  const held = Math.round((last.dt - first.dt) / CHART_BUCKET_MS) + 1;
  return Math.max(0, WINDOW_BUCKETS[span] - held);
}

/** The pool of a pair in either order, if the network lists one. */
export const poolOf = (network: NetworkConfig, a: string, b: string) =>
  network.pools.find(
    (p) => (p.symbolA === a && p.symbolB === b) || (p.symbolA === b && p.symbolB === a),
  );

/**
 * The side of a pair its price is quoted in: a US dollar stablecoin, else the network's base
 * coin, else as the pool's `invert` flag says (the spec's pairs price symbolB in symbolA, and an
 * inverted one the other way round). So BNB/USDT reads about 530 USDT per BNB, whatever the
 * order the pair was asked in.
 */
export function quoteSymbol(network: NetworkConfig, a: string, b: string): string {
  const stable = (s: string) => USD_STABLECOINS.has(s);
  if (stable(a) !== stable(b)) return stable(a) ? a : b;
  const base = (s: string) => s === network.baseToken || network.tokens[s]?.isBase === true;
  if (!stable(a) && base(a) !== base(b)) return base(a) ? a : b;
  const pool = poolOf(network, a, b);
  if (!pool) return a;
  return pool.invert ? pool.symbolB : pool.symbolA;
}

/**
 * The pair as the history API is asked for it, (quote, base): it prices its second token in its
 * first, so prices read quote per base. `inverted` (the charts page's toggle) turns it round.
 */
export function historyPair(
  network: NetworkConfig,
  a: string,
  b: string,
  inverted = false,
): [string, string] {
  const quote = quoteSymbol(network, a, b);
  const base = quote === a ? b : a;
  return inverted ? [base, quote] : [quote, base];
}

/** A pair as it reads, base/quote ("BNB/USDT"), from a historyPair. */
export const pairName = ([quote, base]: readonly [string, string]): string => `${base}/${quote}`;

/** Where the Chart component's link goes: the charts page of this pair. */
export const chartsPageHref = (network: string, a: string, b: string) =>
  `/charts?${new URLSearchParams({ n: network, symbolA: a, symbolB: b })}`;

const WINDOW_WORDS = {
  '1d': msg`last day`,
  '1w': msg`last week`,
  '1m': msg`last month`,
  '3m': msg`last 3 months`,
  '1y': msg`last year`,
  all: msg`all time`,
} satisfies Record<ChartWindow, unknown>;

/**
 * What a screen reader announces for the chart, in the language in use: the pair and the period,
 * e.g. "TRX/JM price, 4-hour candles, last 3 months".
 */
export function chartLabel(a: string, b: string, kind: ChartKind, window: ChartWindow): string {
  const pair = `${a}/${b}`;
  const period = i18n._(WINDOW_WORDS[window]);
  return kind === 'candle'
    ? t`${pair} price, 4-hour candles, ${period}`
    : t`${pair} price, 4-hour line, ${period}`;
}
