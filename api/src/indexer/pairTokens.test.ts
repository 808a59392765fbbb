import type { IndexedNetwork, Pool } from '../config';
import type { Queryable } from '../db/db';
import {
  escapeText,
  loadDiscoveredPools,
  poolOfPair,
  refreshDiscoveredPools,
  setIndexedHere,
  tokenMetaOf,
} from './pairTokens';
import { matchTier } from '../routes/pairs';
import { freshDb } from '../test/databases';

const word = (n: bigint) => n.toString(16).padStart(64, '0');
const abiString = (text: string) => {
  const hex = Buffer.from(text, 'utf8').toString('hex');
  return `0x${word(32n)}${word(BigInt(hex.length / 2))}${hex.padEnd(Math.ceil(hex.length / 64) * 64, '0')}`;
};

describe('token metadata of a new pair', () => {
  test('symbol, name and decimals as the contract answers them', () => {
    expect(
      tokenMetaOf({
        symbol: abiString('SIX'),
        name: abiString('Six Tax'),
        decimals: `0x${word(18n)}`,
      }),
    ).toEqual({ symbol: 'SIX', name: 'Six Tax', decimals: 18 });
  });

  test('control and bidirectional characters are kept as escaped text; long names are cut', () => {
    const meta = tokenMetaOf({
      symbol: abiString('US\u202eDT'),
      name: abiString(`Tether\u0000${'x'.repeat(100)}`),
      decimals: `0x${word(6n)}`,
    });
    expect(meta.symbol).toBe('US\\u{202E}DT');
    expect(meta.name.startsWith('Tether\\u{0000}xxx')).toBe(true);
    expect(Array.from(meta.name)).toHaveLength(64);
    expect(escapeText('a\u2066b', 32)).toBe('a\\u{2066}b');
  });

  test('missing getters read as "?", and decimals over 36 as none (the pair is not priced)', () => {
    expect(tokenMetaOf({ decimals: `0x${word(77n)}` })).toEqual({
      symbol: '?',
      name: '?',
      decimals: null,
    });
  });
});

describe('a discovered pair as a pool', () => {
  const usdt = { symbol: 'USDT', address: '0xaa', decimals: 18, key: '0xaa' };
  const network = {
    id: 'BSC',
    baseToken: 'BNB',
    tokens: new Map([['0xaa', usdt]]),
  } as unknown as IndexedNetwork;

  test('the configured stablecoin is side A; a token copying its symbol is not configured', () => {
    const pool = poolOfPair(network, '0xpair', [
      ['0xbb', { symbol: 'USDT', name: 'Tether USD', decimals: 6 }],
      ['0xaa', { symbol: 'USDT', name: 'USDT', decimals: 18 }],
    ])!;
    expect(pool.tokenA).toBe(usdt);
    expect(pool.tokenB).toMatchObject({ key: '0xbb', symbol: 'USDT', decimals: 6 });
    expect(pool.discovered).toBe(true);
  });

  test('a token without usable decimals leaves the pair out', () => {
    expect(
      poolOfPair(network, '0xpair', [
        ['0xbb', { symbol: 'X', name: 'X', decimals: null }],
        ['0xaa', { symbol: 'USDT', name: 'USDT', decimals: 18 }],
      ]),
    ).toBeUndefined();
  });
});

test('the pairs search: symbol, name, address, prefix first', () => {
  const search = {
    symbols: ['bnb', 'six'],
    names: ['bnb', 'six tax'],
    addresses: ['0xabc', '0xdef'],
  };
  expect(matchTier(search, 'six')).toBe(0);
  expect(matchTier(search, 'si')).toBe(1);
  expect(matchTier(search, '0xde')).toBe(3);
  expect(matchTier(search, 'tax')).toBe(4);
  expect(matchTier(search, 'zzz')).toBe(-1);
});

