import type { NetworkConfig, PoolConfig } from '@jmswap/shared-chain';
import type { ApiPair } from '@jmswap/shared-chain/history';
import { keyOfAddress, readSearchInput, shortAddress } from '@jmswap/shared-chain/tokens';

export const DEFAULT_PAIR = { symbolA: 'TRX', symbolB: 'JM' };

/** Pairs listed on the charts page: every pool not flagged hideFromCharts. */
export const chartPairs = (network: NetworkConfig): PoolConfig[] =>
  network.pools.filter((p) => !p.hideFromCharts);

/**
 * The pair named by `symbolA` and `symbolB` (TRX and JM when not given), when the page can show
 * it: a pair of the charts' list in either order, or two token addresses (the api says whether
 * it indexes their pool). Undefined for anything else.
 */
export function chartPairOf(
  network: NetworkConfig,
  symbolA?: string,
  symbolB?: string,
): { symbolA: string; symbolB: string } | undefined {
  const a = symbolA ?? DEFAULT_PAIR.symbolA;
  const b = symbolB ?? DEFAULT_PAIR.symbolB;
  const match = chartPairs(network).find(
    (p) => (p.symbolA === a && p.symbolB === b) || (p.symbolA === b && p.symbolB === a),
  );
  if (match) return { symbolA: a, symbolB: b };
  const input = (text: string) => readSearchInput(text, network.platform);
  const [x, y] = [input(a), input(b)];
  if (x.kind === 'address' && y.kind === 'address' && x.address !== y.address)
    return { symbolA: x.address, symbolB: y.address };
  return undefined;
}

/** The pair is looked up in either order, falling back to the network's first two default tokens. */
export function resolveChartPair(
  network: NetworkConfig,
  symbolA?: string,
  symbolB?: string,
): { symbolA: string; symbolB: string } {
  const [first, second] = network.defaultTokens;
  return chartPairOf(network, symbolA, symbolB) ?? { symbolA: first, symbolB: second };
}

/**
 * How the charts page names a side of its pair: a token's symbol when the page knows it (a
 * listed token, by symbol or by address; an imported or listed-by-a-list token), else its short
 * address (a pair the api indexes of tokens this browser does not know).
 */
export function chartTokenText(network: NetworkConfig, key: string, indexed?: ApiPair): string {
  const known = chartToken(network, key)?.symbol;
  if (known !== undefined) return known;
  const side = indexed && indexedSide(network, indexed, key);
  if (!side) return shortAddress(key);
  // The token's own symbol, as the api read it from its contract; beside a listed symbol, its
  // short address, so that a copy never reads as the listed token.
  const clash = network.tokens[side.symbol] !== undefined && !network.tokens[side.symbol]?.origin;
  return clash ? `${side.symbol} (${shortAddress(side.address)})` : side.symbol;
}

const sameAddress = (network: NetworkConfig, x: string, y: string) =>
  network.platform === 'evm' ? x.toLowerCase() === y.toLowerCase() : x === y;

/** The side of an indexed pair whose token is at `key` (an address). */
const indexedSide = (network: NetworkConfig, pair: ApiPair, key: string) =>
  [pair.tokenA, pair.tokenB].find((t) => sameAddress(network, t.address, key));

/** The api's pair of the two addresses, in either order, among a search's answer. */
export const indexedPairOf = (
  network: NetworkConfig,
  pairs: readonly ApiPair[],
  a: string,
  b: string,
): ApiPair | undefined =>
  pairs.find((p) => indexedSide(network, p, a) && indexedSide(network, p, b) && a !== b);

/**
 * The price of the pair's other token in `a` (a per 1 other) from an indexed pair's reserves: a
 * figure to show, as the info figures are (the api's decimal texts as numbers); undefined when a
 * reserve is empty.
 */
export function indexedPrice(network: NetworkConfig, pair: ApiPair, a: string): number | undefined {
  const aFirst = sameAddress(network, pair.tokenA.address, a);
  const [ra, rb] = aFirst ? [pair.reserveA, pair.reserveB] : [pair.reserveB, pair.reserveA];
  const price = Number(ra) / Number(rb);
  return Number.isFinite(price) && price > 0 ? price : undefined;
}

/** The token a side of the chart's pair is, when the page knows it (see chartTokenText). */
export const chartToken = (network: NetworkConfig, key: string) =>
  network.tokens[key] ?? network.tokens[keyOfAddress(network, key) ?? ''];
