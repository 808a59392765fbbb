/**
 * Liquidity estimates (product.md sections 4 and 5) with the Uniswap V2 pair's mint and burn
 * formulas. Representations: shares are bigint basis points (10000n = 100%, floored; show with
 * formatBps for the spec's 2 decimals); prices are bigints scaled by 10^18 in whole tokens.
 */
import {
  DIRECT_HOP_LENGTH,
  BPS_DENOMINATOR,
  MAX_LP_PERCENTAGE,
  MIN_LP_PERCENTAGE,
  MINIMUM_LIQUIDITY,
  PERCENT_DENOMINATOR,
  PRICE_DECIMALS,
} from './constants';
import { netAfterTax } from './tax';
import {
  INPUT_VALUES_FIRST,
  INSUFFICIENT_BALANCE,
  INSUFFICIENT_TOKEN_BALANCE,
  SELECT_TOKENS_FIRST,
} from './errors';
import { quote, quoteUp, sqrt } from './pairMath';
import { checkTronFees } from './energy';
import type { ValidationResult } from './validation';

/**
 * The user is the first provider when the pool has no reserves (either reserve zero: such a pool
 * has no price). Both amounts are then free and the ratio sets the price.
 */
export function isFirstProvider(reserveA: bigint, reserveB: bigint): boolean {
  return reserveA <= 0n || reserveB <= 0n;
}

/**
 * The other amount for the side the user edited, at the pool's ratio, rounded up. null for a
 * first provider (both free); 0n when the edited amount is not above 0.
 *
 * Rounded up so that the router takes the edited amount whole, whichever side it computes: from
 * the other side rounded down it would compute the edited side one unit short (0.5 BNB typed,
 * 0.499999999999999999 taken).
 */
export function otherLiquidityAmount(
  edited: 'A' | 'B',
  amount: bigint,
  reserveA: bigint,
  reserveB: bigint,
): bigint | null {
  if (isFirstProvider(reserveA, reserveB)) return null;
  if (amount <= 0n) return 0n;
  return edited === 'A' ? quoteUp(amount, reserveA, reserveB) : quoteUp(amount, reserveB, reserveA);
}

/** Share of pool = amount / (reserve + amount), in bps floored; 100% when the pool is empty. */
export function shareOfPoolBps(amount: bigint, reserve: bigint): bigint {
  if (reserve <= 0n) return BPS_DENOMINATOR;
  if (amount <= 0n) return 0n;
  return (amount * BPS_DENOMINATOR) / (reserve + amount);
}

/** A position's share of the pool: userLiquidity / totalSupply, in bps floored. */
export function userShareBps(userLiquidity: bigint, totalSupply: bigint): bigint {
  if (totalSupply <= 0n || userLiquidity <= 0n) return 0n;
  return (userLiquidity * BPS_DENOMINATOR) / totalSupply;
}

/**
 * Price of A in B (how many B for one A) from two amounts (reserves, or a first provider's
 * entered amounts), scaled by 10^18, floored; null when either amount is not above 0.
 */
export function priceOf(
  amountA: bigint,
  amountB: bigint,
  decimalsA: number,
  decimalsB: number,
): bigint | null {
  if (amountA <= 0n || amountB <= 0n) return null;
  return (
    (amountB * 10n ** BigInt(PRICE_DECIMALS + decimalsA)) / (amountA * 10n ** BigInt(decimalsB))
  );
}

export function priceAtoB(
  reserveA: bigint,
  reserveB: bigint,
  decimalsA: number,
  decimalsB: number,
): bigint | null {
  return priceOf(reserveA, reserveB, decimalsA, decimalsB);
}

export function priceBtoA(
  reserveA: bigint,
  reserveB: bigint,
  decimalsA: number,
  decimalsB: number,
): bigint | null {
  return priceOf(reserveB, reserveA, decimalsB, decimalsA);
}

export interface PairState {
  reserveA: bigint;
  reserveB: bigint;
  /** Total supply of the pair's liquidity token (18 decimals). */
  totalSupply: bigint;
  /**
   * The pair's kLast when the platform fee is on (UniswapV2Pair._mintFee: 1/6 of the growth of
   * sqrt(k), the 0.05% of 0.3%, is minted to the fee recipient before a mint or burn). Omit or 0n
   * to ignore it.
   */
  kLast?: bigint;
}

/** The total supply after the platform fee mint (UniswapV2Pair._mintFee). */
export function totalSupplyAfterFeeMint({
  reserveA,
  reserveB,
  totalSupply,
  kLast = 0n,
}: PairState): bigint {
  if (kLast <= 0n || totalSupply <= 0n) return totalSupply;
  const rootK = sqrt(reserveA * reserveB);
  const rootKLast = sqrt(kLast);
  if (rootK <= rootKLast) return totalSupply;
  return totalSupply + (totalSupply * (rootK - rootKLast)) / (rootK * 5n + rootKLast);
}

