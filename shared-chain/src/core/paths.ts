/**
 * Path finding over a network's pools (chain-layer.md section 5): simple paths (no repeated
 * token) from the from token to the to token, 2..MAX_HOP_LENGTH tokens long, skipping pools with
 * a zero reserve; and the best path for an exact input (largest output) or an exact output
 * (smallest input) under the Taxed quotes.
 */
import {
  DIRECT_HOP_LENGTH,
  FEE_DENOMINATOR,
  FEE_NUMERATOR,
  MAX_HOP_LENGTH,
  PERCENT_DENOMINATOR,
} from './constants';
import { ChainError } from './errors';
import { type TaxedToken, effectiveTax } from './tax';
import {
  type Hop,
  type TaxedQuote,
  ceilDiv,
  quoteExactInTaxed,
  quoteExactOutTaxed,
} from './pairMath';

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
  /** The routes ranked by their output bound, by token table, by the same key and fee. */
  rankings: WeakMap<TokenTable, Map<string, Ranking>>;
}

/**
 * Graphs by pools array. A readers' snapshot is one array, read again as a new array (every 5 s,
 * or before a send), and never changed in place; so the swap box's keystrokes over one snapshot
 * build the graph once and search each token pair once (a thousand pools).
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
  graph = { neighbours, paths: new Map(), taxes: new WeakMap(), rankings: new WeakMap() };
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
 * every keystroke. The hops are read from the pools on each call; the best-route
 * search keeps its ranked routes, hops included, per snapshot (never changed in place).
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

/** A route of one's own: routesIn's paths and taxes, and the ranked routes, are kept and shared. */
const copyOf = (route: Route): Route => ({
  path: [...route.path],
  hops: route.hops.map((hop) => ({ ...hop })),
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
 * Bounds are fractions over this scale (2^192): far finer than any two routes' mid prices differ
 * by, and rounded up, so a coarse one only makes the search quote a route more, never skip one.
 */
const BOUND_SCALE = 1n << 192n;

/**
 * A route with what bounds its output, whatever the amount: a constant-product pair gives less
 * than its mid price times the fee (price impact only lowers it), and a tax keeps its percent
 * but rounds in the receiver's favour by less than one base unit. So for any input `a`,
 * output(a) < a * rate + slack, with rate = the product of the hops' mid prices and fee factors
 * and of the path tokens' tax factors, and slack = those sub-unit roundings carried through the
 * hops after them. `rate` (over BOUND_SCALE) and `slack` (base units of the output) are rounded up.
 */
interface BoundedRoute {
  route: Route;
  /** The route's place in the full search's order: its ties go to the earlier route. */
  order: number;
  rate: bigint;
  slack: bigint;
}

/** The routes by rate, highest first; slackFrom[k] is the largest slack from the k-th on. */
interface Ranking {
  routes: readonly BoundedRoute[];
  slackFrom: readonly bigint[];
}

function boundOf(route: Route, order: number, feeNumerator: bigint): BoundedRoute {
  const keep = (i: number) => PERCENT_DENOMINATOR - BigInt(route.taxes[i] as number);
  // numerator / denominator: the rate from after token i's tax to the output, i walking back.
  let numerator = 1n;
  let denominator = 1n;
  let slack = 0n;
  for (let i = route.hops.length; i >= 1; i -= 1) {
    if ((route.taxes[i] as number) > 0) slack += ceilDiv(numerator, denominator);
    const hop = route.hops[i - 1] as Hop;
    numerator *= feeNumerator * hop.reserveOut * keep(i);
    denominator *= FEE_DENOMINATOR * hop.reserveIn * PERCENT_DENOMINATOR;
  }
  if ((route.taxes[0] as number) > 0) slack += ceilDiv(numerator, denominator);
  const rate = ceilDiv(numerator * keep(0) * BOUND_SCALE, denominator * PERCENT_DENOMINATOR);
  return { route, order, rate, slack };
}

/** The query's routes ranked by rate, kept per snapshot, token table and fee. */
function rankingOf(query: RouteQuery, feeNumerator: bigint): Ranking {
  const graph = graphOf(query.pools);
  const key = `${query.from}|${query.to}|${query.maxLength ?? MAX_HOP_LENGTH}|${feeNumerator}`;
  let byKey = graph.rankings.get(query.tokens);
  if (byKey === undefined) graph.rankings.set(query.tokens, (byKey = new Map()));
  let ranking = byKey.get(key);
  if (ranking === undefined) {
    const routes = routesIn(query)
      .map((route, order) => boundOf(route, order, feeNumerator))
      .sort((a, b) => (a.rate > b.rate ? -1 : a.rate < b.rate ? 1 : a.order - b.order));
    const slackFrom: bigint[] = new Array<bigint>(routes.length);
    let largest = 0n;
    for (let k = routes.length - 1; k >= 0; k -= 1) {
      const { slack } = routes[k] as BoundedRoute;
      if (slack > largest) largest = slack;
      slackFrom[k] = largest;
    }
    ranking = { routes, slackFrom };
    byKey.set(key, ranking);
  }
  return ranking;
}

interface Best {
  bounded: BoundedRoute;
  quoted: TaxedQuote;
  /** The output (exact in) or the input (exact out). */
  amount: bigint;
}

/**
 * The route giving the largest output for `amountIn` (ties: the shorter, then the first).
 * Throws "No swap path found" without a route and "Insufficient liquidity available" when no
 * route yields a positive output.
 *
 * Routes are quoted by rate, highest first, and the search stops once the best output is at or
 * above every route left's bound (amountIn * rate + slack, which their outputs stay below): the
 * full search's answer for a fraction of its quotes on a thousand pools.
 */
export function bestExactIn(
  amountIn: bigint,
  query: RouteQuery,
  feeNumerator: bigint = FEE_NUMERATOR,
): QuotedRoute {
  const { routes, slackFrom } = rankingOf(query, feeNumerator);
  let best: Best | null = null;
  for (let k = 0; k < routes.length; k += 1) {
    const bounded = routes[k] as BoundedRoute;
    if (
      best !== null &&
      best.amount * BOUND_SCALE >= amountIn * bounded.rate + (slackFrom[k] as bigint) * BOUND_SCALE
    )
      break;
    const quoted = tryQuote(() => quoteRoute('exact-in', amountIn, bounded.route, feeNumerator));
    if (quoted === null) continue;
    const out = quoted.amounts[quoted.amounts.length - 1] as bigint;
    if (out <= 0n) continue;
    if (
      best === null ||
      out > best.amount ||
      (out === best.amount && bounded.order < best.bounded.order)
    )
      best = { bounded, quoted, amount: out };
  }
  if (best === null) throw new ChainError('INSUFFICIENT_LIQUIDITY');
  return { ...copyOf(best.bounded.route), ...best.quoted };
}

/**
 * The route needing the smallest input for exactly `amountOut` (ties: the shorter, then the
 * first). Throws "No swap path found" without a route and "Insufficient liquidity available"
 * when no route can deliver it (e.g. the desired output is at or above a reserve).
 *
 * Routes are quoted by rate, highest first. A route's input for `amountOut` gives at least
 * `amountOut` again, so a route left that could match the best input would give amountOut
 * below bestInput * rate + slack; the search stops once that is no longer so.
 */
export function bestExactOut(
  amountOut: bigint,
  query: RouteQuery,
  feeNumerator: bigint = FEE_NUMERATOR,
): QuotedRoute {
  const { routes, slackFrom } = rankingOf(query, feeNumerator);
  let best: Best | null = null;
  for (let k = 0; k < routes.length; k += 1) {
    const bounded = routes[k] as BoundedRoute;
    if (
      best !== null &&
      best.amount * bounded.rate + (slackFrom[k] as bigint) * BOUND_SCALE <= amountOut * BOUND_SCALE
    )
      break;
    const quoted = tryQuote(() => quoteRoute('exact-out', amountOut, bounded.route, feeNumerator));
    if (quoted === null) continue;
    const amountIn = quoted.amounts[0] as bigint;
    if (
      best === null ||
      amountIn < best.amount ||
      (amountIn === best.amount && bounded.order < best.bounded.order)
    )
      best = { bounded, quoted, amount: amountIn };
  }
  if (best === null) throw new ChainError('INSUFFICIENT_LIQUIDITY');
  return { ...copyOf(best.bounded.route), ...best.quoted };
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
