/**
 * Swap estimates: exact input ("estimate for a sell amount") and exact output ("amount needed
 * for a desired output"), over the Taxed quotes of the best route.
 *
 * Representations (no floats):
 * - priceImpactBps: bigint basis points (123n = 1.23%), rounded half up; `formatBps` shows it
 *   with the spec's 2 decimals. Definition (the Uniswap V2 interface's "price impact without
 *   fee"): how far the fee-free, tax-free execution price of the trade's actual sizes is from
 *   the mid price along the path, impact = 1 - prod_i rIn_i / (rIn_i + x_i), where x_i is what
 *   actually arrives at pair i (after the sender's tax). The 0.3% LP fee and token taxes are
 *   not impact: the fee is reported separately and the taxes are already in the amounts.
 * - Prices: bigint scaled by 10^PRICE_DECIMALS (18), mid price along the chosen path, in whole
 *   tokens (decimals applied), floored: priceFromInTo = how many `to` for one `from`.
 *   `formatPrice` (core/amounts) shows the spec's 8 decimals.
 * - liquidityProviderFee: base units; exact in: in the receive token (output without the fee
 *   minus output with it); exact out: in the sell token (input with the fee minus without it).
 */
import {
  BPS_DENOMINATOR,
  DEFAULT_SLIPPAGE_BPS,
  FEE_DENOMINATOR,
  PRICE_DECIMALS,
} from './constants';
import type { Hop } from './pairMath';
import {
  type PoolReserves,
  type RouteToken,
  bestExactIn,
  bestExactOut,
  findRoutes,
  quoteRoute,
} from './paths';
import { assertSlippageBps, maximumSold, minimumReceived } from './slippage';

export interface EstimateToken extends RouteToken {
  decimals: number;
}

export interface SwapQuery {
  /** The network's tokens by symbol (TokenConfig records fit). */
  tokens: Readonly<Record<string, EstimateToken>>;
  /** The network's pools with their current reserves. */
  pools: readonly PoolReserves[];
  from: string;
  to: string;
  /** Defaults to DEFAULT_SLIPPAGE_BPS (5%). */
  slippageBps?: number;
  /** Defaults to MAX_HOP_LENGTH (3). */
  maxHopLength?: number;
}

interface EstimateBase {
  path: string[];
  /** The Taxed quote: amounts[0] paid, amounts[n] received. */
  amounts: bigint[];
  amountIn: bigint;
  amountOut: bigint;
  priceImpactBps: bigint;
  slippageBps: number;
  /** Mid price: `to` per one `from`, scaled by 10^18. */
  priceFromInTo: bigint;
  /** Mid price: `from` per one `to`, scaled by 10^18. */
  priceToInFrom: bigint;
  liquidityProviderFee: bigint;
  /** Symbol the fee is expressed in. */
  feeToken: string;
}

export interface SwapEstimate extends EstimateBase {
  minimumReceived: bigint;
}

export interface AmountNeededEstimate extends EstimateBase {
  maximumSold: bigint;
}

/** Price impact in bps, rounded half up: 1 - prod rIn / (rIn + x). */
export function priceImpactBps(hops: readonly Hop[], hopIn: readonly bigint[]): bigint {
  let before = 1n;
  let after = 1n;
  hops.forEach((hop, i) => {
    before *= hop.reserveIn;
    after *= hop.reserveIn + (hopIn[i] as bigint);
  });
  const numerator = (after - before) * BPS_DENOMINATOR;
  return (2n * numerator + after) / (2n * after);
}

/** Mid price along the hops in whole tokens, scaled by 10^18: how many out-tokens for one in-token. */
export function midPrice(hops: readonly Hop[], decimalsIn: number, decimalsOut: number): bigint {
  let numerator = 10n ** BigInt(PRICE_DECIMALS + decimalsIn);
  let denominator = 10n ** BigInt(decimalsOut);
  for (const hop of hops) {
    numerator *= hop.reserveOut;
    denominator *= hop.reserveIn;
  }
  return numerator / denominator;
}

