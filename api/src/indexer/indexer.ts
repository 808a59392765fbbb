import { unavailableReason, type Db, type Lock, type Queryable } from '../db/db';
import { silentLogger, type LineLogger } from '../log';
import type { Metrics } from '../metrics';
import { DEFAULT_CONFIRMATIONS, NETWORK_IDS, type IndexedNetwork, type NetworkId } from '../config';
import { decodeLog, type DecodedEvent, type RawLog } from '../chain/events';
import { NodeFault } from '../chain/nodePool';
import { isRangeError, RpcError } from '../chain/rpc';
import { finishReindex, markHalted, readControl } from './control';
import { emptyRows, handleEvent, type HandlerContext, type Rows } from './handlers';
import type { HeadFollower } from './heads';
import { discoverPairs, loadDiscoveredPools, setIndexedHere } from './pairTokens';
import type { BlockRef, ChainSource, LogsRead, TxParties } from './source';
import {
  addToCandles,
  copyTexts,
  loadPairs,
  loadReserves,
  moveCursor,
  readCursor,
  rebuildCandles,
  rollbackAbove,
  touchedBuckets,
  writeRows,
  type CandleRow,
  type CopyTexts,
  type Cursor,
} from './store';
import { UsdPricer, type Reserves } from './usd';

/**
 * What one write leaves for the next of the same writer, so that a block of a thousand pairs'
 * swaps does not read every pair, its latest reserves and its latest candle again: valid only
 * while the cursor is still where that write moved it.
 */
export interface IngestMemo {
  /** Pair -> token0, every pair stored. */
  token0: Map<string, string>;
  /** Pair -> its reserves after the last stored Sync. */
  reserves: Map<string, Reserves>;
  /** Pair -> its latest candle (pairs not in it are read from the database). */
  candles: Map<string, CandleRow>;
}

export interface IndexerOptions {
  db: Db;
  network: IndexedNetwork;
  source: ChainSource;
  /**
   * Blocks behind the head left unindexed (default: the network's, `DEFAULT_CONFIRMATIONS` in
   * config.ts; 0 on the local profile, whose chains do not reorganise).
   */
  confirmations?: number;
  /**
   * How many of a range's last blocks are linked block by block (parent hashes, read after the
   * logs) to the range's end and, when the range is no longer than this, to the cursor
   * (default 256). Blocks deeper in a long catch-up range are that far below the head.
   */
  linkDepth?: number;
  /** Largest block range per eth_getLogs (default 5000); halves on a node's range error. */
  maxRange?: number;
  /** First block to index (default 0). */
  startBlock?: number;
  /** Poll interval when caught up and no `heads` follows the chain, ms (default 500). */
  pollMs?: number;
  /**
   * Follows the chain's head (subscription or polling at its block time) while this process
   * writes the network: steps then learn the head without asking, idle ones ask nothing, and
   * the blocks above the cursor are read by hash (see step). Without it every step asks the
   * head and the cursor's block, and the loop polls every `pollMs`.
   */
  heads?: HeadFollower;
  /**
   * Called after a committed write changed candles: the pairs of a stored range, or 'all' after
   * a rollback or a re-index (the api drops its cached chart answers of those pairs).
   */
  onCandles?: (pairs: string[] | 'all') => void;
  /**
   * Runs inside a write's transaction, after the cursor moved: the pairs whose trades it stores,
   * or 'all' (a rollback, a re-index). The api tells its other instances (PostgreSQL NOTIFY,
   * delivered at commit): their cached answers of those pairs are dropped within the block.
   */
  announce?: (tx: Queryable, pairs: string[] | 'all') => Promise<void>;
  /** Test seam: runs inside the write transaction after the events, before the cursor. */
  beforeCursor?: (to: number) => void | Promise<void>;
  /**
   * Where the indexer's lines go: each stored range at debug (network, from, to, blocks, events,
   * trades, ms), every problem at warn (retried) or error (persisting, or needing an operator).
   */
  logger?: LineLogger;
  /** Head, cursor, lag, ingest and error figures (the api's /metrics). */
  metrics?: Metrics;
  /** How often a process without the network's lock asks for it again, ms (default 2000). */
  lockRetryMs?: number;
  /**
   * The block-hash window: the hashes of the last this-many blocks below the cursor are kept,
   * and a reorganisation is repaired (rolled back and indexed again) when its common ancestor
   * is among them. A deeper one stops the network (error line, /ready, metric) until an
   * operator re-indexes it (npm run reindex). Default DEFAULT_REORG_WINDOW (256).
   */
  reorgWindow?: number;
}

/** A range read from the node and linked to the cursor before it (see Indexer.link). */
interface ReadRange {
  to: number;
  read: LogsRead;
  /** The range's last block, as read after its logs. */
  last: BlockRef;
  headers: BlockRef[];
  /** The blocks of the range's events, and its last block. */
  eventBlocks: Map<number, BlockRef>;
  /** Its rows, made ahead while the range before it was written. */
  prepared?: PreparedRange;
}

/** The next range while the current one is written (see Indexer.ahead). */
interface ReadAhead {
  /** The cursor the range follows: the end of the range being written. */
  after: Cursor;
  from: number;
  to: number;
  /** Settles once the node's reads are done (never fails). */
  reads: Promise<void>;
  /** The range ready to store, or null (the step reads it itself). */
  ready: Promise<ReadRange | null>;
}

