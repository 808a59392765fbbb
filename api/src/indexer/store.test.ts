// The batch writes: the column literals the statements take, and the candles added up in memory
// per batch, which must equal what the rebuild computes from the stored trades (the chart a user
// sees after a rollback or a re-index is the same as before it). On PGlite and PostgreSQL.
import { openPgliteWorker, type Db, type Queryable } from '../db/db';
import { migrate } from '../db/migrate';
import { DB_KINDS, freshDb } from '../test/databases';
import { seededPgliteDir } from '../test/pglite-template';
import { emptyRows, type Rows, type TradeRow } from './handlers';
import {
  addToCandles,
  BUCKET_SECONDS,
  col,
  copyText,
  rebuildCandles,
  rollbackAbove,
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
    paid: null,
    received: null,
  };
}

const candles = async (db: Queryable) =>
  (
    await db.query(
      `SELECT pair, bucket::text AS bucket, o, h, l, c, volume_usd, trades FROM candles
       ORDER BY pair, bucket`,
    )
  ).rows;

/** A batch of every kind of event, with values at the edges (a null USD, 10^30, a lone mint). */
function everyKind(): Rows {
  const trades = [trade(0, PAIRS[0]!, T0), trade(3, PAIRS[1]!, T0 + 60)];
  return {
    pairs: [{ address: PAIRS[0]!, token0: hex(1, 40), token1: hex(2, 40), blockNumber: 9 }],
    trades,
    syncs: [
      {
        pair: PAIRS[0]!,
        txHash: hex(7, 64),
        logIndex: 1,
        blockNumber: 10,
        reserve0: 10n ** 30n + 7n,
        reserve1: 0n,
      },
    ],
    liquidity: [
      {
        pair: PAIRS[1]!,
        txHash: hex(8, 64),
        logIndex: 0,
        blockNumber: 11,
        time: T0 + 30,
        kind: 'mint',
        amount0: 5n,
        amount1: 10n ** 24n,
        sender: hex(0xa1, 40),
      },
    ],
    approvals: [
      {
        token: hex(2, 40),
        txHash: hex(9, 64),
        logIndex: 4,
        blockNumber: 12,
        time: T0 + 40,
        owner: hex(0xa2, 40),
        spender: hex(0xa3, 40),
        value: 2n ** 256n - 1n,
      },
    ],
  };
}

/** What a batch left in the event tables, as text. */
async function stored(db: Queryable) {
  const q = async (sql: string) => (await db.query(sql)).rows;
  return {
    pairs: await q('SELECT network, address, token0, token1, block_number::text FROM pairs'),
    trades: await q(
      `SELECT pair, tx_hash, log_index, block_number::text, block_hash, time::text, side,
         amount0_in::text, amount1_in::text, amount0_out::text, amount1_out::text,
         amount_a::text, amount_b::text, price::text, usd, trader FROM trades ORDER BY tx_hash`,
    ),
    syncs: await q('SELECT pair, log_index, reserve0::text, reserve1::text FROM syncs'),
    liquidity: await q('SELECT kind, amount0::text, amount1::text, sender FROM liquidity_events'),
    approvals: await q('SELECT token, owner, spender, value::text FROM approvals'),
  };
}

/** Writes everyKind() twice: the rows read back as written, and the second write adds nothing. */
async function writeTwice(db: Db, rows = everyKind()) {
  const first = await db.transaction((tx) => writeRows(tx, 'BSC', rows, []));
  expect(first).toBe(2);
  const once = await stored(db);
  expect(once.pairs).toEqual([
    {
      network: 'BSC',
      address: PAIRS[0],
      token0: hex(1, 40),
      token1: hex(2, 40),
      block_number: '9',
    },
  ]);
  expect(once.trades).toEqual(
    rows.trades.map((t) => ({
      pair: t.pair,
      tx_hash: t.txHash,
      log_index: t.logIndex,
      block_number: String(t.blockNumber),
      block_hash: t.blockHash,
      time: String(t.time),
      side: t.side,
      amount0_in: String(t.amount0In),
      amount1_in: String(t.amount1In),
      amount0_out: String(t.amount0Out),
      amount1_out: String(t.amount1Out),
      amount_a: String(t.amountA),
      amount_b: String(t.amountB),
      price: t.price,
      usd: t.usd,
      trader: t.trader,
    })),
  );
  expect(once.trades[1]!.usd).toBeNull();
  expect(once.syncs).toEqual([
    { pair: PAIRS[0], log_index: 1, reserve0: String(10n ** 30n + 7n), reserve1: '0' },
  ]);
  expect(once.liquidity).toEqual([
    { kind: 'mint', amount0: '5', amount1: String(10n ** 24n), sender: hex(0xa1, 40) },
  ]);
  expect(once.approvals).toEqual([
    {
      token: hex(2, 40),
      owner: hex(0xa2, 40),
      spender: hex(0xa3, 40),
      value: String(2n ** 256n - 1n),
    },
  ]);
  // The same batch again (a range indexed twice): nothing new, nothing doubled.
  const again = await db.transaction((tx) => writeRows(tx, 'BSC', rows, []));
  expect(again).toBe(0);
  expect(await stored(db)).toEqual(once);
}

