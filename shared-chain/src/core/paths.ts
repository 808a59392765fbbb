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

/** A usable pool as seen from one of its tokens: the pool and whether that token is its symbolA. */
interface Edge {
  pool: PoolReserves;
  fromA: boolean;
}

/** A path found in a snapshot, with the pool of each hop. */
interface FoundPath {
  path: readonly string[];
  edges: readonly Edge[];
}

/**
 * One reserves snapshot's graph: the usable pool of each token pair (symbols here are configured
 * symbols only: the readers pass one pool per configured token pair, checked by address against
 * the factory in adapters/trustedPairs, so a token that merely calls itself "USDT" never reaches
 * routing) and the paths already searched in it, by "from|to|maxLength".
 */
interface Graph {
  neighbours: Map<string, Map<string, Edge>>;
  paths: Map<string, readonly FoundPath[]>;
  /** The taxes of those paths' tokens by token table, by the same key. */
  taxes: WeakMap<TokenTable, Map<string, readonly (readonly number[])[]>>;
}

/**
 * Graphs by pools array. A readers' snapshot is one array, read again as a new array (every 5 s,
 * or before a send), and never changed in place; so the swap box's keystrokes over one snapshot
 * build the graph once and search each token pair once (issue #25: a thousand pools).
 */
const graphs = new WeakMap<readonly PoolReserves[], Graph>();

function graphOf(pools: readonly PoolReserves[]): Graph {
  let graph = graphs.get(pools);
  if (graph !== undefined) return graph;
  const neighbours = new Map<string, Map<string, Edge>>();
  const link = (from: string, to: string, edge: Edge): void => {
    let edges = neighbours.get(from);
    if (edges === undefined) {
      edges = new Map<string, Edge>();
      neighbours.set(from, edges);
    }
    // When a pair has several pools the first usable one is used.
    if (!edges.has(to)) edges.set(to, edge);
  };
  for (const pool of pools) {
    if (!isUsable(pool)) continue;
    link(pool.symbolA, pool.symbolB, { pool, fromA: true });
    link(pool.symbolB, pool.symbolA, { pool, fromA: false });
  }
  graph = { neighbours, paths: new Map(), taxes: new WeakMap() };
  graphs.set(pools, graph);
  return graph;
}

/**
 * Simple paths from `from` to `to`, shortest first, then in pool order (breadth first). The last
 * step only asks whether the path's end pools with `to`: the paths it would extend elsewhere are
 * longer than allowed, so the result is the full search's without building them.
 */
function searchPaths(graph: Graph, from: string, to: string, maxLength: number): FoundPath[] {
  const found: FoundPath[] = [];
  let frontier: FoundPath[] = [{ path: [from], edges: [] }];
  for (let length = DIRECT_HOP_LENGTH; length <= maxLength && frontier.length > 0; length += 1) {
    const last = length === maxLength;
    const next: FoundPath[] = [];
    for (const { path, edges } of frontier) {
      const out = graph.neighbours.get(path[path.length - 1] as string);
      if (out === undefined) continue;
      if (last) {
        const edge = out.get(to);
        if (edge !== undefined) found.push({ path: [...path, to], edges: [...edges, edge] });
        continue;
      }
      for (const [neighbour, edge] of out) {
        if (path.includes(neighbour)) continue;
        const extended = { path: [...path, neighbour], edges: [...edges, edge] };
        if (neighbour === to) found.push(extended);
        else next.push(extended);
      }
    }
    frontier = next;
  }
  return found;
}

function pathsIn(graph: Graph, from: string, to: string, maxLength: number): readonly FoundPath[] {
  if (from === to) return [];
  const key = `${from}|${to}|${maxLength}`;
  let paths = graph.paths.get(key);
  if (paths === undefined) {
    paths = searchPaths(graph, from, to, maxLength);
    graph.paths.set(key, paths);
  }
  return paths;
}

const hopOf = ({ pool, fromA }: Edge): Hop =>
  fromA
    ? { reserveIn: pool.reserveA, reserveOut: pool.reserveB }
    : { reserveIn: pool.reserveB, reserveOut: pool.reserveA };

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
  return pathsIn(graphOf(pools), from, to, maxLength).map(({ path }) => [...path]);
}

/** The pool reserves of each hop of `path`, oriented in the trading direction. */
export function hopsForPath(path: readonly string[], pools: readonly PoolReserves[]): Hop[] {
  const { neighbours } = graphOf(pools);
  const hops: Hop[] = [];
  for (let i = 1; i < path.length; i += 1) {
    const edge = neighbours.get(path[i - 1] as string)?.get(path[i] as string);
    if (edge === undefined) throw new ChainError('NO_PATH');
    hops.push(hopOf(edge));
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

/**
 * The routes between two tokens. Their paths are searched once per snapshot and their taxes
 * looked up once per token table: the swap box's estimates quote the same few hundred routes on
 * every keystroke (issue #25). The hops are read from the pools on each call.
 */
function routesIn({ from, to, pools, tokens, maxLength }: RouteQuery): Route[] {
  const graph = graphOf(pools);
  const length = maxLength ?? MAX_HOP_LENGTH;
  const paths = pathsIn(graph, from, to, length);
  if (paths.length === 0) throw new ChainError('NO_PATH');
  const key = `${from}|${to}|${length}`;
  let byKey = graph.taxes.get(tokens);
  if (byKey === undefined) graph.taxes.set(tokens, (byKey = new Map()));
  let taxes = byKey.get(key);
  if (taxes === undefined) {
    taxes = paths.map(({ path }) => pathTaxes(path, tokens));
    byKey.set(key, taxes);
  }
  return paths.map(({ path, edges }, i) => ({
    path: path as string[],
    hops: edges.map(hopOf),
    taxes: taxes[i] as number[],
  }));
}

/** Every usable route between the two tokens; throws "No swap path found" when there is none. */
export function findRoutes(query: RouteQuery): Route[] {
  return routesIn(query).map(copyOf);
}

/** A route of one's own: routesIn's paths and taxes are kept and shared. */
const copyOf = (route: Route): Route => ({
  path: [...route.path],
  hops: route.hops,
  taxes: [...route.taxes],
});

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
  let best: { route: Route; quoted: TaxedQuote; out: bigint } | null = null;
  for (const route of routesIn(query)) {
    const quoted = tryQuote(() => quoteRoute('exact-in', amountIn, route, feeNumerator));
    if (quoted === null) continue;
    const out = quoted.amounts[quoted.amounts.length - 1] as bigint;
    if (out <= 0n) continue;
    if (best === null || out > best.out) best = { route, quoted, out };
  }
  if (best === null) throw new ChainError('INSUFFICIENT_LIQUIDITY');
  return { ...copyOf(best.route), ...best.quoted };
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
  let best: { route: Route; quoted: TaxedQuote } | null = null;
  for (const route of routesIn(query)) {
    const quoted = tryQuote(() => quoteRoute('exact-out', amountOut, route, feeNumerator));
    if (quoted === null) continue;
    if (best === null || (quoted.amounts[0] as bigint) < (best.quoted.amounts[0] as bigint)) {
      best = { route, quoted };
    }
  }
  if (best === null) throw new ChainError('INSUFFICIENT_LIQUIDITY');
  return { ...copyOf(best.route), ...best.quoted };
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