/** Blocks of hashes kept below the cursor: the deepest reorganisation repaired by itself. */
export const DEFAULT_REORG_WINDOW = 256;

export type StepResult =
  | { kind: 'idle'; head: number }
  | {
      kind: 'indexed';
      from: number;
      to: number;
      trades: number;
      events: number;
      head: number;
      /** The range was read, and its rows made, while the one before it was written. */
      readAhead: boolean;
    }
  | { kind: 'rollback'; ancestor: number; removedTrades: number }
  | { kind: 'shrunk'; range: number }
  /** The chain changed while the range was read: nothing stored, the range is read again. */
  | { kind: 'refetch'; from: number; to: number; reason: string }
  /** Stopped: a reorganisation deeper than the window; nothing is written until a re-index. */
  | { kind: 'halted'; reason: string }
  /** An operator's re-index request carried out: everything from `from` on is read again. */
  | { kind: 'reindexed'; from: number; removedTrades: number };

/** One advisory-lock key per network: exactly one indexer writes a network. */
export const lockKey = (network: string) => 0x4a4d1000 + NETWORK_IDS.indexOf(network as never);

/** The pairs and reserves a range's rows start from. */
export type IngestState = Pick<IngestMemo, 'token0' | 'reserves'>;

/** A range's rows, and their COPY texts when they were made ahead of the write. */
export interface PreparedRange {
  rows: Rows;
  texts?: CopyTexts;
}

/** The previous write's pairs and reserves (`memo`), or the database's; kept in `memo`. */
export async function ingestState(
  tx: Queryable,
  network: IndexedNetwork,
  memo?: Partial<IngestMemo>,
): Promise<IngestState> {
  const token0 = memo?.token0 ?? (await loadPairs(tx, network.id));
  const reserves = memo?.reserves ?? (await loadReserves(tx, network.id));
  if (memo) Object.assign(memo, { token0, reserves, candles: memo.candles ?? new Map() });
  return { token0, reserves };
}

/**
 * A range's rows from its logs: decoded and through the pure handlers, nothing read or
 * written. `state`'s pairs and reserves move on with the range (the next range's rows start
 * from them). `yieldEvery`: the event loop gets a turn every that many logs, so that a write in
 * flight goes on while the next range is prepared.
 */
export async function prepareRows(
  network: IndexedNetwork,
  logs: RawLog[],
  blocks: Map<number, BlockRef>,
  parties: TxParties,
  state: IngestState,
  yieldEvery = 0,
): Promise<Rows> {
  const pricer = new UsdPricer(network, state.token0, state.reserves);
  const rows: Rows = emptyRows();
  // One context for the range, its block and sender set per log (no object per log).
  const ctx: HandlerContext = { network, token0: state.token0, pricer, time: 0 };
  for (let i = 0; i < logs.length; i++) {
    if (yieldEvery && i % yieldEvery === yieldEvery - 1) await nextTurn();
    const log = logs[i]!;
    // TRON's event API answers events decoded already (no topics and data to decode).
    const ev =
      ('decoded' in log ? (log as { decoded: DecodedEvent }).decoded : null) ?? decodeLog(log);
    if (!ev) continue;
    const block = blocks.get(log.blockNumber);
    if (!block) throw new Error(`${network.id}: no block ${log.blockNumber} for a log`);
    ctx.time = block.time;
    ctx.txFrom = parties.txFrom.get(log.txHash);
    ctx.transfers = parties.transfers?.get(log.txHash);
    handleEvent(ctx, log, ev, rows);
  }
  return rows;
}

/**
 * A range made ready while the write before it runs: its rows, and their COPY texts as bytes
 * (made in slices between that write's statements; as bytes, not strings, they cost the
 * garbage collector nothing while they wait).
 */
export async function prepareRange(
  network: IndexedNetwork,
  logs: RawLog[],
  blocks: Map<number, BlockRef>,
  parties: TxParties,
  state: IngestState,
  yieldEvery = READ_AHEAD_SLICE,
): Promise<PreparedRange> {
  const rows = await prepareRows(network, logs, blocks, parties, state, yieldEvery);
  return { rows, texts: await copyTexts(network.id, rows, yieldEvery, nextTurn) };
}

/** Logs (and rows) per slice of a range prepared ahead, between the write's statements. */
const READ_AHEAD_SLICE = 250;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Stores a range's rows with the candles they touch (inside the caller's transaction).
 * `keepAbove`: block hashes are stored above this height only (the reorganisation window; the
 * indexer deletes the ones below it in the same transaction anyway). `alsoKeep`: the window's
 * blocks without events, stored in the same statement; never used to find a log's block.
 */
export async function storeRange(
  tx: Queryable,
  network: IndexedNetwork,
  { rows, texts }: PreparedRange,
  blocks: Map<number, BlockRef>,
  keepAbove = Number.NEGATIVE_INFINITY,
  memo?: Partial<IngestMemo>,
  alsoKeep: BlockRef[] = [],
): Promise<Rows> {
  const kept: BlockRef[] = [];
  for (const b of blocks.values()) if (b.number > keepAbove) kept.push(b);
  kept.push(...alsoKeep);
  const added = await writeRows(tx, network.id, rows, kept, texts);
  if (added === rows.trades.length) await addToCandles(tx, network.id, rows.trades, memo?.candles);
  else {
    // Some trades were stored before (a range indexed again): rebuild from what is stored.
    for (const [pair, bucket] of touchedBuckets(rows)) {
      memo?.candles?.delete(pair);
      await rebuildCandles(tx, network.id, pair, bucket);
    }
  }
  return rows;
}

