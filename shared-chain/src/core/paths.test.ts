import { ChainError } from './errors';
import { grossForNet } from './tax';
import { getAmountIn, getAmountOut, getAmountsInTaxed, getAmountsOutTaxed } from './pairMath';
import {
  type PoolReserves,
  type TokenTable,
  bestExactIn,
  bestExactOut,
  findPaths,
  findRoutes,
  hopsForPath,
  pathTaxes,
  quoteRoute,
} from './paths';

const E6 = 1_000_000n;
const E8 = 100_000_000n;

const tokens: TokenTable = {
  TRX: { tax: 0, isBase: true },
  JM: { tax: 3 },
  USDT: { tax: 0 },
  SafeMoney: { tax: 10 },
  BBT: { tax: 5 },
};

const pools: PoolReserves[] = [
  { symbolA: 'TRX', symbolB: 'JM', reserveA: 1_000_000n * E6, reserveB: 500_000n * E8 },
  { symbolA: 'USDT', symbolB: 'TRX', reserveA: 100_000n * E6, reserveB: 1_000_000n * E6 },
  { symbolA: 'JM', symbolB: 'USDT', reserveA: 50_000n * E8, reserveB: 5_000n * E6 },
  { symbolA: 'SafeMoney', symbolB: 'TRX', reserveA: 0n, reserveB: 10n * E6 }, // zero reserve: skipped
  { symbolA: 'BBT', symbolB: 'JM', reserveA: 1_000n * E6, reserveB: 1_000n * E8 },
];

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof ChainError ? error.code : 'other';
  }
  return undefined;
}

describe('findPaths', () => {
  it('finds all simple paths of 2..3 tokens, shortest first', () => {
    expect(findPaths('TRX', 'JM', pools)).toEqual([
      ['TRX', 'JM'],
      ['TRX', 'USDT', 'JM'],
    ]);
    expect(findPaths('BBT', 'USDT', pools)).toEqual([['BBT', 'JM', 'USDT']]);
  });

  it('respects the maximum length', () => {
    expect(findPaths('TRX', 'JM', pools, 2)).toEqual([['TRX', 'JM']]);
    expect(findPaths('BBT', 'TRX', pools, 2)).toEqual([]);
    const chain: PoolReserves[] = ['A-B', 'B-C', 'C-D'].map((pair) => {
      const [symbolA, symbolB] = pair.split('-') as [string, string];
      return { symbolA, symbolB, reserveA: 1n, reserveB: 1n };
    });
    expect(findPaths('A', 'D', chain)).toEqual([]);
    expect(findPaths('A', 'D', chain, 4)).toEqual([['A', 'B', 'C', 'D']]);
  });

  it('never repeats a token and skips pools with a zero reserve', () => {
    expect(findPaths('SafeMoney', 'TRX', pools)).toEqual([]);
    for (const path of findPaths('JM', 'TRX', pools, 5)) {
      expect(new Set(path).size).toBe(path.length);
    }
  });

  it('no path from a token to itself, and self-pools are ignored', () => {
    expect(findPaths('TRX', 'TRX', pools)).toEqual([]);
    expect(
      findPaths('X', 'Y', [{ symbolA: 'X', symbolB: 'X', reserveA: 1n, reserveB: 1n }]),
    ).toEqual([]);
  });

  it('uses the first usable pool of a pair', () => {
    const dup: PoolReserves[] = [
      { symbolA: 'A', symbolB: 'B', reserveA: 0n, reserveB: 5n },
      { symbolA: 'B', symbolB: 'A', reserveA: 7n, reserveB: 3n },
      { symbolA: 'A', symbolB: 'B', reserveA: 9n, reserveB: 9n },
    ];
    expect(hopsForPath(['A', 'B'], dup)).toEqual([{ reserveIn: 3n, reserveOut: 7n }]);
  });
});

describe('hopsForPath / pathTaxes', () => {
  it('orients reserves in the trading direction', () => {
    expect(hopsForPath(['USDT', 'TRX', 'JM'], pools)).toEqual([
      { reserveIn: 100_000n * E6, reserveOut: 1_000_000n * E6 },
      { reserveIn: 1_000_000n * E6, reserveOut: 500_000n * E8 },
    ]);
  });
  it('throws "No swap path found" for a missing pool or a one-token path', () => {
    expect(codeOf(() => hopsForPath(['TRX', 'BBT'], pools))).toBe('NO_PATH');
    expect(codeOf(() => hopsForPath(['TRX'], pools))).toBe('NO_PATH');
  });
  it('taxes per path token, base coin 0', () => {
    expect(pathTaxes(['TRX', 'JM', 'BBT'], tokens)).toEqual([0, 3, 5]);
    expect(() => pathTaxes(['NOPE'], tokens)).toThrow('Unknown token: NOPE');
  });
});

