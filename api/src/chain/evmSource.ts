import type { ChainSource, BlockRef, LogsRead } from '../indexer/source';
import {
  ALL_TOPICS,
  APPROVAL_TOPIC,
  decodeTransfer,
  TOPICS,
  type RawLog,
  type TokenTransfer,
} from './events';
import { NodeFault } from './nodePool';
import { JsonRpc, RpcError } from './rpc';

interface EthLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}
interface EthBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  transactions: Array<{ hash: string; from: string }>;
}

const hex = (n: number) => '0x' + n.toString(16);
const ref = (b: EthBlock): BlockRef => ({
  number: Number(b.number),
  hash: b.hash,
  time: Number(b.timestamp),
  parentHash: b.parentHash,
});
/** Headers per batch request (public nodes refuse larger batches). */
const HEADER_BATCH = 100;

// What a node must answer; anything else is a malformed answer (the next node is asked).
const isHex = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v);
const isBlock = (b: unknown): boolean => {
  if (b === null) return true;
  const x = b as Partial<EthBlock> | undefined;
  return (
    typeof x === 'object' &&
    isHex(x.number) &&
    isHex(x.hash) &&
    isHex(x.parentHash) &&
    isHex(x.timestamp)
  );
};
const isFullBlock = (b: unknown): boolean =>
  b === null || (isBlock(b) && Array.isArray((b as EthBlock).transactions));
const isReceipt = (r: unknown): boolean =>
  r === null || (typeof r === 'object' && Array.isArray((r as { logs?: unknown }).logs));
const isLog = (l: unknown): boolean => {
  const x = l as Partial<EthLog> | undefined;
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof x.address === 'string' &&
    Array.isArray(x.topics) &&
    isHex(x.data) &&
    isHex(x.blockNumber) &&
    isHex(x.blockHash) &&
    isHex(x.transactionHash) &&
    isHex(x.logIndex)
  );
};

/** Which Approval events a source reads: of these tokens, towards these spenders (0x, lower). */
export interface ApprovalFilter {
  tokens: string[];
  spenders: string[];
}

/** The Approval filter of a network: its configured tokens towards its routers. */
export const approvalFilterOf = (n: {
  tokens: Map<string, unknown>;
  routers: string[];
}): ApprovalFilter | undefined =>
  n.tokens.size && n.routers.length
    ? { tokens: [...n.tokens.keys()], spenders: n.routers }
    : undefined;

const topicOf = (address: string) => '0x' + address.slice(2).padStart(64, '0');

/** The node's logs as the indexer's, removed ones left out, in chain order. */
function rawLogs(raw: EthLog[]): RawLog[] {
  return raw
    .filter((l) => !l.removed)
    .map((l) => ({
      address: l.address.toLowerCase(),
      topics: l.topics,
      data: l.data,
      blockNumber: Number(l.blockNumber),
      blockHash: l.blockHash,
      txHash: l.transactionHash,
      logIndex: Number(l.logIndex),
    }))
    .sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
}

/**
 * An EVM chain through JSON-RPC: eth_getLogs by topic, blocks in one batch per range. With an
 * Approval filter, a second eth_getLogs per range reads the Approvals of those tokens towards
 * those spenders (filtered by the node: a chain's tokens approve many other contracts).
 */
export class EvmSource implements ChainSource {
  readonly rpc: JsonRpc;
  constructor(
    url: string | JsonRpc,
    private readonly approvals?: ApprovalFilter,
    /** Whether a pool's swaps may be taxed (their transactions' transfers are then read). */
    private readonly mayTax?: (pair: string) => boolean,
  ) {
    this.rpc = typeof url === 'string' ? new JsonRpc(url) : url;
  }

  close(): void {
    this.rpc.close();
  }

  /** One node for every read of the indexer's step (see nodePool.ts). */
  beginStep(): void {
    this.rpc.pool.pin();
  }

  endStep(): void {
    this.rpc.pool.unpin();
  }

  async head(): Promise<number> {
    return Number(await this.rpc.call<string>('eth_blockNumber', [], isHex));
  }

