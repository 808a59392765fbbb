import fc from 'fast-check';
import { ChainError } from './errors';
import {
  type Hop,
  getAmountIn,
  getAmountOut,
  getAmountsIn,
  getAmountsInTaxed,
  getAmountsOut,
  getAmountsOutTaxed,
  quote,
  quoteExactInTaxed,
  quoteExactOutTaxed,
  sqrt,
} from './pairMath';
import { grossForNet, netAfterTax } from './tax';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as ChainError).code;
  }
  return undefined;
}

describe('Uniswap V2 pair math', () => {
  it('getAmountOut matches UniswapV2Library', () => {
    // 1 in, reserves 100/100: 997*100/(100000+997) = 0 (integer); 10 in: 9970*100/(1000*100+9970)
    expect(getAmountOut(10n, 100n, 100n)).toBe(9n);
    expect(getAmountOut(10n ** 18n, 10n ** 21n, 2n * 10n ** 21n)).toBe(1992013962079806432n);
  });

  it('getAmountIn matches UniswapV2Library', () => {
    expect(getAmountIn(9n, 100n, 100n)).toBe(10n);
    expect(getAmountIn(1992013962079806432n, 10n ** 21n, 2n * 10n ** 21n)).toBe(10n ** 18n);
  });

  it('quote is the pool ratio', () => {
    expect(quote(5n, 100n, 300n)).toBe(15n);
  });

  it('reverts like the library', () => {
    expect(codeOf(() => getAmountOut(0n, 1n, 1n))).toBe('INSUFFICIENT_INPUT_AMOUNT');
    expect(codeOf(() => getAmountOut(1n, 0n, 1n))).toBe('INSUFFICIENT_LIQUIDITY');
    expect(codeOf(() => getAmountOut(1n, 1n, 0n))).toBe('INSUFFICIENT_LIQUIDITY');
    expect(codeOf(() => getAmountIn(0n, 1n, 1n))).toBe('INSUFFICIENT_OUTPUT_AMOUNT');
    expect(codeOf(() => getAmountIn(1n, 0n, 1n))).toBe('INSUFFICIENT_LIQUIDITY');
    expect(codeOf(() => getAmountIn(100n, 100n, 100n))).toBe('INSUFFICIENT_LIQUIDITY');
    expect(codeOf(() => getAmountIn(101n, 100n, 100n))).toBe('INSUFFICIENT_LIQUIDITY');
    expect(codeOf(() => quote(0n, 1n, 1n))).toBe('INSUFFICIENT_INPUT_AMOUNT');
    expect(codeOf(() => quote(1n, 0n, 1n))).toBe('INSUFFICIENT_LIQUIDITY');
    expect(() => getAmountOut(0n, 1n, 1n)).toThrow('Insufficient liquidity available');
  });

  const reserve = fc.bigInt({ min: 1000n, max: 10n ** 30n });
  const amount = fc.bigInt({ min: 1n, max: 10n ** 28n });

  it('identities: getAmountIn(getAmountOut(x)) <= x, and getAmountOut(getAmountIn(y)) >= y', () => {
    fc.assert(
      fc.property(amount, reserve, reserve, (x, rIn, rOut) => {
        const out = getAmountOut(x, rIn, rOut);
        expect(out).toBeLessThan(rOut);
        if (out > 0n) expect(getAmountIn(out, rIn, rOut)).toBeLessThanOrEqual(x);
        const y = (x % (rOut - 1n)) + 1n;
        const needed = getAmountIn(y, rIn, rOut);
        expect(getAmountOut(needed, rIn, rOut)).toBeGreaterThanOrEqual(y);
        // the constant product never decreases (fee stays in the pool)
        expect((rIn + x) * (rOut - out)).toBeGreaterThanOrEqual(rIn * rOut);
      }),
      { numRuns: 2000 },
    );
  });

  it('getAmountOut is monotonic and never above the fee-free output', () => {
    fc.assert(
      fc.property(amount, reserve, reserve, (x, rIn, rOut) => {
        expect(getAmountOut(x + 1n, rIn, rOut)).toBeGreaterThanOrEqual(getAmountOut(x, rIn, rOut));
        expect(getAmountOut(x, rIn, rOut, 1000n)).toBeGreaterThanOrEqual(
          getAmountOut(x, rIn, rOut),
        );
        expect(getAmountOut(x, rIn, rOut, 1000n)).toBe((x * rOut) / (rIn + x));
      }),
    );
  });

  it('sqrt is the floor square root', () => {
    expect([0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n].map(sqrt)).toEqual([0n, 1n, 1n, 1n, 2n, 3n, 4n, 4n]);
    expect(() => sqrt(-1n)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 512n }), (v) => {
        const r = sqrt(v);
        expect(r * r).toBeLessThanOrEqual(v);
        expect((r + 1n) * (r + 1n)).toBeGreaterThan(v);
      }),
    );
  });
});

