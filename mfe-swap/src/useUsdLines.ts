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
  /** The dollars the quote's price impact costs; undefined when it shows as 0.00%. */
  impact?: string;
  /** What the receive side is worth against the sell side, in basis points (-123n: 1.23% less). */
  difference?: bigint;
  /** The sell amount's dollar value (usdValueOf's scale). */
  fromValue?: bigint;
}

/**
 * The receive side's dollar value against the sell side's, in basis points, truncated toward
 * zero; undefined unless both sides have a value. It counts everything the trade costs at the
 * api's prices: price impact, the pool's fee and a taxed token's tax.
 */
export function usdDifferenceBps(
  valueIn: bigint | undefined,
  valueOut: bigint | undefined,
): bigint | undefined {
  if (valueIn === undefined || valueOut === undefined || valueIn <= 0n) return undefined;
  return ((valueOut - valueIn) * 10_000n) / valueIn;
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
  return {
    from: text(from),
    to: text(to),
    // An impact below 0.01% (shown "0.00%") costs nothing worth a "(-$0.00)".
    impact: impact === 0n ? undefined : text(impact),
    difference: usdDifferenceBps(from, to),
    fromValue: from,
  };
}
