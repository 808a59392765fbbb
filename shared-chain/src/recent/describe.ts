/**
 * What a send is, in the list's words: its kind and a short line of the amounts (pure). The line
 * is stored as it reads, so its few words are made in the language in force at the send.
 */
import { t } from '@lingui/core/macro';
import type { NetworkConfig } from '../config/types';
import type { AddLiquidityOrder, RemoveLiquidityOrder, SwapOrder } from '../adapters/types';
import { formatAmount, lpTokensText } from '../core/amounts';
import { MAX_APPROVAL } from '../core/constants';
import { tokenText } from '../core/tokenText';
import type { RecentKind } from './model';

export interface Described {
  kind: RecentKind;
  summary: string;
}

/** At most 6 decimals (truncated), trailing zeros removed: a list line, not a balance. */
export const shortAmount = (value: bigint, decimals: number): string =>
  formatAmount(value, decimals, 6, { dust: true });

/** The key of a token named by its key or its address (undefined: not a token here, LP tokens). */
const keyOf = (network: NetworkConfig, keyOrAddress: string): string | undefined => {
  if (network.tokens[keyOrAddress]) return keyOrAddress;
  return Object.entries(network.tokens).find(
    ([, t]) => t.address.toLowerCase() === keyOrAddress.toLowerCase(),
  )?.[0];
};

const amountOf = (network: NetworkConfig, key: string, value: bigint): string =>
  `${shortAmount(value, network.tokens[key]?.decimals ?? 18)} ${tokenText(network.tokens, key)}`;

export function describeSwap(network: NetworkConfig, order: SwapOrder): Described {
  const from = order.path[0] ?? '';
  const to = order.path[order.path.length - 1] ?? '';
  const sold = amountOf(network, from, order.kind === 'exactIn' ? order.amount : order.bound);
  const bought = amountOf(network, to, order.kind === 'exactIn' ? order.bound : order.amount);
  const summary =
    order.kind === 'exactIn' ? t`${sold} → min ${bought}` : t`max ${sold} → ${bought}`;
  return { kind: 'Swap', summary };
}

export function describeApprove(
  network: NetworkConfig,
  symbolOrAddress: string,
  amount: bigint,
): Described {
  const key = keyOf(network, symbolOrAddress);
  const symbol = key === undefined ? t`LP tokens` : tokenText(network.tokens, key);
  if (amount === 0n) return { kind: 'Revoke', summary: t`${symbol}: allowance 0` };
  const shown =
    amount >= MAX_APPROVAL
      ? t`Unlimited ${symbol}`
      : key !== undefined
        ? amountOf(network, key, amount)
        : `${lpTokensText(amount)} ${symbol}`;
  return { kind: 'Approve', summary: shown };
}

export function describeAdd(network: NetworkConfig, order: AddLiquidityOrder): Described {
  return {
    kind: 'Add liquidity',
    summary: `${amountOf(network, order.symbolA, order.amountA)} + ${amountOf(network, order.symbolB, order.amountB)}`,
  };
}

const removedSummary = (lp: string, minA: string, minB: string) =>
  t`${lp} LP → min ${minA} + ${minB}`;

export function describeRemove(network: NetworkConfig, order: RemoveLiquidityOrder): Described {
  return {
    kind: 'Remove liquidity',
    summary: removedSummary(
      lpTokensText(order.lpTokens),
      amountOf(network, order.symbolA, order.minA),
      amountOf(network, order.symbolB, order.minB),
    ),
  };
}

/** The base coin amount of a fee, as a list line shows it. */
const feeOf = (network: NetworkConfig, fee: bigint): string =>
  amountOf(network, network.baseToken, fee);

/** A settled send that failed on chain: why, and the network fee it still cost. */
export function describeFailure(
  network: NetworkConfig,
  failure: { text?: string; fee?: bigint },
): string {
  const why = failure.text ?? t`Failed on chain.`;
  if (failure.fee === undefined) return why;
  const fee = feeOf(network, failure.fee);
  return t`${why} Network fee: ${fee}`;
}

/** What a confirmed swap delivered (undefined when its logs did not say). */
export function describeReceived(
  network: NetworkConfig,
  amounts: ReadonlyArray<{ symbol: string; amount: bigint | undefined }>,
): string | undefined {
  const known = amounts.filter((a) => a.amount !== undefined);
  if (known.length === 0) return undefined;
  const moved = known.map((a) => amountOf(network, a.symbol, a.amount as bigint)).join(' + ');
  return t`Received ${moved}`;
}

/** The pool tokens a confirmed add minted to the user. */
export function describeLpReceived(lpTokens: bigint): string {
  const lp = lpTokensText(lpTokens);
  return t`Received ${lp} LP tokens`;
}