describe('bestExactIn / bestExactOut', () => {
  const query = { from: 'TRX', to: 'JM', pools, tokens };

  it('picks the largest output (the Taxed quote of the route)', () => {
    const amountIn = 1_000n * E6;
    const best = bestExactIn(amountIn, query);
    const outputs = findRoutes(query).map((route) => {
      const amounts = getAmountsOutTaxed(amountIn, route.hops, route.taxes);
      return amounts[amounts.length - 1] as bigint;
    });
    expect(best.amounts[best.amounts.length - 1]).toBe(outputs.reduce((a, b) => (a > b ? a : b)));
    expect(best.amounts[0]).toBe(amountIn);
  });

  it('prefers the better multi-hop route when the direct pool is thin', () => {
    const thin = pools.map((pool) =>
      pool.symbolA === 'TRX' && pool.symbolB === 'JM'
        ? { ...pool, reserveA: 10n * E6, reserveB: 5n * E8 }
        : pool,
    );
    const best = bestExactIn(1_000n * E6, { ...query, pools: thin });
    expect(best.path).toEqual(['TRX', 'USDT', 'JM']);
    expect(best.taxes).toEqual([0, 0, 3]);
    const bestOut = bestExactOut(10n * E8, { ...query, pools: thin });
    expect(bestOut.path).toEqual(['TRX', 'USDT', 'JM']);
  });

  it('over one snapshot, each token table gives its own taxes, and a changed result changes no later one', () => {
    const amountIn = 1_000n * E6;
    const last = (xs: readonly bigint[] | readonly number[]) => xs[xs.length - 1];
    const taxed = bestExactIn(amountIn, query);
    const untaxed = bestExactIn(amountIn, { ...query, tokens: { ...tokens, JM: { tax: 0 } } });
    expect(last(taxed.taxes)).toBe(3);
    expect(last(untaxed.taxes)).toBe(0);
    expect(last(untaxed.amounts) as bigint).toBeGreaterThan(last(taxed.amounts) as bigint);
    // The same estimate over a new snapshot array, where nothing was kept.
    const expected = bestExactIn(amountIn, { ...query, pools: [...pools] });
    taxed.path.reverse();
    taxed.taxes[taxed.taxes.length - 1] = 50;
    taxed.hops.pop();
    findRoutes(query)[0]?.path.push('USDT');
    expect(bestExactIn(amountIn, query)).toEqual(expected);
  });

  it('picks the smallest input for an exact output', () => {
    const amountOut = 100n * E8;
    const best = bestExactOut(amountOut, query);
    const inputs = findRoutes(query).map(
      (route) => getAmountsInTaxed(amountOut, route.hops, route.taxes)[0] as bigint,
    );
    expect(best.amounts[0]).toBe(inputs.reduce((a, b) => (a < b ? a : b)));
    expect(best.amounts[best.amounts.length - 1]).toBe(amountOut);
  });

  it('keeps the shorter route on a tie', () => {
    const tie: PoolReserves[] = [
      { symbolA: 'A', symbolB: 'B', reserveA: 1_000n, reserveB: 1_000n },
      { symbolA: 'A', symbolB: 'C', reserveA: 1_000n, reserveB: 1_000n },
      { symbolA: 'C', symbolB: 'B', reserveA: 1_000n, reserveB: 1_000n },
    ];
    const plain: TokenTable = { A: { tax: 0 }, B: { tax: 0 }, C: { tax: 0 } };
    // 1 unit in: both routes give 0 -> insufficient liquidity
    expect(codeOf(() => bestExactIn(1n, { from: 'A', to: 'B', pools: tie, tokens: plain }))).toBe(
      'INSUFFICIENT_LIQUIDITY',
    );
    expect(bestExactIn(100n, { from: 'A', to: 'B', pools: tie, tokens: plain }).path).toEqual([
      'A',
      'B',
    ]);
  });

  it('throws "No swap path found" when no usable path exists', () => {
    expect(codeOf(() => bestExactIn(1n, { ...query, from: 'SafeMoney', to: 'TRX' }))).toBe(
      'NO_PATH',
    );
    expect(() => bestExactOut(1n, { ...query, from: 'SafeMoney', to: 'TRX' })).toThrow(
      'No swap path found',
    );
  });

  it('throws "Insufficient liquidity available" when the output is impossible', () => {
    // more JM than any route holds
    expect(() => bestExactOut(600_000n * E8, query)).toThrow('Insufficient liquidity available');
    expect(codeOf(() => bestExactIn(0n, query))).toBe('INSUFFICIENT_LIQUIDITY');
  });

  it('skips a route whose exact output fails while another succeeds', () => {
    // Direct pool holds 500000 JM; the USDT route holds only 50000 JM
    const best = bestExactOut(100_000n * E8, query);
    expect(best.path).toEqual(['TRX', 'JM']);
  });

  it('rethrows programming errors', () => {
    expect(() =>
      bestExactIn(1n, { ...query, tokens: { TRX: { tax: 0, isBase: true }, JM: { tax: 3 } } }),
    ).toThrow('Unknown token: USDT');
    expect(() => bestExactIn(10n, { ...query, tokens: { ...tokens, JM: { tax: 120 } } })).toThrow(
      RangeError,
    );
  });
});

describe('quoteRoute', () => {
  it('quotes a known route both ways', () => {
    const [route] = findRoutes({ from: 'TRX', to: 'JM', pools, tokens });
    if (route === undefined) throw new Error('no route');
    const exactIn = quoteRoute('exact-in', 5n * E6, route);
    expect(exactIn.amounts[1]).toBe(
      getAmountOut(5n * E6, 1_000_000n * E6, 500_000n * E8) -
        (getAmountOut(5n * E6, 1_000_000n * E6, 500_000n * E8) * 3n) / 100n,
    );
    const exactOut = quoteRoute('exact-out', 97n, route);
    expect(exactOut.hopIn[0]).toBe(
      getAmountIn(grossForNet(97n, 3), 1_000_000n * E6, 500_000n * E8),
    );
  });
});
