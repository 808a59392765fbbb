// The indexer keeps what one write leaves (pairs, reserves, each pair's latest candle) for its
// next write instead of reading it again: what it stores must be what indexing the same chain in
// one range stores, also when another writer wrote in between (its cursor moved: the kept state
// is stale and must not be used). On PGlite and on the PostgreSQL server the tests start.
import { TOPICS } from '../chain/events';
import { indexedNetworks } from '../config';
import type { Db } from '../db/db';
import { DB_KINDS, freshDb } from '../test/databases';
import { Indexer } from './indexer';
import type { ChainSource } from './source';

const hex40 = (n: number) => '0x' + n.toString(16).padStart(40, '0');
const word = (v: bigint | number | string) => BigInt(v).toString(16).padStart(64, '0');
const hash = (tag: string, n: number) => '0x' + tag + n.toString(16).padStart(63, '0');
const USDT = hex40(0xc0ffee);
const PAIRS = 3;
const pair = (k: number) => hex40(0xbe0000 + k);
const token = (k: number) => hex40(0xc00000 + k);
const FACTORY = hex40(0xfac);

const network = indexedNetworks({
  profile: 'local',
  networks: {
    BSC: {
      id: 'BSC',
      platform: 'evm',
      nodeUrl: 'http://127.0.0.1:9',
      api: { url: '', ownerAddress: '' },
      exchange: { FACTORY_ADDRESS: FACTORY },
      baseToken: 'USDT',
      tokens: Object.fromEntries([
        ['USDT', { symbol: 'USDT', address: USDT, decimals: 18 }],
        ...Array.from({ length: PAIRS }, (_, k) => [
          `T${k}`,
          { symbol: `T${k}`, address: token(k), decimals: 18 },
        ]),
      ]),
      pools: Array.from({ length: PAIRS }, (_, k) => ({
        symbolA: 'USDT',
        symbolB: `T${k}`,
        address: pair(k),
      })),
    },
  },
} as never)[0]!;

/** Block 1: the pairs; then each block a few swaps, an hour apart: blocks 4-7 are one candle. */
class Chain {
  blocks: Array<{ number: number; hash: string; parentHash: string; time: number }> = [];
  logs = new Map<number, Array<Record<string, unknown>>>();
  reserves = Array.from({ length: PAIRS }, () => [10n ** 24n, 6n * 10n ** 26n]);
  constructor() {
    this.mine([]);
    this.mine(
      Array.from({ length: PAIRS }, (_, k) => {
        const [t0, t1] = [token(k), USDT].sort();
        return {
          address: FACTORY,
          topics: [TOPICS.PairCreated, '0x' + word(t0!), '0x' + word(t1!)],
          data: '0x' + word(pair(k)) + word(k + 1),
        };
      }),
    );
  }
  mine(events: Array<Record<string, unknown>>) {
    const n = this.blocks.length;
    const block = {
      number: n,
      hash: hash('b', n),
      parentHash: n ? this.blocks[n - 1]!.hash : '0x' + '0'.repeat(64),
      time: 14_400 * 118_055 + n * 3600,
    };
    this.blocks.push(block);
    const logs = events.map((e, i) => ({
      ...e,
      blockNumber: n,
      blockHash: block.hash,
      txHash: hash('c', n * 1000 + i),
      logIndex: i,
    }));
    this.logs.set(n, logs);
  }
  /** Swaps of the given pairs (token sold for USDT, the amount varying), one block. */
  swaps(pairs: number[]) {
    const events: Array<Record<string, unknown>> = [];
    pairs.forEach((k, i) => {
      const r = this.reserves[k]!;
      const amountIn = 10n ** 18n * BigInt(1 + ((this.blocks.length + i) % 5));
      const out = (amountIn * 997n * r[1]!) / (r[0]! * 1000n + amountIn * 997n);
      r[0]! += amountIn;
      r[1]! -= out;
      events.push(
        { address: pair(k), topics: [TOPICS.Sync], data: '0x' + word(r[0]!) + word(r[1]!) },
        {
          address: pair(k),
          topics: [TOPICS.Swap, '0x' + word(USDT), '0x' + word(USDT)],
          data: '0x' + word(amountIn) + word(0) + word(0) + word(out),
        },
      );
    });
    this.mine(events);
  }
  source(): ChainSource {
    return {
      head: async () => this.blocks.length - 1,
      block: async (n) => this.blocks[n] ?? null,
      headers: async (from, to) => this.blocks.slice(from, to + 1),
      logs: async (from, to) => {
        const logs = [];
        const blocks = new Map();
        for (let n = from; n <= to; n++) {
          const l = this.logs.get(n) ?? [];
          if (l.length) blocks.set(n, this.blocks[n]);
          logs.push(...l);
        }
        return { logs: logs as never, blocks, txFrom: new Map() };
      },
    };
  }
}

const stored = async (db: Db) => ({
  candles: (
    await db.query(
      `SELECT pair, bucket::text, o, h, l, c, volume_usd, trades FROM candles ORDER BY pair, bucket`,
    )
  ).rows,
  trades: (await db.query(`SELECT tx_hash, log_index, price::text, usd FROM trades ORDER BY 1, 2`))
    .rows,
});

describe.each(DB_KINDS)('the indexer between writes on %s', (kind) => {
  it('stores what one range stores, also when another writer wrote in between', async () => {
    const step = await freshDb(kind);
    const whole = await freshDb(kind);
    try {
      const chain = new Chain();
      const indexer = (db: Db) =>
        new Indexer({ db, network, source: chain.source(), confirmations: 0 });
      const a = indexer(step.db);
      await a.syncToHead();
      const plan = [[0, 1, 2], [0], [1, 2], [0, 2], [0, 1, 2], [2], [0, 1], [1]];
      for (const [i, pairs] of plan.entries()) {
        chain.swaps(pairs);
        // Block 5: another writer (a second api process that took the lock over) stores it,
        // then the first stores block 6, in the same candle.
        await (i === 3 ? indexer(step.db) : a).syncToHead();
      }
      await indexer(whole.db).syncToHead();
      const one = await stored(whole.db);
      expect(one.trades).toHaveLength(plan.flat().length);
      expect(one.candles.length).toBeGreaterThan(PAIRS);
      expect(await stored(step.db)).toEqual(one);
    } finally {
      await step.drop();
      await whole.drop();
    }
  });
});
