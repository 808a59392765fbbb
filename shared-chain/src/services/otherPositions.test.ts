import type { UserPosition } from '../adapters/types';
import type { ApiPair } from '../api/pairs';
import { liquidityPositions } from './liquidity';

// A wallet's positions beyond the configured pools: the reader names pairs of two listed tokens
// itself; the api's index adds pairs of tokens beyond the list. The two overlap.
const BTCB = '0x' + 'b'.repeat(40);
const PSRS = '0x' + 'c'.repeat(40);
const FRESH = '0x' + 'f'.repeat(40);
const BNB = '0x' + 'a'.repeat(40);
const LISTED_PAIR = '0x' + '1'.repeat(40);
const FRESH_PAIR = '0x' + '2'.repeat(40);

const mockNetwork = {
  id: 'BSC',
  platform: 'evm',
  api: { url: 'http://api.test' },
  tokens: {
    BNB: { symbol: 'BNB', address: BNB, decimals: 18 },
    BTCB: { symbol: 'BTCB', address: BTCB, decimals: 18 },
    PSRS: { symbol: 'PSRS', address: PSRS, decimals: 18 },
  },
  pools: [],
};
const E18 = 10n ** 18n;
const readerPosition: UserPosition = {
  pair: LISTED_PAIR,
  symbolA: 'PSRS',
  symbolB: 'BTCB',
  valueA: 98n * E18,
  valueB: E18 / 100n,
  totalLiquidity: E18,
  userLiquidity: E18 - 1000n,
  userShareBps: 9999n as never,
};
const reader = {
  userPositions: jest.fn(async () => [readerPosition]),
  balances: jest.fn(async (_owner: string, keys: readonly string[]) =>
    Object.fromEntries(keys.map((k) => [k, E18])),
  ),
  factoryPools: jest.fn(async (pairs: readonly (readonly [string, string])[]) =>
    pairs.map(([a, b]) => ({
      pair: a === 'BNB' || b === 'BNB' ? FRESH_PAIR : LISTED_PAIR,
      symbolA: a,
      symbolB: b,
      reserveA: 2n * E18,
      reserveB: 5000n * E18,
    })),
  ),
  pairState: jest.fn(async () => ({
    token0: BNB,
    reserve0: 2n * E18,
    reserve1: 5000n * E18,
    totalSupply: 2n * E18,
    kLast: 0n,
  })),
};
jest.mock('../singleton', () => ({
  ...jest.requireActual('../singleton'),
  requireWallet: () => ({ network: { id: 'BSC' }, connection: { address: '0xME' } }),
  readerFor: async () => reader,
  networkById: async () => mockNetwork,
}));

const apiPair = (address: string, a: string, b: string, listed = false): ApiPair => ({
  address,
  listed,
  tokenA: { address: a, symbol: 'A', name: 'A', decimals: 18 },
  tokenB: { address: b, symbol: 'B', name: 'B', decimals: 18 },
  reserveA: '1',
  reserveB: '1',
});
jest.mock('../api/pairs', () => ({
  fetchPairs: async () => ({
    total: 2,
    pairs: [apiPair(LISTED_PAIR, PSRS, BTCB), apiPair(FRESH_PAIR, BNB, FRESH)],
  }),
}));

test('a pool of two listed tokens that no configured pool names is listed once; a pool beyond the list is added', async () => {
  const positions = await liquidityPositions();
  expect(positions?.map((p) => [p.symbolA, p.symbolB])).toEqual([
    ['PSRS', 'BTCB'],
    ['BNB', expect.stringMatching(new RegExp(`^${FRESH}$`, 'i'))],
  ]);
  // Only the pair the reader did not know is checked on chain.
  expect(reader.balances).toHaveBeenCalledWith('0xME', [FRESH_PAIR]);
});
