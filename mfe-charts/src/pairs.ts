import type { NetworkConfig, PoolConfig } from '@jmswap/shared-chain';

export const CHART_NETWORKS = ['TRON', 'BSC', 'POLY'] as const;
export const DEFAULT_PAIR = { symbolA: 'TRX', symbolB: 'JM' };

/** Pairs listed on the charts page: every pool not flagged hideFromCharts. */
export const chartPairs = (network: NetworkConfig): PoolConfig[] =>
  network.pools.filter((p) => !p.hideFromCharts);

/** The pair is looked up in either order, falling back to the network's first two default tokens. */
export function resolveChartPair(
  network: NetworkConfig,
  symbolA?: string,
  symbolB?: string,
): { symbolA: string; symbolB: string } {
  const a = symbolA ?? DEFAULT_PAIR.symbolA;
  const b = symbolB ?? DEFAULT_PAIR.symbolB;
  const match = chartPairs(network).find(
    (p) => (p.symbolA === a && p.symbolB === b) || (p.symbolA === b && p.symbolB === a),
  );
  if (match) return { symbolA: a, symbolB: b };
  const [first, second] = network.defaultTokens;
  return { symbolA: first, symbolB: second };
}