/**
 * Liquidity tokens minted for adding amountA and amountB (UniswapV2Pair.mint): the first mint
 * gets sqrt(a * b) - MINIMUM_LIQUIDITY (1000 are locked); later ones
 * min(a * supply / reserveA, b * supply / reserveB). 0n when the pair would mint nothing.
 */
export function lpTokensForAdd(amountA: bigint, amountB: bigint, pair: PairState): bigint {
  if (amountA <= 0n || amountB <= 0n) return 0n;
  const supply = totalSupplyAfterFeeMint(pair);
  if (supply <= 0n) {
    const minted = sqrt(amountA * amountB) - MINIMUM_LIQUIDITY;
    return minted > 0n ? minted : 0n;
  }
  if (isFirstProvider(pair.reserveA, pair.reserveB)) return 0n;
  const byA = (amountA * supply) / pair.reserveA;
  const byB = (amountB * supply) / pair.reserveB;
  return byA < byB ? byA : byB;
}

export interface LiquidityAddEstimate {
  firstProvider: boolean;
  /** B per one A, scaled by 10^18 (the entered ratio for a first provider); null when unknown. */
  priceAtoB: bigint | null;
  priceBtoA: bigint | null;
  /** amountA / (reserveA + amountA) in bps; 10000n for a first provider. */
  shareOfPoolBps: bigint;
  lpTokens: bigint;
}

export function estimateLiquidityAdd(
  input: PairState & { amountA: bigint; amountB: bigint; decimalsA: number; decimalsB: number },
): LiquidityAddEstimate {
  const firstProvider = isFirstProvider(input.reserveA, input.reserveB);
  const [a, b] = firstProvider ? [input.amountA, input.amountB] : [input.reserveA, input.reserveB];
  return {
    firstProvider,
    priceAtoB: priceOf(a, b, input.decimalsA, input.decimalsB),
    priceBtoA: priceOf(b, a, input.decimalsB, input.decimalsA),
    shareOfPoolBps: firstProvider ? BPS_DENOMINATOR : shareOfPoolBps(input.amountA, input.reserveA),
    lpTokens: lpTokensForAdd(input.amountA, input.amountB, input),
  };
}

/** Liquidity tokens for a removal percentage (integer 0..100) of the user's position, floored. */
export function lpTokensForPercentage(userLiquidity: bigint, percent: number): bigint {
  if (!Number.isInteger(percent) || percent < MIN_LP_PERCENTAGE || percent > MAX_LP_PERCENTAGE) {
    throw new RangeError(`Invalid removal percentage: ${percent}`);
  }
  return (userLiquidity * BigInt(percent)) / PERCENT_DENOMINATOR;
}

/** Token amounts paid out for burning `lpTokens` (UniswapV2Pair.burn): lp * reserve / supply. */
export function amountsForLpTokens(
  lpTokens: bigint,
  pair: PairState,
): { amountA: bigint; amountB: bigint } {
  const supply = totalSupplyAfterFeeMint(pair);
  if (lpTokens <= 0n || supply <= 0n) return { amountA: 0n, amountB: 0n };
  return {
    amountA: (lpTokens * pair.reserveA) / supply,
    amountB: (lpTokens * pair.reserveB) / supply,
  };
}

export interface LiquidityRemoveEstimate {
  lpTokens: bigint;
  amountA: bigint;
  amountB: bigint;
}

/** Amounts and liquidity tokens for removing `percent` (0..100; quick 25/50/75/100) of a position. */
export function estimateLiquidityRemoval(
  input: PairState & { userLiquidity: bigint; percent: number },
): LiquidityRemoveEstimate {
  const lpTokens = lpTokensForPercentage(input.userLiquidity, input.percent);
  return { lpTokens, ...amountsForLpTokens(lpTokens, input) };
}

// ------------------------------------------------------------------ what really moves (taxes)

/**
 * The amounts the router's `_addLiquidity` takes from the desired ones: both as given for an
 * empty pool, else the desired A with B at the pool's ratio when that fits, else the desired B
 * with A at the ratio. Mirrors the contract so the promised pool tokens are exact.
 */
export function routerAddAmounts(
  desiredA: bigint,
  desiredB: bigint,
  reserveA: bigint,
  reserveB: bigint,
): { amountA: bigint; amountB: bigint } {
  if (reserveA === 0n && reserveB === 0n) return { amountA: desiredA, amountB: desiredB };
  if (reserveA <= 0n || reserveB <= 0n || desiredA <= 0n || desiredB <= 0n)
    return { amountA: 0n, amountB: 0n };
  const optimalB = quote(desiredA, reserveA, reserveB);
  if (optimalB <= desiredB) return { amountA: desiredA, amountB: optimalB };
  return { amountA: quote(desiredB, reserveB, reserveA), amountB: desiredB };
}

