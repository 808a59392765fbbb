/**
 * The confirm step's simulated result: what the exact transaction would do on the
 * chain now (the router call's return values from eth_call / triggerconstantcontract), read as
 * what leaves the wallet and what arrives, compared with the quote's slippage bounds, and the
 * sentences the user reads. Pure, bigint base units; loaded with the preview only.
 */
// From the singleton (as the other core files of the feature entries): no copy of its own.
import { msg } from '@lingui/core/macro';
import { catalogued } from './errors';
import { formatAmount, formatAmountUp, lpTokensText } from './amounts';
import { i18n } from '../i18n/setup';

/** Reverts that mean "the pool gives less than your slippage allows" (the bounds sent). */
const SLIPPAGE_REVERTS = new Set([
  'INSUFFICIENT_OUTPUT_AMOUNT',
  'EXCESSIVE_INPUT_AMOUNT',
  'INSUFFICIENT_A_AMOUNT',
  'INSUFFICIENT_B_AMOUNT',
]);

/** Did the simulation revert only because the result is beyond the slippage bounds? */
export function isSlippageRevert(reason: string | undefined): boolean {
  // Without the contract's prefix ("JMSwap: EXCESSIVE_INPUT_AMOUNT"), as core/simulation reads it.
  return (
    reason !== undefined && SLIPPAGE_REVERTS.has(reason.replace(/^[A-Za-z0-9_]+:\s*/, '').trim())
  );
}

export interface SimulatedSwap {
  amountIn: bigint;
  amountOut: bigint;
}

/** A swap's `amounts[]` return value: the first leaves the wallet, the last arrives. */
export function swapAmounts(outputs: readonly bigint[]): SimulatedSwap | undefined {
  if (outputs.length < 2) return undefined;
  return { amountIn: outputs[0] as bigint, amountOut: outputs[outputs.length - 1] as bigint };
}

/** Worse than the quote by more than the slippage: below the minimum received / above the maximum sold. */
export function swapIsWorse(
  kind: 'exactIn' | 'exactOut',
  bound: bigint,
  simulated: SimulatedSwap,
): boolean {
  return kind === 'exactIn' ? simulated.amountOut < bound : simulated.amountIn > bound;
}

/** How much worse than quoted, in basis points of the quote (0 when it is not worse). */
export function shortfallBps(quoted: bigint, simulated: bigint, higherIsWorse = false): bigint {
  if (quoted <= 0n) return 0n;
  const gap = higherIsWorse ? simulated - quoted : quoted - simulated;
  return gap > 0n ? (gap * 10_000n) / quoted : 0n;
}

/** "4.9" from 490 bps (one decimal, rounded down). */
export const percentOf = (bps: bigint): string => `${bps / 100n}.${(bps % 100n) / 10n}`;

export interface SimulatedLiquidity {
  /** In the order's token order; undefined when the router does not return it. */
  amountA?: bigint;
  amountB?: bigint;
  /** Add only: LP tokens minted to the user. */
  lpTokens?: bigint;
}

/**
 * The router's return values of an add or remove, in the order's A/B order: the token-token
 * forms return (A, B[, liquidity]); the base-coin forms (token, base[, liquidity]); the
 * fee-on-transfer base removal only (base).
 */
export function liquidityAmounts(
  fn: string,
  outputs: readonly bigint[],
  baseIs?: 'A' | 'B',
): SimulatedLiquidity {
  const isBaseForm = /Base/.test(fn);
  const adding = fn.startsWith('add');
  if (!isBaseForm || baseIs === undefined) {
    return adding
      ? { amountA: outputs[0], amountB: outputs[1], lpTokens: outputs[2] }
      : { amountA: outputs[0], amountB: outputs[1] };
  }
  const [token, base] = outputs.length === 1 ? [undefined, outputs[0]] : [outputs[0], outputs[1]];
  const pair =
    baseIs === 'A' ? { amountA: base, amountB: token } : { amountA: token, amountB: base };
  return adding ? { ...pair, lpTokens: outputs[2] } : pair;
}

/** Below either minimum (what the router checks against minA / minB). */
export function liquidityIsWorse(
  minA: bigint,
  minB: bigint,
  simulated: SimulatedLiquidity,
): boolean {
  return (
    (simulated.amountA !== undefined && simulated.amountA < minA) ||
    (simulated.amountB !== undefined && simulated.amountB < minB)
  );
}

/** A token amount as the confirm step shows it. */
export interface Shown {
  amount: bigint;
  symbol: string;
  decimals: number;
}