/**
 * Decodes a batch of logs, turns them into rows with the pure handlers and stores them with the
 * candles they touch (inside the caller's transaction): ingestState, prepareRows, storeRange.
 * The ingest benchmark goes through here; the indexer calls the three itself, to prepare the
 * next range while it writes one.
 */
export async function ingest(
  tx: Queryable,
  network: IndexedNetwork,
  logs: RawLog[],
  blocks: Map<number, BlockRef>,
  parties: TxParties,
  keepAbove = Number.NEGATIVE_INFINITY,
  /** The previous write's state (see IngestMemo), filled in for the next one. */
  memo?: Partial<IngestMemo>,
  alsoKeep: BlockRef[] = [],
): Promise<Rows> {
  const state = await ingestState(tx, network, memo);
  const rows = await prepareRows(network, logs, blocks, parties, state);
  return storeRange(tx, network, { rows }, blocks, keepAbove, memo, alsoKeep);
}

/** The pairs a range's trades are of, each once. */
const pairsOf = (rows: Rows) => [...new Set(rows.trades.map((t) => t.pair))];

const sameCursor = (a: Cursor, b: Cursor) =>
  a.blockNumber === b.blockNumber && a.blockHash === b.blockHash;

/** What failed in a step, for the error metric and the log line. */
function causeOf(e: unknown): 'database' | 'node' | 'other' {
  if (unavailableReason(e)) return 'database';
  if (
    e instanceof RpcError ||
    /fetch failed|timeout|aborted/i.test(String((e as { message?: unknown } | null)?.message))
  )
    return 'node';
  return 'other';
}

/** What the operator runs to resume a stopped network. */
export const reindexHint = (network: string) =>
  `Find the common ancestor (the last block both chains share) and run ` +
  `npm run reindex -w @jmswap/api -- --network ${network} --from <that block + 1>`;

/**
 * At most this many new blocks are read by hash from the followed headers (one call each);
 * more is catching up, read by range.
 */
const FOLLOW_BLOCKS = 32;

/** A step failing this many times in a row is logged at error level, not warn. */
const PERSISTENT_FAILURES = 5;

/**
 * Follows one network: reads events in bounded ranges, writes them and the cursor in one
 * transaction, rolls back a reorganised range, never skips a block.
 */
export class Indexer {
  readonly id: string;
  private range: number;
  private stopped = false;
  private loop?: Promise<void>;
  private lastStats = 0;
  /** Ends the current sleep of the loop (stop() calls it). */
  private wake?: () => void;
  private readonly logger: LineLogger;
  /** The halt was logged at error by this process (once per halt, not at every step). */
  private haltLogged = false;
  /** The last forward write's state and the cursor it left (see IngestMemo). */
  private memo: { at: Cursor; state: Partial<IngestMemo> } | null = null;
  /**
   * The next range, read and prepared while the last one was written (catching up). Made for
   * the cursor that write left and from the memo it left: a step that does not store exactly
   * that range forgets it, and the memo with it (the range's rows moved its pairs and reserves).
   */
  private ahead: ReadAhead | null = null;
  lastHead = 0;
  writer = false;
  /** The last failure of a step, until a step succeeds (for /ready). */
  lastError: { message: string; cause: string; since: number } | null = null;

  constructor(readonly opts: IndexerOptions) {
    this.id = opts.network.id;
    this.range = opts.maxRange ?? 5000;
    this.logger = opts.logger ?? silentLogger;
  }

  /** Head, cursor and lag gauges after a step. */
  private gauges(head: number, cursor: number | null): void {
    const m = this.opts.metrics;
    if (!m) return;
    const network = this.id;
    m.indexerHead.set({ network }, head);
    if (cursor !== null) {
      m.indexerCursor.set({ network }, cursor);
      m.indexerLag.set({ network }, Math.max(0, head - this.confirmations - cursor));
    }
  }

  get reorgWindow(): number {
    return Math.max(1, this.opts.reorgWindow ?? DEFAULT_REORG_WINDOW);
  }

  /** Blocks left between the cursor and the head. */
  get confirmations(): number {
    return (
      this.opts.confirmations ??
      this.opts.network.confirmations ??
      DEFAULT_CONFIRMATIONS[this.id as NetworkId] ??
      0
    );
  }

  /**
   * One step: reorg check, then the next range. The range is stored only when what was read
   * is one chain: the range's last block pinned before the logs and read again after them, the
   * headers of its last `linkDepth` blocks linked by parent hash down to the cursor, every log
   * in the block of that hash. A reorganisation in between stores nothing: the cursor block
   * replaced -> rollback; else the range is read again on the next step.
   */
  async step(): Promise<StepResult> {
    // Every read of the step from one node: a node failing ends the step (see nodePool.ts).
    this.opts.source.beginStep?.();
    try {
      return await this.readAndStore();
    } finally {
      // The next range's reads are this step's: from the same node, done before it ends.
      await this.ahead?.reads;
      this.opts.source.endStep?.();
    }
  }

