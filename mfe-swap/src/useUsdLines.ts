import { parseAmount, type NetworkConfig } from '@jmswap/shared-chain';
import {
  formatUsdValue,
  impactUsd,
  usdPriceOfToken,
  usdValueOf,
  type UsdPrices,
} from '@jmswap/shared-chain/history';
import type { SwapFormState } from './form/swapForm';

export interface UsdLines {
  /** Under the sell and receive amounts; undefined: no price (the line is hidden). */
  from?: string;
  to?: string;
  /** The dollars the quote's price impact costs. */
  impact?: string;
}

/**
 * The dollar lines of the swap box, from the API's USD prices (the charts page's figures,
 * `useUsdPrices`): the value of each amount shown, and of the price impact. A token without a
 * price has no line, and neither has a token that is not listed, whatever its symbol.
 */
export function useUsdLines(
  network: NetworkConfig,
  state: SwapFormState,
  prices: UsdPrices | undefined,
): UsdLines {
  if (!prices) return {};
  const valueOf = (symbol: string | undefined, text: string) => {
    const token = symbol ? network.tokens[symbol] : undefined;
    if (!token) return undefined;
    const parsed = parseAmount(text, token.decimals);
    if (!parsed.ok || parsed.value === 0n) return undefined;
    return usdValueOf(parsed.value, token.decimals, usdPriceOfToken(prices, token));
  };
  const from = valueOf(state.fromSymbol, state.fromAmount);
  const to = valueOf(state.toSymbol, state.toAmount);
  const impact = state.quote ? impactUsd(state.quote.priceImpactBps, from, to) : undefined;
  const text = (value: bigint | undefined) =>
    value === undefined ? undefined : formatUsdValue(value);
  return { from: text(from), to: text(to), impact: text(impact) };
}