const show = (t: Shown, up = false) =>
  `${up ? formatAmountUp(t.amount, t.decimals, 6) : formatAmount(t.amount, t.decimals, 6, { dust: true })} ${t.symbol}`;

/**
 * The confirm step before a first approval: the router cannot take the token yet, so the send
 * cannot be simulated until the approval is in (the send path simulates it right after).
 */
export const APPROVAL_FIRST_TEXT = catalogued(
  msg`The result is simulated once the approval is confirmed.`,
);

/** "Simulated: 1 BNB leaves your wallet, 312.4 USDT arrives (at least 310.8 USDT)." */
export function swapPreviewText(
  kind: 'exactIn' | 'exactOut',
  sent: Shown,
  received: Shown,
  bound: bigint,
): string {
  const arriving = show(received);
  if (kind === 'exactIn') {
    const leaving = show(sent);
    const least = show({ ...received, amount: bound });
    return i18n._(
      msg`Simulated: ${leaving} leaves your wallet, ${arriving} arrives (at least ${least}).`,
    );
  }
  const leaving = show(sent, true);
  const most = show({ ...sent, amount: bound }, true);
  return i18n._(
    msg`Simulated: ${leaving} leaves your wallet (at most ${most}), ${arriving} arrives.`,
  );
}

/**
 * The swap now gives less than the slippage allows (its exact transaction would revert):
 * "The pool now gives 295.1 USDT, 5.5% less than quoted: more than your 0.5% slippage, so this
 * swap would fail. Wait for a new quote, swap less or raise slippage."
 */
export function swapWorseText(
  kind: 'exactIn' | 'exactOut',
  simulated: Shown,
  shortBps: bigint,
  slippageBps: number,
): string {
  const short = percentOf(shortBps);
  const slippage = percentOf(BigInt(slippageBps));
  if (kind === 'exactIn') {
    const gives = show(simulated);
    return i18n._(
      msg`The pool now gives ${gives}, ${short}% less than quoted: more than your ${slippage}% slippage, so this swap would fail. Wait for a new quote, swap less or raise slippage.`,
    );
  }
  const needs = show(simulated, true);
  return i18n._(
    msg`The pool now needs ${needs}, ${short}% more than quoted: more than your ${slippage}% slippage, so this swap would fail. Wait for a new quote, swap less or raise slippage.`,
  );
}

/**
 * "Simulated: 1 BNB and 312.4 USDT leave your wallet, 17.6 LP tokens arrive." LP tokens as
 * `lpTokensText` writes them: a TRX pair's are often far below 0.000001.
 */
export function addPreviewText(a: Shown, b: Shown, lpTokens?: bigint): string {
  const first = show(a);
  const second = show(b);
  if (lpTokens === undefined)
    return i18n._(msg`Simulated: ${first} and ${second} leave your wallet.`);
  const lp = lpTokensText(lpTokens);
  return i18n._(msg`Simulated: ${first} and ${second} leave your wallet, ${lp} LP tokens arrive.`);
}

/** "Simulated: 10 LP tokens leave your wallet, 1 BNB and 312.4 USDT arrive." */
export function removePreviewText(lpTokens: bigint, arriving: readonly Shown[]): string {
  const lp = lpTokensText(lpTokens);
  const [first = '', second] = arriving.map((t) => show(t));
  return second === undefined
    ? i18n._(msg`Simulated: ${lp} LP tokens leave your wallet, ${first} arrives.`)
    : i18n._(msg`Simulated: ${lp} LP tokens leave your wallet, ${first} and ${second} arrive.`);
}

/** An add or removal that would now fall below the minimums (its transaction would revert). */
export function liquidityWorseText(action: 'add' | 'remove', slippageBps: number): string {
  const slippage = percentOf(BigInt(slippageBps));
  return action === 'add'
    ? i18n._(
        msg`The pool moved: adding this liquidity now gives less than your ${slippage}% slippage allows, so it would fail. Go back and enter the amounts again, or raise slippage.`,
      )
    : i18n._(
        msg`The pool moved: removing this liquidity now gives less than your ${slippage}% slippage allows, so it would fail. Go back and enter the amounts again, or raise slippage.`,
      );
}

/** EVM: "Estimated network fee: 0.00042 BNB" (gas x gas price, rounded up at 6 decimals). */
export function evmFeeText(feeWei: bigint, coin: string): string {
  const fee = formatAmountUp(feeWei, 18, 6);
  return i18n._(msg`Estimated network fee: ${fee} ${coin}`);
}