  /**
   * Whether network.pools holds the discovered pairs as stored: not at the first step, nor once
   * the lock is taken (another process may have written meanwhile), nor after a rollback (the
   * pairs above the ancestor are gone; the new chain may have other tokens at their addresses).
   */
  private poolsLoaded = false;

  /**
   * The discovered pools made to match the database. A range read ahead is forgotten with the
   * pairs it found (read again, they are found again).
   */
  private async loadPools(): Promise<void> {
    if (this.ahead) this.memo = null;
    this.ahead = null;
    await loadDiscoveredPools(this.opts.db, this.opts.network);
    this.poolsLoaded = true;
  }

  private async readAndStore(): Promise<StepResult> {
    const { db, source, network } = this.opts;
    if (!this.poolsLoaded) await this.loadPools();
    const started = performance.now();
    const ahead = this.ahead;
    const aheadMemo = this.memo;
    this.ahead = null;
    if (ahead) this.memo = null;
    const control = await readControl(db, this.id);
    if (control?.reindexFrom != null) return this.reindex(control.reindexFrom);
    if (control?.halted) {
      if (!this.haltLogged) {
        this.haltLogged = true;
        this.logger.error(
          { network: this.id, reason: control.halted.reason, since: control.halted.at },
          `${this.id} is stopped: ${control.halted.reason}. ${reindexHint(this.id)}`,
        );
      }
      return { kind: 'halted', reason: control.halted.reason };
    }
    this.haltLogged = false;
    const cursor = await readCursor(db, this.id);
    const heads = this.opts.heads;
    // The head and the cursor's block asked together: one round trip to the node, not two,
    // before every range. Following the head, both come from the headers it keeps.
    const [head, cursorOnChain] = heads
      ? await this.followed(heads, cursor)
      : await Promise.all([source.head(), cursor ? this.onChain(cursor) : true]);
    this.lastHead = head;
    this.gauges(head, cursor?.blockNumber ?? null);
    if (cursor && !cursorOnChain) return this.rollback(cursor);
    const safe = head - this.confirmations;
    const from = cursor ? cursor.blockNumber + 1 : (this.opts.startBlock ?? 0);
    if (from > safe) return { kind: 'idle', head };
    let to = Math.min(safe, from + this.range - 1);
    let range: ReadRange | null = null;
    if (ahead && cursor && sameCursor(ahead.after, cursor) && ahead.from === from && ahead.to <= to)
      range = await ahead.ready;
    // Following the head: the few new blocks' headers are kept, linked to the cursor; only
    // their logs are read, by hash.
    const known =
      !range && heads && cursor && safe - from < FOLLOW_BLOCKS ? heads.headers(from, safe) : null;
    if (known && source.blockLogs) {
      to = safe;
      try {
        range = await this.readFollowed(known, source.blockLogs.bind(source));
      } catch (e) {
        // A block the node no longer has by that hash (a fork it dropped): read it again.
        if (e instanceof RpcError && !(e instanceof NodeFault))
          return this.refetch(cursor, from, to, `block logs: ${e.message}`);
        throw e;
      }
    }
    if (range) {
      to = range.to;
      this.memo = aheadMemo;
    } else {
      let read;
      try {
        read = await this.readRange(cursor, from, to);
      } catch (e) {
        if (!isRangeError(e) || this.range === 1) throw e;
        this.range = Math.max(1, Math.floor(this.range / 2));
        this.logger.warn(
          { network: this.id, from, to, range: this.range, err: (e as Error).message },
          'node refused the block range; reading smaller ranges',
        );
        return { kind: 'shrunk', range: this.range };
      }
      if (typeof read === 'string') return this.refetch(cursor, from, to, read);
      range = read;
    }
    const { read, last: toBlock, eventBlocks } = range;
    // The hashes of the window's blocks: what a rollback looks for its common ancestor in.
    const keepFrom = to - this.reorgWindow;
    const window = range.headers.filter((h) => h.number > keepFrom && !eventBlocks.has(h.number));
    // Taken for this write only: a failed write, a rollback, another writer's write (the
    // cursor moved) each leave none, and the next write reads from the database.
    const memo = this.memo && cursor && sameCursor(this.memo.at, cursor) ? this.memo.state : {};
    this.memo = null;
    const stored: Cursor = { blockNumber: to, blockHash: toBlock.hash };
    const nextRange = Math.min(this.opts.maxRange ?? 5000, this.range * 2);
    // Catching up (more blocks below the head than this range): the next range is read from
    // the node and its rows made while this one is written (by a database beside this thread:
    // on it, the two would only take turns). Not once stopping: the step would wait for it.
    let stateReady: (state: IngestState | null) => void = () => undefined;
    if (to < safe && db.besideThisThread && !this.stopped)
      this.ahead = this.readAhead(
        stored,
        to + 1,
        Math.min(safe, to + nextRange),
        new Promise((resolve) => (stateReady = resolve)),
      );
    let rows: Rows;
    try {
      rows = await db.transaction(async (tx) => {
        const state = await ingestState(tx, network, memo);
        const prepared = range.prepared ?? {
          rows: await prepareRows(network, read.logs, eventBlocks, read, state),
        };
        // The next range's rows start from this one's pairs and reserves.
        stateReady(state);
        const rows = await storeRange(tx, network, prepared, eventBlocks, keepFrom, memo, window);
        await this.opts.beforeCursor?.(to);
        await moveCursor(tx, this.id, cursor, stored);
        await tx.query('DELETE FROM blocks WHERE network = $1 AND number <= $2', [
          this.id,
          keepFrom,
        ]);
        if (rows.trades.length) await this.opts.announce?.(tx, pairsOf(rows));
        return rows;
      });
    } catch (e) {
      this.ahead = null;
      throw e;
    } finally {
      stateReady(null);
    }
    this.memo = { at: stored, state: memo };
    this.range = nextRange;
    if (rows.trades.length) this.opts.onCandles?.(pairsOf(rows));
    const ms = performance.now() - started;
    const events = read.logs.length;
    const m = this.opts.metrics;
    if (m) {
      const net = this.id;
      m.indexerBatches.inc({ network: net });
      m.indexerBatchDuration.observe({ network: net }, ms / 1000);
      m.eventsStored.inc({ network: net, kind: 'trade' }, rows.trades.length);
      m.eventsStored.inc({ network: net, kind: 'sync' }, rows.syncs.length);
      m.eventsStored.inc({ network: net, kind: 'liquidity' }, rows.liquidity.length);
      m.eventsStored.inc({ network: net, kind: 'pair' }, rows.pairs.length);
      m.eventsStored.inc({ network: net, kind: 'approval' }, rows.approvals.length);
    }
    this.gauges(head, to);
    const readAhead = !!range.prepared;
    this.logger.debug(
      {
        network: this.id,
        from,
        to,
        blocks: to - from + 1,
        events,
        trades: rows.trades.length,
        readAhead,
        ms: Math.round(ms),
      },
      'range stored',
    );
    await this.maybeStats();
    return { kind: 'indexed', from, to, trades: rows.trades.length, events, head, readAhead };
  }

