import fc from 'fast-check';
import { formatPrice } from './amounts';
import { ChainError } from './errors';
import {
  type EstimateToken,
  estimateAmountNeeded,
  estimateSwap,
  midPrice,
  pairPrices,
  priceImpactBps,
} from './estimate';
import { getAmountIn, getAmountOut, getAmountsInTaxed, getAmountsOutTaxed } from './pairMath';
import type { PoolReserves } from './paths';

const E6 = 1_000_000n;
const E8 = 100_000_000n;
const E18 = 10n ** 18n;

const tokens: Record<string, EstimateToken> = {
  A: { tax: 0, decimals: 6 },
  B: { tax: 0, decimals: 18 },
  TRX: { tax: 0, decimals: 6, isBase: true },
  JM: { tax: 3, decimals: 8 },
  USDT: { tax: 0, decimals: 6 },
  SafeMoney: { tax: 10, decimals: 9 },
};

const pools: PoolReserves[] = [
  { symbolA: 'A', symbolB: 'B', reserveA: 1_000n * E6, reserveB: 2_000n * E18 },
  { symbolA: 'TRX', symbolB: 'JM', reserveA: 1_000_000n * E6, reserveB: 500_000n * E8 },
  { symbolA: 'USDT', symbolB: 'TRX', reserveA: 100_000n * E6, reserveB: 1_000_000n * E6 },
  { symbolA: 'JM', symbolB: 'USDT', reserveA: 50_000n * E8, reserveB: 5_000n * E6 },
  { symbolA: 'SafeMoney', symbolB: 'JM', reserveA: 1_000_000n * 10n ** 9n, reserveB: 1_000n * E8 },
];

describe('estimateSwap (exact in)', () => {
  it('computes output, impact, minimum received, LP fee, prices and path for a direct pool', () => {
    const estimate = estimateSwap({ tokens, pools, from: 'A', to: 'B', amountIn: 10n * E6 });
    const out = getAmountOut(10n * E6, 1_000n * E6, 2_000n * E18);
    expect(estimate).toEqual({
      path: ['A', 'B'],
      amounts: [10n * E6, out],
      amountIn: 10n * E6,
      amountOut: out,
      priceImpactBps: 99n, // 10 / 1010 = 0.990099%
      slippageBps: 500,
      priceFromInTo: 2n * E18, // 2 B per A
      priceToInFrom: E18 / 2n, // 0.5 A per B
      liquidityProviderFee: (10n * E6 * 2_000n * E18) / (1_010n * E6) - out,
      feeToken: 'B',
      minimumReceived: (out * 9_500n) / 10_000n,
    });
  });

  it('equals the router Taxed quote to the base unit (taxed multi-hop)', () => {
    const estimate = estimateSwap({
      tokens,
      pools,
      from: 'SafeMoney',
      to: 'TRX',
      amountIn: 1_000n * 10n ** 9n,
      slippageBps: 1_500,
    });
    if (estimate === null) throw new Error('no estimate');
    expect(estimate.path).toEqual(['SafeMoney', 'JM', 'TRX']);
    const hops = [
      { reserveIn: 1_000_000n * 10n ** 9n, reserveOut: 1_000n * E8 },
      { reserveIn: 500_000n * E8, reserveOut: 1_000_000n * E6 },
    ];
    expect(estimate.amounts).toEqual(getAmountsOutTaxed(1_000n * 10n ** 9n, hops, [10, 3, 0]));
    expect(estimate.minimumReceived).toBe((estimate.amountOut * 8_500n) / 10_000n);
    expect(estimate.feeToken).toBe('TRX');
    expect(estimate.liquidityProviderFee).toBeGreaterThan(0n);
  });

  it('returns no result for an amount not above 0', () => {
    expect(estimateSwap({ tokens, pools, from: 'A', to: 'B', amountIn: 0n })).toBeNull();
    expect(estimateSwap({ tokens, pools, from: 'A', to: 'B', amountIn: -5n })).toBeNull();
  });

  it('throws the route errors', () => {
    const empty = pools.map((pool) => ({ ...pool, reserveA: 0n, reserveB: 0n }));
    expect(() => estimateSwap({ tokens, pools: empty, from: 'A', to: 'B', amountIn: 1n })).toThrow(
      'No swap path found',
    );
    expect(() => estimateSwap({ tokens, pools, from: 'B', to: 'A', amountIn: 1n })).toThrow(
      'Insufficient liquidity available',
    );
  });

  it('rejects an invalid slippage', () => {
    expect(() =>
      estimateSwap({ tokens, pools, from: 'A', to: 'B', amountIn: 1n, slippageBps: 10_000 }),
    ).toThrow(RangeError);
    expect(() =>
      estimateSwap({ tokens, pools, from: 'A', to: 'B', amountIn: 1n, slippageBps: 1.5 }),
    ).toThrow(RangeError);
  });

  it('respects maxHopLength', () => {
    expect(() =>
      estimateSwap({ tokens, pools, from: 'SafeMoney', to: 'TRX', amountIn: 10n, maxHopLength: 2 }),
    ).toThrow(ChainError);
  });
});

