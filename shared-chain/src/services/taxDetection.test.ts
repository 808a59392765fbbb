import type { NetworkConfig } from '../config/types';
import type { PoolReserves } from '../core/paths';
import { netAfterTax } from '../core/tax';
import { TAX_RECHECK_MS } from '../core/taxDetection';
// jest.mock below is hoisted above these imports: the service gets the fake reader.
import { detectTaxes, probeAmount, resetTaxDetection } from './taxDetection';

const probes: string[][] = [];
let takenPercent = 4;
const reader = {
  pairReserves: async (): Promise<PoolReserves[]> => [
    { symbolA: 'BNB', symbolB: 'KLV', reserveA: 10n ** 21n, reserveB: 10n ** 26n },
    { symbolA: 'BNB', symbolB: 'USDT', reserveA: 10n ** 22n, reserveB: 10n ** 24n },
  ],
  probeTransferTax: async (path: readonly string[]) => {
    probes.push([...path]);
    const sent = 98_765_432_101n;
    return { sent, received: netAfterTax(sent, takenPercent) };
  },
};
jest.mock('@jmswap/shared-chain', () => ({
  ...jest.requireActual('@jmswap/shared-chain'),
  readerFor: async () => reader,
}));

const token = (symbol: string, tax: number, isBase = false) => ({
  symbol,
  name: symbol,
  address: `0x${symbol}`,
  decimals: 18,
  logoURI: '',
  tax,
  isBase,
});
const network = {
  id: 'BSC',
  baseToken: 'BNB',
  exchange: { MAX_HOP_LENGTH: 3 },
  tokens: { BNB: token('BNB', 0, true), KLV: token('KLV', 0), USDT: token('USDT', 0) },
} as unknown as NetworkConfig;

beforeEach(() => {
  resetTaxDetection();
  probes.length = 0;
  takenPercent = 4;
});

test('the probe buys 0.1% of the base side of the token pool', async () => {
  expect(probeAmount(network, await reader.pairReserves(), 'KLV')).toBe(10n ** 18n);
  expect(probeAmount(network, [], 'KLV')).toBe(0n);
});

test('detects once per token, again on the first quote after TAX_RECHECK_MS', async () => {
  let now = 1_000_000;
  const clock = () => now;
  const first = await detectTaxes(network, ['BNB', 'KLV'], clock);
  expect(first.KLV).toMatchObject({ detected: { bps: 400n }, usedPercent: 4, differs: true });
  expect(first.BNB).toMatchObject({ usedPercent: 0, differs: false });
  expect(probes).toEqual([['BNB', 'KLV']]);

  takenPercent = 6; // the owner changes the tax again
  now += TAX_RECHECK_MS - 1;
  expect((await detectTaxes(network, ['KLV'], clock)).KLV?.usedPercent).toBe(4);
  now += 1;
  expect((await detectTaxes(network, ['KLV'], clock)).KLV?.usedPercent).toBe(6);
  expect(probes).toHaveLength(2);
});
