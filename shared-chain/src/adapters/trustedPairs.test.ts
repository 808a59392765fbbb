import type { NetworkConfig } from '../config/types';
import {
  LARGE_PAIR_PAGE_SIZE,
  LARGE_POSITION_PAGE_SIZE,
  MAX_LARGE_PAIR_PAGES,
  MAX_POSITIONS,
  POSITION_PAGES_PER_ROUND,
  TrustedPairs,
  morePages,
  pagesUntilShort,
  type ListedPair,
  type PairLookups,
} from './trustedPairs';

const token = (symbol: string, address: string) => ({
  symbol,
  name: symbol,
  address,
  decimals: 6,
  logoURI: '',
  tax: 0,
});
// Addresses in two spellings (upper/lower case) stand for the platform's two address forms.
const network = {
  id: 'BSC',
  baseToken: 'BNB',
  tokens: {
    BNB: { ...token('BNB', '0xaa01'), isBase: true },
    USDT: token('USDT', '0xaa02'),
    JM: token('JM', '0xaa03'),
  },
  pools: [
    { symbolA: 'BNB', symbolB: 'USDT', address: '' },
    { symbolA: 'BNB', symbolB: 'JM', address: '' },
  ],
} as unknown as NetworkConfig;

const factory: Record<string, string> = {
  '0XAA01|0XAA02': '0xp1',
  '0XAA01|0XAA03': '0xp2',
  '0XAA01|0XBAD1': '0xspam',
};
const pairContracts: Record<string, ListedPair> = {
  '0XP2': { pair: '0xp2', token0: '0xaa03', token1: '0xaa01', reserve0: 70n, reserve1: 7n },
};
const lookups: PairLookups & { reads: string[] } = {
  reads: [],
  canonical: (a) => a.toUpperCase(),
  getPair: async (a, b) => factory[[a, b].sort().join('|')],
  readPair: async (pair) => {
    lookups.reads.push(pair);
    return pairContracts[pair.toUpperCase()]!;
  },
};
const listed = (pair: string, token0: string, token1: string, r0 = 10n, r1 = 20n) => ({
  pair,
  token0,
  token1,
  reserve0: r0,
  reserve1: r1,
});

it('names pools by the configured address, never by the on-chain symbol', async () => {
  const pools = await new TrustedPairs(network, lookups).pools([
    listed('0xP1', '0xaa01', '0xaa02'),
    listed('0xp2', '0xAA03', '0xAA01', 70n, 7n),
  ]);
  expect(pools).toEqual([
    { pair: '0XP1', symbolA: 'BNB', symbolB: 'USDT', reserveA: 10n, reserveB: 20n },
    { pair: '0XP2', symbolA: 'JM', symbolB: 'BNB', reserveA: 70n, reserveB: 7n },
  ]);
});

it('ignores a token someone called "USDT" and a pair the factory does not report', async () => {
  const trusted = new TrustedPairs(network, lookups);
  const pools = await trusted.pools([
    listed('0xspam', '0xaa01', '0xbad1', 1n, 10n ** 30n), // fake "USDT" at another address
    listed('0xfake', '0xaa01', '0xaa02', 1n, 10n ** 30n), // configured tokens, not the factory's pair
    listed('0xp1', '0xaa01', '0xaa02'),
    listed('0xp2', '0xaa03', '0xaa01', 70n, 7n),
  ]);
  expect(pools.map((p) => p.pair)).toEqual(['0XP1', '0XP2']);
  expect(trusted.symbolsOf('0xspam')).toBeUndefined();
  expect(trusted.symbolsOf('0xfake')).toBeUndefined();
  expect(trusted.symbolsOf('0xp2')).toEqual({ symbol0: 'JM', symbol1: 'BNB' });
});

it('reads a configured pool the listing missed (pushed out by spam) straight from its pair', async () => {
  lookups.reads.length = 0;
  const pools = await new TrustedPairs(network, lookups).pools([
    listed('0xspam', '0xaa01', '0xbad1'),
    listed('0xp1', '0xaa01', '0xaa02'),
  ]);
  expect(lookups.reads).toEqual(['0XP2']);
  expect(pools).toContainEqual({
    pair: '0XP2',
    symbolA: 'JM',
    symbolB: 'BNB',
    reserveA: 70n,
    reserveB: 7n,
  });
});

it('trusts a listed pair at the configured pool address without asking the factory', async () => {
  const asked: string[] = [];
  const counting: PairLookups = {
    ...lookups,
    getPair: async (a, b) => {
      asked.push([a, b].sort().join('|'));
      return factory[[a, b].sort().join('|')];
    },
  };
  const configured = {
    ...network,
    pools: [
      { symbolA: 'BNB', symbolB: 'USDT', address: '0xp1' },
      { symbolA: 'BNB', symbolB: 'JM', address: '0xp2' },
    ],
  } as unknown as NetworkConfig;
  const pools = await new TrustedPairs(configured, counting).pools([
    listed('0xp1', '0xaa01', '0xaa02'),
    listed('0xfake', '0xaa03', '0xaa01', 1n, 10n ** 30n), // configured tokens, another address
    listed('0xp2', '0xaa03', '0xaa01', 70n, 7n),
  ]);
  expect(pools.map((p) => p.pair)).toEqual(['0XP1', '0XP2']);
  // Only the pair at an address the config does not give was checked with the factory.
  expect(asked).toEqual(['0XAA01|0XAA03']);
});