  async block(n: number): Promise<BlockRef | null> {
    const b = await this.rpc.call<EthBlock | null>(
      'eth_getBlockByNumber',
      [hex(n), false],
      isBlock,
    );
    if (b && Number(b.number) !== n)
      throw new NodeFault('malformed', `asked for block ${n}, got ${Number(b.number)}`);
    return b ? ref(b) : null;
  }

  async headers(from: number, to: number): Promise<Array<BlockRef | null>> {
    const out: Array<BlockRef | null> = [];
    for (let start = from; start <= to; start += HEADER_BATCH) {
      const end = Math.min(to, start + HEADER_BATCH - 1);
      const calls: Array<[string, unknown[]]> = [];
      for (let n = start; n <= end; n++) calls.push(['eth_getBlockByNumber', [hex(n), false]]);
      for (const b of await this.rpc.batch<EthBlock | null>(calls, isBlock))
        out.push(b ? ref(b) : null);
    }
    return out;
  }

  async logs(from: number, to: number) {
    const range = { fromBlock: hex(from), toBlock: hex(to) };
    const valid = (r: unknown) => Array.isArray(r) && r.every(isLog);
    const a = this.approvals;
    const [events, approvals] = await Promise.all([
      this.rpc.call<EthLog[]>('eth_getLogs', [{ ...range, topics: [ALL_TOPICS] }], valid),
      a
        ? this.rpc.call<EthLog[]>(
            'eth_getLogs',
            [
              {
                ...range,
                address: a.tokens,
                topics: [APPROVAL_TOPIC, null, a.spenders.map(topicOf)],
              },
            ],
            valid,
          )
        : [],
    ]);
    const raw = approvals.length ? [...events, ...approvals] : events;
    for (const l of raw) {
      const n = Number(l.blockNumber);
      if (n < from || n > to)
        throw new NodeFault('malformed', `a log of block ${n} answered for blocks ${from}-${to}`);
    }
    const logs = rawLogs(raw);
    const numbers = [...new Set(logs.map((l) => l.blockNumber))];
    const full = await this.rpc.batch<EthBlock | null>(
      numbers.map((n) => ['eth_getBlockByNumber', [hex(n), true]]),
      isFullBlock,
    );
    const blocks = new Map<number, BlockRef>();
    const txFrom = new Map<string, string>();
    full.forEach((b, i) => {
      // A block that vanished between the two calls: a reorg under way; retry the range.
      if (!b) throw new Error(`block ${numbers[i]} not found`);
      blocks.set(Number(b.number), ref(b));
      for (const t of b.transactions) txFrom.set(t.hash, t.from.toLowerCase());
    });
    for (const l of logs) {
      if (blocks.get(l.blockNumber)?.hash !== l.blockHash)
        throw new Error(`block ${l.blockNumber} changed while reading logs`);
    }
    return { logs, blocks, txFrom, transfers: await this.swapTransfers(logs) };
  }

  /**
   * The token transfers of each transaction with a Swap that may be taxed, from its receipt:
   * what the wallet itself sent and received, the tax included. Other swaps need none (a pool's
   * amounts are the wallet's), so a chain without taxed tokens costs no request.
   */
  private async swapTransfers(logs: RawLog[]): Promise<Map<string, TokenTransfer[]>> {
    const transfers = new Map<string, TokenTransfer[]>();
    const mayTax = this.mayTax;
    if (!mayTax) return transfers;
    const hashes = [
      ...new Set(
        logs
          .filter((l) => l.topics[0]?.toLowerCase() === TOPICS.Swap && mayTax(l.address))
          .map((l) => l.txHash),
      ),
    ];
    for (let start = 0; start < hashes.length; start += HEADER_BATCH) {
      const batch = hashes.slice(start, start + HEADER_BATCH);
      const receipts = await this.rpc.batch<{ logs: unknown[] } | null>(
        batch.map((h) => ['eth_getTransactionReceipt', [h]]),
        isReceipt,
      );
      receipts.forEach((r, i) => {
        // Gone from the node since its logs were read (a reorg under way): the step reads again.
        if (!r) throw new Error(`the receipt of ${batch[i]} not found`);
        transfers.set(
          batch[i]!,
          r.logs.flatMap((l) => decodeTransfer(l as object) ?? []),
        );
      });
    }
    return transfers;
  }

