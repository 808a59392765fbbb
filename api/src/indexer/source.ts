import type { RawLog, TokenTransfer } from '../chain/events';

export interface BlockRef {
  number: number;
  hash: string;
  time: number;
  /** The hash of the block before it (what links a range of blocks into one chain). */
  parentHash?: string;
}

/** Who took part in a range's transactions: what tells a trade's wallet and its own amounts. */
export interface TxParties {
  /** The sender of each transaction (the trader). */
  txFrom: Map<string, string>;
  /**
   * The token transfers of each transaction with a Swap of a pool that may tax (a token with a
   * tax, or a discovered pair's): what the wallet sent and received, before and after the tax.
   */
  transfers?: Map<string, TokenTransfer[]>;
}

/** A range's logs, the blocks they are in, and who took part in their transactions. */
export interface LogsRead extends TxParties {
  logs: RawLog[];
  blocks: Map<number, BlockRef>;
}

/** What an indexer reads from a chain; one implementation per platform. */
export interface ChainSource {
  head(): Promise<number>;
  /** The block at a height (null when the chain is not that high). */
  block(n: number): Promise<BlockRef | null>;
  /**
   * The blocks from..to (headers only, parentHash included), in order, read together after a
   * range's logs: the indexer checks they form one chain with the logs and its cursor. A height
   * the chain does not have (any more) is null.
   */
  headers(from: number, to: number): Promise<Array<BlockRef | null>>;
  /**
   * Every log of the five events in [from, to], ordered, plus the blocks they are in and the
   * sender of each transaction. Throws a range error when the node refuses the range.
   */
  logs(from: number, to: number): Promise<LogsRead>;
  /**
   * The newest block's header (one request): what following the head polls. On TRON the newest
   * solidified block (see head()).
   */
  latest?(): Promise<BlockRef>;
  /**
   * Following the head: the logs of exactly these blocks (headers already known and linked), one
   * call per block (EVM: eth_getLogs by block hash, so each answer is of that block and no other
   * fork's), plus the senders of the blocks that have trade events.
   */
  blockLogs?(headers: BlockRef[]): Promise<LogsRead>;
  /** One node answers every read until endStep() (the indexer's step; see chain/nodePool.ts). */
  beginStep?(): void;
  endStep?(): void;
  /** Aborts the reads in flight and refuses later ones (the indexer stopping). */
  close?(): void;
  /**
   * A token's metadata getters as its contract answers them (hex return data; undefined for a
   * getter that reverts or answers nothing). Read once per token of a new pair.
   */
  tokenGetters?(token: string): Promise<{ symbol?: string; name?: string; decimals?: string }>;
  /** JM burn figures: balance of the burn address and total supply, base units. */
  tokenStats?(token: string, burn: string): Promise<{ burned: bigint; totalSupply: bigint }>;
}
