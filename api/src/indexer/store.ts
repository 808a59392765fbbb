import type { Queryable } from '../db/db';
import type { Rows } from './handlers';
import type { Reserves } from './usd';

export const BUCKET_SECONDS = 14400;

export interface Cursor {
  blockNumber: number;
  blockHash: string;
}

export async function readCursor(db: Queryable, network: string): Promise<Cursor | null> {
  const { rows } = await db.query<{ n: string; h: string }>(
    'SELECT block_number::text AS n, block_hash AS h FROM indexer_cursor WHERE network = $1',
    [network],
  );
  const r = rows[0];
  return r ? { blockNumber: Number(r.n), blockHash: r.h } : null;
}

/**
 * Moves the cursor from `from` (null: no cursor yet) to `to`. Compare-and-set: throws when the
 * stored cursor is not `from`, so a second writer (or a stale one) can never move it twice.
 */
export async function moveCursor(
  tx: Queryable,
  network: string,
  from: Cursor | null,
  to: Cursor,
): Promise<void> {
  const { rows } = from
    ? await tx.query(
        `UPDATE indexer_cursor SET block_number = $2, block_hash = $3, updated_at = now()
         WHERE network = $1 AND block_number = $4 AND block_hash = $5 RETURNING network`,
        [network, to.blockNumber, to.blockHash, from.blockNumber, from.blockHash],
      )
    : await tx.query(
        `INSERT INTO indexer_cursor (network, block_number, block_hash) VALUES ($1, $2, $3)
         ON CONFLICT (network) DO NOTHING RETURNING network`,
        [network, to.blockNumber, to.blockHash],
      );
  if (rows.length !== 1) throw new Error(`${network}: cursor moved by another writer`);
}

export async function loadPairs(db: Queryable, network: string): Promise<Map<string, string>> {
  const { rows } = await db.query<{ address: string; token0: string }>(
    'SELECT address, token0 FROM pairs WHERE network = $1',
    [network],
  );
  return new Map(rows.map((r) => [r.address, r.token0]));
}

/** Latest reserves of every pair of a network (the last Sync). */
export async function loadReserves(db: Queryable, network: string): Promise<Map<string, Reserves>> {
  // One index probe per pair (not a scan of every Sync ever stored).
  const { rows } = await db.query<{ pair: string; r0: string; r1: string }>(
    `SELECT p.address AS pair, s.reserve0::text AS r0, s.reserve1::text AS r1 FROM pairs p
     CROSS JOIN LATERAL (SELECT reserve0, reserve1 FROM syncs
       WHERE network = p.network AND pair = p.address
       ORDER BY block_number DESC, log_index DESC LIMIT 1) s
     WHERE p.network = $1`,
    [network],
  );
  return new Map(rows.map((r) => [r.pair, { reserve0: BigInt(r.r0), reserve1: BigInt(r.r1) }]));
}

/**
 * A text that would change an array literal's shape or meaning as it is: quotes, commas,
 * braces, backslashes, white space, the word NULL, or nothing at all.
 */
const ARRAY_SPECIAL = /[",{}\\\s]|^null$|^$/i;
/** A text that COPY's text format reads otherwise: a backslash, a tab, a line break. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPE: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One value of an array literal. The indexer's values are numbers, hex strings and fixed words,
 * which need no quoting; anything else (a node's answer is not trusted) is quoted, so that it
 * stays one element of its column and never shifts the rows of a batch.
 */
function arrayElement(v: string | number | bigint | null): string {
  if (v === null) return 'NULL';
  if (typeof v !== 'string' || !ARRAY_SPECIAL.test(v)) return String(v);
  return `"${v.replace(/["\\]/g, '\\$&')}"`;
}

/** One value in COPY's text format (see arrayElement: anything unusual is escaped). */
function copyField(v: string | number | bigint | null): string {
  if (v === null) return '\\N';
  if (typeof v !== 'string' || !COPY_SPECIAL.test(v)) return String(v);
  return v.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPE[c]!);
}

/**
 * A column of rows as one array literal: one text parameter is much cheaper for the driver than
 * an array of thousands of parameters. One pass over the rows: no array of values, no array of
 * their texts (the batch's columns were a quarter of the node side's CPU per swap).
 */
