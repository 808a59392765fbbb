import fc from 'fast-check';
import { ChainError } from './errors';
import type { Hop } from './pairMath';
import {
  type PoolReserves,
  type Route,
  type TokenTable,
  bestExactIn,
  bestExactOut,
  findPaths,
  findRoutes,
  pathTaxes,
  quoteRoute,
} from './paths';

/**
 * The search as it was before the graph was kept per reserves snapshot: the graph
 * rebuilt on every call and for every hop, every path extended to the full length. The fast
 * search must give the same paths, hops and best routes.
 */
function oldGraph(pools: readonly PoolReserves[]) {
  const graph = new Map<string, Map<string, PoolReserves>>();
  const link = (from: string, to: string, pool: PoolReserves) => {
    const edges = graph.get(from) ?? new Map<string, PoolReserves>();
    if (!edges.has(to)) edges.set(to, pool);
    graph.set(from, edges);
  };
  for (const pool of pools) {
    if (!(pool.reserveA > 0n && pool.reserveB > 0n && pool.symbolA !== pool.symbolB)) continue;
    link(pool.symbolA, pool.symbolB, pool);
    link(pool.symbolB, pool.symbolA, pool);
  }
  return graph;
}

function oldFindPaths(from: string, to: string, pools: readonly PoolReserves[], max: number) {
  if (from === to) return [];
  const graph = oldGraph(pools);
  const found: string[][] = [];
  let frontier: string[][] = [[from]];
  for (let length = 2; length <= max; length += 1) {
    const next: string[][] = [];
    for (const path of frontier) {
      for (const neighbour of graph.get(path[path.length - 1] as string)?.keys() ?? []) {
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

function oldHops(path: readonly string[], pools: readonly PoolReserves[]): Hop[] {
  const graph = oldGraph(pools);
  return path.slice(1).map((symbol, i) => {
    const pool = graph.get(path[i] as string)?.get(symbol) as PoolReserves;
    return pool.symbolA === path[i]
      ? { reserveIn: pool.reserveA, reserveOut: pool.reserveB }
      : { reserveIn: pool.reserveB, reserveOut: pool.reserveA };
  });
}

function oldRoutes(
  from: string,
  to: string,
  pools: PoolReserves[],
  tokens: TokenTable,
  max: number,
) {
  return oldFindPaths(from, to, pools, max).map((path): Route => ({
    path,
    hops: oldHops(path, pools),
    taxes: pathTaxes(path, tokens),
  }));
}

/** The old best-route choice (largest output / smallest input, first wins ties). */
function oldBest(kind: 'exact-in' | 'exact-out', amount: bigint, routes: Route[]) {
  let best: { path: string[]; amounts: bigint[] } | null = null;
  for (const route of routes) {
    let amounts: bigint[];
    try {
      amounts = quoteRoute(kind, amount, route).amounts;
    } catch (error) {
      if (error instanceof ChainError) continue;
      throw error;
    }
    const out = amounts[amounts.length - 1] as bigint;
    if (kind === 'exact-in' ? out <= 0n : false) continue;
    const better =
      best === null ||
      (kind === 'exact-in'
        ? out > (best.amounts[best.amounts.length - 1] as bigint)
        : (amounts[0] as bigint) < (best.amounts[0] as bigint));
    if (better) best = { path: route.path, amounts };
  }
  return best;
}

const SYMBOLS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
const symbol = fc.constantFrom(...SYMBOLS);
// Mostly usable pools, some empty; graphs dense enough for paths of every allowed length.
const reserve = fc.oneof(
  { arbitrary: fc.constant(0n), weight: 1 },
  { arbitrary: fc.bigInt({ min: 1n, max: 10n ** 24n }), weight: 5 },
);
const pool = fc.record({ symbolA: symbol, symbolB: symbol, reserveA: reserve, reserveB: reserve });
const graphCase = fc.record({
  pools: fc.array(pool, { minLength: 4, maxLength: 25, size: 'max' }),
  from: symbol,
  to: symbol,
  max: fc.integer({ min: 2, max: 4 }),
  amount: fc.bigInt({ min: 1n, max: 10n ** 22n }),
  taxes: fc.array(fc.integer({ min: 0, max: 20 }), {
    minLength: SYMBOLS.length,
    maxLength: SYMBOLS.length,
  }),
});

const codeOf = (run: () => unknown) => {
  try {
    return { value: run() };
  } catch (error) {
    if (error instanceof ChainError) return { code: error.code };
    throw error;
  }
};

describe('routing over a reserves snapshot gives what the full search gave', () => {
  it('same paths, hops and best routes on random graphs (repeated queries on one snapshot too)', () => {
    fc.assert(
      fc.property(graphCase, ({ pools, from, to, max, amount, taxes }) => {
        const tokens: TokenTable = Object.fromEntries(
          SYMBOLS.map((s, i) => [s, { tax: taxes[i] as number }]),
        );
        const expectedRoutes = oldRoutes(from, to, pools, tokens, max);
        // Twice: the second query is answered from the snapshot's cache.
        for (let round = 0; round < 2; round += 1) {
          expect(findPaths(from, to, pools, max)).toEqual(oldFindPaths(from, to, pools, max));
          const routes = codeOf(() => findRoutes({ from, to, pools, tokens, maxLength: max }));
          if (expectedRoutes.length === 0) expect(routes).toEqual({ code: 'NO_PATH' });
          else expect(routes).toEqual({ value: expectedRoutes });
          for (const kind of ['exact-in', 'exact-out'] as const) {
            const query = { from, to, pools, tokens, maxLength: max };
            const got = codeOf(() =>
              kind === 'exact-in' ? bestExactIn(amount, query) : bestExactOut(amount, query),
            );
            const want = oldBest(kind, amount, expectedRoutes);
            if (expectedRoutes.length === 0) expect(got).toEqual({ code: 'NO_PATH' });
            else if (want === null) expect(got).toEqual({ code: 'INSUFFICIENT_LIQUIDITY' });
            else expect(got).toMatchObject({ value: { path: want.path, amounts: want.amounts } });
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a new snapshot (the next read) is routed on its own reserves', () => {
    const tokens: TokenTable = { A: { tax: 0 }, B: { tax: 0 }, C: { tax: 0 } };
    const first: PoolReserves[] = [
      { symbolA: 'A', symbolB: 'B', reserveA: 1000n, reserveB: 1000n },
      { symbolA: 'A', symbolB: 'C', reserveA: 1000n, reserveB: 1000n },
      { symbolA: 'C', symbolB: 'B', reserveA: 1000n, reserveB: 1000n },
    ];
    expect(bestExactIn(100n, { from: 'A', to: 'B', pools: first, tokens }).path).toEqual([
      'A',
      'B',
    ]);
    // The direct pool emptied, the route through C is the one left.
    const next = first.map((p, i) => (i === 0 ? { ...p, reserveB: 0n } : { ...p }));
    expect(bestExactIn(100n, { from: 'A', to: 'B', pools: next, tokens }).path).toEqual([
      'A',
      'C',
      'B',
    ]);
  });
});