describe('the discovered pools follow the database', () => {
  const hex = (n: number) => '0x' + n.toString(16).padStart(40, '0');
  const [wbnb, jm, six, dino, gone] = [hex(0xb0), hex(0x1a), hex(0x51), hex(0xd1), hex(0x60)];
  const [jmPair, sixPair, dinoPair, gonePair] = [hex(0xa1), hex(0xa2), hex(0xa3), hex(0xa4)];
  const token = (symbol: string, address: string, decimals = 18) => ({
    symbol,
    address,
    decimals,
    key: address,
  });

  /** BSC with WBNB and JM configured, their pool listed. */
  function bsc(): IndexedNetwork {
    const tokens = new Map([
      [wbnb, token('BNB', wbnb)],
      [jm, token('JM', jm)],
    ]);
    const configured: Pool = {
      address: jmPair,
      symbolA: 'BNB',
      symbolB: 'JM',
      tokenA: tokens.get(wbnb)!,
      tokenB: tokens.get(jm)!,
      hideFromCharts: false,
    };
    const pools = new Map([[jmPair, configured]]);
    return { id: 'BSC', baseToken: 'BNB', tokens, pools } as unknown as IndexedNetwork;
  }

  const discovered = (n: IndexedNetwork, pair: string, address: string, symbol: string, d = 18) =>
    poolOfPair(n, pair, [
      [wbnb, { symbol: 'BNB', name: 'BNB', decimals: 18 }],
      [address, { symbol, name: symbol, decimals: d }],
    ])!;

  /** The pairs as stored: the configured one, SIX's (now 9 decimals, "MDOGE") and DINO's. */
  async function store(db: Queryable) {
    for (const [address, token0, token1, block] of [
      [jmPair, wbnb, jm, 1],
      [sixPair, wbnb, six, 2],
      [dinoPair, wbnb, dino, 3],
    ] as const)
      await db.query(
        `INSERT INTO pairs (network, address, token0, token1, block_number)
         VALUES ('BSC', $1, $2, $3, $4)`,
        [address, token0, token1, block],
      );
    for (const [address, symbol, decimals] of [
      [wbnb, 'BNB', 18],
      [six, 'MDOGE', 9],
      [dino, 'DINO', 18],
    ] as const)
      await db.query(
        `INSERT INTO pair_tokens (network, address, symbol, name, decimals)
         VALUES ('BSC', $1, $2, $2, $3)`,
        [address, symbol, decimals],
      );
  }

  /** Each pool as the pages name it: pair, its two symbols, the token's decimals. */
  const shown = (n: IndexedNetwork) =>
    [...n.pools.values()].map((p) => [p.address, p.symbolA, p.symbolB, p.tokenB.decimals]);

  test('new pairs added, a token that changed replaced, a pair no longer stored dropped', async () => {
    const { db, drop } = await freshDb('pglite');
    try {
      await store(db);
      const n = bsc();
      const configured = n.pools.get(jmPair);
      // What an api kept from before a rollback: SIX at 0x..51, and a pair that is gone.
      n.pools.set(sixPair, discovered(n, sixPair, six, 'SIX'));
      n.pools.set(gonePair, discovered(n, gonePair, gone, 'GONE'));
      await loadDiscoveredPools(db, n);
      expect(shown(n)).toEqual([
        [jmPair, 'BNB', 'JM', 18],
        [sixPair, 'BNB', 'MDOGE', 9],
        [dinoPair, 'BNB', 'DINO', 18],
      ]);
      expect(n.pools.get(jmPair)).toBe(configured);
      expect(n.pools.get(dinoPair)!.discovered).toBe(true);
      // Nothing changed: the same pools, not copies.
      const before = [...n.pools.values()];
      await loadDiscoveredPools(db, n);
      expect([...n.pools.values()]).toEqual(before);
      before.forEach((p) => expect(n.pools.get(p.address)).toBe(p));
    } finally {
      await drop();
    }
  });

  test("an api's refresh leaves the pools of the network this process's indexer writes", async () => {
    const { db, drop } = await freshDb('pglite');
    const n = bsc();
    try {
      await store(db);
      // Found by the indexer in what it read; the range that creates it is not stored yet.
      n.pools.set(gonePair, discovered(n, gonePair, gone, 'NEW'));
      setIndexedHere(n, true);
      await refreshDiscoveredPools(db, n);
      expect(shown(n)).toEqual([
        [jmPair, 'BNB', 'JM', 18],
        [gonePair, 'BNB', 'NEW', 18],
      ]);
      // The indexer takes the lock while the refresh waits for the database: nothing changes.
      setIndexedHere(n, false);
      const lockTaken: Queryable = {
        exec: (sql) => db.exec(sql),
        query: async (sql, params) => {
          const answer = await db.query(sql, params);
          setIndexedHere(n, true);
          return answer as never;
        },
      };
      await refreshDiscoveredPools(lockTaken, n);
      expect(shown(n).map(([pair]) => pair)).toEqual([jmPair, gonePair]);
      setIndexedHere(n, false);
      await refreshDiscoveredPools(db, n);
      expect(shown(n).map(([pair]) => pair)).toEqual([jmPair, sixPair, dinoPair]);
    } finally {
      setIndexedHere(n, false);
      await drop();
    }
  });
});
