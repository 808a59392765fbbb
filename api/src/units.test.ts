import { formatUnits, priceOf, toFloat } from './units';

describe('amounts as decimal text', () => {
  it('writes base units with the decimals applied, trailing zeros dropped', () => {
    expect(formatUnits(1_500_000n, 6)).toBe('1.5');
    expect(formatUnits(-1_500_000n, 6)).toBe('-1.5');
    expect(formatUnits(10n ** 18n, 18)).toBe('1');
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001');
    expect(formatUnits(123n, 0)).toBe('123');
    // Past the decimals any token has: still exact.
    expect(formatUnits(10n ** 90n + 5n, 90)).toBe('1.' + '0'.repeat(89) + '5');
    expect(toFloat(2_500_000_000_000_000_000n, 18)).toBe(2.5);
  });

  it('prices 1 B in A with 18 digits, rounded down, whatever the two decimals', () => {
    // 1 500 USDT (6 decimals) for 1 BNB (18 decimals).
    expect(priceOf(1_500_000_000n, 6, 10n ** 18n, 18)).toBe('1500');
    // 1 A for 3 B: a third, cut after 18 digits.
    expect(priceOf(10n ** 18n, 18, 3n * 10n ** 18n, 18)).toBe('0.333333333333333333');
    expect(priceOf(2n, 0, 3n, 0)).toBe('0.666666666666666666');
    expect(priceOf(10n ** 18n, 18, 0n, 18)).toBe('0');
    expect(priceOf(7n * 10n ** 85n, 85, 10n ** 84n, 84)).toBe('7');
  });
});