export function col<R>(
  rows: readonly R[],
  value: (row: R) => string | number | bigint | null,
): string {
  let out = '{';
  for (let i = 0; i < rows.length; i++) out += (i === 0 ? '' : ',') + arrayElement(value(rows[i]!));
  return out + '}';
}

/** SQLSTATE unique_violation: an event's key is stored already (or twice in the batch). */
const isDuplicateKey = (e: unknown): boolean =>
  (e as { code?: unknown } | null)?.code === '23505' ||
  /duplicate key value violates unique constraint/.test(String((e as Error | null)?.message));

/**
 * Writes a batch of rows, one multi-row statement per table (arrays + unnest, or COPY where the
 * database has a bulk path: any batch size is one round trip per table). Re-ingesting changes nothing: the events are first inserted as new, inside
 * a savepoint (a plain insert: about 15% less server time than ON CONFLICT's check before every
 * row, and the indexer moving forward makes them new); when any key is stored already (a range
 * indexed again) the savepoint is undone and every insert skips the rows already stored.
 * Returns how many of the trades were not stored before.
 * Each statement's arrays are built while the previous statement runs on the server (one
 * statement in flight at a time: PGlite's transaction takes no concurrent queries).
 */
export async function writeRows(
  tx: Queryable,
  network: string,
  rows: Rows,
  blocks: Array<{ number: number; hash: string; time: number }>,
  /** The rows' COPY texts made ahead (copyTexts), if any. */
  texts?: CopyTexts,
): Promise<number> {
  if (blocks.length) await writeBlocks(tx, network, blocks);
  if (!eventCount(rows)) return 0;
  await tx.query('SAVEPOINT new_events');
  try {
    await writeEvents(tx, network, rows, false, texts);
    await tx.query('RELEASE SAVEPOINT new_events');
    return rows.trades.length;
  } catch (e) {
    if (!isDuplicateKey(e)) throw e;
    await tx.query('ROLLBACK TO SAVEPOINT new_events');
    return writeEvents(tx, network, rows, true);
  }
}

const eventCount = (r: Rows) =>
  r.pairs.length + r.trades.length + r.syncs.length + r.liquidity.length + r.approvals.length;

async function writeBlocks(
  tx: Queryable,
  network: string,
  blocks: Array<{ number: number; hash: string; time: number }>,
): Promise<void> {
  await tx.query(
    `INSERT INTO blocks (network, number, hash, time)
     SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::bigint[])
     ON CONFLICT (network, number) DO UPDATE SET hash = EXCLUDED.hash, time = EXCLUDED.time`,
    [network, col(blocks, (b) => b.number), col(blocks, (b) => b.hash), col(blocks, (b) => b.time)],
  );
}

/** One column of an event table: its name, its SQL type, and its value in a row. */
type Column<R> = [name: string, type: string, value: (row: R) => string | number | bigint | null];

