import {
  minimumReceived,
  type AmountNeededEstimate,
  type SwapEstimate,
} from '@jmswap/shared-chain/swap';
import type { SwapQuote } from './swapForm';

export type KindedEstimate = (
  (SwapEstimate & { kind: 'exactIn' }) | (AmountNeededEstimate & { kind: 'exactOut' })
) & { readAt?: number };

/** What the info block shows for an estimate; the estimate itself rides along for the swap. */
export function quoteFromEstimate(e: KindedEstimate): SwapQuote {
  return {
    kind: e.kind,
    amountIn: e.amountIn,
    amountOut: e.amountOut,
    bound: e.kind === 'exactIn' ? e.minimumReceived : e.maximumSold,
    priceImpactBps: e.priceImpactBps,
    liquidityProviderFee: e.liquidityProviderFee,
    feeSymbol: e.feeToken,
    path: e.path,
    source: e,
    readAt: e.readAt,
  };
}

/**
 * The launchPad buy: the amount needed for the typed receive amount, sent as an exact-in swap of
 * that amount with minimum received = the typed amount minus slippage. Launchpad tokens are
 * taxed, and an exact-out swap of a fee-on-transfer token reverts when the tax changes what
 * arrives. Path, amounts, impact and fee (in the sell token) stay the amount-needed estimate's.
 */
export function launchPadBuy<E extends AmountNeededEstimate & { kind: 'exactOut' }>(
  needed: E,
): Omit<E, 'kind' | 'maximumSold'> & { kind: 'exactIn'; minimumReceived: bigint } {
  const { maximumSold: _maximumSold, ...rest } = needed;
  return {
    ...rest,
    kind: 'exactIn',
    minimumReceived: minimumReceived(needed.amountOut, needed.slippageBps),
  };
}
