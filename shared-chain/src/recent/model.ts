/**
 * Recent transactions, the pure part (no I/O): the stored shape and its validation, the list
 * rules (newest first, at most 20 per account and network), the status transitions, when an EVM
 * send counts as stuck, and the gas price of a speed-up or a cancel.
 */
import * as v from 'valibot';
import type { NetworkId } from '../config/types';

/** How many transactions are kept per account and network. */
export const RECENT_LIMIT = 20;

/**
 * How long an EVM transaction may stay pending before "Speed up" and "Cancel" are offered, per
 * network (about ten of its usual block times, longer where blocks are slow or fees spike).
 */
export const STUCK_AFTER_MS: Readonly<Record<NetworkId, number>> = {
  BSC: 60_000,
  POLY: 90_000,
  BTTC: 60_000,
  ETH: 180_000,
  TRON: Number.POSITIVE_INFINITY, // TRON transactions expire instead (see TRON_EXPIRATION_MS)
};

/** tronweb's default expiration of a built transaction (60 s after its reference block). */
export const TRON_EXPIRATION_MS = 60_000;
/** Extra time given to a TRON transaction past its expiration before it counts as expired. */
export const TRON_EXPIRY_MARGIN_MS = 15_000;
/** An EVM transaction the node no longer knows, whose nonce is still unused, after this long. */
export const EVM_DROPPED_AFTER_MS = 30 * 60_000;

/** A node's minimum raise for a replacement (geth, anvil, bsc: 10%). */
export const REPLACEMENT_BUMP_PERCENT = 10n;

/** The kinds as stored; the list words them in the language shown (shell's Recent transactions). */
export const RECENT_KINDS = [
  'Swap',
  'Approve',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a stored value, not a text
  'Add liquidity',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a stored value, not a text
  'Remove liquidity',
  'Revoke',
  'Cancel',
] as const;
export type RecentKind = (typeof RECENT_KINDS)[number];

export const RECENT_STATUSES = [
  'pending',
  'confirmed',
  'failed',
  'dropped',
  'expired',
  'replaced',
] as const;
export type RecentStatus = (typeof RECENT_STATUSES)[number];

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const RecentTransactionSchema = v.object({
  hash: v.pipe(v.string(), v.regex(/^(0x)?[0-9a-fA-F]{64}$/)),
  kind: v.picklist(RECENT_KINDS),
  /** What moved, as shown ("10 BNB → at least 95.2 JM"). */
  summary: text(200),
  /** When it was sent (ms since the epoch). */
  time: v.pipe(v.number(), v.integer(), v.minValue(0)),
  status: v.picklist(RECENT_STATUSES),
  /** EVM: the sender's nonce, once read back from the node. */
  nonce: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** TRON: the transaction's expiration (ms), once read back from the node. */
  expiresAt: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** The transaction that took this one's nonce (a speed-up or a cancel). */
  replacedBy: v.optional(text(66)),
  /** The transaction this one replaces (same nonce). */
  replaces: v.optional(text(66)),
  /**
   * Once settled by this page's send: what it came to, as shown ("Received 95.3 JM", or why it
   * failed and the fee it cost). A reload that settles it by polling knows only the status.
   */
  outcome: v.optional(text(300)),
  /**
   * EVM: the transaction as the app built it and the wallet sent it (its hash is `hash`): what a
   * Speed up sends again. Absent when the wallet changed it, and in lists stored before.
   */
  sent: v.optional(
    v.object({
      from: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
      chainId: v.pipe(v.number(), v.integer(), v.minValue(1)),
      to: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
      data: v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2}){0,20000}$/)),
      value: v.pipe(v.string(), v.regex(/^\d{1,78}$/)),
      gas: v.pipe(v.string(), v.regex(/^\d{1,20}$/)),
      nonce: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    }),
  ),
});

export type RecentTransaction = v.InferOutput<typeof RecentTransactionSchema>;

const StoredSchema = v.object({
  version: v.literal(1),
  items: v.pipe(v.array(RecentTransactionSchema), v.maxLength(RECENT_LIMIT * 2)),
});