/** Every event table the batch writes, its columns after `network`, in the statements' order. */
const EVENT_TABLES: {
  [K in keyof Rows]: { table: string; columns: Column<Rows[K][number]>[] };
} = {
  pairs: {
    table: 'pairs',
    columns: [
      ['address', 'text', (r) => r.address],
      ['token0', 'text', (r) => r.token0],
      ['token1', 'text', (r) => r.token1],
      ['block_number', 'bigint', (r) => r.blockNumber],
    ],
  },
  syncs: {
    table: 'syncs',
    columns: [
      ['pair', 'text', (r) => r.pair],
      ['tx_hash', 'text', (r) => r.txHash],
      ['log_index', 'int', (r) => r.logIndex],
      ['block_number', 'bigint', (r) => r.blockNumber],
      ['reserve0', 'numeric', (r) => r.reserve0],
      ['reserve1', 'numeric', (r) => r.reserve1],
    ],
  },
  liquidity: {
    table: 'liquidity_events',
    columns: [
      ['pair', 'text', (r) => r.pair],
      ['tx_hash', 'text', (r) => r.txHash],
      ['log_index', 'int', (r) => r.logIndex],
      ['block_number', 'bigint', (r) => r.blockNumber],
      ['time', 'bigint', (r) => r.time],
      ['kind', 'text', (r) => r.kind],
      ['amount0', 'numeric', (r) => r.amount0],
      ['amount1', 'numeric', (r) => r.amount1],
      ['sender', 'text', (r) => r.sender],
    ],
  },
  approvals: {
    table: 'approvals',
    columns: [
      ['token', 'text', (r) => r.token],
      ['tx_hash', 'text', (r) => r.txHash],
      ['log_index', 'int', (r) => r.logIndex],
      ['block_number', 'bigint', (r) => r.blockNumber],
      ['time', 'bigint', (r) => r.time],
      ['owner', 'text', (r) => r.owner],
      ['spender', 'text', (r) => r.spender],
      ['value', 'numeric', (r) => r.value],
    ],
  },
  trades: {
    table: 'trades',
    columns: [
      ['pair', 'text', (r) => r.pair],
      ['tx_hash', 'text', (r) => r.txHash],
      ['log_index', 'int', (r) => r.logIndex],
      ['block_number', 'bigint', (r) => r.blockNumber],
      ['block_hash', 'text', (r) => r.blockHash],
      ['time', 'bigint', (r) => r.time],
      ['side', 'text', (r) => r.side],
      ['amount0_in', 'numeric', (r) => r.amount0In],
      ['amount1_in', 'numeric', (r) => r.amount1In],
      ['amount0_out', 'numeric', (r) => r.amount0Out],
      ['amount1_out', 'numeric', (r) => r.amount1Out],
      ['amount_a', 'numeric', (r) => r.amountA],
      ['amount_b', 'numeric', (r) => r.amountB],
      ['price', 'numeric', (r) => r.price],
      ['usd', 'float8', (r) => r.usd],
      ['trader', 'text', (r) => r.trader],
      ['paid', 'numeric', (r) => r.paid],
      ['received', 'numeric', (r) => r.received],
    ],
  },
};

/** The order the tables are written in: the trades last (their statement counts the new ones). */
const TABLE_ORDER = ['pairs', 'syncs', 'liquidity', 'approvals', 'trades'] as const;

/**
 * Rows in COPY's text format (a tab between values, a line per row, \N for null), one pass over
 * the rows; a value with a tab, a line break or a backslash is escaped (copyField), so a node's
 * odd answer can never add a row or move a value to another column.
 */
export function copyText<R>(
  network: string,
  rows: readonly R[],
  columns: readonly Column<R>[],
): string {
  let out = '';
  const n = columns.length;
  const first = copyField(network);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    out += first;
    for (let c = 0; c < n; c++) out += '\t' + copyField(columns[c]![2](row));
    out += '\n';
  }
  return out;
}

/**
 * One table's insert of a batch. New rows go through the database's bulk path where the
 * transaction has one (`copyFrom`: COPY, on PGlite from a blob, on PostgreSQL FROM STDIN): no
 * array literal to parse and unnest, the rows go to the table in multi-row inserts (for 1 000
 * trades and syncs: a fifth less of PGlite's CPU, a quarter less of PostgreSQL's). `skipStored`
 * (some rows may be stored already) needs ON CONFLICT: the arrays and unnest.
 */
function eventStatement<K extends keyof Rows>(
  tx: Queryable,
  network: string,
  kind: K,
  rows: Rows[K],
  skipStored: boolean,
  text?: Buffer,
): () => Promise<{ rows: unknown[] }> {
  const { table, columns } = EVENT_TABLES[kind] as {
    table: string;
    columns: Column<Rows[K][number]>[];
  };
  const names = `network, ${columns.map((c) => c[0]).join(', ')}`;
  if (!skipStored && tx.copyFrom) {
    const copy = text ?? copyText(network, rows, columns);
    return () => tx.copyFrom!(`${table} (${names})`, copy).then(() => ({ rows: [] }));
  }
  const arrays = columns.map((c, i) => `$${i + 2}::${c[1]}[]`).join(', ');
  let sql = `INSERT INTO ${table} (${names}) SELECT $1, * FROM unnest(${arrays})`;
  if (skipStored) sql += ' ON CONFLICT DO NOTHING';
  // How many of the trades were new (the others were stored before).
  if (skipStored && kind === 'trades')
    sql = `WITH stored AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM stored`;
  const params = [network, ...columns.map((c) => col(rows as Rows[K][number][], c[2]))];
  return () => tx.query(sql, params);
}

/** Each event table's rows in COPY's text format, made before the write. */
export type CopyTexts = { [K in keyof Rows]?: Buffer };

/**
 * The COPY texts of a range's new events, made ahead of its write; every `yieldEvery` rows, the
 * caller's `turn` (the write before it goes on meanwhile); 0: each table's in one piece, as
 * prepareRows takes it.
 */
