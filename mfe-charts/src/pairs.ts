import type { NetworkConfig, PoolConfig } from '@jmswap/shared-chain';
import { keyOfAddress, readSearchInput, shortAddress } from '@jmswap/shared-chain/tokens';

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
  // Any pair the api indexes, named by its tokens' addresses (the api says whether it exists).
  const input = (text: string) => readSearchInput(text, network.platform);
  const [x, y] = [input(a), input(b)];
  if (x.kind === 'address' && y.kind === 'address' && x.address !== y.address)
    return { symbolA: x.address, symbolB: y.address };
  const [first, second] = network.defaultTokens;
  return { symbolA: first, symbolB: second };
}

/**
 * How the charts page names a side of its pair: a token's symbol when the page knows it (a
 * listed token, by symbol or by address; an imported or listed-by-a-list token), else its short
 * address (a pair the api indexes of tokens this browser does not know).
 */
export function chartTokenText(network: NetworkConfig, key: string): string {
  return chartToken(network, key)?.symbol ?? shortAddress(key);
}

/** The token a side of the chart's pair is, when the page knows it (see chartTokenText). */
export const chartToken = (network: NetworkConfig, key: string) =>
  network.tokens[key] ?? network.tokens[keyOfAddress(network, key) ?? ''];
