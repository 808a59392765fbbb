import fc from 'fast-check';
import { ChainError } from './errors';
import {
  type PoolReserves,
  type Route,
  type TokenTable,
  bestExactIn,
  bestExactOut,
  findRoutes,
  quoteRoute,
} from './paths';

/**
 * The best-route search quotes routes by their output bound and stops early. It must
 * choose what quoting every route chooses: the same route, the same amounts, the same error.
 */
function exhaustive(kind: 'exact-in' | 'exact-out', amount: bigint, routes: Route[]) {
  let best: { path: string[]; amounts: bigint[]; hopIn: bigint[]; hopOut: bigint[] } | null = null;
  for (const route of routes) {
    let quoted;
    try {
      quoted = quoteRoute(kind, amount, route);
    } catch (error) {
      if (error instanceof ChainError) continue;
      throw error;
    }
    const { amounts } = quoted;
    const out = amounts[amounts.length - 1] as bigint;
    if (kind === 'exact-in' && out <= 0n) continue;
    const better =
      best === null ||
      (kind === 'exact-in'
        ? out > (best.amounts[best.amounts.length - 1] as bigint)
        : (amounts[0] as bigint) < (best.amounts[0] as bigint));
    if (better) best = { path: route.path, ...quoted };
  }
  return best;
}

const outcome = (run: () => unknown) => {
  try {
    return { value: run() };
  } catch (error) {
    if (error instanceof ChainError) return { code: error.code };
    throw error;
  }
};

const SYMBOLS = ['W', 'U', 'A', 'B', 'C', 'D', 'E', 'F'];
const symbol = fc.constantFrom(...SYMBOLS);
/** Amounts over many orders of magnitude: 1 base unit (the taxes' rounding) to 10^30. */
const magnitude = (max: number) =>
  fc
    .tuple(fc.integer({ min: 0, max }), fc.bigInt({ min: 1n, max: 999n }))
    .map(([exponent, digits]) => digits * 10n ** BigInt(exponent));
// Heavy taxes and the 0 of most tokens; the base coin W is never taxed.
const tax = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 10 }),
  fc.integer({ min: 0, max: 99 }),
);
const taxes = fc.array(tax, { minLength: SYMBOLS.length, maxLength: SYMBOLS.length });
const tokensOf = (percents: number[]): TokenTable =>
  Object.fromEntries(
    SYMBOLS.map((s, i) => [
      s,
      s === 'W' ? { tax: percents[i] as number, isBase: true } : { tax: percents[i] as number },
    ]),
  );

/** Unrelated pools: mid prices far apart, empty pools, several pools of one pair. */
const randomPools = fc.array(
  fc.record({
    symbolA: symbol,
    symbolB: symbol,
    reserveA: fc.oneof(
      { arbitrary: fc.constant(0n), weight: 1 },
      { arbitrary: magnitude(27), weight: 8 },
    ),
    reserveB: fc.oneof(
      { arbitrary: fc.constant(0n), weight: 1 },
      { arbitrary: magnitude(27), weight: 8 },
    ),
  }),
  { minLength: 3, maxLength: 28 },
);

/**
 * A market arbitrage keeps even: every pool near the same token prices (within 1%), so many
 * routes' bounds are close to the best route's output and the stop is decided by a few units.
 */
const marketPools = fc
  .record({
    prices: fc.array(magnitude(12), { minLength: SYMBOLS.length, maxLength: SYMBOLS.length }),
    pairs: fc.array(
      fc.record({
        a: fc.integer({ min: 0, max: SYMBOLS.length - 1 }),
        b: fc.integer({ min: 0, max: SYMBOLS.length - 1 }),
        depth: magnitude(15),
        skew: fc.integer({ min: 990, max: 1010 }),
      }),
      { minLength: 6, maxLength: 30 },
    ),
  })
  .map(({ prices, pairs }) =>
    pairs.map(({ a, b, depth, skew }): PoolReserves => ({
      symbolA: SYMBOLS[a] as string,
      symbolB: SYMBOLS[b] as string,
      reserveA: (depth * (prices[b] as bigint) * BigInt(skew)) / 1000n + 1n,
      reserveB: depth * (prices[a] as bigint),
    })),
  );

const searchCase = (pools: fc.Arbitrary<PoolReserves[]>) =>
  fc.record({
    pools,
    from: symbol,
    to: symbol,
    max: fc.integer({ min: 2, max: 4 }),
    amount: fc.oneof(magnitude(6), magnitude(30)),
    taxes,
  });

function sameAsExhaustive({
  pools,
  from,
  to,
  max,
  amount,
  taxes: percents,
}: {
  pools: PoolReserves[];
  from: string;
  to: string;
  max: number;
  amount: bigint;
  taxes: number[];
}) {
  const tokens = tokensOf(percents);
  const query = { from, to, pools, tokens, maxLength: max };
  const routes = outcome(() => findRoutes(query));
  for (const kind of ['exact-in', 'exact-out'] as const) {
    const got = outcome(() => {
      const { path, amounts, hopIn, hopOut } =
        kind === 'exact-in' ? bestExactIn(amount, query) : bestExactOut(amount, query);
      return { path, amounts, hopIn, hopOut };
    });
    if ('code' in routes) {
      expect(got).toEqual(routes);
      continue;
    }
    const want = exhaustive(kind, amount, routes.value as Route[]);
    expect(got).toEqual(want === null ? { code: 'INSUFFICIENT_LIQUIDITY' } : { value: want });
  }
}

describe('the pruned best-route search chooses what quoting every route chooses', () => {
  it('on random pool sets: far-apart prices, empty pools, heavy taxes, 1-unit amounts', () => {
    fc.assert(fc.property(searchCase(randomPools), sameAsExhaustive), {
      numRuns: 1500,
      seed: 0x25,
    });
  });

  it('on markets where arbitrage keeps every route near the same price', () => {
    fc.assert(fc.property(searchCase(marketPools), sameAsExhaustive), {
      numRuns: 1500,
      seed: 0x2525,
    });
  });

  it('ties go to the shorter route, then the first, as before', () => {
    const tokens: TokenTable = { A: { tax: 0 }, B: { tax: 0 }, C: { tax: 0 }, D: { tax: 0 } };
    // Two identical two-hop routes (A-C-B, A-D-B) after a worse direct pool: A-C-B was first.
    const pools: PoolReserves[] = [
      { symbolA: 'A', symbolB: 'B', reserveA: 10_000n, reserveB: 1_000n },
      { symbolA: 'A', symbolB: 'D', reserveA: 10n ** 9n, reserveB: 10n ** 9n },
      { symbolA: 'A', symbolB: 'C', reserveA: 10n ** 9n, reserveB: 10n ** 9n },
      { symbolA: 'C', symbolB: 'B', reserveA: 10n ** 9n, reserveB: 10n ** 9n },
      { symbolA: 'D', symbolB: 'B', reserveA: 10n ** 9n, reserveB: 10n ** 9n },
    ];
    const query = { from: 'A', to: 'B', pools, tokens };
    expect(findRoutes(query).map((r) => r.path.join(''))).toEqual(['AB', 'ADB', 'ACB']);
    expect(bestExactIn(1_000n, query).path).toEqual(['A', 'D', 'B']);
    expect(bestExactOut(1_000n, query).path).toEqual(['A', 'D', 'B']);
  });
});