export async function copyTexts(
  network: string,
  rows: Rows,
  yieldEvery: number,
  turn: () => Promise<void>,
): Promise<CopyTexts> {
  const out: CopyTexts = {};
  for (const kind of TABLE_ORDER) {
    const all = rows[kind] as unknown[];
    const columns = EVENT_TABLES[kind].columns as Column<unknown>[];
    const slice = yieldEvery || all.length;
    const parts: Buffer[] = [];
    for (let i = 0; i < all.length; i += slice) {
      parts.push(Buffer.from(copyText(network, all.slice(i, i + slice), columns)));
      if (yieldEvery) await turn();
    }
    if (parts.length) out[kind] = Buffer.concat(parts);
  }
  return out;
}

/**
 * The event inserts; `skipStored`: rows whose key is stored already are skipped (and the new
 * trades counted), else a stored key fails the statement. Returns the trades stored.
 */
async function writeEvents(
  tx: Queryable,
  network: string,
  rows: Rows,
  skipStored: boolean,
  texts?: CopyTexts,
): Promise<number> {
  let inFlight: Promise<{ rows: unknown[] }> = Promise.resolve({ rows: [] });
  for (const kind of TABLE_ORDER) {
    if (!rows[kind].length) continue;
    // Each statement's values are built (here) while the previous statement runs.
    const run = eventStatement(tx, network, kind, rows[kind], skipStored, texts?.[kind]);
    await inFlight;
    inFlight = run();
  }
  // The trades statement is the last: how many of the batch's trades were new.
  const last = await inFlight;
  if (!skipStored) return rows.trades.length;
  return rows.trades.length ? ((last.rows[0] as { n: number } | undefined)?.n ?? 0) : 0;
}

/** The order the candles add trades in (the rebuild's: time, block, log index). */
const tradeOrder = (x: Rows['trades'][number], y: Rows['trades'][number]) =>
  x.time - y.time || x.blockNumber - y.blockNumber || x.logIndex - y.logIndex;

/** Earliest trade time per pair in a batch: the candles from that bucket on are rebuilt. */
export function touchedBuckets(rows: Rows): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of rows.trades) {
    const b = Math.floor(t.time / BUCKET_SECONDS) * BUCKET_SECONDS;
    const cur = out.get(t.pair);
    if (cur === undefined || b < cur) out.set(t.pair, b);
  }
  return out;
}

export interface CandleRow {
  pair: string;
  bucket: number;
  o: number;
  h: number;
  l: number;
  c: number;
  volume: number | null;
  trades: number;
}

/**
 * Adds a batch of new trades (all later than every stored trade of their pairs: the indexer
 * moves forward) to the candles, aggregated in memory: the stored candle of each pair's first
 * touched bucket is read, the batch's trades folded in, in (time, block, log index) order as the
 * rebuild orders them (same float sums), and every touched candle written (writeCandles).
 * `latest`: each pair's latest stored candle as the previous batch of this writer left it
 * (pairs not in it are read from the database); updated with what this batch writes.
 */