it("COPY's text of a batch: a tab between values, \\N for a null, a line per row", () => {
  const rows = [
    { a: 'x', n: 1n, u: null },
    { a: 'y', n: 10n ** 30n, u: 0.5 },
  ];
  const text = copyText('BSC', rows, [
    ['a', 'text', (r) => r.a],
    ['n', 'numeric', (r) => r.n],
    ['u', 'float8', (r) => r.u],
  ]);
  expect(text).toBe(`BSC\tx\t1\t\\N\nBSC\ty\t${10n ** 30n}\t0.5\n`);
});

/** Texts a node could answer that mean something to an array literal or to COPY. */
const ODD = ['', 'NULL', 'null', 'a,b', '{c}', 'q"u"o', 'back\\slash', 't\tn\nr\r', ' pad ', '\\N'];

it("COPY's text escapes a backslash, a tab and a line break; the rest stays as it is", () => {
  const text = copyText(
    'BSC',
    [{ a: 'x\ty\nz\r\\N' }, { a: '"{,}"' }],
    [['a', 'text', (r) => r.a]],
  );
  expect(text).toBe('BSC\tx\\ty\\nz\\r\\\\N\nBSC\t"{,}"\n');
});

it('a batch of every event kind through PGlite on its worker thread (COPY there too)', async () => {
  const { dir, remove } = await seededPgliteDir();
  const db = openPgliteWorker(dir);
  try {
    await migrate(db);
    await writeTwice(db);
  } finally {
    await db.close();
    remove();
  }
});

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

  it("a node's odd texts stay one value of their row, through COPY, the arrays and a second write", async () => {
    const { db, drop } = await freshDb(kind);
    try {
      const { rows: back } = await db.query<{ v: string | null }>(
        'SELECT v FROM unnest($1::text[]) AS v',
        [col(ODD, (v) => v)],
      );
      expect(back.map((r) => r.v)).toEqual(ODD);
      const rows = everyKind();
      // Sorts after the first trade's hash, as stored() orders them.
      const txHash = `0xff\t9\n"a,b"{c}\\N ${ODD.join('|')}`;
      rows.trades[1] = { ...rows.trades[1]!, txHash, trader: 'NULL' };
      await writeTwice(db, rows);
    } finally {
      await drop();
    }
  });

  it('a batch of every event kind reads back as written; the same batch again adds nothing', async () => {
    const { db, drop } = await freshDb(kind);
    try {
      await writeTwice(db);
    } finally {
      await drop();
    }
  });

  it('a batch of trades older than the candles stored before it: no trade lost from the chart', async () => {
    const { db, drop } = await freshDb(kind);
    try {
      // 24 trades, 20 minutes apart over 2 buckets of each pair; the later 18 are stored first
      // (their candles new, by COPY), then the first 6, whose bucket is stored already.
      const all = Array.from({ length: 24 }, (_, i) => trade(i, PAIRS[i % 2]!, T0 + i * 1200));
      const kept = new Map<string, CandleRow>();
      for (const batch of [all.slice(6), all.slice(0, 6)])
        await db.transaction(async (tx) => {
          await writeRows(tx, 'BSC', { ...emptyRows(), trades: batch }, []);
          await addToCandles(tx, 'BSC', batch, kept);
        });
      const added = await candles(db);
      expect(added.reduce((n, c) => n + (c.trades as number), 0)).toBe(24);
      await db.transaction(async (tx) => {
        for (const pair of PAIRS) await rebuildCandles(tx, 'BSC', pair, 0);
      });
      expect(await candles(db)).toEqual(added);
      // The pairs rebuilt are read again by the next batch, not taken from what was kept.
      expect(kept.size).toBe(0);
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

describe.each(DB_KINDS)('a rollback on %s', (kind) => {
  it("forgets the metadata of the tokens only the removed pairs used, keeps the others'", async () => {
    const { db, drop } = await freshDb(kind);
    const [wbnb, six, jm, gone] = [hex(0xb0, 40), hex(0x51, 40), hex(0x1a, 40), hex(0x60, 40)];
    const pair = (address: string, token0: string, token1: string, blockNumber: number) => ({
      address,
      token0,
      token1,
      blockNumber,
    });
    try {
      const rows = {
        ...emptyRows(),
        // Kept (created below the ancestor): WBNB/JM. Removed: WBNB/SIX and SIX/JM.
        pairs: [
          pair(PAIRS[0]!, wbnb, jm, 5),
          pair(PAIRS[1]!, wbnb, six, 20),
          pair(hex(0xbe0003, 40), six, jm, 21),
        ],
      };
      await db.transaction((tx) => writeRows(tx, 'BSC', rows, []));
      for (const [network, address, symbol] of [
        ['BSC', wbnb, 'WBNB'],
        ['BSC', jm, 'JM'],
        ['BSC', six, 'SIX'],
        // Read for a pair whose range was never stored: no pair uses it either.
        ['BSC', gone, 'GONE'],
        // Another network's token: not this rollback's.
        ['ETH', six, 'SIX'],
      ])
        await db.query(
          `INSERT INTO pair_tokens (network, address, symbol, name, decimals)
           VALUES ($1, $2, $3, $3, 18)`,
          [network, address, symbol],
        );
      await db.transaction((tx) => rollbackAbove(tx, 'BSC', 10));
      const { rows: left } = await db.query<{ network: string; symbol: string }>(
        'SELECT network, symbol FROM pair_tokens ORDER BY network, symbol',
      );
      expect(left).toEqual([
        { network: 'BSC', symbol: 'JM' },
        { network: 'BSC', symbol: 'WBNB' },
        { network: 'ETH', symbol: 'SIX' },
      ]);
    } finally {
      await drop();
    }
  });
});
