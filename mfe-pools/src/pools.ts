/**
 * The pools table as pure functions: configured pools joined with the chain's cached pair
 * balances (by pair address, symbols as a fallback for adapters that give no address) and the
 * API's USD figures. Reserves stay bigint base units; only USD figures (API numbers) are floats.
 */
import {
  formatAmount,
  hasCharts,
  type NetworkConfig,
  type PoolConfig,
  type PoolState,
} from '@jmswap/shared-chain';
import { formatUsd, type ApiInfoNetwork, type ApiInfoPair } from '@jmswap/shared-chain/history';
import { searchText } from '@jmswap/shared-chain/tokens';

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

/** Names made of these only: "/", digits and Latin letters (every configured pair so far). */
const PLAIN_NAME = /^[0-9A-Za-z/]*$/;

/**
 * A-Z as Intl's collation orders plain names ("/" before digits before letters, case aside,
 * then lower case first), from keys made once: a page's first Intl object is a long task on a
 * phone (272 ms at 4x throttle here, even when made while idle), and a thousand collator
 * comparisons are slower than string ones. Other names go through the collator.
 */
function nameOrder(names: readonly string[], positions: number[]): number[] {
  if (!names.every((name) => PLAIN_NAME.test(name))) {
    const compare = new Intl.Collator().compare;
    return positions.sort((x, y) => compare(names[x]!, names[y]!) || x - y);
  }
  const keys = names.map((name) => name.toUpperCase());
  return positions.sort((x, y) => {
    const a = keys[x]!;
    const b = keys[y]!;
    if (a !== b) return a < b ? -1 : 1;
    const p = names[x]!;
    const q = names[y]!;
    // The same letters: lower case first ("bnb" before "BNB"), as the collator's third level.
    return p === q ? x - y : p > q ? -1 : 1;
  });
}

/**
 * The positions of `rows` in `key`'s order: largest first for liquidity and volume (rows
 * without a figure last, in list order), A-Z for name.
 */
function order(rows: readonly PoolRow[], key: SortKey): number[] {
  const positions = rows.map((_, i) => i);
  if (key === 'name')
    return nameOrder(
      rows.map((row) => pairName(row.pool)),
      positions,
    );
  // Each figure read once, not twice per comparison; no figure sorts below every figure.
  const figures = rows.map((row) => {
    const value = key === 'liquidity' ? row.api?.liquidityUsd : row.api?.volume24HUsd;
    return value ?? -Infinity;
  });
  return positions.sort((x, y) => {
    const a = figures[x]!;
    const b = figures[y]!;
    return a === b ? x - y : a === -Infinity ? 1 : b === -Infinity ? -1 : b - a;
  });
}

/**
 * What filter and sort need of a list, computed once per list: its rows' symbols upper-cased,
 * and each order once asked for. A keystroke or a sort then costs one pass over the list (a
 * thousand pools took 90-490 ms per change on a 4x slower CPU when each re-sorted and
 * re-upper-cased every row).
 */
export interface PoolIndex {
  rows: readonly PoolRow[];
  /** Both symbols of each row, upper-case, apart (a needle never spans them). */
  symbols: string[];
  /** Each row's pair address and its tokens' addresses, lower-case. */
  addresses: string[][];
  orders: Partial<Record<SortKey, number[]>>;
}

export function indexRows(
  rows: readonly PoolRow[],
  tokens: NetworkConfig['tokens'] = {},
): PoolIndex {
  const symbols = rows.map(
    ({ pool }) => `${pool.symbolA.toUpperCase()}\n${pool.symbolB.toUpperCase()}`,
  );
  const addresses = rows.map(({ pool }) =>
    [pool.address, tokens[pool.symbolA]?.address, tokens[pool.symbolB]?.address]
      .filter((a): a is string => a !== undefined && a !== '')
      .map((a) => a.toLowerCase()),
  );
  return { rows, symbols, addresses, orders: {} };
}

/**
 * The rows whose symbols contain `text`, or whose pair or token has `text` for its whole address
 * (a contract pasted from an explorer), case-insensitive; empty keeps every row. In `key`'s
 * order (null: the list's own).
 */
export function shownRows(index: PoolIndex, text: string, key: SortKey | null): PoolRow[] {
  const needle = searchText(text).toUpperCase();
  const address = needle.toLowerCase();
  const { rows, symbols, addresses } = index;
  const positions = key === null ? undefined : (index.orders[key] ??= order(rows, key));
  const out: PoolRow[] = [];
  const count = rows.length;
  for (let n = 0; n < count; n += 1) {
    const i = positions ? positions[n]! : n;
    if (needle === '' || symbols[i]!.includes(needle) || addresses[i]!.includes(address))
      out.push(rows[i]!);
  }
  return out;
}

const SORT_KEYS: readonly SortKey[] = ['liquidity', 'volume', 'name'];

/**
 * The logos of the first `count` rows of each order, each once (none for a token without one):
 * what a sort shows first, loaded ahead so its first draw does not wait for them.
 */
