import type { AmountNeededEstimate, SwapEstimate } from '@jmswap/shared-chain';
import type { SwapQuote } from './swapForm';

export type KindedEstimate =
  (SwapEstimate & { kind: 'exactIn' }) | (AmountNeededEstimate & { kind: 'exactOut' });

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
  };
}
