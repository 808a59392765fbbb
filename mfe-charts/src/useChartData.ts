import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { CHART_REFRESH_MS, CHART_STALE_MS, type NetworkConfig } from '@jmswap/shared-chain';
import {
  fetchCandles,
  fetchEarlierCandles,
  fetchEarlierLine,
  fetchLine,
  mergeByDate,
  type Candle,
  type ChartRange,
  type ChartWindow,
  type LinePoint,
} from '@jmswap/shared-chain/history';
import { missingBuckets, samePoints, type ChartKind, type ChartPoint } from './chartRules';
import { useRefresh } from './useRefresh';

export interface ChartData {
  loading: boolean;
  /** Points in time order; empty when the API has none, is down or answered bad data. */
  points: ChartPoint[];
  /** The last refresh could not be read: the points are the last ones read. */
  stale?: boolean;
}

/**
 * What a chart that zooms out reads: the last `first` buckets at once (what its first view
 * draws), and earlier ones until the points cover `span`, the view the user chose.
 */
export interface ChartPaging {
  first: number;
  span: ChartWindow;
}

export interface PagedChartData extends ChartData {
  /** The earlier points the view needs: being read, or not readable (what is drawn stays). */
  earlier?: 'loading' | 'failed';
  /** Reads the earlier points again after a failure. */
  retry: () => void;
}

const fromCandles = (candles: Candle[] | undefined): ChartPoint[] =>
  (candles ?? []).map((c) => ({
    dt: c.dt,
    open: c.o,
    high: c.h,
    low: c.l,
    close: c.c,
    volume: c.v ?? undefined,
  }));
const fromLine = (line: LinePoint[] | undefined): ChartPoint[] =>
  (line ?? []).map((p) => ({
    dt: p.dt,
    open: p.value,
    high: p.value,
    low: p.value,
    close: p.value,
  }));

type Source = readonly [NetworkConfig, ChartKind, ChartWindow, string, string];

/** The points; undefined when the api did not answer them. */
async function load(
  [network, kind, window, a, b]: Source,
  range: ChartRange | undefined,
  signal: AbortSignal,
): Promise<ChartPoint[] | undefined> {
  const args = [network.api.url, network.id, window, a, b, { signal, range }] as const;
  if (kind === 'candle') {
    const candles = await fetchCandles(...args);
    return candles && fromCandles(candles);
  }
  const line = await fetchLine(...args);
  return line && fromLine(line);
}

/** The points before `first`, up to `count` of them (all of the window's without); undefined: failed. */
async function loadEarlier(
  [network, kind, window, a, b]: Source,
  first: number,
  count: number | undefined,
  signal: AbortSignal,
): Promise<ChartPoint[] | undefined> {
  const args = [network.api.url, network.id, window, a, b, first, { signal, count }] as const;
  if (kind === 'candle') {
    const candles = await fetchEarlierCandles(...args);
    return candles && fromCandles(candles);
  }
  const line = await fetchEarlierLine(...args);
  return line && fromLine(line);
}

/**
 * The new state; the old one when a refresh brought the same points (the chart stays as drawn).
 * `undefined`: the api did not answer, so a chart drawn keeps its points, said to be stale.
 */
export const arrived =
  (points: ChartPoint[] | undefined) =>
  (old: ChartData): ChartData => {
    if (points === undefined)
      return old.loading
        ? { loading: false, points: [] }
        : old.stale
          ? old
          : { ...old, stale: true };
    return !old.loading && !old.stale && samePoints(old.points, points)
      ? old
      : { loading: false, points };
  };

/** The earlier points read so far; `start`: the window (or the pair's history) begins with them. */
interface Earlier {
  points: ChartPoint[];
  start: boolean;
  failed: boolean;
}
const NONE: Earlier = { points: [], start: false, failed: false };
const LOADING: ChartData = { loading: true, points: [] };
type Keyed<T> = T & { key: string };

/**
 * A pair's chart points, refreshed every 15 s while the page is visible and the data stale. The
 * points arrive in a transition: React renders the chart's figure in slices, not one long task.
 * With `paging`, the first request asks only for the last `paging.first` buckets, and the ones
 * before them are read when `paging.span` needs them (the user zoomed out), merged in time
 * order, each time once; a refresh asks for the last ones again and keeps every one held. An
 * earlier page that cannot be read keeps what is drawn (`earlier: 'failed'`, `retry`).
 */
export function useChartData(
  network: NetworkConfig,
  kind: ChartKind,
  window: ChartWindow,
  pair: [string, string],
  paging?: ChartPaging,
): PagedChartData {
  const [a, b] = pair;
  const first = paging?.first;
  // The state of another pair, window or network is none of this one's (until its effects run).
  const key = `${network.id}/${kind}/${window}/${a}/${b}/${first ?? ''}`;
  const [latestState, setLatest] = useState<Keyed<ChartData>>({ key, ...LOADING });
  const [earlierState, setEarlier] = useState<Keyed<Earlier>>({ key, ...NONE });
  const latest = latestState.key === key ? latestState : LOADING;
  const earlier = earlierState.key === key ? earlierState : NONE;
  const tick = useRefresh(CHART_REFRESH_MS, CHART_STALE_MS, true);
  useEffect(() => {
    const abort = new AbortController();
    const range = first === undefined ? undefined : { limit: first };
    load([network, kind, window, a, b], range, abort.signal)
      .catch(() => undefined)
      .then((points) => {
        if (abort.signal.aborted) return;
        startTransition(() =>
          setLatest((old) => {
            const base = old.key === key ? old : { key, ...LOADING };
            // A page of the last N moves on with each new bucket: the candles it no longer
            // holds stay (else one would go missing between it and the earlier pages).
            const held = first !== undefined && !base.loading && points !== undefined;
            const next = arrived(held ? mergeByDate(base.points, points) : points)(base);
            return next === base ? base : { ...next, key };
          }),
        );
      });
    return () => abort.abort();
  }, [network, kind, window, a, b, first, key, tick]);

  const points = useMemo(
    () => mergeByDate(earlier.points, latest.points),
    [earlier.points, latest.points],
  );
  // A first page shorter than asked is the whole history of the pair in the window.
  const start =
    earlier.start || (first !== undefined && !latest.loading && latest.points.length < first);
  const missing =
    paging && !latest.loading && !start && !earlier.failed
      ? missingBuckets(points, paging.span)
      : 0;
  const from = points[0]?.dt;
  useEffect(() => {
    if (!missing || from === undefined) return undefined;
    const abort = new AbortController();
    const count = Number.isFinite(missing) ? missing : undefined;
    void loadEarlier([network, kind, window, a, b], from, count, abort.signal).then((rows) => {
      if (abort.signal.aborted) return;
      startTransition(() =>
        setEarlier((state) => {
          const old = state.key === key ? state : NONE;
          return rows === undefined
            ? { ...old, key, failed: true }
            : {
                key,
                points: mergeByDate(rows, old.points),
                start: count === undefined || rows.length < count,
                failed: false,
              };
        }),
      );
    });
    return () => abort.abort();
  }, [network, kind, window, a, b, key, from, missing]);
  const retry = useCallback(() => setEarlier((old) => ({ ...old, failed: false })), []);
  return {
    loading: latest.loading,
    stale: latest.stale,
    points,
    earlier: earlier.failed ? 'failed' : missing ? 'loading' : undefined,
    retry,
  };
}
