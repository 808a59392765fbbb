import {
  estimatedFeeText,
  feeLimitFromEnergy,
  formatTrxOneDecimal,
  tronBurnSun,
  type TronFeeInput,
} from './tronFee';

describe('feeLimitFromEnergy', () => {
  it('is the simulated energy + 20% at the energy price', () => {
    expect(feeLimitFromEnergy(100_000n, 100n, 100_000_000n)).toBe(12_000_000n);
    // rounded up to a whole energy
    expect(feeLimitFromEnergy(1n, 420n, 100_000_000n)).toBe(840n);
  });
  it('is capped by the spec fee limit', () => {
    expect(feeLimitFromEnergy(10_000_000n, 100n, 100_000_000n)).toBe(100_000_000n);
  });
  it('never 0', () => {
    expect(feeLimitFromEnergy(0n, 100n, 100_000_000n)).toBe(100n);
  });
});

describe('tronBurnSun', () => {
  const base: TronFeeInput = {
    energyUsed: 120_000n,
    bandwidthBytes: 345n,
    freeEnergy: 0n,
    freeBandwidth: { staked: 0n, free: 600n },
    energyPrice: 100n,
    bandwidthPrice: 1000n,
  };
  it('burns every energy without staked energy; free bandwidth covers the bytes', () => {
    expect(tronBurnSun(base)).toBe(12_000_000n);
  });
  it('frozen energy lowers the fee', () => {
    expect(tronBurnSun({ ...base, freeEnergy: 100_000n })).toBe(2_000_000n);
    expect(tronBurnSun({ ...base, freeEnergy: 500_000n })).toBe(0n);
  });
  it('burns the bytes when neither staked nor free bandwidth covers them', () => {
    expect(tronBurnSun({ ...base, freeBandwidth: { staked: 100n, free: 300n } })).toBe(
      12_000_000n + 345_000n,
    );
    expect(tronBurnSun({ ...base, freeBandwidth: { staked: 345n, free: 0n } })).toBe(12_000_000n);
  });
});

describe('fee text', () => {
  it('one decimal, rounded up', () => {
    expect(formatTrxOneDecimal(12_400_000n)).toBe('12.4');
    expect(formatTrxOneDecimal(12_400_001n)).toBe('12.5');
    expect(formatTrxOneDecimal(0n)).toBe('0.0');
  });
  it('the confirm line', () => {
    expect(estimatedFeeText(12_400_000n, 0n)).toBe(
      'Estimated network fee: 12.4 TRX (you have 0 energy)',
    );
  });
});
