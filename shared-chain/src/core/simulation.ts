/**
 * Simulation before a send (checklist item 23): what the user reads when the exact
 * transaction, simulated from their address against the latest block (`eth_call` on EVM,
 * `triggerconstantcontract` on TRON), reverts. Nothing is sent then. Pure; loaded only with
 * the send path (the writers), never with the first load.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../i18n/setup';
import { ChainError, catalogued, withMinedFailure } from './errors';

/** What a send does, for the sentence's subject. */
export type SendAction = 'swap' | 'approve' | 'add' | 'remove' | 'createPair';

const SUBJECT: Record<SendAction, MessageDescriptor> = {
  swap: msg`This swap`,
  approve: msg`This approval`,
  add: msg`Adding this liquidity`,
  remove: msg`Removing this liquidity`,
  createPair: msg`Creating this pool`,
};

const SLIPPAGE = msg`the price moved beyond your slippage. Try again or raise slippage.`;

/** Why, by the router's, the pair's and the tokens' require messages (without their prefix). */
const WHY: Record<string, MessageDescriptor> = {
  INSUFFICIENT_OUTPUT_AMOUNT: SLIPPAGE,
  EXCESSIVE_INPUT_AMOUNT: SLIPPAGE,
  INSUFFICIENT_A_AMOUNT: SLIPPAGE,
  INSUFFICIENT_B_AMOUNT: SLIPPAGE,
  EXPIRED: msg`its deadline has passed. Try again.`,
  K: msg`the pool changed while it was prepared. Try again.`,
  LOCKED: msg`the pool is busy. Try again.`,
  INSUFFICIENT_LIQUIDITY: msg`the pool does not have enough liquidity.`,
  INSUFFICIENT_INPUT_AMOUNT: msg`the amount is too small.`,
  INSUFFICIENT_AMOUNT: msg`the amount is too small.`,
  INSUFFICIENT_LIQUIDITY_MINTED: msg`the amount is too small for pool tokens.`,
  INSUFFICIENT_LIQUIDITY_BURNED: msg`the amount is too small to withdraw.`,
  TRANSFER_FAILED: msg`a token refused the transfer.`,
  TRANSFER_FROM_FAILED: msg`a token refused the transfer. Check your balance and approval.`,
  BASE_TRANSFER_FAILED: msg`sending the coin back failed.`,
  INSUFFICIENT_BALANCE: msg`your balance is too low.`,
  INSUFFICIENT_ALLOWANCE: msg`the approval is too low. Approve again.`,
  INVALID_PATH: msg`this route is not valid.`,
  PAIR_NOT_FOUND: msg`this pair has no pool.`,
  PAIR_EXISTS: msg`this pool already exists.`,
  IDENTICAL_ADDRESSES: msg`both tokens are the same.`,
  INVALID_TAXES: msg`the token taxes do not match the route's.`,
  OVERFLOW: msg`the amount is too large.`,
  // java-tron's results of a mined transaction
  OUT_OF_ENERGY: msg`it ran out of energy. Keep more TRX for fees (or get energy), then try again.`,
  OUT_OF_TIME: msg`it took too long on chain. Try again.`,
};

/**
 * The node's own refusals, before any contract runs: geth's and anvil's "insufficient funds for
 * gas * price + value", java-tron's "balance is not sufficient".
 */
const NODE_REFUSALS: [RegExp, MessageDescriptor][] = [
  [
    /insufficient funds|balance is not sufficient/i,
    msg`your balance does not cover the amount and the network fee.`,
  ],
];

/** The require message without its contract prefix: "JMSwap: EXPIRED" -> "EXPIRED". */
export function revertCode(reason: string): string {
  return reason.replace(/^[A-Za-z0-9_]+:\s*/, '').trim();
}

export interface SimulationText {
  /** The sentence the user reads. */
  message: string;
  /** For unknown reasons: "Details: {raw reason}". */
  details?: string;
}