/** The localStorage key of an account's list on a network (EVM addresses case-folded). */
export function storageKey(network: NetworkId, account: string): string {
  const id = /^0x/i.test(account) ? account.toLowerCase() : account;
  return `jmswap:recent-transactions:${network}:${id}`;
}

/**
 * Reads a stored list; anything that is not valid JSON of the expected shape (a corrupt, old or
 * hand-edited value) yields an empty list and `corrupt: true`, never an exception.
 */
export function parseStored(raw: string | null): { items: RecentTransaction[]; corrupt: boolean } {
  if (raw === null) return { items: [], corrupt: false };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { items: [], corrupt: true };
  }
  const parsed = v.safeParse(StoredSchema, json);
  if (!parsed.success) return { items: [], corrupt: true };
  return { items: sortAndCap(parsed.output.items), corrupt: false };
}

export const serialize = (items: readonly RecentTransaction[]): string =>
  JSON.stringify({ version: 1, items: sortAndCap(items) });

const sortAndCap = (items: readonly RecentTransaction[]): RecentTransaction[] =>
  [...items].sort((a, b) => b.time - a.time).slice(0, RECENT_LIMIT);

const sameHash = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Adds (or replaces, by hash) one transaction: newest first, at most RECENT_LIMIT. */
export function addTransaction(
  items: readonly RecentTransaction[],
  tx: RecentTransaction,
): RecentTransaction[] {
  return sortAndCap([tx, ...items.filter((t) => !sameHash(t.hash, tx.hash))]);
}

/** Applies a change to one transaction by hash. */
export function updateTransaction(
  items: readonly RecentTransaction[],
  hash: string,
  change: Partial<RecentTransaction>,
): RecentTransaction[] {
  return items.map((t) => (sameHash(t.hash, hash) ? { ...t, ...change } : t));
}

export const isFinal = (status: RecentStatus): boolean => status !== 'pending';

/**
 * One account's list as two pages of this browser have it (tabs share the storage, each keeps
 * its own copy): every transaction of either, none lost. Of one transaction's two versions a
 * settled one beats a pending one (the other page may not have looked yet); otherwise
 * `preferred`'s fields win, the other's fill what it lacks (a nonce, an outcome).
 */
export function mergeLists(
  preferred: readonly RecentTransaction[],
  other: readonly RecentTransaction[],
): RecentTransaction[] {
  const byHash = new Map(other.map((t) => [t.hash.toLowerCase(), t]));
  const merged = preferred.map((mine) => {
    const key = mine.hash.toLowerCase();
    const theirs = byHash.get(key);
    byHash.delete(key);
    if (theirs === undefined) return mine;
    return isFinal(theirs.status) && !isFinal(mine.status)
      ? { ...mine, ...theirs }
      : { ...theirs, ...mine };
  });
  return sortAndCap([...merged, ...byHash.values()]);
}

/** What one look at the chain said about a pending transaction. */
export type Observation =
  /** Mined: receipt status (EVM) or result (TRON). */
  | { type: 'mined'; success: boolean }
  /** The node knows it and it is not mined yet. */
  | { type: 'waiting'; nonce?: number; expiresAt?: number }
  /**
   * The node does not know it (anymore). EVM: `nonceUsed` tells whether the account's nonce has
   * moved past it (another transaction with that nonce was mined).
   */
  | { type: 'unknown'; nonceUsed?: boolean }
  /** The node could not be asked: nothing changes. */
  | { type: 'unreachable' };

/**
 * The status transitions. Only a pending transaction changes; mined is final (confirmed or
 * failed); a TRON transaction unknown to the node past its expiration (plus a margin) is
 * expired; an EVM transaction whose nonce was used by a transaction of this list is replaced
 * (`replacedBy`), by any other one dropped; an unknown EVM transaction with an unused nonce is
 * dropped only after EVM_DROPPED_AFTER_MS.
 *
 * `pendingSibling`: a transaction of this list with the same nonce was not yet seen mined or
 * gone in this look (it may have been looked up just before the block that mined it, or
 * recorded after the look began). Its nonce being used then most likely means it was mined, so
 * the decision waits for the next look instead of saying dropped.
 */
