import type { RawLog } from '../chain/events';

export interface BlockRef {
  number: number;
  hash: string;
  time: number;
  /** The hash of the block before it (what links a range of blocks into one chain). */
  parentHash?: string;
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
  logs(
    from: number,
    to: number,
  ): Promise<{ logs: RawLog[]; blocks: Map<number, BlockRef>; txFrom: Map<string, string> }>;
  /** One node answers every read until endStep() (the indexer's step; see chain/nodePool.ts). */
  beginStep?(): void;
  endStep?(): void;
  /** Aborts the reads in flight and refuses later ones (the indexer stopping). */
  close?(): void;
  /** JM burn figures: balance of the burn address and total supply, base units. */
  tokenStats?(token: string, burn: string): Promise<{ burned: bigint; totalSupply: bigint }>;
}