function reversed(hops: readonly Hop[]): Hop[] {
  return [...hops]
    .reverse()
    .map((hop) => ({ reserveIn: hop.reserveOut, reserveOut: hop.reserveIn }));
}

function prices(
  query: SwapQuery,
  hops: readonly Hop[],
): { priceFromInTo: bigint; priceToInFrom: bigint } {
  // Both symbols are known: routing (pathTaxes) has already checked every path token.
  const from = (query.tokens[query.from] as EstimateToken).decimals;
  const to = (query.tokens[query.to] as EstimateToken).decimals;
  return {
    priceFromInTo: midPrice(hops, from, to),
    priceToInFrom: midPrice(reversed(hops), to, from),
  };
}

function routeQuery(query: SwapQuery) {
  return {
    from: query.from,
    to: query.to,
    pools: query.pools,
    tokens: query.tokens,
    maxLength: query.maxHopLength,
  };
}

/**
 * Estimate for a sell amount (exact input). Returns null (no result) when `amountIn` is not
 * above 0. Throws ChainError "No swap path found" / "Insufficient liquidity available".
 */
export function estimateSwap(query: SwapQuery & { amountIn: bigint }): SwapEstimate | null {
  const slippageBps = query.slippageBps ?? DEFAULT_SLIPPAGE_BPS;
  assertSlippageBps(slippageBps);
  if (query.amountIn <= 0n) return null;
  const best = bestExactIn(query.amountIn, routeQuery(query));
  const amountOut = best.amounts[best.amounts.length - 1] as bigint;
  const feeFree = quoteRoute('exact-in', query.amountIn, best, FEE_DENOMINATOR);
  return {
    path: best.path,
    amounts: best.amounts,
    amountIn: query.amountIn,
    amountOut,
    priceImpactBps: priceImpactBps(best.hops, best.hopIn),
    slippageBps,
    ...prices(query, best.hops),
    liquidityProviderFee: (feeFree.amounts[feeFree.amounts.length - 1] as bigint) - amountOut,
    feeToken: query.to,
    minimumReceived: minimumReceived(amountOut, slippageBps),
  };
}

/**
 * Amount needed for a desired output (exact output). Returns null (no result) when `amountOut`
 * is not above 0. Throws ChainError "No swap path found" / "Insufficient liquidity available".
 */
export function estimateAmountNeeded(
  query: SwapQuery & { amountOut: bigint },
): AmountNeededEstimate | null {
  const slippageBps = query.slippageBps ?? DEFAULT_SLIPPAGE_BPS;
  assertSlippageBps(slippageBps);
  if (query.amountOut <= 0n) return null;
  const best = bestExactOut(query.amountOut, routeQuery(query));
  const amountIn = best.amounts[0] as bigint;
  const feeFree = quoteRoute('exact-out', query.amountOut, best, FEE_DENOMINATOR);
  return {
    path: best.path,
    amounts: best.amounts,
    amountIn,
    amountOut: query.amountOut,
    priceImpactBps: priceImpactBps(best.hops, best.hopIn),
    slippageBps,
    ...prices(query, best.hops),
    liquidityProviderFee: amountIn - (feeFree.amounts[0] as bigint),
    feeToken: query.from,
    maximumSold: maximumSold(amountIn, slippageBps),
  };
}

/**
 * "Get price for a token pair": mid prices both ways along the usable path with the best
 * marginal rate (largest `to` per `from`). Throws "No swap path found" when there is none.
 */
export function pairPrices(query: Omit<SwapQuery, 'slippageBps'>): {
  path: string[];
  priceFromInTo: bigint;
  priceToInFrom: bigint;
} {
  let best: { path: string[]; priceFromInTo: bigint; priceToInFrom: bigint } | null = null;
  for (const route of findRoutes(routeQuery(query))) {
    const candidate = { path: route.path, ...prices(query, route.hops) };
    if (best === null || candidate.priceFromInTo > best.priceFromInTo) best = candidate;
  }
  return best as NonNullable<typeof best>;
}
