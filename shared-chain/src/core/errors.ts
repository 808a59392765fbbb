/**
 * The error catalogue (product.md section 8, chain-layer.md section 8): every user-facing text,
 * worded exactly as the spec words it, plus builders for the parameterised ones and a typed
 * error class carrying a machine-readable code.
 *
 * The texts stay English constants (code and tests compare them); each is also a Lingui message
 *, and `describeText` gives the screen its descriptor to translate it by.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../i18n/setup';

/**
 * A remote that bundles shared-chain's feature code (`/swap`, `/liquidity`) carries its own copy
 * of this module. So that a copy's errors and texts are the page's, the copies meet under global
 * symbols: the texts' descriptors are one map, and `instanceof ChainError` (or `SwapError`)
 * checks a brand, not which copy's class made the error.
 */
const shared = globalThis as { [key: symbol]: unknown };
const DESCRIPTORS = Symbol.for('@jmswap/shared-chain/error-texts');
const CHAIN_ERROR = Symbol.for('@jmswap/shared-chain/ChainError');
const SWAP_ERROR = Symbol.for('@jmswap/shared-chain/SwapError');

const descriptors = (shared[DESCRIPTORS] ??= new Map()) as Map<string, MessageDescriptor>;

/** `value instanceof base` where `base` is `ChainError` or `SwapError` itself: by brand. */
function branded(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && brand in value;
}

/** The English text of `descriptor`, remembered so the screen can translate it. */
export function catalogued(descriptor: MessageDescriptor): string {
  const english = descriptor.message as string;
  descriptors.set(english, descriptor);
  return english;
}

/** The message behind one of this catalogue's English texts (undefined for any other text). */
export const describeText = (english: string): MessageDescriptor | undefined =>
  descriptors.get(english);

/** One of these texts in the language shown (any other text as it is: made in it already). */
export function localText(english: string): string {
  const descriptor = descriptors.get(english);
  return descriptor ? i18n._(descriptor) : english;
}

// --- Swap form validation --------------------------------------------------------------------
export const SELECT_TOKENS_FIRST = catalogued(msg`Select the tokens first`);
export const INPUT_VALUES_FIRST = catalogued(msg`You need to input the values first`);
export const INSUFFICIENT_BALANCE = catalogued(msg`Insufficient balance`);
export const INSUFFICIENT_TOKEN_BALANCE = catalogued(msg`Insufficient balance of selected token`);
export const SELECT_BOTH_TOKENS_FIRST = catalogued(msg`Select both tokens first`);

// --- Swap outcome ----------------------------------------------------------------------------
export const APPROVAL_UNSUCCESSFUL = catalogued(msg`Approval unsuccessful (swap aborted)`);
export const ALLOWANCE_UNREAD = catalogued(
  msg`Your allowance could not be read, so nothing was sent. Check your connection, then try again.`,
);
export const SWAP_FAILED = catalogued(msg`Swap failed`);
export const PROCESSING_TRANSACTION = catalogued(msg`Processing transaction, please wait...`);

// --- Liquidity -------------------------------------------------------------------------------
export const ERROR_ADDING_LIQUIDITY = catalogued(msg`Error adding liquidity`);
export const ERROR_REMOVING_LIQUIDITY = catalogued(msg`Error removing liquidity`);
export const LIQUIDITY_ADDED = catalogued(msg`Liquidity added`);
export const LIQUIDITY_REMOVED = catalogued(msg`Liquidity removed`);

// --- Chain layer -----------------------------------------------------------------------------
export const TRANSACTION_FAILED = catalogued(msg`Transaction failed`);
export const NO_SWAP_PATH_FOUND = catalogued(msg`No swap path found`);
export const INSUFFICIENT_LIQUIDITY_AVAILABLE = catalogued(msg`Insufficient liquidity available`);
export const WALLET_NOT_CONNECTED = catalogued(msg`Wallet not connected`);
export const INVALID_VALUE = catalogued(msg`invalid value`);
export const TOO_MANY_DECIMAL_POINTS = catalogued(msg`too many decimal points`);
export const NOT_IMPLEMENTED = 'Not implemented';
export const METHOD_NEEDS_IMPLEMENTATION = 'Method needs to be implemented in the subclass';
/** The wallet declined (EIP-1193 code 4001). */
export const USER_REJECTED = catalogued(msg`Request rejected in the wallet`);
/** Sends are refused while the wallet is on another chain than the selected network. */
export const WRONG_NETWORK = catalogued(
  msg`Your wallet is on another network. Switch it to the selected network to continue.`,
);