export async function addToCandles(
  tx: Queryable,
  network: string,
  trades: Rows['trades'],
  latest?: Map<string, CandleRow>,
): Promise<void> {
  if (!trades.length) return;
  // The handlers emit trades in log order, which is time order on every chain (a block's time
  // never goes back): then no copy and no sort.
  let inOrder = true;
  for (let i = 1; i < trades.length && inOrder; i++)
    inOrder = tradeOrder(trades[i - 1]!, trades[i]!) <= 0;
  const sorted = inOrder ? trades : [...trades].sort(tradeOrder);
  const first = touchedBuckets({ trades: sorted } as Rows);
  /** Each pair's candle being added to (its latest). */
  const current = new Map<string, CandleRow>();
  /** The stored candles the batch adds to, and those of the buckets it opens (none stored yet). */
  const addedTo: CandleRow[] = [];
  const fresh: CandleRow[] = [];
  const firstPairs: string[] = [];
  for (const [pair, bucket] of first) {
    const known = latest?.get(pair);
    // The pair's latest candle is known: it is the first touched bucket's, or that bucket has
    // none yet (trades only move forward).
    if (!known) firstPairs.push(pair);
    else if (known.bucket === bucket) {
      const c = { ...known };
      current.set(pair, c);
      addedTo.push(c);
    }
  }
  const { rows: stored } = !firstPairs.length
    ? { rows: [] }
    : await tx.query<{
        pair: string;
        bucket: string;
        o: number;
        h: number;
        l: number;
        c: number;
        volume_usd: number | null;
        trades: number;
      }>(
        `SELECT c.pair, c.bucket::text AS bucket, o, h, l, c, volume_usd, trades FROM candles c
     JOIN unnest($2::text[], $3::bigint[]) AS t(pair, bucket)
       ON c.network = $1 AND c.pair = t.pair AND c.bucket = t.bucket`,
        [network, col(firstPairs, (p) => p), col(firstPairs, (p) => first.get(p)!)],
      );
  for (const r of stored) {
    const c: CandleRow = {
      pair: r.pair,
      bucket: Number(r.bucket),
      o: r.o,
      h: r.h,
      l: r.l,
      c: r.c,
      volume: r.volume_usd,
      trades: r.trades,
    };
    current.set(r.pair, c);
    addedTo.push(c);
  }
  for (const t of sorted) {
    const bucket = Math.floor(t.time / BUCKET_SECONDS) * BUCKET_SECONDS;
    // numeric -> float8 in the rebuild: the nearest double, as Number() of the decimal text.
    const p = Number(t.price);
    const c = current.get(t.pair);
    if (c && c.bucket === bucket) {
      if (p > c.h) c.h = p;
      if (p < c.l) c.l = p;
      c.c = p;
      if (t.usd !== null) c.volume = c.volume === null ? t.usd : c.volume + t.usd;
      c.trades++;
    } else {
      // A pair's trades come in time order: a new bucket is later than its current candle's.
      const made: CandleRow = {
        pair: t.pair,
        bucket,
        o: p,
        h: p,
        l: p,
        c: p,
        volume: t.usd,
        trades: 1,
      };
      current.set(t.pair, made);
      fresh.push(made);
    }
  }
  const rebuilt = await writeCandles(tx, network, addedTo, fresh);
  // A rebuilt pair's latest candle is read again by the next batch.
  if (latest)
    for (const [pair, c] of current) {
      if (rebuilt.has(pair)) latest.delete(pair);
      else latest.set(pair, c);
    }
}

const CANDLE_COLUMNS: Column<CandleRow>[] = [
  ['pair', 'text', (c) => c.pair],
  ['bucket', 'bigint', (c) => c.bucket],
  ['o', 'float8', (c) => c.o],
  ['h', 'float8', (c) => c.h],
  ['l', 'float8', (c) => c.l],
  ['c', 'float8', (c) => c.c],
  ['volume_usd', 'float8', (c) => c.volume],
  ['trades', 'int', (c) => c.trades],
];
const CANDLE_NAMES = CANDLE_COLUMNS.map((c) => c[0]).join(', ');

/** Every given candle inserted, or updated where its (pair, bucket) is stored: one statement. */
function upsertCandles(tx: Queryable, network: string, candles: CandleRow[]) {
  return tx.query(
    `INSERT INTO candles (network, ${CANDLE_NAMES})
     SELECT $1, * FROM unnest(${CANDLE_COLUMNS.map((c, i) => `$${i + 2}::${c[1]}[]`).join(', ')})
     ON CONFLICT (network, pair, bucket) DO UPDATE SET o = EXCLUDED.o, h = EXCLUDED.h,
       l = EXCLUDED.l, c = EXCLUDED.c, volume_usd = EXCLUDED.volume_usd, trades = EXCLUDED.trades`,
    [network, ...CANDLE_COLUMNS.map((c) => col(candles, c[2]))],
  );
}

/**
 * Writes a batch's candles; returns the pairs whose candles had to be rebuilt. The buckets the
 * batch opens (`fresh`) go in by COPY where the transaction has it, as new events do: in the
 * ingest bench most candles are new ones, and their upsert was a seventh of PostgreSQL's time
 * per swap. Should one be stored already (trades older than a pair's latest candle: never from
 * a chain moving forward, but the candles must not lose trades if it happens), the savepoint is
 * undone and those pairs' candles are rebuilt from the stored trades, from their earliest new
 * bucket on. The candles the batch adds to are updated by the upsert.
 */
