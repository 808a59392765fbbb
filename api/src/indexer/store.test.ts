// The batch writes: the column literals the statements take, and the candles added up in memory
// per batch, which must equal what the rebuild computes from the stored trades (the chart a user
// sees after a rollback or a re-index is the same as before it). On PGlite and PostgreSQL.
import type { Queryable } from '../db/db';
import { DB_KINDS, freshDb } from '../test/databases';
import { emptyRows, type TradeRow } from './handlers';
import {
  addToCandles,
  BUCKET_SECONDS,
  col,
  rebuildCandles,
  writeRows,
  type CandleRow,
} from './store';

const hex = (n: number, width: number) => '0x' + n.toString(16).padStart(width, '0');
const PAIRS = [hex(0xbe0001, 40), hex(0xbe0002, 40)];
const T0 = 118_055 * BUCKET_SECONDS;

/** Trade i of a pair: a price and a USD value that vary, some without USD. */
function trade(i: number, pair: string, time: number): TradeRow {
  const b = BigInt(1 + (i % 5)) * 10n ** 18n;
  const a = BigInt(600 + ((i * 37) % 50)) * b;
  return {
    pair,
    txHash: hex(i, 64),
    logIndex: i % 3,
    blockNumber: 10 + i,
    blockHash: hex(10 + i, 64),
    time,
    side: i % 2 ? 'buy' : 'sell',
    amount0In: a,
    amount1In: 0n,
    amount0Out: 0n,
    amount1Out: b,
    amountA: a,
    amountB: b,
    price: `${600 + ((i * 37) % 50)}.${String(i).padStart(3, '0')}`,
    usd: i % 4 === 3 ? null : 1.1 * (i + 1),
    trader: hex(0xa00000 + (i % 3), 40),
  };
}

const candles = async (db: Queryable) =>
  (
    await db.query(
      `SELECT pair, bucket::text AS bucket, o, h, l, c, volume_usd, trades FROM candles
       ORDER BY pair, bucket`,
    )
  ).rows;

describe.each(DB_KINDS)('batch writes on %s', (kind) => {
  it('column literals read back as the values written', async () => {
    const { db, drop } = await freshDb(kind);
    try {
      const rows = [{ v: 10n ** 30n + 7n }, { v: null }, { v: 0.1 + 0.2 }, { v: 42 }];
      const { rows: back } = await db.query<{ v: string | null }>(
        'SELECT v::text AS v FROM unnest($1::numeric[]) AS v',
        [col(rows, (r) => r.v)],
      );
      expect(back.map((r) => r.v)).toEqual([
        '1000000000000000000000000000007',
        null,
        '0.30000000000000004',
        '42',
      ]);
      expect(col([], () => 1)).toBe('{}');
    } finally {
      await drop();
    }
  });

  it('candles added batch by batch, in order or not, equal the rebuild from the trades', async () => {
    const { db, drop } = await freshDb(kind);
    try {
      // 60 trades, 20 minutes apart, alternating pairs: 5 buckets per pair, several per batch.
      const all = Array.from({ length: 60 }, (_, i) => trade(i, PAIRS[i % 2]!, T0 + i * 1200));
      const batches = [all.slice(0, 7), all.slice(7, 8), all.slice(8, 31).reverse(), all.slice(31)];
      const kept = new Map<string, CandleRow>();
      for (const [i, batch] of batches.entries())
        await db.transaction(async (tx) => {
          await writeRows(tx, 'BSC', { ...emptyRows(), trades: batch }, []);
          // The second batch from the database (nothing kept), the others from the last batch.
          await addToCandles(tx, 'BSC', batch, i === 1 ? undefined : kept);
          if (i === 1) kept.clear();
        });
      const added = await candles(db);
      expect(added).toHaveLength(10);
      expect(added.reduce((n, c) => n + (c.trades as number), 0)).toBe(60);
      await db.transaction(async (tx) => {
        for (const pair of PAIRS) await rebuildCandles(tx, 'BSC', pair, 0);
      });
      expect(await candles(db)).toEqual(added);
      // What is kept for the next batch is each pair's latest candle as stored.
      const latest = (pair: string) =>
        added.filter((c) => c.pair === pair).at(-1) as Record<string, unknown>;
      for (const pair of PAIRS)
        expect(kept.get(pair)).toMatchObject({
          bucket: Number(latest(pair).bucket),
          c: latest(pair).c,
          trades: latest(pair).trades,
        });
    } finally {
      await drop();
    }
  });
});