/** The swap button label when the estimate fails. */
export const INSUFFICIENT_LIQUIDITY_BUTTON = catalogued(msg`INSUFFICIENT LIQUIDITY`);

// --- Parameterised texts ---------------------------------------------------------------------

/** TRON fees, variant 1 (see energy.ts for when it applies). */
export function notEnoughEnergyOrTrxMessage(reserveTrx: number): string {
  return i18n._(
    msg`You don't have enough energy or TRX for the transaction. Try to leave at least ${reserveTrx} TRX for the fees.`,
  );
}

/** TRON fees, variant 2 (shown with a link to buy energy at a discount, for 10 s). */
export function freeEnergyOrTrxMessage(reserveTrx: number): string {
  return i18n._(msg`You should have free energy or at least ${reserveTrx} TRX for the fees.`);
}

/** "Swap failed: {code}" when the result carries a code, else "Swap failed". */
export function swapFailedMessage(code?: string | number | null): string {
  return code === undefined || code === null || code === ''
    ? SWAP_FAILED
    : i18n._(msg`Swap failed: ${code}`);
}

/** A second send while one is open (a double click, a second tab of the same box). */
export const TRANSACTION_PENDING = catalogued(
  msg`A transaction is still waiting for your wallet or the chain. Wait until it settles.`,
);

/** The wallet moved to another account during an action: what was left of it is not sent. */
export const ACCOUNT_CHANGED = catalogued(
  msg`Your wallet switched to another account, so nothing more was sent. Check the amounts and try again.`,
);

// --- Typed errors ----------------------------------------------------------------------------

export type ChainErrorCode =
  | 'NO_PATH'
  | 'INSUFFICIENT_LIQUIDITY'
  | 'INSUFFICIENT_INPUT_AMOUNT'
  | 'INSUFFICIENT_OUTPUT_AMOUNT'
  | 'INVALID_VALUE'
  | 'TOO_MANY_DECIMAL_POINTS'
  | 'WALLET_NOT_CONNECTED'
  | 'TRANSACTION_FAILED'
  | 'NOT_IMPLEMENTED'
  | 'METHOD_NEEDS_IMPLEMENTATION'
  /** The wallet is on another chain than the selected network and did not switch. */
  | 'WRONG_NETWORK'
  /** A transaction of this account is still waiting for the wallet or the chain. */
  | 'TRANSACTION_PENDING'
  /** The send's simulation reverted: nothing went to the wallet (core/simulation.ts words it). */
  | 'SIMULATION_FAILED'
  /** The send's simulation could not run (no node answered it in time): nothing was sent. */
  | 'SIMULATION_UNAVAILABLE'
  /** A transaction with the same nonce (a Cancel, another send) replaced it: not a failure. */
  | 'TRANSACTION_CANCELLED'
  /** The wallet switched account during an action (between its approval and its send). */
  | 'ACCOUNT_CHANGED'
  /** EIP-1193 code 4001 (as a string): the user rejected the request in the wallet. */
  | '4001';

const DEFAULT_MESSAGES: Record<ChainErrorCode, string> = {
  NO_PATH: NO_SWAP_PATH_FOUND,
  INSUFFICIENT_LIQUIDITY: INSUFFICIENT_LIQUIDITY_AVAILABLE,
  // The pair library's INSUFFICIENT_*_AMOUNT reverts; shown to users as the liquidity message.
  INSUFFICIENT_INPUT_AMOUNT: INSUFFICIENT_LIQUIDITY_AVAILABLE,
  INSUFFICIENT_OUTPUT_AMOUNT: INSUFFICIENT_LIQUIDITY_AVAILABLE,
  INVALID_VALUE: INVALID_VALUE,
  TOO_MANY_DECIMAL_POINTS: TOO_MANY_DECIMAL_POINTS,
  WALLET_NOT_CONNECTED: WALLET_NOT_CONNECTED,
  TRANSACTION_FAILED: TRANSACTION_FAILED,
  NOT_IMPLEMENTED: NOT_IMPLEMENTED,
  METHOD_NEEDS_IMPLEMENTATION: METHOD_NEEDS_IMPLEMENTATION,
  WRONG_NETWORK: WRONG_NETWORK,
  TRANSACTION_PENDING: TRANSACTION_PENDING,
  SIMULATION_FAILED: TRANSACTION_FAILED,
  SIMULATION_UNAVAILABLE: TRANSACTION_FAILED,
  TRANSACTION_CANCELLED: TRANSACTION_FAILED,
  ACCOUNT_CHANGED: ACCOUNT_CHANGED,
  '4001': USER_REJECTED,
};

