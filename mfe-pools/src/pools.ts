/**
 * The pools table as pure functions: configured pools joined with the chain's cached pair
 * balances (by pair address, symbols as a fallback for adapters that give no address) and the
 * API's USD figures. Reserves stay bigint base units; only USD figures (API numbers) are floats.
 */
import {
  formatAmount,
  type NetworkConfig,
  type PoolConfig,
  type PoolState,
} from '@jmswap/shared-chain';
import { type ApiInfoNetwork, type ApiInfoPair } from '@jmswap/shared-chain/history';

export interface PoolRow {
  pool: PoolConfig;
  /** Base units in the order of the pool config; undefined when the chain gave no balances for it. */
  reserveA?: bigint;
  reserveB?: bigint;
  /** The API's figures for the pair; undefined when the API is unavailable or does not know it. */
  api?: ApiInfoPair;
}

export type SortKey = 'liquidity' | 'volume' | 'name';

const sameAddress = (a: string | undefined, b: string | undefined): boolean =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The wrapped base (W + base symbol) is the base token. */
export function baseSymbol(network: NetworkConfig, symbol: string): string {
  return symbol === `W${network.baseToken}` ? network.baseToken : symbol;
}

const sameSymbols = (
  network: NetworkConfig,
  pool: PoolConfig,
  symbolA: string,
  symbolB: string,
): boolean => {
  const a = baseSymbol(network, symbolA);
  const b = baseSymbol(network, symbolB);
  return (a === pool.symbolA && b === pool.symbolB) || (a === pool.symbolB && b === pool.symbolA);
};

/**
 * A pool is known by its pair address: a pair of the same symbols at another address (anyone can
 * deploy a token called USDT) never stands in for it. Symbols decide only when an address is
 * missing on either side.
 */
function matches(
  network: NetworkConfig,
  pool: PoolConfig,
  other: { address?: string; symbolA: string; symbolB: string },
): boolean {
  if (pool.address && other.address) return sameAddress(pool.address, other.address);
  return sameSymbols(network, pool, other.symbolA, other.symbolB);
}

function reservesFor(
  network: NetworkConfig,
  pool: PoolConfig,
  states: readonly PoolState[],
): Pick<PoolRow, 'reserveA' | 'reserveB'> {
  const match = states.find((s) => matches(network, pool, { ...s, address: s.pair }));
  if (!match) return {};
  const straight = baseSymbol(network, match.symbolA) === pool.symbolA;
  return straight
    ? { reserveA: match.reserveA, reserveB: match.reserveB }
    : { reserveA: match.reserveB, reserveB: match.reserveA };
}

function apiFor(
  network: NetworkConfig,
  pool: PoolConfig,
  info: ApiInfoNetwork | undefined,
): ApiInfoPair | undefined {
  return info?.pairs.find((p) => matches(network, pool, p));
}

/** One row per configured pool of the network, in config order. */
export function buildRows(
  network: NetworkConfig,
  states: readonly PoolState[],
  info: ApiInfoNetwork | undefined,
): PoolRow[] {
  return network.pools.map((pool) => ({
    pool,
    ...reservesFor(network, pool, states),
    api: apiFor(network, pool, info),
  }));
}

export const pairName = (pool: PoolConfig): string => `${pool.symbolA}/${pool.symbolB}`;

/** Rows whose symbols contain `text` (case-insensitive); empty text keeps every row. */
export function filterRows(rows: readonly PoolRow[], text: string): PoolRow[] {
  const needle = text.trim().toUpperCase();
  if (needle === '') return [...rows];
  return rows.filter(
    ({ pool }) =>
      pool.symbolA.toUpperCase().includes(needle) || pool.symbolB.toUpperCase().includes(needle),
  );
}

/** Largest first for liquidity and volume (rows without a figure last), A-Z for name. */
export function sortRows(rows: readonly PoolRow[], key: SortKey): PoolRow[] {
  const figure = (row: PoolRow): number | null | undefined =>
    key === 'liquidity' ? row.api?.liquidityUsd : row.api?.volume24HUsd;
  return [...rows].sort((x, y) => {
    if (key === 'name') return pairName(x.pool).localeCompare(pairName(y.pool));
    const a = figure(x);
    const b = figure(y);
    if (a == null || b == null) return (a == null ? 1 : 0) - (b == null ? 1 : 0);
    return b - a;
  });
}

/** A reserve for display: up to 6 decimals, truncated; "-" when the chain gave none. */
export function formatReserve(value: bigint | undefined, decimals: number | undefined): string {
  if (value === undefined || decimals === undefined) return '-';
  return formatAmount(value, decimals, 6);
}

const usdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
});

/** A USD figure from the API; "n/a" when the API knows no price for the pair. */
export const formatUsd = (value: number | null | undefined): string =>
  value == null ? 'n/a' : usdFormat.format(value);

export const formatPercent = (value: number | null | undefined): string =>
  value == null ? 'n/a' : `${value.toFixed(2)}%`;

/** The charts page of the pair (the product has no charts on ETH). */
export function chartLink(network: NetworkConfig, pool: PoolConfig): string | undefined {
  if (network.id === 'ETH') return undefined;
  const q = new URLSearchParams({ n: network.id, symbolA: pool.symbolA, symbolB: pool.symbolB });
  return `/charts?${q.toString()}`;
}

/** The liquidity tab of the index route with the pair preselected. */
export function addLiquidityLink(network: NetworkConfig, pool: PoolConfig): string {
  const q = new URLSearchParams({
    n: network.id,
    t: 'addLiquidity',
    from: pool.symbolA,
    to: pool.symbolB,
  });
  return `/?${q.toString()}`;
}