  /**
   * The head and whether the cursor's block is still on the chain, from the followed headers:
   * the cursor's own kept header, or the parent hash of the one above it. Only when neither is
   * kept (a long catch-up, a fresh start) is the node asked for the cursor's block.
   */
  private async followed(heads: HeadFollower, cursor: Cursor | null): Promise<[number, boolean]> {
    const head = await heads.current();
    if (!cursor) return [head.number, true];
    const at = heads.header(cursor.blockNumber);
    if (at) return [head.number, at.hash === cursor.blockHash];
    const above = heads.header(cursor.blockNumber + 1);
    if (above?.parentHash) return [head.number, above.parentHash === cursor.blockHash];
    return [head.number, await this.onChain(cursor)];
  }

  /** The followed blocks' logs: headers kept and linked to the cursor, logs read by hash. */
  private async readFollowed(
    headers: BlockRef[],
    blockLogs: (headers: BlockRef[]) => Promise<ReadRange['read']>,
  ): Promise<ReadRange> {
    const read = await blockLogs(headers);
    await discoverPairs(this.opts.db, this.opts.network, this.opts.source, read.logs);
    const last = headers.at(-1)!;
    const eventBlocks = new Map(read.blocks);
    eventBlocks.set(last.number, last);
    return { to: last.number, read, last, headers, eventBlocks };
  }

  /**
   * A range's logs and blocks, checked to be one chain with `after` (see link): the range, or
   * what does not fit. A node refusing the range's size throws (isRangeError).
   */
  private async readRange(
    after: Cursor | null,
    from: number,
    to: number,
  ): Promise<ReadRange | string> {
    const { source } = this.opts;
    // Pinned before the logs: a reorganisation under `to` while they are read changes its hash.
    const pinned = await source.block(to);
    if (!pinned) return `block ${to} is gone`;
    const read = await source.logs(from, to);
    // New pairs of the factory: their tokens read once, and indexed from this range on.
    await discoverPairs(this.opts.db, this.opts.network, source, read.logs);
    const linked = await this.link(after, from, to, pinned, read);
    if (typeof linked === 'string') return linked;
    const eventBlocks = new Map(read.blocks);
    eventBlocks.set(to, linked.last);
    return { to, read, last: linked.last, headers: linked.headers, eventBlocks };
  }

  /**
   * Reads the range after `after` and makes its rows once `state` (the write before it has
   * made its own rows) is there. Anything going wrong leaves no range: the next step reads it
   * itself and meets the same trouble there.
   */
  private readAhead(
    after: Cursor,
    from: number,
    to: number,
    state: Promise<IngestState | null>,
  ): ReadAhead {
    const reads = this.readRange(after, from, to).catch(() => null);
    const ready = (async () => {
      const [range, start] = await Promise.all([reads, state]);
      if (!range || typeof range === 'string' || !start) return null;
      const { read, eventBlocks } = range;
      const prepared = await prepareRange(this.opts.network, read.logs, eventBlocks, read, start);
      return { ...range, prepared };
    })().catch(() => null);
    return { after, from, to, reads: reads.then(() => undefined), ready };
  }

  private async onChain(cursor: Cursor): Promise<boolean> {
    const b = await this.opts.source.block(cursor.blockNumber);
    return !!b && b.hash === cursor.blockHash;
  }

