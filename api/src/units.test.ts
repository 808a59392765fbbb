import fc from 'fast-check';
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

  it('gives the same text as whole / 10^decimals and the remainder, for any amount', () => {
    // The arithmetic definition (the implementation places the point in the digits instead).
    const byDivision = (amount: bigint, decimals: number) => {
      const abs = amount < 0n ? -amount : amount;
      const base = 10n ** BigInt(decimals);
      const frac = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
      return `${amount < 0n ? '-' : ''}${abs / base}${frac ? '.' + frac : ''}`;
    };
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.nat(40), (x, d) => {
        expect(formatUnits(x, d)).toBe(byDivision(x, d));
      }),
      { numRuns: 2000 },
    );
    expect(formatUnits(0n, 18)).toBe('0');
    expect(formatUnits(-(10n ** 18n), 18)).toBe('-1');
    expect(formatUnits(100n, 2)).toBe('1');
    expect(formatUnits(120n, 2)).toBe('1.2');
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
