import { sellChance, usdWorth } from './prices';

describe('history swaps stay near the seed prices', () => {
  it('values a reserve at the seed price, in 10^-12 USD', () => {
    // 1 000 JM (8 decimals) at 0.0003 USD: 0.3 USD
    expect(usdWorth(1_000n * 10n ** 8n, 'JM', 8)).toBe(300_000_000_000n);
    expect(usdWorth(2n * 10n ** 6n, 'TRX', 6, { TRX: '0.2' })).toBe(400_000_000_000n);
  });

  it('sells symbolB for symbolA as often as not while both sides are worth the same', () => {
    expect(sellChance(1_000n, 1_000n)).toBe(0.5);
    expect(sellChance(0n, 0n)).toBe(0.5);
  });

  it('leans toward taking out the side worth more, at most 90% of the time', () => {
    // symbolA's side worth 5% more: symbolA is cheap in the pool, so buying it (selling B) is likelier
    expect(sellChance(1_050n, 1_000n)).toBeCloseTo(0.8645, 12); // 0.5 + 15 x 2.43% (in bps)
    expect(sellChance(1_000n, 1_050n)).toBeCloseTo(0.1355, 12);
    expect(sellChance(2_000n, 1_000n)).toBe(0.9);
    expect(sellChance(1_000n, 2_000n)).toBeCloseTo(0.1, 12);
  });
});
