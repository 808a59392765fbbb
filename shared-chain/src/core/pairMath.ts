/**
 * Uniswap V2 pair math (UniswapV2Library, 997/1000 fee) and the router's Taxed path quotes
 * (docs/taxes.md). Inputs the library would revert on throw a ChainError with the library's
 * reason as `code` (INSUFFICIENT_INPUT_AMOUNT, INSUFFICIENT_OUTPUT_AMOUNT, INSUFFICIENT_LIQUIDITY).
 */
import { FEE_DENOMINATOR, FEE_NUMERATOR } from './constants';
import { ChainError } from './errors';
import { grossForNet, netAfterTax } from './tax';

/** One pair of a path, oriented in the trading direction. */
export interface Hop {
  reserveIn: bigint;
  reserveOut: bigint;
}

function assertReserves(reserveIn: bigint, reserveOut: bigint): void {
  if (reserveIn <= 0n || reserveOut <= 0n) throw new ChainError('INSUFFICIENT_LIQUIDITY');
}

/** Output of a pair for `amountIn` (fee numerator 997 of 1000; 1000 = fee-free, used for the LP fee). */
export function getAmountOut(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeNumerator: bigint = FEE_NUMERATOR,
): bigint {
  if (amountIn <= 0n) throw new ChainError('INSUFFICIENT_INPUT_AMOUNT');
  assertReserves(reserveIn, reserveOut);
  const amountInWithFee = amountIn * feeNumerator;
  return (amountInWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + amountInWithFee);
}

/** Input a pair needs to send `amountOut`; the desired output must be below the reserve. */
export function getAmountIn(
  amountOut: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeNumerator: bigint = FEE_NUMERATOR,
): bigint {
  if (amountOut <= 0n) throw new ChainError('INSUFFICIENT_OUTPUT_AMOUNT');
  assertReserves(reserveIn, reserveOut);
  if (amountOut >= reserveOut) throw new ChainError('INSUFFICIENT_LIQUIDITY');
  const numerator = reserveIn * amountOut * FEE_DENOMINATOR;
  const denominator = (reserveOut - amountOut) * feeNumerator;
  return numerator / denominator + 1n;
}

/** numerator / denominator, rounded up (both positive). */
export const ceilDiv = (numerator: bigint, denominator: bigint): bigint =>
  (numerator + denominator - 1n) / denominator;

/** The equivalent amount of the other asset at the pool's ratio (no fee): amountA * reserveB / reserveA. */
export function quote(amountA: bigint, reserveA: bigint, reserveB: bigint): bigint {
  if (amountA <= 0n) throw new ChainError('INSUFFICIENT_INPUT_AMOUNT');
  assertReserves(reserveA, reserveB);
  return (amountA * reserveB) / reserveA;
}

/** `quote` rounded up. */
export function quoteUp(amountA: bigint, reserveA: bigint, reserveB: bigint): bigint {
  if (amountA <= 0n) throw new ChainError('INSUFFICIENT_INPUT_AMOUNT');
  assertReserves(reserveA, reserveB);
  return ceilDiv(amountA * reserveB, reserveA);
}

function assertPathShape(hops: readonly Hop[], taxes: readonly number[]): void {
  if (hops.length < 1) throw new RangeError('A path needs at least one hop');
  if (taxes.length !== hops.length + 1) {
    throw new RangeError(
      `Expected ${hops.length + 1} taxes (one per path token), got ${taxes.length}`,
    );
  }
}

/** A Taxed quote with what each pair receives and sends (useful for price impact). */
export interface TaxedQuote {
  /** amounts[0] gross paid by the user, amounts[i] net arriving (at P(i+1), or the recipient). */
  amounts: bigint[];
  /** hopIn[i]: what arrives at pair i (after the sender's tax). */
  hopIn: bigint[];
  /** hopOut[i]: what pair i sends (before the token's tax). */
  hopOut: bigint[];
}

export function quoteExactInTaxed(
  amountIn: bigint,
  hops: readonly Hop[],
  taxes: readonly number[],
  feeNumerator: bigint = FEE_NUMERATOR,
): TaxedQuote {
  assertPathShape(hops, taxes);
  const amounts = [amountIn];
  const hopIn: bigint[] = [];
  const hopOut: bigint[] = [];
  let arriving = netAfterTax(amountIn, taxes[0] as number);
  hops.forEach((hop, i) => {
    const out = getAmountOut(arriving, hop.reserveIn, hop.reserveOut, feeNumerator);
    hopIn.push(arriving);
    hopOut.push(out);
    arriving = netAfterTax(out, taxes[i + 1] as number);
    amounts.push(arriving);
  });
  return { amounts, hopIn, hopOut };
}

export function quoteExactOutTaxed(
  amountOut: bigint,
  hops: readonly Hop[],
  taxes: readonly number[],
  feeNumerator: bigint = FEE_NUMERATOR,
): TaxedQuote {
  assertPathShape(hops, taxes);
  const amounts: bigint[] = new Array<bigint>(hops.length + 1).fill(0n);
  const hopIn: bigint[] = new Array<bigint>(hops.length).fill(0n);
  const hopOut: bigint[] = new Array<bigint>(hops.length).fill(0n);
  amounts[hops.length] = amountOut;
  let needed = amountOut;
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i] as Hop;
    const sent = grossForNet(needed, taxes[i + 1] as number);
    const arriving = getAmountIn(sent, hop.reserveIn, hop.reserveOut, feeNumerator);
    hopOut[i] = sent;
    hopIn[i] = arriving;
    amounts[i] = arriving;
    needed = arriving;
  }
  amounts[0] = grossForNet(needed, taxes[0] as number);
  return { amounts, hopIn, hopOut };
}

/**
 * The router's getAmountsOutTaxed(amountIn, path, taxes): amounts[0] = amountIn (paid),
 * amounts[i] = net_i(getAmountOut(amounts[i-1] net of the sender's tax ...)); amounts[n] is what
 * the recipient receives. `taxes` has one integer percent per path token (base coin: 0).
 */
export function getAmountsOutTaxed(
  amountIn: bigint,
  hops: readonly Hop[],
  taxes: readonly number[],
): bigint[] {
  return quoteExactInTaxed(amountIn, hops, taxes).amounts;
}

/**
 * The router's getAmountsInTaxed(amountOut, path, taxes): walking back from the recipient,
 * amounts[n] = amountOut, amounts[i] = what must arrive at P(i+1), amounts[0] = what the user pays.
 */
export function getAmountsInTaxed(
  amountOut: bigint,
  hops: readonly Hop[],
  taxes: readonly number[],
): bigint[] {
  return quoteExactOutTaxed(amountOut, hops, taxes).amounts;
}

/** Untaxed Uniswap V2 getAmountsOut / getAmountsIn over hops. */
export function getAmountsOut(amountIn: bigint, hops: readonly Hop[]): bigint[] {
  return getAmountsOutTaxed(amountIn, hops, new Array<number>(hops.length + 1).fill(0));
}

export function getAmountsIn(amountOut: bigint, hops: readonly Hop[]): bigint[] {
  return getAmountsInTaxed(amountOut, hops, new Array<number>(hops.length + 1).fill(0));
}

/** Integer square root (floor), as UniswapV2 Math.sqrt. */
export function sqrt(value: bigint): bigint {
  if (value < 0n) throw new RangeError('Square root of a negative number');
  if (value < 4n) return value === 0n ? 0n : 1n;
  let z = value;
  let x = value / 2n + 1n;
  while (x < z) {
    z = x;
    x = (value / x + x) / 2n;
  }
  return z;
}