export interface LiquidityAddPlan extends LiquidityAddEstimate {
  /** What leaves the wallet (the router's amounts). */
  amountA: bigint;
  amountB: bigint;
  /** What reaches the pair (after the token's tax when the tax applies, docs/taxes.md). */
  toPoolA: bigint;
  toPoolB: bigint;
}

/**
 * An add as the chain will execute it. `taxA`/`taxB` are the percents that apply on this route
 * (0 through the LIQUIDITY_ROUTER, which every taxed token exempts but SafeMoney and PSRS).
 */
export function planLiquidityAdd(
  input: PairState & {
    desiredA: bigint;
    desiredB: bigint;
    decimalsA: number;
    decimalsB: number;
    taxA: number;
    taxB: number;
  },
): LiquidityAddPlan {
  const { amountA, amountB } = routerAddAmounts(
    input.desiredA,
    input.desiredB,
    input.reserveA,
    input.reserveB,
  );
  const toPoolA = netAfterTax(amountA, input.taxA);
  const toPoolB = netAfterTax(amountB, input.taxB);
  const estimate = estimateLiquidityAdd({ ...input, amountA: toPoolA, amountB: toPoolB });
  return { ...estimate, amountA, amountB, toPoolA, toPoolB };
}

export interface LiquidityRemovalPlan extends LiquidityRemoveEstimate {
  /** What the router measures and checks against the minimums (after the pair -> router tax). */
  atRouterA: bigint;
  atRouterB: bigint;
  /** What arrives in the wallet. */
  receivedA: bigint;
  receivedB: bigint;
}

/**
 * A removal as the chain executes it: the pair releases lp * balance / supply; both routers
 * forward the tokens pair -> router -> wallet, so a taxed token that does not exempt the router
 * (`taxA`/`taxB` > 0: SafeMoney, PSRS on the normal router) pays its tax twice.
 */
export function planLiquidityRemoval(
  input: PairState & { userLiquidity: bigint; percent: number; taxA: number; taxB: number },
): LiquidityRemovalPlan {
  const removal = estimateLiquidityRemoval(input);
  const atRouterA = netAfterTax(removal.amountA, input.taxA);
  const atRouterB = netAfterTax(removal.amountB, input.taxB);
  return {
    ...removal,
    atRouterA,
    atRouterB,
    receivedA: netAfterTax(atRouterA, input.taxA),
    receivedB: netAfterTax(atRouterB, input.taxB),
  };
}

// ------------------------------------------------------------------ SUPPLY checks

export interface LiquidityAddCheckInput {
  tokenA?: { symbol: string; isBase?: boolean };
  tokenB?: { symbol: string; isBase?: boolean };
  /** Base units; undefined when the field is empty or not a number yet. */
  amountA?: bigint;
  amountB?: bigint;
  balanceA: bigint;
  balanceB: bigint;
  /** TRON only: free energy and the TRX balance for the fee rule (a liquidity add is one direct call). */
  tron?: { energy: number; trxBalance: bigint };
}

/** The swap box's texts, applied to both sides of an add (product.md sections 5 and 8). */
export function validateLiquidityAdd(input: LiquidityAddCheckInput): ValidationResult {
  const { tokenA, tokenB, amountA, amountB } = input;
  if (!tokenA || !tokenB) return { ok: false, code: 'SELECT_TOKENS', message: SELECT_TOKENS_FIRST };
  if (!amountA || !amountB || amountA <= 0n || amountB <= 0n)
    return { ok: false, code: 'INPUT_VALUES', message: INPUT_VALUES_FIRST };
  for (const [token, amount, balance] of [
    [tokenA, amountA, input.balanceA],
    [tokenB, amountB, input.balanceB],
  ] as const) {
    if (amount > balance)
      return token.isBase
        ? { ok: false, code: 'INSUFFICIENT_BALANCE', message: INSUFFICIENT_BALANCE }
        : { ok: false, code: 'INSUFFICIENT_TOKEN_BALANCE', message: INSUFFICIENT_TOKEN_BALANCE };
  }
  if (input.tron) {
    const base = tokenA.isBase ? amountA : tokenB.isBase ? amountB : 0n;
    const fees = checkTronFees({
      energy: input.tron.energy,
      pathLength: DIRECT_HOP_LENGTH,
      trxBalance: input.tron.trxBalance,
      sellingBase: base > 0n,
      sellAmount: base,
    });
    if (!fees.ok) return { ok: false, code: 'TRON_FEES', message: fees.message };
  }
  return { ok: true };
}