/** An error of the chain layer: `message` is the user-facing text, `code` is for programs. */
export class ChainError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== ChainError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return branded(value, CHAIN_ERROR);
  }

  readonly code: ChainErrorCode;

  constructor(code: ChainErrorCode, message: string = DEFAULT_MESSAGES[code]) {
    super(message);
    this.name = 'ChainError';
    this.code = code;
  }
}

export type SwapErrorCode =
  | 'SELECT_TOKENS'
  | 'INPUT_VALUES'
  | 'INSUFFICIENT_BALANCE'
  | 'INSUFFICIENT_TOKEN_BALANCE'
  | 'TRON_FEES'
  | 'SELECT_BOTH_TOKENS'
  | 'APPROVAL_FAILED'
  | 'SWAP_FAILED'
  /** The swap's own check could not read the wallet's balance: no node answered. */
  | 'BALANCE_UNREAD'
  /** The approval's check could not read the allowance: no node answered, nothing was sent. */
  | 'ALLOWANCE_UNREAD';

/** An error of the swap flow (validation, approval, result): `message` is the toast text. */
export class SwapError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== SwapError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return branded(value, SWAP_ERROR);
  }

  readonly code: SwapErrorCode;

  constructor(code: SwapErrorCode, message: string) {
    super(message);
    this.name = 'SwapError';
    this.code = code;
  }
}

// The brands, on the prototypes: every error these classes (or their subclasses) make has one.
Object.defineProperty(ChainError.prototype, CHAIN_ERROR, { value: true });
Object.defineProperty(SwapError.prototype, SWAP_ERROR, { value: true });

/**
 * A transaction that was mined and failed there (a revert, out of energy): its id, the fee it
 * still cost, the chain's reason and, once the send path worded it, the sentence users read.
 */
export interface MinedFailure {
  txid: string;
  /** Base units of the network's base coin; undefined when the node did not say. */
  fee?: bigint;
  /** The revert reason or the chain's result code, as the chain gave it. */
  reason?: string;
  /** What the user reads ("This swap failed on chain: its deadline has passed."). */
  text?: string;
}

const MINED = Symbol.for('@jmswap/shared-chain/mined-failure');

/** Marks `error` as a mined failure (the fields readable on it, as TRON's errors carry them). */
export function withMinedFailure<E extends Error>(error: E, failure: MinedFailure): E {
  for (const [key, value] of Object.entries(failure)) {
    // A field the error already carries for good (TRON's txid, reason) keeps its value.
    if (value === undefined || Object.getOwnPropertyDescriptor(error, key)?.configurable === false)
      continue;
    Object.defineProperty(error, key, { value, enumerable: true, configurable: true });
  }
  Object.defineProperty(error, MINED, { value: true });
  return error;
}

/** The mined failure an error carries (a send that reached a block), else undefined. */
export function minedFailureOf(error: unknown): MinedFailure | undefined {
  if (typeof error !== 'object' || error === null || !(MINED in error)) return undefined;
  const e = error as Partial<MinedFailure>;
  if (typeof e.txid !== 'string') return undefined;
  return {
    txid: e.txid,
    ...(typeof e.fee === 'bigint' ? { fee: e.fee } : {}),
    ...(typeof e.reason === 'string' ? { reason: e.reason } : {}),
    ...(typeof e.text === 'string' ? { text: e.text } : {}),
  };
}

export function isChainError(error: unknown): error is ChainError {
  return error instanceof ChainError;
}
