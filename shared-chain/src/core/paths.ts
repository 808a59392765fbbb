/**
 * Path finding over a network's pools (chain-layer.md section 5): simple paths (no repeated
 * token) from the from token to the to token, 2..MAX_HOP_LENGTH tokens long, skipping pools with
 * a zero reserve; and the best path for an exact input (largest output) or an exact output
 * (smallest input) under the Taxed quotes.
 */
import { DIRECT_HOP_LENGTH, FEE_NUMERATOR, MAX_HOP_LENGTH } from './constants';
import { ChainError } from './errors';
import { type TaxedToken, effectiveTax } from './tax';
import { type Hop, type TaxedQuote, quoteExactInTaxed, quoteExactOutTaxed } from './pairMath';

/** A pool with its current reserves (base units of symbolA and symbolB). */
export interface PoolReserves {
  symbolA: string;
  symbolB: string;
  reserveA: bigint;
  reserveB: bigint;
}

/** What routing needs to know about a token (a TokenConfig fits). */
export type RouteToken = TaxedToken;

export type TokenTable = Readonly<Record<string, RouteToken>>;

function isUsable(pool: PoolReserves): boolean {
  return pool.reserveA > 0n && pool.reserveB > 0n && pool.symbolA !== pool.symbolB;
}

/**
 * The usable pool of each pair, by unordered pair key. Symbols here are configured symbols only:
 * the readers pass one pool per configured token pair, checked by address against the factory
 * (adapters/trustedPairs), so a token that merely calls itself "USDT" never reaches routing.
 */
function usablePools(pools: readonly PoolReserves[]): Map<string, Map<string, PoolReserves>> {
  const graph = new Map<string, Map<string, PoolReserves>>();
  const link = (from: string, to: string, pool: PoolReserves): void => {
    const edges = graph.get(from) ?? new Map<string, PoolReserves>();
    if (!edges.has(to)) edges.set(to, pool);
    graph.set(from, edges);
  };
  for (const pool of pools) {
    if (!isUsable(pool)) continue;
    link(pool.symbolA, pool.symbolB, pool);
    link(pool.symbolB, pool.symbolA, pool);
  }
  return graph;
}

/**
 * All simple token paths from `from` to `to` with DIRECT_HOP_LENGTH..maxLength tokens, shortest
 * first, then in pool order. When a pair has several pools the first usable one is used.
 */
export function findPaths(
  from: string,
  to: string,
  pools: readonly PoolReserves[],
  maxLength: number = MAX_HOP_LENGTH,
): string[][] {
  if (from === to) return [];
  const graph = usablePools(pools);
  const found: string[][] = [];
  let frontier: string[][] = [[from]];
  for (let length = DIRECT_HOP_LENGTH; length <= maxLength; length += 1) {
    const next: string[][] = [];
    for (const path of frontier) {
      const last = path[path.length - 1] as string;
      for (const neighbour of graph.get(last)?.keys() ?? []) {
        if (path.includes(neighbour)) continue;
        const extended = [...path, neighbour];
        if (neighbour === to) found.push(extended);
        else next.push(extended);
      }
    }
    frontier = next;
  }
  return found;
}

/** The pool reserves of each hop of `path`, oriented in the trading direction. */
export function hopsForPath(path: readonly string[], pools: readonly PoolReserves[]): Hop[] {
  const graph = usablePools(pools);
  const hops: Hop[] = [];
  for (let i = 1; i < path.length; i += 1) {
    const tokenIn = path[i - 1] as string;
    const pool = graph.get(tokenIn)?.get(path[i] as string);
    if (pool === undefined) throw new ChainError('NO_PATH');
    hops.push(
      pool.symbolA === tokenIn
        ? { reserveIn: pool.reserveA, reserveOut: pool.reserveB }
        : { reserveIn: pool.reserveB, reserveOut: pool.reserveA },
    );
  }
  if (hops.length === 0) throw new ChainError('NO_PATH');
  return hops;
}

/** The tax of each path token (base coin 0), in the order of the path. */
export function pathTaxes(path: readonly string[], tokens: TokenTable): number[] {
  return path.map((symbol) => {
    const token = tokens[symbol];
    if (token === undefined) throw new RangeError(`Unknown token: ${symbol}`);
    return effectiveTax(token);
  });
}

export interface Route {
  path: string[];
  hops: Hop[];
  taxes: number[];
}

/** A route with its Taxed quote. */
export interface QuotedRoute extends Route, TaxedQuote {}

export interface RouteQuery {
  from: string;
  to: string;
  pools: readonly PoolReserves[];
  tokens: TokenTable;
  /** Longest path in tokens; the network's MAX_HOP_LENGTH (3). */
  maxLength?: number;
}

/** Every usable route between the two tokens; throws "No swap path found" when there is none. */
export function findRoutes({ from, to, pools, tokens, maxLength }: RouteQuery): Route[] {
  const paths = findPaths(from, to, pools, maxLength);
  if (paths.length === 0) throw new ChainError('NO_PATH');
  return paths.map((path) => ({
    path,
    hops: hopsForPath(path, pools),
    taxes: pathTaxes(path, tokens),
  }));
}

function tryQuote(run: () => TaxedQuote): TaxedQuote | null {
  try {
    return run();
  } catch (error) {
    if (error instanceof ChainError) return null;
    throw error;
  }
}

/**
 * The route giving the largest output for `amountIn` (ties: the shorter, then the first).
 * Throws "No swap path found" without a route and "Insufficient liquidity available" when no
 * route yields a positive output.
 */
export function bestExactIn(
  amountIn: bigint,
  query: RouteQuery,
  feeNumerator: bigint = FEE_NUMERATOR,
): QuotedRoute {
  let best: QuotedRoute | null = null;
  for (const route of findRoutes(query)) {
    const quoted = tryQuote(() => quoteRoute('exact-in', amountIn, route, feeNumerator));
    if (quoted === null) continue;
    const out = quoted.amounts[quoted.amounts.length - 1] as bigint;
    if (out <= 0n) continue;
    if (best === null || out > (best.amounts[best.amounts.length - 1] as bigint)) {
      best = { ...route, ...quoted };
    }
  }
  if (best === null) throw new ChainError('INSUFFICIENT_LIQUIDITY');
  return best;
}

/**
 * The route needing the smallest input for exactly `amountOut` (ties: the shorter, then the
 * first). Throws "No swap path found" without a route and "Insufficient liquidity available"
 * when no route can deliver it (e.g. the desired output is at or above a reserve).
 */
export function bestExactOut(
  amountOut: bigint,
  query: RouteQuery,
  feeNumerator: bigint = FEE_NUMERATOR,
): QuotedRoute {
  let best: QuotedRoute | null = null;
  for (const route of findRoutes(query)) {
    const quoted = tryQuote(() => quoteRoute('exact-out', amountOut, route, feeNumerator));
    if (quoted === null) continue;
    if (best === null || (quoted.amounts[0] as bigint) < (best.amounts[0] as bigint)) {
      best = { ...route, ...quoted };
    }
  }
  if (best === null) throw new ChainError('INSUFFICIENT_LIQUIDITY');
  return best;
}

/** The Taxed quote of a known route, for an exact input or an exact output. */
export function quoteRoute(
  kind: 'exact-in' | 'exact-out',
  amount: bigint,
  route: Route,
  feeNumerator: bigint = FEE_NUMERATOR,
): TaxedQuote {
  return kind === 'exact-in'
    ? quoteExactInTaxed(amount, route.hops, route.taxes, feeNumerator)
    : quoteExactOutTaxed(amount, route.hops, route.taxes, feeNumerator);
}
