/**
 * Slippage in basis points (integer number, 500 = 5%): bounds for the swap and the user's input.
 */
import { parseAmount } from './amounts';
import {
  BPS_DENOMINATOR,
  DEFAULT_SLIPPAGE_BPS,
  HIGH_SLIPPAGE_WARNING_BPS,
  LOW_SLIPPAGE_WARNING_BPS,
  MAX_SLIPPAGE_BPS,
} from './constants';
import { type TaxedToken, effectiveTax } from './tax';

/** Slippage usable in the math: an integer 0..9999 basis points. */
export function assertSlippageBps(slippageBps: number): void {
  if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps >= 10_000) {
    throw new RangeError(`Invalid slippage: ${slippageBps} bps`);
  }
}

/**
 * Minimum received for an exact-input swap: out * (10000 - slippage) / 10000, floored, and at
 * least one base unit of an output there is. Floored to 0, the router would take the whole input
 * for nothing: a few base units of a token of few decimals (one unit of a 0-decimal token worth
 * 95 USDT, bought with 95 USDT at 5%) could be taken whole by a sandwich.
 */
export function minimumReceived(amountOut: bigint, slippageBps: number): bigint {
  assertSlippageBps(slippageBps);
  const floored = (amountOut * (BPS_DENOMINATOR - BigInt(slippageBps))) / BPS_DENOMINATOR;
  return floored === 0n && amountOut > 0n ? 1n : floored;
}

/** Maximum sold for an exact-output swap: in * (10000 + slippage) / 10000, ceiled. */
export function maximumSold(amountIn: bigint, slippageBps: number): bigint {
  assertSlippageBps(slippageBps);
  const numerator = amountIn * (BPS_DENOMINATOR + BigInt(slippageBps));
  return (numerator + BPS_DENOMINATOR - 1n) / BPS_DENOMINATOR;
}

export type SlippageParseResult = { ok: true; bps: number } | { ok: false };

/**
 * The slippage field (a percent with at most 2 decimals): "0.5" -> 50 bps. Rejects '', "-1",
 * "0", "abc", "1e3", "50.01" (above 50%) and more than 2 decimals (reliability item 19).
 */
export function parseSlippagePercent(text: string): SlippageParseResult {
  const parsed = parseAmount(text, 2, { strict: true });
  if (!parsed.ok || parsed.value <= 0n || parsed.value > BigInt(MAX_SLIPPAGE_BPS))
    return { ok: false };
  return { ok: true, bps: Number.parseInt(parsed.value.toString(), 10) };
}

export type SlippageWarning = 'may-fail' | 'may-be-frontrun';

/**
 * Below 0.05% the swap may fail; above 5% it may be frontrun, or, for a taxed route, above the
 * slippage it is told to use (`suggestedBps`: 5% plus its taxes, see suggestedSlippageBps): the
 * box does not warn against its own suggestion.
 */
export function slippageWarning(slippageBps: number, suggestedBps = 0): SlippageWarning | null {
  if (slippageBps < LOW_SLIPPAGE_WARNING_BPS) return 'may-fail';
  if (slippageBps > Math.max(HIGH_SLIPPAGE_WARNING_BPS, suggestedBps)) return 'may-be-frontrun';
  return null;
}

/**
 * A slippage suggestion that covers the path's taxes: the base slippage (default 5%) plus each
 * path token's tax (the base coin is never taxed), capped at 50%. Untaxed paths get the base.
 * The Taxed quotes already include the taxes exactly; the extra room absorbs tax-wallet or
 * exemption differences so a taxed swap does not fail its bounds.
 */
export function suggestedSlippageBps(
  pathTokens: readonly TaxedToken[],
  baseSlippageBps: number = DEFAULT_SLIPPAGE_BPS,
): number {
  const taxBps = pathTokens.reduce((sum, token) => sum + effectiveTax(token) * 100, 0);
  return Math.min(baseSlippageBps + taxBps, MAX_SLIPPAGE_BPS);
}
