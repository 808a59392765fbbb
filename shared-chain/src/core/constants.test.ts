import * as core from './index';

describe('constants (product.md / chain-layer.md section 9)', () => {
  it('names every number of the spec', () => {
    expect(core).toMatchObject({
      FEE_NUMERATOR: 997n,
      FEE_DENOMINATOR: 1000n,
      MAX_HOP_LENGTH: 3,
      DIRECT_HOP_LENGTH: 2,
      DEADLINE_SECONDS: 300,
      DEFAULT_SLIPPAGE_BPS: 500,
      MAX_APPROVAL: 2n ** 256n - 1n,
      LP_DECIMALS: 18,
      ENERGY_THRESHOLD_MULTI_HOP: 250_000,
      ENERGY_THRESHOLD_DIRECT: 160_000,
      FEE_RESERVE_TRX_MULTI_HOP: 65,
      FEE_RESERVE_TRX_DIRECT: 47,
      QUICK_REMOVAL_PERCENTAGES: [25, 50, 75, 100],
      DEFAULT_LP_PERCENTAGE: 100,
      PRICE_DISPLAY_DECIMALS: 8,
      SHARE_DISPLAY_DECIMALS: 2,
      PRICE_IMPACT_DISPLAY_DECIMALS: 2,
      HEADER_BALANCE_DISPLAY_DECIMALS: 6,
      MAX_DISPLAY_DECIMALS: 12,
      TRON_FEE_LIMIT_DEFAULT_SUN: 100_000_000n,
      TRON_FEE_LIMIT_LIQUIDITY_SUN: 200_000_000n,
      TRON_FEE_LIMIT_CREATE_PAIR_SUN: 1_000_000_000n,
      GAS_PRICE_POLY_WEI: 60_000_000_000n,
      GAS_PRICE_BTTC_WEI: 10n ** 15n,
      SUPPLY_BASE: 10n ** 11n,
      CHART_BUCKET_SECONDS: 4 * 3600,
    });
    expect(core.PROVIDER_FEE_BPS + core.PLATFORM_FEE_BPS).toBe(core.TOTAL_FEE_BPS);
    expect(core.FEE_DENOMINATOR - core.FEE_NUMERATOR).toBe(BigInt(core.TOTAL_FEE_BPS) / 10n);
  });

  it('every public export is defined', () => {
    for (const [name, value] of Object.entries(core)) {
      expect([name, value]).not.toContain(undefined);
    }
  });
});