export function nextStatus(
  tx: RecentTransaction,
  seen: Observation,
  context: {
    platform: 'evm' | 'tron';
    now: number;
    minedSibling?: string;
    pendingSibling?: boolean;
  },
): Partial<RecentTransaction> | undefined {
  if (tx.status !== 'pending') return undefined;
  switch (seen.type) {
    case 'unreachable':
      return undefined;
    case 'mined':
      return { status: seen.success ? 'confirmed' : 'failed' };
    case 'waiting': {
      const change: Partial<RecentTransaction> = {};
      if (seen.nonce !== undefined && tx.nonce === undefined) change.nonce = seen.nonce;
      if (seen.expiresAt !== undefined && tx.expiresAt === undefined)
        change.expiresAt = seen.expiresAt;
      if (context.minedSibling && context.platform === 'evm')
        return { ...change, status: 'replaced', replacedBy: context.minedSibling };
      return Object.keys(change).length > 0 ? change : undefined;
    }
    case 'unknown': {
      if (context.platform === 'tron') {
        const expiresAt = tx.expiresAt ?? tx.time + TRON_EXPIRATION_MS;
        return context.now > expiresAt + TRON_EXPIRY_MARGIN_MS ? { status: 'expired' } : undefined;
      }
      if (context.minedSibling) return { status: 'replaced', replacedBy: context.minedSibling };
      if (seen.nonceUsed) return context.pendingSibling ? undefined : { status: 'dropped' };
      return context.now - tx.time > EVM_DROPPED_AFTER_MS ? { status: 'dropped' } : undefined;
    }
  }
}

/**
 * A transaction said dropped whose nonce a transaction of the same list was mined with is
 * replaced by it (whichever of the two was looked at first): the list follows the replacement.
 */
export function followReplacements(items: RecentTransaction[]): RecentTransaction[] {
  const mined = new Map<number, string>();
  for (const t of items) {
    if ((t.status === 'confirmed' || t.status === 'failed') && t.nonce !== undefined)
      mined.set(t.nonce, t.hash);
  }
  let next = items;
  for (const t of items) {
    const by = t.nonce === undefined ? undefined : mined.get(t.nonce);
    if (t.status === 'dropped' && by !== undefined && !sameHash(by, t.hash))
      next = updateTransaction(next, t.hash, { status: 'replaced', replacedBy: by });
  }
  return next;
}

/** Does the list offer "Speed up" and "Cancel" for this transaction now? */
export function isStuck(tx: RecentTransaction, network: NetworkId, now: number): boolean {
  if (tx.status !== 'pending' || tx.nonce === undefined) return false;
  return now - tx.time > STUCK_AFTER_MS[network];
}

/** The fee fields of a pending EVM transaction, as eth_getTransactionByHash gives them. */
export interface FeeFields {
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

const ceilPercent = (value: bigint, percent: bigint): bigint =>
  (value * (100n + percent) + 99n) / 100n;

/**
 * The (legacy) gas price of a replacement: at least the original's highest fee raised by the
 * node's replacement minimum (+10%, rounded up, plus 1 wei so that "at least" holds on every
 * node's rounding), and at least the node's current gas price.
 */
export function replacementGasPrice(original: FeeFields, currentGasPrice: bigint): bigint {
  const paid = [
    original.gasPrice,
    original.maxFeePerGas,
    original.maxPriorityFeePerGas,
  ].reduce<bigint>((max, fee) => (fee !== undefined && fee > max ? fee : max), 0n);
  const bumped = paid === 0n ? 0n : ceilPercent(paid, REPLACEMENT_BUMP_PERCENT) + 1n;
  return bumped > currentGasPrice ? bumped : currentGasPrice;
}

/** The gas limit of a cancel: a plain transfer of 0 to the sender's own address. */
export const CANCEL_GAS_LIMIT = 21_000n;
