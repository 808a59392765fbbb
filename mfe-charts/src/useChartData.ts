import { startTransition, useEffect, useState } from 'react';
import { CHART_REFRESH_MS, CHART_STALE_MS, type NetworkConfig } from '@jmswap/shared-chain';
import { fetchCandles, fetchLine, type ChartWindow } from '@jmswap/shared-chain/history';
import { samePoints, type ChartKind, type ChartPoint } from './chartRules';
import { useRefresh } from './useRefresh';

export interface ChartData {
  loading: boolean;
  /** Points in time order; empty when the API has none, is down or answered bad data. */
  points: ChartPoint[];
}

async function load(
  network: NetworkConfig,
  kind: ChartKind,
  window: ChartWindow,
  pair: [string, string],
  signal: AbortSignal,
): Promise<ChartPoint[]> {
  const args = [network.api.url, network.id, window, pair[0], pair[1], { signal }] as const;
  if (kind === 'candle') {
    const candles = await fetchCandles(...args);
    return (candles ?? []).map((c) => ({ dt: c.dt, open: c.o, high: c.h, low: c.l, close: c.c }));
  }
  const line = await fetchLine(...args);
  return (line ?? []).map((p) => ({
    dt: p.dt,
    open: p.value,
    high: p.value,
    low: p.value,
    close: p.value,
  }));
}

/** The new state; the old one when a refresh brought the same points (the chart stays as drawn). */
export const arrived =
  (points: ChartPoint[]) =>
  (old: ChartData): ChartData =>
    !old.loading && samePoints(old.points, points) ? old : { loading: false, points };

/**
 * A pair's chart points, refreshed every 15 s while the page is visible and the data stale. The
 * points arrive in a transition: React renders the chart's figure in slices, not one long task.
 */
export function useChartData(
  network: NetworkConfig,
  kind: ChartKind,
  window: ChartWindow,
  pair: [string, string],
): ChartData {
  const [data, setData] = useState<ChartData>({ loading: true, points: [] });
  const [a, b] = pair;
  const tick = useRefresh(CHART_REFRESH_MS, CHART_STALE_MS, true);
  useEffect(() => setData({ loading: true, points: [] }), [network, kind, window, a, b]);
  useEffect(() => {
    const abort = new AbortController();
    load(network, kind, window, [a, b], abort.signal)
      .catch((): ChartPoint[] => [])
      .then((points) => {
        if (!abort.signal.aborted) startTransition(() => setData(arrived(points)));
      });
    return () => abort.abort();
  }, [network, kind, window, a, b, tick]);
  return data;
}
