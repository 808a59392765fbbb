/**
 * What a send is, in the list's words: its kind and a short line of the amounts (pure). The line
 * is stored as it reads, so its few words are made in the language in force at the send.
 */
import { t } from '@lingui/core/macro';
import type { NetworkConfig } from '../config/types';
import type { AddLiquidityOrder, RemoveLiquidityOrder, SwapOrder } from '../adapters/types';
import { formatAmount } from '../core/amounts';
import { MAX_APPROVAL } from '../core/constants';
import type { RecentKind } from './model';

export interface Described {
  kind: RecentKind;
  summary: string;
}

/** At most 6 decimals (truncated), trailing zeros removed: a list line, not a balance. */
export const shortAmount = (value: bigint, decimals: number): string =>
  formatAmount(value, decimals, 6);

const symbolOf = (network: NetworkConfig, symbolOrAddress: string): string => {
  if (network.tokens[symbolOrAddress]) return symbolOrAddress;
  const hit = Object.values(network.tokens).find(
    (t) => t.address.toLowerCase() === symbolOrAddress.toLowerCase(),
  );
  return hit?.symbol ?? t`LP tokens`;
};

const amountOf = (network: NetworkConfig, symbol: string, value: bigint): string =>
  `${shortAmount(value, network.tokens[symbol]?.decimals ?? 18)} ${symbol}`;

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
  const symbol = symbolOf(network, symbolOrAddress);
  if (amount === 0n) return { kind: 'Revoke', summary: t`${symbol}: allowance 0` };
  const shown =
    amount >= MAX_APPROVAL
      ? t`Unlimited ${symbol}`
      : network.tokens[symbol]
        ? amountOf(network, symbol, amount)
        : `${shortAmount(amount, 18)} ${symbol}`;
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
      shortAmount(order.lpTokens, 18),
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
  const lp = shortAmount(lpTokens, 18);
  return t`Received ${lp} LP tokens`;
}
