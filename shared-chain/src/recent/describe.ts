/**
 * What a send is, in the list's words: its kind and a short line of the amounts (pure).
 */
import type { NetworkConfig } from '../config/types';
import type { AddLiquidityOrder, RemoveLiquidityOrder, SwapOrder } from '../adapters/types';
import { formatAmount, MAX_APPROVAL } from '@jmswap/shared-chain';
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
  return hit?.symbol ?? 'LP tokens';
};

const amountOf = (network: NetworkConfig, symbol: string, value: bigint): string =>
  `${shortAmount(value, network.tokens[symbol]?.decimals ?? 18)} ${symbol}`;

export function describeSwap(network: NetworkConfig, order: SwapOrder): Described {
  const from = order.path[0] ?? '';
  const to = order.path[order.path.length - 1] ?? '';
  const summary =
    order.kind === 'exactIn'
      ? `${amountOf(network, from, order.amount)} → min ${amountOf(network, to, order.bound)}`
      : `max ${amountOf(network, from, order.bound)} → ${amountOf(network, to, order.amount)}`;
  return { kind: 'Swap', summary };
}

export function describeApprove(
  network: NetworkConfig,
  symbolOrAddress: string,
  amount: bigint,
): Described {
  const symbol = symbolOf(network, symbolOrAddress);
  if (amount === 0n) return { kind: 'Revoke', summary: `${symbol}: allowance 0` };
  const shown =
    amount >= MAX_APPROVAL
      ? `Unlimited ${symbol}`
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

export function describeRemove(network: NetworkConfig, order: RemoveLiquidityOrder): Described {
  return {
    kind: 'Remove liquidity',
    summary: `${shortAmount(order.lpTokens, 18)} LP → min ${amountOf(network, order.symbolA, order.minA)} + ${amountOf(network, order.symbolB, order.minB)}`,
  };
}