async function writeCandles(
  tx: Queryable,
  network: string,
  addedTo: CandleRow[],
  fresh: CandleRow[],
): Promise<Set<string>> {
  if (!tx.copyFrom || !fresh.length) {
    await upsertCandles(tx, network, [...addedTo, ...fresh]);
    return new Set();
  }
  if (addedTo.length) await upsertCandles(tx, network, addedTo);
  await tx.query('SAVEPOINT new_candles');
  try {
    await tx.copyFrom(
      `candles (network, ${CANDLE_NAMES})`,
      copyText(network, fresh, CANDLE_COLUMNS),
    );
    await tx.query('RELEASE SAVEPOINT new_candles');
    return new Set();
  } catch (e) {
    if (!isDuplicateKey(e)) throw e;
    await tx.query('ROLLBACK TO SAVEPOINT new_candles');
    const from = new Map<string, number>();
    for (const c of fresh) from.set(c.pair, Math.min(from.get(c.pair) ?? c.bucket, c.bucket));
    for (const [pair, bucket] of from) await rebuildCandles(tx, network, pair, bucket);
    return new Set(from.keys());
  }
}

/** Rebuilds the 4-hour candles of `pair` from bucket `fromBucket` on, from the stored trades. */
export async function rebuildCandles(
  tx: Queryable,
  network: string,
  pair: string,
  fromBucket: number,
): Promise<void> {
  await tx.query('DELETE FROM candles WHERE network = $1 AND pair = $2 AND bucket >= $3', [
    network,
    pair,
    fromBucket,
  ]);
  await tx.query(
    `INSERT INTO candles (network, pair, bucket, o, h, l, c, volume_usd, trades)
     SELECT $1, $2, bucket,
       (array_agg(price ORDER BY time, block_number, log_index))[1]::float8,
       max(price)::float8, min(price)::float8,
       (array_agg(price ORDER BY time DESC, block_number DESC, log_index DESC))[1]::float8,
       sum(usd ORDER BY time, block_number, log_index), count(*)
     FROM (SELECT (time / ${BUCKET_SECONDS}) * ${BUCKET_SECONDS} AS bucket, * FROM trades
           WHERE network = $1 AND pair = $2 AND time >= $3) t
     GROUP BY bucket`,
    [network, pair, fromBucket],
  );
}

/**
 * Deletes everything above block `ancestor` (a reorganised range) and rebuilds the candles it
 * touched; forgets the metadata of the tokens no stored pair uses any more (forgetUnusedTokens).
 * Returns the number of trades removed.
 */
export async function rollbackAbove(
  tx: Queryable,
  network: string,
  ancestor: number,
): Promise<number> {
  const { rows: touched } = await tx.query<{ pair: string; t: string }>(
    `SELECT pair, min(time)::text AS t FROM trades WHERE network = $1 AND block_number > $2
     GROUP BY pair`,
    [network, ancestor],
  );
  const { rows: gone } = await tx.query(
    'DELETE FROM trades WHERE network = $1 AND block_number > $2 RETURNING 1',
    [network, ancestor],
  );
  for (const table of ['syncs', 'liquidity_events', 'approvals', 'pairs']) {
    await tx.query(`DELETE FROM ${table} WHERE network = $1 AND block_number > $2`, [
      network,
      ancestor,
    ]);
  }
  await tx.query('DELETE FROM blocks WHERE network = $1 AND number > $2', [network, ancestor]);
  await forgetUnusedTokens(tx, network);
  for (const r of touched) {
    const from = Math.floor(Number(r.t) / BUCKET_SECONDS) * BUCKET_SECONDS;
    await rebuildCandles(tx, network, r.pair, from);
  }
  return gone.length;
}

/**
 * Deletes the stored metadata (pair_tokens) of the network's tokens that no stored pair uses:
 * the blocks that deployed them may be gone, and the new chain can hold another token at the
 * same address (same deployer, same nonce), which must be read from the chain again, not named
 * by the old one's symbol and decimals. Both tables hold addresses as lower-case 0x.
 */
async function forgetUnusedTokens(tx: Queryable, network: string): Promise<void> {
  await tx.query(
    `DELETE FROM pair_tokens WHERE network = $1 AND address NOT IN (
       SELECT token0 FROM pairs WHERE network = $1
       UNION SELECT token1 FROM pairs WHERE network = $1)`,
    [network],
  );
}