describe('morePages (a thousand pools)', () => {
  const pageOf = (n: number) => Array.from({ length: n }, (_, i) => `pair${i}`);

  it('keeps the first pages when they are not full: no pair count, no other read', async () => {
    const length = jest.fn(async () => 25);
    const read = jest.fn(async () => pageOf(0));
    const first = [pageOf(10), pageOf(10), pageOf(5)];
    expect(await morePages(first, (p) => p.length, length, read)).toBe(first);
    expect(length).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
  });

  it('reads every pair in large pages when the exchange has more than the first pages hold', async () => {
    const read = jest.fn(async (size: number, page: number) =>
      pageOf(Math.min(size, 1000 - (page - 1) * size)),
    );
    const first = [pageOf(10), pageOf(10), pageOf(10)];
    const pages = await morePages(
      first,
      (p) => p.length,
      async () => 1000,
      read,
    );
    expect(read.mock.calls).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((page) => [LARGE_PAIR_PAGE_SIZE, page]),
    );
    expect(pages.flat()).toHaveLength(1000);
  });

  it("does not let a node's pair count size the reads: a huge count is capped, a bad one refused", async () => {
    const read = jest.fn(async () => pageOf(LARGE_PAIR_PAGE_SIZE));
    const first = [pageOf(10), pageOf(10), pageOf(10)];
    const capped = await morePages(
      first,
      (p) => p.length,
      async () => 1e12,
      read,
    );
    expect(read).toHaveBeenCalledTimes(MAX_LARGE_PAIR_PAGES);
    expect(capped).toHaveLength(MAX_LARGE_PAIR_PAGES);
    await expect(
      morePages(
        first,
        (p) => p.length,
        async () => Number(2n ** 200n),
        read,
      ),
    ).rejects.toThrow('not a pair count');
    expect(read).toHaveBeenCalledTimes(MAX_LARGE_PAIR_PAGES);
  });
});

describe('pagesUntilShort (a wallet in a thousand pools)', () => {
  /**
   * A node holding `count` positions, counting the requests that wait on each other and the
   * pair scans (the swap-info contract scans every pair for each page). `slow` pages answer late.
   */
  function positionsNode(count: number, slow: (page: number) => boolean = () => false) {
    let inFlight = 0;
    const node = { requests: 0, waves: 0, widest: 0 };
    const read = async (size: number, page: number) => {
      if (inFlight === 0) node.waves += 1;
      inFlight += 1;
      node.requests += 1;
      node.widest = Math.max(node.widest, inFlight);
      await new Promise((r) => setTimeout(r, slow(page) ? 20 : 1));
      inFlight -= 1;
      const from = (page - 1) * size;
      return Array.from({ length: Math.max(0, Math.min(size, count - from)) }, (_, i) => from + i);
    };
    return { node, read };
  }
  /** The positions of the pages, the large pages' repeat of page 1 left out, as a reader does. */
  const positions = (pages: number[][]) => [...new Set(pages.flat())];

  test('a wallet with fewer positions than a page costs one request', async () => {
    const { node, read } = positionsNode(3);
    expect(positions(await pagesUntilShort(read, (p) => p.length, 7))).toEqual([0, 1, 2]);
    expect(node.requests).toBe(1);
  });

  test('1 480 positions: every one, in order, in 31 requests over 4 rounds (221 over 23 in pages of 7)', async () => {
    const { node, read } = positionsNode(1_480);
    const all = positions(await pagesUntilShort(read, (p) => p.length, 7));
    expect(all).toEqual(Array.from({ length: 1_480 }, (_, i) => i));
    // Page 1 of 7, then pages of 70 ten at a time: 1-10, 11-20, 21-22 (1 480 = 21 x 70 + 10).
    expect(node.requests).toBe(31);
    expect(node.widest).toBe(POSITION_PAGES_PER_ROUND);
    expect(node.waves).toBe(4);
  });

  test('pages are handed on in order as they arrive, the first alone before any other read', async () => {
    // Page 2 of the first round answers last: pages 3-10 wait for it, then come in order.
    const { node, read } = positionsNode(200, (page) => page === 2);
    const seen: number[][] = [];
    const requestsAtFirst: number[] = [];
    await pagesUntilShort(
      read,
      (p) => p.length,
      7,
      (page) => {
        seen.push(page);
        if (seen.length === 1) requestsAtFirst.push(node.requests);
      },
    );
    expect(requestsAtFirst).toEqual([1]);
    expect(seen.map((p) => p[0])).toEqual([0, 0, 70, 140]);
    expect(seen.map((p) => p.length)).toEqual([7, 70, 70, 60]);
  });

  test('a list that fills its last page whole ends at the empty page after it', async () => {
    const { read } = positionsNode(7 + LARGE_POSITION_PAGE_SIZE - 7);
    const pages = await pagesUntilShort(read, (p) => p.length, 7);
    expect(pages.map((p) => p.length)).toEqual([7, LARGE_POSITION_PAGE_SIZE, 0]);
  });

  test('a failed page fails the read after the pages before it were handed on', async () => {
    const onPage = jest.fn();
    const read = (size: number, page: number) =>
      page === 2
        ? new Promise<number[]>((_, reject) => setTimeout(() => reject(new Error('node down')), 10))
        : positionsNode(500).read(size, page);
    await expect(pagesUntilShort(read, (p) => p.length, 7, onPage)).rejects.toThrow('node down');
    expect(onPage.mock.calls.map(([p]) => p.length)).toEqual([7, 70]);
  });

  test('a node answering full pages for ever is read up to MAX_POSITIONS positions', async () => {
    const read = jest.fn(async (size: number) => Array.from({ length: size }, () => 1));
    const pages = await pagesUntilShort(read, (p) => p.length, 7);
    expect(pages.slice(1).flat()).toHaveLength(MAX_POSITIONS);
    expect(read).toHaveBeenCalledTimes(1 + MAX_POSITIONS / LARGE_POSITION_PAGE_SIZE);
  });
});