  /**
   * Checks that a range's logs, its blocks and the cursor are one chain (see step). Returns the
   * range's last block as read after the logs, or what does not fit.
   */
  private async link(
    cursor: Cursor | null,
    from: number,
    to: number,
    pinned: BlockRef,
    read: { logs: RawLog[]; blocks: Map<number, BlockRef> },
  ): Promise<{ last: BlockRef; headers: BlockRef[] } | string> {
    for (const log of read.logs) {
      const block = read.blocks.get(log.blockNumber);
      if (block && block.hash !== log.blockHash)
        return `block ${log.blockNumber} changed while its logs were read`;
    }
    // The lowest height whose hash the linked headers start from: the cursor block when the
    // range is short enough (the usual case: following the head), else inside the range.
    const anchor = Math.max(from - 1, to - (this.opts.linkDepth ?? 256));
    const first = Math.max(anchor, 0);
    const headers = await this.opts.source.headers(first, to);
    const at = (n: number) => headers[n - first];
    for (let n = first; n <= to; n++) {
      const h = at(n);
      if (!h || h.number !== n) return `block ${n} is gone`;
      if (n > first && h.parentHash !== at(n - 1)!.hash)
        return `block ${n} does not follow block ${n - 1}`;
      const event = read.blocks.get(n);
      if (event && event.hash !== h.hash) return `block ${n} changed after its logs were read`;
    }
    for (const log of read.logs)
      if (log.blockNumber >= first && log.blockHash !== at(log.blockNumber)!.hash)
        return `block ${log.blockNumber} changed after its logs were read`;
    if (cursor && anchor === cursor.blockNumber && at(anchor)!.hash !== cursor.blockHash)
      return `block ${anchor} (the cursor) was replaced`;
    const last = at(to)!;
    if (last.hash !== pinned.hash) return `block ${to} changed while the logs were read`;
    return { last, headers: headers as BlockRef[] };
  }

  /** A range read across a reorganisation: nothing stored; the cursor block gone -> rollback. */
  private async refetch(
    cursor: Cursor | null,
    from: number,
    to: number,
    reason: string,
  ): Promise<StepResult> {
    this.opts.metrics?.indexerErrors.inc({ network: this.id, kind: 'chain' });
    this.logger.warn(
      { network: this.id, from, to, reason },
      'the chain changed while the range was read; nothing stored, reading it again',
    );
    if (cursor && !(await this.onChain(cursor))) return this.rollback(cursor);
    return { kind: 'refetch', from, to, reason };
  }