describe('Taxed path quotes (docs/taxes.md)', () => {
  const hops: Hop[] = [
    { reserveIn: 1_000_000n, reserveOut: 2_000_000n },
    { reserveIn: 5_000_000n, reserveOut: 500_000n },
  ];

  it('exact in walks forward: amounts[0] paid, amounts[i] = net_i(out)', () => {
    const amounts = getAmountsOutTaxed(10_000n, hops, [3, 10, 5]);
    const in1 = netAfterTax(10_000n, 3);
    const a1 = netAfterTax(getAmountOut(in1, 1_000_000n, 2_000_000n), 10);
    const a2 = netAfterTax(getAmountOut(a1, 5_000_000n, 500_000n), 5);
    expect(amounts).toEqual([10_000n, a1, a2]);
  });

  it('exact out walks back: grossFor, getAmountIn, grossFor ...', () => {
    const amounts = getAmountsInTaxed(1_000n, hops, [3, 10, 5]);
    const in2 = getAmountIn(grossForNet(1_000n, 5), 5_000_000n, 500_000n);
    const in1 = getAmountIn(grossForNet(in2, 10), 1_000_000n, 2_000_000n);
    expect(amounts).toEqual([grossForNet(in1, 3), in2, 1_000n]);
    const detail = quoteExactOutTaxed(1_000n, hops, [3, 10, 5]);
    expect(detail.hopIn).toEqual([in1, in2]);
    expect(detail.hopOut).toEqual([grossForNet(in2, 10), grossForNet(1_000n, 5)]);
  });

  it('untaxed paths equal Uniswap getAmountsOut / getAmountsIn', () => {
    const out = getAmountsOut(10_000n, hops);
    expect(out[1]).toBe(getAmountOut(10_000n, 1_000_000n, 2_000_000n));
    expect(getAmountsIn(out[2] as bigint, hops)[2]).toBe(out[2]);
  });

  it('records what each pair receives and sends', () => {
    const q = quoteExactInTaxed(10_000n, hops, [3, 0, 0]);
    expect(q.hopIn[0]).toBe(9_700n);
    expect(q.hopOut[0]).toBe(q.amounts[1]);
  });

  it('validates the path shape', () => {
    expect(() => getAmountsOutTaxed(1n, [], [0])).toThrow(RangeError);
    expect(() => getAmountsOutTaxed(1n, hops, [0, 0])).toThrow('Expected 3 taxes');
    expect(() => getAmountsInTaxed(1n, hops, [0, 0, 0, 0])).toThrow(RangeError);
  });

  it('exact out beyond the last reserve is insufficient liquidity', () => {
    expect(codeOf(() => getAmountsInTaxed(500_000n, hops, [0, 0, 0]))).toBe(
      'INSUFFICIENT_LIQUIDITY',
    );
    // a tax can push the gross output to the reserve
    expect(codeOf(() => getAmountsInTaxed(460_000n, hops, [0, 0, 9]))).toBe(
      'INSUFFICIENT_LIQUIDITY',
    );
  });

  const reserve = fc.bigInt({ min: 1000n, max: 10n ** 27n });
  const hopArb = fc.record({ reserveIn: reserve, reserveOut: reserve });
  const pathArb = fc
    .integer({ min: 1, max: 2 })
    .chain((n) =>
      fc.tuple(
        fc.array(hopArb, { minLength: n, maxLength: n }),
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: n + 1, maxLength: n + 1 }),
      ),
    );

  it('consistency: the exact-out input fed into exact-in yields >= the desired output', () => {
    let tested = 0;
    fc.assert(
      fc.property(
        pathArb,
        fc.bigInt({ min: 1n, max: 10n ** 27n }),
        ([path, taxes], desiredSeed) => {
          const last = path[path.length - 1] as Hop;
          const desired = (desiredSeed % last.reserveOut) + 1n;
          let amounts: bigint[];
          try {
            amounts = getAmountsInTaxed(desired, path, taxes);
          } catch (error) {
            // More than the taxed pools can give: refused as the router refuses, and not a run.
            expect(error).toBeInstanceOf(ChainError);
            fc.pre(false);
            return;
          }
          expect(amounts[amounts.length - 1]).toBe(desired);
          const out = getAmountsOutTaxed(amounts[0] as bigint, path, taxes);
          expect(out[out.length - 1]).toBeGreaterThanOrEqual(desired);
          tested += 1;
        },
      ),
      { numRuns: 3000 },
    );
    // Every counted run went through both directions (fast-check fails on too many skips).
    expect(tested).toBe(3000);
  });

  /** Uniswap's `+ 1` overshoots by one when the division is exact: the router does the same. */
  function anyExactDivision(desired: bigint, path: readonly Hop[]): boolean {
    let needed = desired;
    for (let i = path.length - 1; i >= 0; i -= 1) {
      const { reserveIn, reserveOut } = path[i] as Hop;
      if ((reserveIn * needed * 1000n) % ((reserveOut - needed) * 997n) === 0n) return true;
      needed = getAmountIn(needed, reserveIn, reserveOut);
    }
    return false;
  }

  it('with tax 0 the exact-out input is minimal: one unit less yields < desired', () => {
    let tested = 0;
    fc.assert(
      fc.property(pathArb, fc.bigInt({ min: 1n, max: 10n ** 27n }), ([path], desiredSeed) => {
        const taxes = new Array<number>(path.length + 1).fill(0);
        const last = path[path.length - 1] as Hop;
        const desired = (desiredSeed % last.reserveOut) + 1n;
        let amounts: bigint[];
        try {
          amounts = getAmountsInTaxed(desired, path, taxes);
        } catch (error) {
          // Beyond the pools (a later hop needs more than the earlier pool holds): not a run.
          expect(error).toBeInstanceOf(ChainError);
          fc.pre(false);
          return;
        }
        const less = (amounts[0] as bigint) - 1n;
        // An input of 1, or the library's exact-division quirk (tested below): not a run.
        fc.pre(less > 0n && !anyExactDivision(desired, path));
        let got: bigint;
        try {
          const out = getAmountsOutTaxed(less, path, taxes);
          got = out[out.length - 1] as bigint;
        } catch (error) {
          // An intermediate amount of 0 reverts: the user gets nothing, less than desired.
          expect(error).toBeInstanceOf(ChainError);
          got = 0n;
        }
        expect(got).toBeLessThan(desired);
        tested += 1;
      }),
      { numRuns: 3000 },
    );
    expect(tested).toBe(3000);
  });

  it('keeps the library quirk: on an exact division getAmountIn is one above the minimum', () => {
    // 997 * 1000 * 1000 / ((2000 - 1000) * 997) = 1000 exactly, so the library answers 1001
    expect(getAmountIn(1000n, 997n, 2000n)).toBe(1001n);
    expect(getAmountOut(1000n, 997n, 2000n)).toBe(1000n);
  });

  it('single hop with tax 0: getAmountIn is minimal except for the exact-division quirk', () => {
    fc.assert(
      fc.property(reserve, reserve, fc.bigInt({ min: 1n, max: 10n ** 27n }), (rIn, rOut, seed) => {
        const y = (seed % (rOut - 1n)) + 1n;
        const x = getAmountIn(y, rIn, rOut);
        expect(getAmountOut(x, rIn, rOut)).toBeGreaterThanOrEqual(y);
        const exact = (rIn * y * 1000n) % ((rOut - y) * 997n) === 0n;
        if (x > 1n && !exact) expect(getAmountOut(x - 1n, rIn, rOut)).toBeLessThan(y);
        if (exact) expect(getAmountOut(x - 1n, rIn, rOut)).toBeGreaterThanOrEqual(y);
      }),
      { numRuns: 2000 },
    );
  });
});