describe('estimateAmountNeeded (exact out)', () => {
  it('computes input, maximum sold (ceiled), fee in the sell token', () => {
    const estimate = estimateAmountNeeded({
      tokens,
      pools,
      from: 'A',
      to: 'B',
      amountOut: E18,
      slippageBps: 33,
    });
    const amountIn = getAmountIn(E18, 1_000n * E6, 2_000n * E18);
    expect(estimate).toMatchObject({
      path: ['A', 'B'],
      amounts: [amountIn, E18],
      amountIn,
      amountOut: E18,
      slippageBps: 33,
      feeToken: 'A',
      liquidityProviderFee: amountIn - getAmountIn(E18, 1_000n * E6, 2_000n * E18, 1000n),
      maximumSold: (amountIn * 10_033n + 9_999n) / 10_000n,
      priceFromInTo: 2n * E18,
    });
    expect(estimate?.priceImpactBps).toBe(5n); // 0.5 / 1000.5
  });

  it('equals the router Taxed quote (buy JM with TRX)', () => {
    const estimate = estimateAmountNeeded({
      tokens,
      pools,
      from: 'TRX',
      to: 'JM',
      amountOut: 100n * E8,
      maxHopLength: 2,
    });
    expect(estimate?.amounts).toEqual(
      getAmountsInTaxed(
        100n * E8,
        [{ reserveIn: 1_000_000n * E6, reserveOut: 500_000n * E8 }],
        [0, 3],
      ),
    );
    expect(estimate?.maximumSold).toBe(
      ((estimate?.amountIn as bigint) * 10_500n + 9_999n) / 10_000n,
    );
  });

  it('no result for 0, insufficient liquidity for an output at the reserve', () => {
    expect(estimateAmountNeeded({ tokens, pools, from: 'A', to: 'B', amountOut: 0n })).toBeNull();
    expect(() =>
      estimateAmountNeeded({ tokens, pools, from: 'A', to: 'B', amountOut: 2_000n * E18 }),
    ).toThrow('Insufficient liquidity available');
    expect(() =>
      estimateAmountNeeded({ tokens, pools, from: 'A', to: 'B', amountOut: 1n, slippageBps: -1 }),
    ).toThrow(RangeError);
  });

  it('exact-out input fed back as exact-in delivers at least the desired output', () => {
    let tested = 0;
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 400_000n * E8 }), (want) => {
        let needed;
        try {
          needed = estimateAmountNeeded({ tokens, pools, from: 'USDT', to: 'JM', amountOut: want });
        } catch (error) {
          // More than the pools hold: the spec's insufficient liquidity, and not a run.
          expect(error).toBeInstanceOf(ChainError);
          fc.pre(false);
          return;
        }
        if (needed === null) throw new Error('no result');
        const back = estimateSwap({
          tokens,
          pools,
          from: 'USDT',
          to: 'JM',
          amountIn: needed.amountIn,
        });
        expect(back?.amountOut).toBeGreaterThanOrEqual(want);
        tested += 1;
      }),
    );
    expect(tested).toBe(100); // fast-check's default number of runs, each one a round trip
  });
});

describe('price impact and mid price', () => {
  it('is 1 - prod rIn / (rIn + x), rounded half up, fee and tax excluded', () => {
    const hop = { reserveIn: 10_000n, reserveOut: 10_000n };
    expect(priceImpactBps([hop], [1n])).toBe(1n); // 0.9999 bps -> 1
    expect(priceImpactBps([hop], [0n])).toBe(0n);
    expect(priceImpactBps([hop], [10_000n])).toBe(5_000n);
    // two hops of 1%: 1 - (100/101)^2 = 1.9704%
    const h = { reserveIn: 100n, reserveOut: 100n };
    expect(priceImpactBps([h, h], [1n, 1n])).toBe(197n);
  });

  it('mid price applies decimals and the path', () => {
    expect(midPrice([{ reserveIn: 1_000n * E6, reserveOut: 2_000n * E18 }], 6, 18)).toBe(2n * E18);
    expect(
      midPrice(
        [
          { reserveIn: 100n, reserveOut: 200n },
          { reserveIn: 300n, reserveOut: 100n },
        ],
        0,
        0,
      ),
    ).toBe((2n * E18) / 3n);
    expect(formatPrice((2n * E18) / 3n)).toBe('0.66666666');
    expect(formatPrice(2n * E18, 5)).toBe('2.00000');
  });

  it('pairPrices picks the best marginal rate', () => {
    const result = pairPrices({ tokens, pools, from: 'TRX', to: 'JM' });
    // direct: 0.5 JM per TRX; via USDT: 0.1 USDT/TRX * 10 JM/USDT = 1 JM per TRX
    expect(result.path).toEqual(['TRX', 'USDT', 'JM']);
    expect(result.priceFromInTo).toBe(E18);
    expect(result.priceToInFrom).toBe(E18);
    expect(() => pairPrices({ tokens, pools, from: 'A', to: 'JM' })).toThrow('No swap path found');
    const direct = pairPrices({ tokens, pools, from: 'TRX', to: 'JM', maxHopLength: 2 });
    expect(direct.priceFromInTo).toBe(E18 / 2n);
    // direct TRX->USDT (0.1) beats TRX->JM->USDT (0.5 * 0.1 = 0.05)
    expect(pairPrices({ tokens, pools, from: 'TRX', to: 'USDT' })).toEqual({
      path: ['TRX', 'USDT'],
      priceFromInTo: E18 / 10n,
      priceToInFrom: 10n * E18,
    });
  });
});
