/**
 * The four pair events and the factory's PairCreated, decoded by hand from topics and data
 * (UniswapV2 layout). The topic hashes are keccak-256 of the signatures; events.test.ts checks
 * them against ethers (test infrastructure only).
 */
export const TOPICS = {
  Swap: '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822',
  Sync: '0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1',
  Mint: '0x4c209b5fc8ad50758f13e2e1088ba56a560dff690a1c6fef26394f4c03821c4f',
  Burn: '0xdccd412f0b1252819cb1fd330b93224ca42612892bb3f4f789976e6d81936496',
  PairCreated: '0x0d3648bd0f6ba80134a33ba9275ac585d9d315f0ad8355cddefde31afa28d0e9',
} as const;
export const ALL_TOPICS = Object.values(TOPICS);
/**
 * ERC-20 / TRC-20 `Approval(owner, spender, value)`: read apart from the five (only from the
 * configured tokens, towards the exchange's routers: every token of a chain approves something).
 */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

/** ERC-20 / TRC-20 `Transfer(from, to, value)`: read from the receipts of taxed tokens' swaps. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A token transfer of a swap's transaction: what its sender's wallet itself sent or received. */
export interface TokenTransfer {
  token: string; // lower-case 0x
  from: string;
  to: string;
  value: bigint;
}

/** A log as eth_getLogs returns it, numbers parsed. */
export interface RawLog {
  address: string; // lower-case 0x
  topics: string[];
  data: string;
  blockNumber: number;
  blockHash: string;
  txHash: string;
  logIndex: number;
}

export type DecodedEvent =
  | {
      kind: 'Swap';
      sender: string;
      to: string;
      amount0In: bigint;
      amount1In: bigint;
      amount0Out: bigint;
      amount1Out: bigint;
    }
  | { kind: 'Sync'; reserve0: bigint; reserve1: bigint }
  | { kind: 'Mint'; sender: string; amount0: bigint; amount1: bigint }
  | { kind: 'Burn'; sender: string; to: string; amount0: bigint; amount1: bigint }
  | { kind: 'PairCreated'; token0: string; token1: string; pair: string }
  | { kind: 'Approval'; owner: string; spender: string; value: bigint };

const word = (data: string, i: number): string => data.slice(2 + i * 64, 2 + (i + 1) * 64);
const uint = (hexWord: string): bigint => BigInt('0x' + (hexWord || '0'));
const addr = (hexWord: string): string => '0x' + hexWord.slice(24).toLowerCase();
const topicAddr = (topic: string | undefined): string => addr((topic ?? '').slice(2));

/** Decodes a log of the five events or an Approval; null for anything else or a malformed log. */
export function decodeLog(log: Pick<RawLog, 'topics' | 'data'>): DecodedEvent | null {
  const t0 = log.topics[0]?.toLowerCase();
  const d = log.data;
  const words = (d.length - 2) / 64;
  switch (t0) {
    case TOPICS.Swap:
      if (words < 4 || log.topics.length < 3) return null;
      return {
        kind: 'Swap',
        sender: topicAddr(log.topics[1]),
        to: topicAddr(log.topics[2]),
        amount0In: uint(word(d, 0)),
        amount1In: uint(word(d, 1)),
        amount0Out: uint(word(d, 2)),
        amount1Out: uint(word(d, 3)),
      };
    case TOPICS.Sync:
      if (words < 2) return null;
      return { kind: 'Sync', reserve0: uint(word(d, 0)), reserve1: uint(word(d, 1)) };
    case TOPICS.Mint:
      if (words < 2 || log.topics.length < 2) return null;
      return {
        kind: 'Mint',
        sender: topicAddr(log.topics[1]),
        amount0: uint(word(d, 0)),
        amount1: uint(word(d, 1)),
      };
    case TOPICS.Burn:
      if (words < 2 || log.topics.length < 3) return null;
      return {
        kind: 'Burn',
        sender: topicAddr(log.topics[1]),
        to: topicAddr(log.topics[2]),
        amount0: uint(word(d, 0)),
        amount1: uint(word(d, 1)),
      };
    case TOPICS.PairCreated:
      if (words < 2 || log.topics.length < 3) return null;
      return {
        kind: 'PairCreated',
        token0: topicAddr(log.topics[1]),
        token1: topicAddr(log.topics[2]),
        pair: addr(word(d, 0)),
      };
    case APPROVAL_TOPIC:
      if (words < 1 || log.topics.length < 3) return null;
      return {
        kind: 'Approval',
        owner: topicAddr(log.topics[1]),
        spender: topicAddr(log.topics[2]),
        value: uint(word(d, 0)),
      };
    default:
      return null;
  }
}

/**
 * A receipt's log (`address`, `topics` and `data` in hex, 0x or not, as EVM and TRON nodes give
 * them) as a token transfer; null for another event or a malformed one.
 */
export function decodeTransfer(log: { address?: unknown; topics?: unknown; data?: unknown }) {
  const hex = (v: unknown) => (typeof v === 'string' ? v.toLowerCase().replace(/^0x/, '') : '');
  const topics = Array.isArray(log.topics) ? log.topics.map(hex) : [];
  const address = hex(log.address);
  const data = hex(log.data);
  if (topics.length !== 3 || topics[0] !== TRANSFER_TOPIC.slice(2)) return null;
  if (!topics.every((t) => /^[0-9a-f]{64}$/.test(t))) return null;
  if (!/^(41)?[0-9a-f]{40}$/.test(address) || !/^[0-9a-f]{64}$/.test(data)) return null;
  return {
    token: '0x' + address.slice(-40),
    from: addr(topics[1]!),
    to: addr(topics[2]!),
    value: uint(data),
  } satisfies TokenTransfer;
}