  /** The highest stored block still on the chain; everything above it is removed. */
  private async rollback(cursor: Cursor): Promise<StepResult> {
    this.memo = null;
    const { db, source } = this.opts;
    // Only the window's hashes are kept (and looked at): a common ancestor below it is not
    // searched for, the network stops instead.
    const windowFloor = cursor.blockNumber - this.reorgWindow;
    const { rows } = await db.query<{ n: string; h: string }>(
      `SELECT number::text AS n, hash AS h FROM blocks WHERE network = $1 AND number < $2
         AND number >= $3 ORDER BY number DESC`,
      [this.id, cursor.blockNumber, windowFloor],
    );
    // Stored blocks, newest first: the ones still on the chain form a suffix of this list.
    // Probe 1, 2, 4, 8... back, then bisect between the last replaced and first kept probe.
    const onChain = async (i: number) => {
      const r = rows[i]!;
      const b = await source.block(Number(r.n));
      return !!b && b.hash === r.h;
    };
    let lo = -1; // highest index known replaced
    let hi = rows.length; // lowest index known kept (rows.length: none)
    for (let step = 1, i = 0; i < rows.length; i += step, step *= 2) {
      if (await onChain(i)) {
        hi = i;
        break;
      }
      lo = i;
    }
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (await onChain(mid)) hi = mid;
      else lo = mid;
    }
    const kept = rows[hi];
    if (!kept && windowFloor > (this.opts.startBlock ?? 0))
      return this.halt(
        cursor,
        `reorganisation deeper than the kept block window: none of the hashes kept for blocks ` +
          `${Math.max(windowFloor, 0)}-${cursor.blockNumber} (reorgWindow ${this.reorgWindow}) is on the chain any more`,
      );
    const ancestor: Cursor | null = kept
      ? { blockNumber: Number(kept.n), blockHash: kept.h }
      : null;
    const floor = ancestor ? ancestor.blockNumber : (this.opts.startBlock ?? 0) - 1;
    this.poolsLoaded = false;
    const removedTrades = await db.transaction(async (tx) => {
      const removed = await rollbackAbove(tx, this.id, floor);
      if (ancestor) await moveCursor(tx, this.id, cursor, ancestor);
      else {
        const { rows: del } = await tx.query(
          'DELETE FROM indexer_cursor WHERE network = $1 AND block_number = $2 RETURNING 1',
          [this.id, cursor.blockNumber],
        );
        if (del.length !== 1) throw new Error(`${this.id}: cursor moved by another writer`);
      }
      await this.opts.announce?.(tx, 'all');
      return removed;
    });
    await this.loadPools();
    this.opts.onCandles?.('all');
    this.opts.metrics?.reorgs.inc({ network: this.id });
    this.logger.warn(
      { network: this.id, cursor: cursor.blockNumber, ancestor: floor, removedTrades },
      'reorganisation: blocks above the common ancestor removed, indexing them again',
    );
    return { kind: 'rollback', ancestor: floor, removedTrades };
  }

  /**
   * Stops the network: the chain no longer contains what was stored, deeper than the window
   * can tell. What is stored stays served; nothing more is written until an operator re-index.
   */
  private async halt(cursor: Cursor, reason: string): Promise<StepResult> {
    await markHalted(this.opts.db, this.id, reason, cursor.blockNumber);
    this.haltLogged = true;
    this.opts.metrics?.indexerErrors.inc({ network: this.id, kind: 'chain' });
    this.logger.error(
      { network: this.id, cursor: cursor.blockNumber, reorgWindow: this.reorgWindow, reason },
      `${this.id} indexing stopped: ${reason}. ${reindexHint(this.id)}`,
    );
    return { kind: 'halted', reason };
  }

  /**
   * An operator's request: forget everything from block `from` on and index it again. Refused
   * (the network stays as it is, the reason in last_outcome and the log) when a block hash kept
   * below `from` is not on the chain either: `from` must be at or below the common ancestor.
   */
  private async reindex(from: number): Promise<StepResult> {
    this.memo = null;
    const { db, source } = this.opts;
    const start = this.opts.startBlock ?? 0;
    const floor = Math.max(from, start) - 1;
    let anchor: BlockRef | null = null;
    if (floor >= start) {
      // The window below `from`: the block hashes kept, and the blocks of the trades kept.
      const { rows } = await db.query<{ n: string; h: string }>(
        `SELECT number AS num, number::text AS n, hash AS h FROM blocks
           WHERE network = $1 AND number <= $2 AND number > $3
         UNION SELECT block_number, block_number::text, block_hash FROM trades
           WHERE network = $1 AND block_number <= $2 AND block_number > $3
         ORDER BY 1`,
        [this.id, floor, floor - this.reorgWindow],
      );
      const lowest = rows.length ? Number(rows[0]!.n) : floor;
      const chain = await source.headers(lowest, floor);
      for (const r of rows) {
        const b = chain[Number(r.n) - lowest];
        if (!b || b.hash !== r.h) {
          const outcome =
            `refused: block ${r.n}, below --from ${from}, is not on the chain either; ` +
            `re-index from block ${r.n} or lower`;
          await finishReindex(db, this.id, outcome, false);
          this.logger.error(
            { network: this.id, from, block: Number(r.n) },
            `${this.id} re-index ${outcome}`,
          );
          return { kind: 'halted', reason: outcome };
        }
      }
      anchor = chain[floor - lowest] ?? null;
      if (!anchor) {
        const outcome = `refused: the chain has no block ${floor} (is --from beyond its head?)`;
        await finishReindex(db, this.id, outcome, false);
        this.logger.error({ network: this.id, from }, `${this.id} re-index ${outcome}`);
        return { kind: 'halted', reason: outcome };
      }
    }
    this.poolsLoaded = false;
    const removedTrades = await db.transaction(async (tx) => {
      const removed = await rollbackAbove(tx, this.id, floor);
      if (anchor) {
        await tx.query(
          `INSERT INTO indexer_cursor (network, block_number, block_hash) VALUES ($1, $2, $3)
           ON CONFLICT (network) DO UPDATE SET block_number = EXCLUDED.block_number,
             block_hash = EXCLUDED.block_hash, updated_at = now()`,
          [this.id, anchor.number, anchor.hash],
        );
        await tx.query(
          `INSERT INTO blocks (network, number, hash, time) VALUES ($1, $2, $3, $4)
           ON CONFLICT (network, number) DO UPDATE SET hash = EXCLUDED.hash, time = EXCLUDED.time`,
          [this.id, anchor.number, anchor.hash, anchor.time],
        );
      } else await tx.query('DELETE FROM indexer_cursor WHERE network = $1', [this.id]);
      await finishReindex(
        tx,
        this.id,
        `re-indexed from block ${Math.max(from, start)} (${removed} trades removed)`,
        true,
      );
      await this.opts.announce?.(tx, 'all');
      return removed;
    });
    await this.loadPools();
    this.haltLogged = false;
    this.opts.onCandles?.('all');
    // A warning when stored trades went (an operator's re-index, or npm start's chains back at
    // their seed); a first start on an empty database has nothing to warn of.
    const logged = { network: this.id, from: Math.max(from, start), removedTrades };
    if (removedTrades > 0)
      this.logger.warn(
        logged,
        `${this.id}: re-index from block ${logged.from}: ${removedTrades} stored trades removed, everything from there on indexed again from the chain`,
      );
    else
      this.logger.info(
        logged,
        `${this.id}: re-index from block ${logged.from}: no stored trade removed, everything from there on indexed again from the chain`,
      );
    return { kind: 'reindexed', from: Math.max(from, start), removedTrades };
  }

  /**
   * JM's burned balance and supply, read after a stored range at most every 60 s (figures of an
   * info page, not worth a node request per block).
   */
  private async maybeStats(): Promise<void> {
    const { network, source, db } = this.opts;
    const jm = network.tokensBySymbol.get('JM');
    if (!jm || !network.burnAddress || !source.tokenStats) return;
    if (this.lastStats && Date.now() - this.lastStats < 60_000) return;
    this.lastStats = Date.now();
    try {
      const s = await source.tokenStats(jm.key, network.burnAddress);
      await db.query(
        `INSERT INTO token_stats (network, symbol, burned, total_supply) VALUES ($1, 'JM', $2, $3)
         ON CONFLICT (network, symbol) DO UPDATE SET burned = EXCLUDED.burned,
           total_supply = EXCLUDED.total_supply, updated_at = now()`,
        [this.id, s.burned.toString(), s.totalSupply.toString()],
      );
    } catch (e) {
      this.logger.warn(
        { network: this.id, err: (e as Error).message },
        'JM burn figures unavailable (kept the previous ones)',
      );
    }
  }

  /** Steps until the cursor reaches the head (tests, start-up). */
  async syncToHead(maxSteps = 10_000): Promise<void> {
    for (let i = 0; i < maxSteps; i++) {
      const r = await this.step();
      if (r.kind === 'idle') return;
    }
    throw new Error(`${this.id}: not synced after ${maxSteps} steps`);
  }

  /** Runs until stop(): waits for the network's lock, then follows the chain. */
  start(): void {
    this.stopped = false;
    this.loop = this.run();
  }

  /** Sleeps `ms`, or less when stop() is called meanwhile. */
  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private setWriter(writer: boolean): void {
    this.writer = writer;
    // The pools are this indexer's while it writes (an api's refresh leaves them alone), read
    // from the database again once it takes the lock.
    setIndexedHere(this.opts.network, writer);
    if (writer) this.poolsLoaded = false;
    this.opts.metrics?.indexerWriter.set({ network: this.id }, writer ? 1 : 0);
    // The head is followed only while this process writes the network: a reader asks nothing.
    if (writer) this.opts.heads?.start();
    else this.opts.heads?.stop();
  }

  /** Caught up: until the next block above `head` (or stop()). */
  private async waitForBlock(head: number): Promise<void> {
    const heads = this.opts.heads;
    if (!heads) return this.sleep(this.opts.pollMs ?? 500);
    await heads.next(head, () => this.stopped);
  }

  private async run(): Promise<void> {
    const { db } = this.opts;
    let lock: Lock | null = null;
    let backoff = 250;
    let failures = 0;
    this.setWriter(false);
    while (!this.stopped) {
      try {
        if (lock?.lost) {
          this.logger.warn(
            { network: this.id },
            "lost the network's lock (database connection dropped); asking for it again",
          );
          lock = null;
          this.setWriter(false);
        }
        if (!lock) {
          lock = await db.tryLock(lockKey(this.id));
          if (!lock) {
            await this.sleep(this.opts.lockRetryMs ?? 2000);
            continue;
          }
          this.setWriter(true);
          this.logger.info({ network: this.id }, 'indexing: this process writes the network');
        }
        const r = await this.step();
        if (failures > 0)
          this.logger.info(
            { network: this.id, failures },
            'indexer recovered; following the chain',
          );
        backoff = 250;
        failures = 0;
        this.lastError = null;
        if (r.kind === 'idle') await this.waitForBlock(r.head);
        else if (r.kind === 'halted') await this.sleep(this.opts.lockRetryMs ?? 2000);
        else if (r.kind === 'shrunk' || r.kind === 'refetch') await this.sleep(100);
      } catch (e) {
        if (this.stopped) {
          this.logger.warn(
            { network: this.id, err: (e as Error).message },
            'stopping: the range being read is left for the next start',
          );
          break;
        }
        failures++;
        const cause = causeOf(e);
        const message = (e as Error).message;
        this.lastError = { message, cause, since: this.lastError?.since ?? Date.now() };
        this.opts.metrics?.indexerErrors.inc({ network: this.id, kind: cause });
        if (e instanceof NodeFault) {
          // The pool logged the failover and chose the next node: go on when one is free.
          const retryMs = Math.max(50, Math.min(e.retryInMs, 10_000));
          const line = { network: this.id, cause, err: message, failures, retryMs };
          if (e.retryInMs === 0) this.logger.debug(line, 'step ended by a failing node; next node');
          else if (failures >= PERSISTENT_FAILURES)
            this.logger.error(line, 'no node of the network answers');
          else this.logger.warn(line, 'no node of the network answers now; waiting');
          await this.sleep(retryMs);
          continue;
        }
        const line = { network: this.id, cause, err: message, failures, retryMs: backoff };
        if (failures >= PERSISTENT_FAILURES) this.logger.error(line, 'indexer step keeps failing');
        else this.logger.warn(line, 'indexer step failed; retrying');
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, 10_000);
      }
    }
    await lock?.release();
    this.setWriter(false);
  }

  /**
   * Stops after the current step. A step's write (events and cursor, one transaction) is never
   * cut short; a step still reading the chain after `graceMs` has its reads aborted: it stores
   * nothing, and the next start reads that range again.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.opts.heads?.stop();
    if (!this.loop) return;
    const timer = setTimeout(() => {
      this.logger.warn({ network: this.id, graceMs }, 'stopping: chain reads aborted');
      this.opts.source.close?.();
    }, graceMs);
    await this.loop;
    clearTimeout(timer);
    this.loop = undefined;
    this.logger.info({ network: this.id }, 'indexer stopped');
  }
}