/** The user's sentence for a simulation that reverted with `reason` (undefined: no reason given). */
export function simulationFailureText(
  action: SendAction,
  reason: string | undefined,
): SimulationText {
  const known =
    reason === undefined
      ? undefined
      : (WHY[revertCode(reason)] ?? NODE_REFUSALS.find(([pattern]) => pattern.test(reason))?.[1]);
  const subject = i18n._(SUBJECT[action]);
  if (known !== undefined) {
    const why = i18n._(known);
    return { message: i18n._(msg`${subject} would fail: ${why}`) };
  }
  const raw = reason === undefined || reason === '' ? i18n._(msg`no reason given`) : reason;
  return {
    message: i18n._(msg`${subject} would fail, so nothing was sent.`),
    details: i18n._(msg`Details: ${raw}`),
  };
}

/** A send stopped by its simulation: code SIMULATION_FAILED, nothing went to the wallet. */
export class SimulationError extends ChainError {
  readonly reason?: string;
  readonly details?: string;
  readonly action: SendAction;

  constructor(action: SendAction, reason: string | undefined) {
    const text = simulationFailureText(action, reason);
    super('SIMULATION_FAILED', text.message);
    this.name = 'SimulationError';
    this.action = action;
    if (reason !== undefined) this.reason = reason;
    if (text.details !== undefined) this.details = text.details;
  }
}

/**
 * A send whose simulation could not run (the node did not answer, or not in time): on EVM and
 * on TRON it is not sent unsimulated; the user reads why and can retry.
 */
export class SimulationUnavailableError extends ChainError {
  readonly action: SendAction;

  constructor(action: SendAction, cause?: unknown) {
    const subject = i18n._(SUBJECT[action]);
    super(
      'SIMULATION_UNAVAILABLE',
      i18n._(
        msg`${subject} was not sent: it could not be simulated, the network did not answer in time. Retry when it answers.`,
      ),
    );
    this.name = 'SimulationUnavailableError';
    this.action = action;
    if (cause !== undefined) this.cause = cause;
  }
}