export function leadingLogos(index: PoolIndex, network: NetworkConfig, count: number): string[] {
  const logos = new Set<string>();
  for (const key of SORT_KEYS) {
    const positions = (index.orders[key] ??= order(index.rows, key));
    for (const i of positions.slice(0, count)) {
      const { pool } = index.rows[i]!;
      for (const symbol of [pool.symbolA, pool.symbolB]) {
        const logo = network.tokens[symbol]?.logoURI;
        if (logo) logos.add(logo);
      }
    }
  }
  return [...logos];
}

/**
 * Computes the index's orders not asked for yet, one per idle period (a first sort of a thousand
 * pools by name took 20-30 ms at 4x CPU inside the change); returns the cancel for an effect.
 * Where the browser has no idle callbacks, each order waits for its first use.
 */
export function prepareOrders(index: PoolIndex): () => void {
  if (typeof requestIdleCallback !== 'function') return () => undefined;
  let handle = 0;
  const next = () => {
    const key = SORT_KEYS.find((k) => index.orders[k] === undefined);
    if (key === undefined) return;
    handle = requestIdleCallback(() => {
      index.orders[key] ??= order(index.rows, key);
      next();
    });
  };
  next();
  return () => cancelIdleCallback(handle);
}

/** Largest first for liquidity and volume (rows without a figure last), A-Z for name. */
export function sortRows(rows: readonly PoolRow[], key: SortKey): PoolRow[] {
  return shownRows(indexRows(rows), '', key);
}

/**
 * A reserve for display: up to 6 decimals, truncated, the whole part grouped by thousands as the
 * dollar columns beside it are ("1,668,629.743123"); "-" when the chain gave none.
 */
export function formatReserve(value: bigint | undefined, decimals: number | undefined): string {
  if (value === undefined || decimals === undefined) return '-';
  const [whole = '', fraction] = formatAmount(value, decimals, 6).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export const formatPercent = (value: number | null | undefined): string =>
  value == null ? 'n/a' : `${value.toFixed(2)}%`;

/** Where the page's two sources stand (usePools' states). */
export type ReadState = 'loading' | 'ok' | 'unreachable' | 'unavailable';

/** A row's figures as shown: both reserves with their symbols, then the four API columns. */
export interface RowTexts {
  reserveA: string;
  reserveB: string;
  /** Liquidity, 24h volume, 24h fees, fee APR: a figure, 'n/a', 'unavailable' or '…'. */
  api: string[];
}

const textsOfRow = new WeakMap<PoolRow, { chain: ReadState; api: ReadState; texts: RowTexts }>();

function reserveText(chain: ReadState, value: bigint | undefined, decimals?: number, symbol = '') {
  if (chain === 'loading') return '…';
  const amount = formatReserve(value, decimals);
  return amount === '-' ? amount : `${amount} ${symbol}`;
}

/**
 * A row's figures written once per pool and read state (a sort or a keystroke refills drawn rows
 * with pools drawn before, and each bigint reserve and USD figure was formatted again each time).
 */
export function rowTexts(
  network: NetworkConfig,
  row: PoolRow,
  chain: ReadState,
  api: ReadState,
): RowTexts {
  const kept = textsOfRow.get(row);
  if (kept && kept.chain === chain && kept.api === api) return kept.texts;
  const { pool } = row;
  const f = row.api;
  const texts: RowTexts = {
    reserveA: reserveText(
      chain,
      row.reserveA,
      network.tokens[pool.symbolA]?.decimals,
      pool.symbolA,
    ),
    reserveB: reserveText(
      chain,
      row.reserveB,
      network.tokens[pool.symbolB]?.decimals,
      pool.symbolB,
    ),
    api:
      api === 'loading' || api === 'unavailable'
        ? Array<string>(4).fill(api === 'loading' ? '…' : 'unavailable')
        : [
            formatUsd(f?.liquidityUsd, 'n/a'),
            formatUsd(f?.volume24HUsd, 'n/a'),
            formatUsd(f?.fees24HUsd, 'n/a'),
            formatPercent(f?.aprPercent),
          ],
  };
  textsOfRow.set(row, { chain, api, texts });
  return texts;
}

/** The charts page of the pair, on the networks the charts page shows. */
export function chartLink(network: NetworkConfig, pool: PoolConfig): string | undefined {
  if (!hasCharts(network.id)) return undefined;
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

const linksOfPool = new WeakMap<PoolConfig, { chart?: string; addLiquidity: string }>();

/**
 * A pool's two links, written once per pool (URLSearchParams for each drawn row was a sixth of a
 * sort's script at 4x CPU); a pool config belongs to one network.
 */
export function poolLinks(
  network: NetworkConfig,
  pool: PoolConfig,
): { chart?: string; addLiquidity: string } {
  let links = linksOfPool.get(pool);
  if (!links) {
    links = { chart: chartLink(network, pool), addLiquidity: addLiquidityLink(network, pool) };
    linksOfPool.set(pool, links);
  }
  return links;
}
