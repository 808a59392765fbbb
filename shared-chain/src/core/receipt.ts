/**
 * What a mined transaction moved, read from its receipt's logs (pure): the ERC-20/TRC-20
 * `Transfer` events of a token to or from the user, and the wrapped base coin's `Deposit` and
 * `Withdrawal` by the router (the base coin itself moves without an event). This is what the
 * success popup says arrived: the chain's figure, taxes and refunds included, not the quote.
 *
 * Addresses and topics are compared as lower-case hex without prefix; an address is its last
 * 20 bytes, so EVM (0x...) and TRON (41... or the bare 20 bytes the node's logs carry) compare
 * alike. Base58 TRON addresses are converted by the caller.
 */

/** One log of a receipt, as the node gives it (hex strings, with or without 0x). */
export interface TxLog {
  address: string;
  topics: readonly string[];
  data: string;
}

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** keccak256("Deposit(address,uint256)"): the wrapped base coin minted to its first topic. */
export const DEPOSIT_TOPIC = 'e1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c';
/** keccak256("Withdrawal(address,uint256)"): the wrapped base coin paid out by its first topic. */
export const WITHDRAWAL_TOPIC = '7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65';

const bare = (hex: string): string => hex.replace(/^0x/i, '').toLowerCase();

/** The 20 address bytes of an 0x, 41-prefixed or bare address, or of a 32-byte topic. */
export const addressBytes = (hex: string): string => bare(hex).slice(-40);

function amountOf(data: string): bigint {
  const word = bare(data).slice(0, 64);
  return /^[0-9a-f]{64}$/.test(word) ? BigInt(`0x${word}`) : 0n;
}

const topicIs = (log: TxLog, index: number, value: string): boolean => {
  const topic = log.topics[index];
  return topic !== undefined && bare(topic) === value;
};

const ofToken = (log: TxLog, token: string): boolean =>
  addressBytes(log.address) === addressBytes(token);

/** `Transfer` events of `token` that credit (`to`) or debit (`from`) `account`, summed. */
export function transferred(
  logs: readonly TxLog[],
  token: string,
  account: string,
  side: 'to' | 'from',
): bigint {
  const who = addressBytes(account);
  const topic = side === 'from' ? 1 : 2;
  return logs.reduce(
    (sum, log) =>
      ofToken(log, token) &&
      topicIs(log, 0, TRANSFER_TOPIC) &&
      log.topics[topic] !== undefined &&
      addressBytes(log.topics[topic] as string) === who
        ? sum + amountOf(log.data)
        : sum,
    0n,
  );
}

/** The wrapped base coin `by` wrapped (Deposit) or unwrapped (Withdrawal), summed. */
export function wrapped(
  logs: readonly TxLog[],
  wrappedBase: string,
  by: string,
  how: 'deposit' | 'withdrawal',
): bigint {
  const who = addressBytes(by);
  const event = how === 'deposit' ? DEPOSIT_TOPIC : WITHDRAWAL_TOPIC;
  return logs.reduce(
    (sum, log) =>
      ofToken(log, wrappedBase) &&
      topicIs(log, 0, event) &&
      log.topics[1] !== undefined &&
      addressBytes(log.topics[1] as string) === who
        ? sum + amountOf(log.data)
        : sum,
    0n,
  );
}

const ZERO_ADDRESS = '0'.repeat(40);

/** Tokens minted to `account` by any contract (a pair's pool tokens: Transfer from zero), summed. */
export function minted(logs: readonly TxLog[], account: string): bigint | undefined {
  const who = addressBytes(account);
  const sum = logs.reduce(
    (total, log) =>
      topicIs(log, 0, TRANSFER_TOPIC) &&
      log.topics[1] !== undefined &&
      log.topics[2] !== undefined &&
      addressBytes(log.topics[1]) === ZERO_ADDRESS &&
      addressBytes(log.topics[2]) === who
        ? total + amountOf(log.data)
        : total,
    0n,
  );
  return sum > 0n ? sum : undefined;
}

/** A token of a send, by address; `isBase`: the base coin, moved as the wrapped base by `router`. */
export interface MovedToken {
  address: string;
  isBase?: boolean;
}

/**
 * What `account` paid of `token` and what it got, read from the logs of a send through `router`.
 * The base coin is what the router wrapped (paid) or unwrapped (got): the router wraps exactly
 * what a swap or add used and refunds the rest, and pays out exactly what it unwrapped. Undefined
 * when the logs show no movement of that token at all (a node that gave no logs, say).
 */
export function movedBy(
  logs: readonly TxLog[],
  token: MovedToken,
  account: string,
  router: string,
): { paid: bigint | undefined; got: bigint | undefined } {
  if (token.isBase) {
    const paid = wrapped(logs, token.address, router, 'deposit');
    const got = wrapped(logs, token.address, router, 'withdrawal');
    return { paid: paid > 0n ? paid : undefined, got: got > 0n ? got : undefined };
  }
  const paid = transferred(logs, token.address, account, 'from');
  const got = transferred(logs, token.address, account, 'to');
  return { paid: paid > 0n ? paid : undefined, got: got > 0n ? got : undefined };
}

/** A mined transaction's cost and logs, as the writers read them from the receipt. */
export interface MinedReceipt {
  /** What the transaction cost in the base coin's base units (EVM gas x price; TRON sun burned). */
  fee?: bigint;
  logs?: TxLog[];
}
