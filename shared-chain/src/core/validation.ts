/**
 * The swap validations of product.md section 5, in the spec's order, with the spec's texts,
 * and the allowance rule.
 */
import {
  INPUT_VALUES_FIRST,
  INSUFFICIENT_BALANCE,
  INSUFFICIENT_TOKEN_BALANCE,
  SELECT_BOTH_TOKENS_FIRST,
  SELECT_TOKENS_FIRST,
  type SwapErrorCode,
} from './errors';
import { UNLIMITED_ALLOWANCE_THRESHOLD } from './constants';
import { type TronFeeCheckInput, checkTronFees } from './energy';

export type ValidationResult = { ok: true } | { ok: false; code: SwapErrorCode; message: string };

const OK: ValidationResult = { ok: true };

export interface SwapValidationInput {
  fromToken: string | null | undefined;
  toToken: string | null | undefined;
  /** The sell amount in base units; null/undefined/0 = not entered. */
  fromAmount: bigint | null | undefined;
  /** The receive amount in base units; null/undefined/0 = not entered. */
  toAmount: bigint | null | undefined;
  /** The from token is the network's base coin. */
  fromIsBase: boolean;
  /** Balance of the from token in base units (the base balance when selling the base coin). */
  fromBalance: bigint;
  /** On TRON: the energy rule's inputs (sell amount and base flag are taken from above). */
  tron?: Omit<TronFeeCheckInput, 'sellingBase' | 'sellAmount'>;
}

function present(amount: bigint | null | undefined): amount is bigint {
  return amount !== null && amount !== undefined && amount > 0n;
}

/**
 * Both tokens ("Select the tokens first"), both amounts ("You need to input the values first"),
 * the balance ("Insufficient balance" for the base coin, "Insufficient balance of selected
 * token" otherwise), then on TRON the energy rule (the fee messages).
 */
export function validateSwap(input: SwapValidationInput): ValidationResult {
  if (!input.fromToken || !input.toToken) {
    return { ok: false, code: 'SELECT_TOKENS', message: SELECT_TOKENS_FIRST };
  }
  if (!present(input.fromAmount) || !present(input.toAmount)) {
    return { ok: false, code: 'INPUT_VALUES', message: INPUT_VALUES_FIRST };
  }
  if (input.fromAmount > input.fromBalance) {
    return input.fromIsBase
      ? { ok: false, code: 'INSUFFICIENT_BALANCE', message: INSUFFICIENT_BALANCE }
      : { ok: false, code: 'INSUFFICIENT_TOKEN_BALANCE', message: INSUFFICIENT_TOKEN_BALANCE };
  }
  if (input.tron !== undefined) {
    const fees = checkTronFees({
      ...input.tron,
      sellingBase: input.fromIsBase,
      sellAmount: input.fromAmount,
    });
    if (!fees.ok) return { ok: false, code: 'TRON_FEES', message: fees.message };
  }
  return OK;
}

/** MAX needs both tokens selected, else "Select both tokens first". */
export function validateMax(
  fromToken: string | null | undefined,
  toToken: string | null | undefined,
): ValidationResult {
  return fromToken && toToken
    ? OK
    : { ok: false, code: 'SELECT_BOTH_TOKENS', message: SELECT_BOTH_TOKENS_FIRST };
}

export type ApprovalMode = 'max' | 'exact';

/**
 * The spec's rule ('max', default): an allowance is sufficient only if it is (about) the
 * maximum approval value: from UNLIMITED_ALLOWANCE_THRESHOLD (2^255) up, so a token that
 * spends from an unlimited allowance is not approved again on every swap. With the
 * exact-approval setting ('exact'): if it covers `required`.
 */
export function isAllowanceSufficient(
  remaining: bigint,
  required: bigint,
  mode: ApprovalMode = 'max',
): boolean {
  if (remaining < required) return false;
  return mode === 'max' ? remaining >= UNLIMITED_ALLOWANCE_THRESHOLD : true;
}

/** The base coin needs no approval. */
export function needsApproval(token: { isBase?: boolean }): boolean {
  return token.isBase !== true;
}
