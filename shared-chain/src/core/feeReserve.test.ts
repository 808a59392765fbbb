import production from '../../config/networks.production.json';
import { parseNetworksFile } from '../config/schema';
import { maxSpendable } from './feeReserve';

const file = parseNetworksFile(production);
const tron = file.networks.TRON;
const bsc = file.networks.BSC;
const bttc = file.networks.BTTC;
const BTT = 10n ** 18n;

describe('maxSpendable', () => {
  it('keeps the TRON fee reserve without free energy, nothing with enough energy', () => {
    const trx = tron.tokens.TRX!;
    expect(maxSpendable(tron, trx, 100_000_000n, { energy: 0n })).toBe(53_000_000n);
    expect(maxSpendable(tron, trx, 100_000_000n, { energy: 1_000_000n })).toBe(100_000_000n);
    expect(maxSpendable(tron, trx, 10_000_000n, { energy: 0n })).toBe(0n);
    expect(maxSpendable(tron, trx, 100_000_000n, { energy: 200_000n, pathLength: 3 })).toBe(
      35_000_000n,
    );
    expect(maxSpendable(tron, tron.tokens.JM!, 5n)).toBe(5n);
  });

  it('on EVM keeps the estimated gas cost of the send', () => {
    const gasReserve = 3n * 10n ** 14n;
    expect(maxSpendable(bsc, bsc.tokens.BNB!, 10n ** 18n, { gasReserve })).toBe(
      10n ** 18n - gasReserve,
    );
    expect(maxSpendable(bsc, bsc.tokens.BNB!, gasReserve - 1n, { gasReserve })).toBe(0n);
  });

  it('BTTC without an estimate: 400 000 gas at its fixed gas price (1e15), not 0.01 BTT', () => {
    expect(bttc.gasPrice).toBe('1000000000000000');
    expect(maxSpendable(bttc, bttc.tokens.BTT!, 1000n * BTT)).toBe(600n * BTT);
    expect(maxSpendable(bttc, bttc.tokens.BTT!, 1000n * BTT, { fallbackGas: 3_000_000n })).toBe(0n);
  });

  it('a network with neither an estimate nor a fixed gas price keeps 1/100 of a coin', () => {
    expect(bsc.gasPrice).toBeUndefined();
    expect(maxSpendable(bsc, bsc.tokens.BNB!, 10n ** 18n)).toBe(99n * 10n ** 16n);
  });
});