  async latest(): Promise<BlockRef> {
    const b = await this.rpc.call<EthBlock | null>(
      'eth_getBlockByNumber',
      ['latest', false],
      isBlock,
    );
    if (!b) throw new NodeFault('malformed', 'no latest block');
    return ref(b);
  }

  /**
   * One eth_getLogs per block, by its hash (the five events and, unfiltered by the node, every
   * Approval: the two filters of logs() in one call, the Approvals of other tokens and spenders
   * dropped here), in one batch; then the full blocks, by hash, of the blocks with events other
   * than Approvals (their senders are the traders).
   */
  async blockLogs(headers: BlockRef[]): Promise<LogsRead> {
    const a = this.approvals;
    const topics = [a ? [...ALL_TOPICS, APPROVAL_TOPIC] : ALL_TOPICS];
    const valid = (r: unknown) => Array.isArray(r) && r.every(isLog);
    const answers = await this.rpc.batch<EthLog[]>(
      headers.map((h) => ['eth_getLogs', [{ blockHash: h.hash, topics }]]),
      valid,
    );
    const tokens = new Set(a?.tokens);
    const spenders = new Set(a?.spenders.map(topicOf));
    const raw: EthLog[] = [];
    answers.forEach((logs, i) => {
      const h = headers[i]!;
      for (const l of logs) {
        if (
          Number(l.blockNumber) !== h.number ||
          l.blockHash.toLowerCase() !== h.hash.toLowerCase()
        )
          throw new NodeFault('malformed', `a log of another block answered for block ${h.number}`);
        if (
          l.topics[0] === APPROVAL_TOPIC &&
          !(tokens.has(l.address.toLowerCase()) && spenders.has(String(l.topics[2]).toLowerCase()))
        )
          continue;
        raw.push(l);
      }
    });
    const logs = rawLogs(raw);
    const byNumber = new Map(headers.map((h) => [h.number, h]));
    const blocks = new Map<number, BlockRef>();
    for (const l of logs) blocks.set(l.blockNumber, byNumber.get(l.blockNumber)!);
    const traded = [
      ...new Set(logs.filter((l) => l.topics[0] !== APPROVAL_TOPIC).map((l) => l.blockHash)),
    ];
    const full = await this.rpc.batch<EthBlock | null>(
      traded.map((hash) => ['eth_getBlockByHash', [hash, true]]),
      isFullBlock,
    );
    const txFrom = new Map<string, string>();
    full.forEach((b, i) => {
      // Gone from the node between the two calls (it dropped a fork): the step reads it again.
      if (!b || b.hash.toLowerCase() !== traded[i]!.toLowerCase())
        throw new Error(`block ${traded[i]} not found`);
      for (const t of b.transactions) txFrom.set(t.hash, t.from.toLowerCase());
    });
    return { logs, blocks, txFrom, transfers: await this.swapTransfers(logs) };
  }

  async tokenGetters(token: string) {
    const get = (data: string) =>
      this.rpc.call<string>('eth_call', [{ to: token, data }, 'latest']).then(
        (hex) => (hex === '0x' ? undefined : hex),
        (error: unknown) => {
          // A revert is the token's answer; a node that cannot be reached is not.
          if (error instanceof RpcError && !(error instanceof NodeFault)) return undefined;
          throw error;
        },
      );
    const [symbol, name, decimals] = await Promise.all([
      get('0x95d89b41'),
      get('0x06fdde03'),
      get('0x313ce567'),
    ]);
    return { symbol, name, decimals };
  }

  async tokenStats(token: string, burn: string) {
    const [burned, supply] = await this.rpc.batch<string>([
      ['eth_call', [{ to: token, data: '0x70a08231' + burn.slice(2).padStart(64, '0') }, 'latest']],
      ['eth_call', [{ to: token, data: '0x18160ddd' }, 'latest']],
    ]);
    return { burned: BigInt(burned ?? '0x0'), totalSupply: BigInt(supply ?? '0x0') };
  }
}
