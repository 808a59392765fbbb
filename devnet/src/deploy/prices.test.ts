import { arbitrageTrade, sellChance, usdWorth } from './prices';

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

describe('the arbitrage trade that ends the seeded history', () => {
  /** A constant-product swap: the fee and the seller's tax kept from what comes in. */
  const swapped = (into: bigint, out: bigint, amountIn: bigint, tax: number) => {
    const net = (amountIn * BigInt(100 - tax)) / 100n;
    const netAfterFee = (net * 997n) / 1000n;
    const paid = (out * netAfterFee) / (into + netAfterFee);
    return [into + net, out - paid] as const;
  };
  const jm = (reserve: bigint) => ({ reserve, symbol: 'JM', decimals: 8, tax: 3 });
  const trx = (reserve: bigint) => ({ reserve, symbol: 'TRX', decimals: 6, tax: 0 });
  const gapBps = (trxReserve: bigint, jmReserve: bigint) => {
    const [t, j] = [usdWorth(trxReserve, 'TRX', 6), usdWorth(jmReserve, 'JM', 8)];
    return Number(((t > j ? t - j : j - t) * 10_000n) / (t + j));
  };

  it('brings a pool 5% off its seed price back within a few hundredths of a percent', () => {
    // 2 000 000 TRX (0.25 USD) against JM worth 5% less than its side at 0.0003 USD
    const [t0, j0] = [2_000_000n * 10n ** 6n, (1_583_333_333n * 10n ** 8n * 95n) / 100n];
    expect(gapBps(t0, j0)).toBeGreaterThan(200);
    const trade = arbitrageTrade(trx(t0), jm(j0))!;
    // JM is scarce in the pool, so dear: the arbitrageur sells JM into it, its 3% tax included
    expect(trade.sell).toBe('B');
    const [j1, t1] = swapped(j0, t0, trade.amountIn, 3);
    expect(gapBps(t1, j1)).toBeLessThanOrEqual(5);
  });

  it('sells the other side when that one is short, and leaves a level pool alone', () => {
    const [t0, j0] = [1_900_000n * 10n ** 6n, 1_666_666_666n * 10n ** 8n];
    const trade = arbitrageTrade(trx(t0), jm(j0))!;
    expect(trade.sell).toBe('A');
    const [t1, j1] = swapped(t0, j0, trade.amountIn, 0);
    expect(gapBps(t1, j1)).toBeLessThanOrEqual(5);
    expect(arbitrageTrade(trx(2_000_000n * 10n ** 6n), jm(1_666_666_666n * 10n ** 8n))).toBe(
      undefined,
    );
    expect(arbitrageTrade(trx(0n), jm(10n))).toBeUndefined();
  });
});
