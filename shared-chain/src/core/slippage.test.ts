import fc from 'fast-check';
import {
  maximumSold,
  minimumReceived,
  parseSlippagePercent,
  slippageWarning,
  suggestedSlippageBps,
} from './slippage';

describe('bounds', () => {
  it('minimum received is floored, maximum sold ceiled', () => {
    expect(minimumReceived(1_000n, 500)).toBe(950n);
    expect(minimumReceived(999n, 500)).toBe(949n); // 949.05
    expect(maximumSold(1_000n, 500)).toBe(1_050n);
    expect(maximumSold(999n, 500)).toBe(1_049n); // 1048.95
    expect(minimumReceived(7n, 0)).toBe(7n);
    expect(maximumSold(7n, 0)).toBe(7n);
  });
  it('an output of a few base units keeps a minimum of one: never the whole input for nothing', () => {
    expect(minimumReceived(1n, 500)).toBe(1n); // 0.95
    expect(minimumReceived(19n, 500)).toBe(18n); // 18.05
    expect(minimumReceived(1n, 9_999)).toBe(1n);
    expect(minimumReceived(0n, 500)).toBe(0n);
  });
  it.each([-1, 10_000, 0.5])('rejects slippage %s', (bps) => {
    expect(() => minimumReceived(1n, bps)).toThrow(RangeError);
    expect(() => maximumSold(1n, bps)).toThrow(RangeError);
  });
  it('bounds bracket the quote', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 9_999 }),
        (x, bps) => {
          expect(minimumReceived(x, bps)).toBeLessThanOrEqual(x);
          if (x > 0n) expect(minimumReceived(x, bps)).toBeGreaterThan(0n);
          expect(maximumSold(x, bps)).toBeGreaterThanOrEqual(x);
        },
      ),
    );
  });
});

describe('parseSlippagePercent (reliability item 19)', () => {
  it.each([
    ['0.5', 50],
    ['5', 500],
    ['0.01', 1],
    ['50', 5_000],
    [' 1.25 ', 125],
  ])('%j -> %i bps', (text, bps) => {
    expect(parseSlippagePercent(text)).toEqual({ ok: true, bps });
  });
  it.each(['', '-1', '0', '0.00', 'abc', '1e3', '50.01', '0.001', '1.2.3'])(
    'rejects %j',
    (text) => {
      expect(parseSlippagePercent(text)).toEqual({ ok: false });
    },
  );
});

describe('slippageWarning', () => {
  it('warns below 0.05% and above 5%', () => {
    expect(slippageWarning(4)).toBe('may-fail');
    expect(slippageWarning(5)).toBeNull();
    expect(slippageWarning(500)).toBeNull();
    expect(slippageWarning(501)).toBe('may-be-frontrun');
  });

  it("does not warn against a taxed route's own suggestion (5% plus its taxes), only above it", () => {
    expect(slippageWarning(800, 800)).toBeNull();
    expect(slippageWarning(801, 800)).toBe('may-be-frontrun');
    // An untaxed route's suggestion is the base: the 5% bound stays.
    expect(slippageWarning(501, 500)).toBe('may-be-frontrun');
    expect(slippageWarning(4, 800)).toBe('may-fail');
  });
});

describe('suggestedSlippageBps', () => {
  it('adds the path taxes to the base slippage', () => {
    expect(suggestedSlippageBps([{ tax: 0, isBase: true }, { tax: 0 }])).toBe(500);
    expect(suggestedSlippageBps([{ tax: 0, isBase: true }, { tax: 3 }])).toBe(800);
    expect(suggestedSlippageBps([{ tax: 10 }, { tax: 3 }, { tax: 0, isBase: true }])).toBe(1_800);
    expect(suggestedSlippageBps([{ tax: 2 }, { tax: 0 }], 50)).toBe(250);
  });
  it('caps at 50%', () => {
    expect(suggestedSlippageBps([{ tax: 40 }, { tax: 30 }])).toBe(5_000);
  });
});
