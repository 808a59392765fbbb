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

/** The wrapped base (W + base symbol) is the base token. */
export function baseSymbol(network: NetworkConfig, symbol: string): string {
  return symbol === `W${network.baseToken}` ? network.baseToken : symbol;
}

/** A pair's symbols, in either order, the wrapped base as the base token. */
const symbolsKey = (network: NetworkConfig, a: string, b: string): string =>
  [baseSymbol(network, a), baseSymbol(network, b)].sort().join('/');

/**
 * Finds, for a pool, its entry in `items` (chain balances or API figures). A pool is known by its
 * pair address: a pair of the same symbols at another address (anyone can deploy a token called
 * USDT) never stands in for it. Symbols decide only when an address is missing on either side.
 * Indexed once: with a thousand pools a search per pool was a million comparisons.
 */
function matcher<T extends { symbolA: string; symbolB: string }>(
  network: NetworkConfig,
  items: readonly T[],
  address: (item: T) => string | undefined,
): (pool: PoolConfig) => T | undefined {
  const byAddress = new Map<string, T>();
  const bySymbols = new Map<string, T>();
  const withoutAddressBySymbols = new Map<string, T>();
  for (const item of items) {
    const key = address(item)?.toLowerCase();
    const symbols = symbolsKey(network, item.symbolA, item.symbolB);
    if (key && !byAddress.has(key)) byAddress.set(key, item);
    if (!bySymbols.has(symbols)) bySymbols.set(symbols, item);
    if (!key && !withoutAddressBySymbols.has(symbols)) withoutAddressBySymbols.set(symbols, item);
  }
  return (pool) => {
    const symbols = symbolsKey(network, pool.symbolA, pool.symbolB);
    return pool.address
      ? (byAddress.get(pool.address.toLowerCase()) ?? withoutAddressBySymbols.get(symbols))
      : bySymbols.get(symbols);
  };
}

function reserves(
  network: NetworkConfig,
  pool: PoolConfig,
  match: PoolState | undefined,
): Pick<PoolRow, 'reserveA' | 'reserveB'> {
  if (!match) return {};
  const straight = baseSymbol(network, match.symbolA) === pool.symbolA;
  return straight
    ? { reserveA: match.reserveA, reserveB: match.reserveB }
    : { reserveA: match.reserveB, reserveB: match.reserveA };
}

/** One row per configured pool of the network, in config order. */
export function buildRows(
  network: NetworkConfig,
  states: readonly PoolState[],
  info: ApiInfoNetwork | undefined,
): PoolRow[] {
  const chainOf = matcher(network, states, (s) => s.pair);
  const apiOf = matcher(network, info?.pairs ?? [], (p) => p.address);
  return network.pools.map((pool) => ({
    pool,
    ...reserves(network, pool, chainOf(pool)),
    api: apiOf(pool),
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

// Not made while the page loads: a page's first Intl object costs a long task on a phone.
let collator: Intl.Collator | undefined;

/** Makes the name sort's collator ahead (when the browser is idle), so the first sort is quick. */
export function prepareNameSort(): void {
  collator ??= new Intl.Collator();
}

/** Largest first for liquidity and volume (rows without a figure last), A-Z for name. */
export function sortRows(rows: readonly PoolRow[], key: SortKey): PoolRow[] {
  if (key === 'name') {
    const compare = (collator ??= new Intl.Collator()).compare;
    return rows
      .map((row) => ({ row, name: pairName(row.pool) }))
      .sort((x, y) => compare(x.name, y.name))
      .map(({ row }) => row);
  }
  const figure = (row: PoolRow): number | null | undefined =>
    key === 'liquidity' ? row.api?.liquidityUsd : row.api?.volume24HUsd;
  return [...rows].sort((x, y) => {
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

/** A number's shortest decimal text ("1.005", "1e+21") without its exponent ("1000...0"). */
function plainDecimal(text: string): string {
  const [mantissa = '0', exponent = '0'] = text.split('e');
  const [int = '0', fraction = ''] = mantissa.split('.');
  const digits = int + fraction;
  const point = int.length + Number(exponent);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A USD figure from the API as Intl's en-US currency format writes it ("$1,234.56", in every
 * language: the number's shortest decimal text rounded half up to cents); "n/a" when the API
 * knows no price for the pair. Written out because a page's first Intl formatter loads the
 * locale data: 50-150 ms here, four times that on a phone, inside the task that draws the table.
 */
export function formatUsd(value: number | null | undefined): string {
  if (value == null) return 'n/a';
  if (!Number.isFinite(value)) return String(value);
  const [int = '0', fraction = ''] = plainDecimal(String(Math.abs(value))).split('.');
  const cents = BigInt(int + fraction.slice(0, 2).padEnd(2, '0')) + (fraction[2]! >= '5' ? 1n : 0n);
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

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
