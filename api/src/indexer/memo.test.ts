// The indexer keeps what one write leaves (pairs, reserves, each pair's latest candle) for its
// next write instead of reading it again: what it stores must be what indexing the same chain in
// one range stores, also when another writer wrote in between (its cursor moved: the kept state
// is stale and must not be used). On PGlite and on the PostgreSQL server the tests start.
import type { Db } from '../db/db';
import { DB_KINDS, freshDb } from '../test/databases';
import { FakeChain, fakeNetwork } from '../test/fake-chain';
import { Indexer } from './indexer';

const PAIRS = 3;
const network = fakeNetwork(PAIRS);

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
      // Block 0: the pairs; then a block of swaps an hour apart: blocks 4-7 are one candle.
      const chain = new FakeChain({
        pairs: PAIRS,
        firstTime: 14_400 * 118_055,
        blockSeconds: 3600,
      });
      const indexer = (db: Db) =>
        new Indexer({ db, network, source: chain.source(), confirmations: 0 });
      const a = indexer(step.db);
      await a.syncToHead();
      const plan = [[0, 1, 2], [0], [1, 2], [0, 2], [0, 1, 2], [2], [0, 1], [1]];
      for (const [i, pairs] of plan.entries()) {
        chain.swaps(pairs);
        // Block 5: another writer (a second api process that took the lock over) stores it,
        // then the first stores block 6, in the same candle.
        await (i === 4 ? indexer(step.db) : a).syncToHead();
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