/** A node failure (none of the network's nodes answered), however a client wrapped it. */
export function isNodeUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; depth += 1) {
    const name = (e as { name?: unknown }).name;
    if (name === 'NodeFailure' || name === 'NoNodeError' || name === 'SimulationTimeout')
      return true;
    e = (e as { error?: unknown; cause?: unknown }).error ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Decode an Error(string) revert payload (hex, with or without 0x); undefined if it is not one. */
export function decodeErrorString(hex: string | undefined): string | undefined {
  if (!hex) return undefined;
  const data = hex.replace(/^0x/, '');
  if (!data.startsWith('08c379a0') || data.length < 8 + 128) return undefined;
  const body = data.slice(8);
  const length = parseInt(body.slice(64, 128), 16);
  const text = body.slice(128, 128 + length * 2);
  if (text.length !== length * 2 || !/^([0-9a-f]{2})*$/i.test(text)) return undefined;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}

/** The raw reason to show for revert data that is no Error(string) (a custom error, a panic). */
export function rawRevert(hex: string | undefined): string | undefined {
  const decoded = decodeErrorString(hex);
  if (decoded !== undefined) return decoded;
  const data = (hex ?? '').replace(/^0x/, '');
  return data === '' ? undefined : `0x${data.slice(0, 74)}`;
}

/** Shown when the transaction read back by hash is not the one built (checklist item 22). */
export const WALLET_CHANGED_TX = catalogued(
  msg`Warning: your wallet changed this transaction before sending it. Check it in your wallet.`,
);

export interface BuiltTx {
  to: string;
  data: string;
  value?: bigint;
}

/** What the node returned for the hash (eth_getTransactionByHash: `input`, hex `value`). */
export interface SentTx {
  from?: string;
  chainId?: string;
  to?: string | null;
  input?: string;
  data?: string;
  value?: string | bigint;
}

/**
 * Did the wallet send what was built? `to`, `data` and `value` compared, case-insensitively,
 * and with `expected`, the sender and the chain (a wallet that sent from another account or on
 * another chain changed it as much).
 */
export function sentMatchesBuilt(
  built: BuiltTx,
  sent: SentTx,
  expected: { from?: string; chainId?: number } = {},
): boolean {
  const hex = (h: string | undefined): string =>
    (h === undefined || h === '' ? '0x' : h).toLowerCase();
  const data = hex(sent.input ?? sent.data);
  const value = sent.value === undefined ? 0n : BigInt(sent.value);
  const sameSender =
    expected.from === undefined || (sent.from ?? '').toLowerCase() === expected.from.toLowerCase();
  const sameChain =
    expected.chainId === undefined ||
    sent.chainId === undefined ||
    Number(BigInt(sent.chainId)) === expected.chainId;
  return (
    sameSender &&
    sameChain &&
    (sent.to ?? '').toLowerCase() === built.to.toLowerCase() &&
    data === hex(built.data) &&
    value === (built.value ?? 0n)
  );
}

/**
 * How a transaction with the same nonce replaced the one a send waits on (Speed up or Cancel
 * from Recent transactions, or the wallet's own): the same call at a higher price
 * ("repriced"), 0 to the sender itself with no data ("cancelled"), or anything else.
 */
export type ReplacementKind = 'repriced' | 'cancelled' | 'replaced';

export function replacementKind(
  built: BuiltTx,
  from: string,
  replacement: SentTx & { to?: string | null },
): ReplacementKind {
  if (sentMatchesBuilt(built, replacement)) return 'repriced';
  const data = (replacement.input ?? replacement.data ?? '0x').toLowerCase();
  const value = replacement.value === undefined ? 0n : BigInt(replacement.value);
  const toSelf = (replacement.to ?? '').toLowerCase() === from.toLowerCase();
  return toSelf && value === 0n && (data === '0x' || data === '') ? 'cancelled' : 'replaced';
}

/** What the user reads when the send they wait on was cancelled or replaced (not a failure). */
export function replacedText(action: SendAction, kind: 'cancelled' | 'replaced'): string {
  const subject = i18n._(SUBJECT[action]);
  return kind === 'cancelled'
    ? i18n._(
        msg`${subject} was cancelled: no tokens moved, only the cancel's network fee was paid.`,
      )
    : i18n._(
        msg`${subject} was replaced by another transaction from your wallet, so it did not go through.`,
      );
}

/**
 * What the user reads when a send was mined and failed there: the subject and, for a known
 * require message or result code, why ("This swap failed on chain: its deadline has passed.").
 * TRON's result codes (OUT_OF_ENERGY, REVERT...) and unknown reasons are named as they are.
 */
export function minedFailureText(action: SendAction, reason: string | undefined): string {
  const subject = i18n._(SUBJECT[action]);
  const known = reason === undefined ? undefined : WHY[revertCode(reason)];
  if (known !== undefined) {
    const why = i18n._(known);
    return i18n._(msg`${subject} failed on chain: ${why}`);
  }
  if (reason === undefined || reason === '') return i18n._(msg`${subject} failed on chain.`);
  return i18n._(msg`${subject} failed on chain: ${reason}`);
}

/** A mined send that failed: "Transaction failed" with the txid, the fee paid and the reason. */
export function minedFailure(
  action: SendAction,
  failure: { txid: string; fee?: bigint; reason?: string; detail?: string },
): ChainError {
  const error = new ChainError('TRANSACTION_FAILED');
  if (failure.detail !== undefined)
    Object.defineProperty(error, 'detail', { value: failure.detail, enumerable: true });
  return withMinedFailure(error, {
    txid: failure.txid,
    fee: failure.fee,
    reason: failure.reason ?? failure.detail,
    text: minedFailureText(action, failure.reason ?? failure.detail),
  });
}
