import {
  addPreviewText,
  evmFeeText,
  isSlippageRevert,
  liquidityAmounts,
  liquidityIsWorse,
  liquidityWorseText,
  removePreviewText,
  shortfallBps,
  swapAmounts,
  swapIsWorse,
  swapPreviewText,
  swapWorseText,
} from './preview';

const E18 = 10n ** 18n;
const bnb = (amount: bigint) => ({ amount, symbol: 'BNB', decimals: 18 });
const usdt = (amount: bigint) => ({ amount, symbol: 'USDT', decimals: 6 });

describe('swap', () => {
  test('amounts[]: the first leaves the wallet, the last arrives (any hop count)', () => {
    expect(swapAmounts([5n, 7n, 9n])).toEqual({ amountIn: 5n, amountOut: 9n });
    expect(swapAmounts([1n])).toBeUndefined();
  });

  test('worse than the slippage: below the minimum received, or above the maximum sold', () => {
    expect(swapIsWorse('exactIn', 100n, { amountIn: 1n, amountOut: 99n })).toBe(true);
    expect(swapIsWorse('exactIn', 100n, { amountIn: 1n, amountOut: 100n })).toBe(false);
    expect(swapIsWorse('exactOut', 100n, { amountIn: 101n, amountOut: 1n })).toBe(true);
    expect(swapIsWorse('exactOut', 100n, { amountIn: 100n, amountOut: 1n })).toBe(false);
  });

  test('shortfall in bps of the quote, never negative', () => {
    expect(shortfallBps(1000n, 945n)).toBe(550n);
    expect(shortfallBps(1000n, 1001n)).toBe(0n);
    expect(shortfallBps(1000n, 1100n, true)).toBe(1000n);
    expect(shortfallBps(0n, 5n)).toBe(0n);
  });

  test('the sentences: what leaves, what arrives, the bound; the shortfall and what to do', () => {
    expect(swapPreviewText('exactIn', bnb(E18), usdt(312_400_000n), 310_800_000n)).toBe(
      'Simulated: 1 BNB leaves your wallet, 312.4 USDT arrives (at least 310.8 USDT).',
    );
    expect(swapPreviewText('exactOut', bnb(E18 / 2n), usdt(1_000_000n), E18)).toBe(
      'Simulated: 0.5 BNB leaves your wallet (at most 1 BNB), 1 USDT arrives.',
    );
    expect(swapWorseText('exactIn', usdt(295_100_000n), 550n, 50)).toBe(
      'The pool now gives 295.1 USDT, 5.5% less than quoted: more than your 0.5% slippage, so this swap would fail. Wait for a new quote, swap less or raise slippage.',
    );
    expect(swapWorseText('exactOut', bnb(E18), 1000n, 500)).toContain(
      'The pool now needs 1 BNB, 10.0% more than quoted: more than your 5.0% slippage',
    );
  });

  test('a swap of a few wei reads its tiny amounts, not "0 BNB leaves your wallet"', () => {
    expect(swapPreviewText('exactIn', bnb(1n), usdt(2n), 1n)).toBe(
      'Simulated: 0.0₁₇1 BNB leaves your wallet, 0.000002 USDT arrives (at least 0.000001 USDT).',
    );
  });

  test('slippage reverts, with or without the contract prefix; others are not', () => {
    expect(isSlippageRevert('JMSwapRouter: INSUFFICIENT_OUTPUT_AMOUNT')).toBe(true);
    expect(isSlippageRevert('EXCESSIVE_INPUT_AMOUNT')).toBe(true);
    expect(isSlippageRevert('JMSwapRouter: INSUFFICIENT_B_AMOUNT')).toBe(true);
    expect(isSlippageRevert('JMSwapRouter: EXPIRED')).toBe(false);
    expect(isSlippageRevert(undefined)).toBe(false);
  });
});

describe('liquidity', () => {
  test('router outputs in the order A/B: token-token, base forms, the fee-on-transfer removal', () => {
    expect(liquidityAmounts('addLiquidity', [1n, 2n, 3n])).toEqual({
      amountA: 1n,
      amountB: 2n,
      lpTokens: 3n,
    });
    // addLiquidityBase returns (token, base, liquidity)
    expect(liquidityAmounts('addLiquidityBase', [10n, 20n, 30n], 'A')).toEqual({
      amountA: 20n,
      amountB: 10n,
      lpTokens: 30n,
    });
    expect(liquidityAmounts('addLiquidityBase', [10n, 20n, 30n], 'B')).toEqual({
      amountA: 10n,
      amountB: 20n,
      lpTokens: 30n,
    });
    expect(liquidityAmounts('removeLiquidityBase', [10n, 20n], 'A')).toEqual({
      amountA: 20n,
      amountB: 10n,
    });
    expect(
      liquidityAmounts('removeLiquidityBaseSupportingFeeOnTransferTokens', [20n], 'B'),
    ).toEqual({ amountA: undefined, amountB: 20n });
    expect(liquidityAmounts('removeLiquidity', [4n, 5n])).toEqual({ amountA: 4n, amountB: 5n });
  });

  test('worse: either amount below its minimum; an amount the router does not return is not', () => {
    expect(liquidityIsWorse(10n, 10n, { amountA: 9n, amountB: 10n })).toBe(true);
    expect(liquidityIsWorse(10n, 10n, { amountA: 10n, amountB: 9n })).toBe(true);
    expect(liquidityIsWorse(10n, 10n, { amountA: 10n, amountB: 10n })).toBe(false);
    expect(liquidityIsWorse(10n, 10n, { amountB: 11n })).toBe(false);
  });

  test('the sentences', () => {
    expect(addPreviewText(bnb(E18), usdt(312_400_000n), 17_600_000_000_000_000_000n)).toBe(
      'Simulated: 1 BNB and 312.4 USDT leave your wallet, 17.6 LP tokens arrive.',
    );
    expect(removePreviewText(10n * E18, [bnb(E18), usdt(2_000_000n)])).toBe(
      'Simulated: 10 LP tokens leave your wallet, 1 BNB and 2 USDT arrive.',
    );
    expect(removePreviewText(E18, [bnb(E18)])).toBe(
      'Simulated: 1 LP tokens leave your wallet, 1 BNB arrives.',
    );
    expect(addPreviewText(bnb(E18), usdt(1n), 894_000_000_000n)).toContain(
      ', 0.000000894 LP tokens arrive.',
    );
    expect(liquidityWorseText('remove', 500)).toBe(
      'The pool moved: removing this liquidity now gives less than your 5.0% slippage allows, so it would fail. Go back and enter the amounts again, or raise slippage.',
    );
  });

  test('EVM fee in the base coin, rounded up', () => {
    expect(evmFeeText(210_000n * 5_000_000_000n, 'BNB')).toBe('Estimated network fee: 0.00105 BNB');
    expect(evmFeeText(1n, 'ETH')).toBe('Estimated network fee: 0.000001 ETH');
  });
});
