/**
 * What a mined swap, add or removal moved for the user, by the tokens of its order (pure: the
 * receipt's logs through core/receipt.ts, addresses in the network's own form).
 */
import type { NetworkConfig } from '../config/types';
import type { TxLog } from '../core/receipt';
import { minted, movedBy } from '../core/receipt';
import { liquidityRouterOf } from '../core/routers';
import { toTronHex } from '../adapters/tron/address';

/** An address of `network` (base58 on TRON) as hex bytes core/receipt.ts compares. */
export function addressHex(network: NetworkConfig, address: string): string {
  if (network.platform !== 'tron') return address;
  try {
    return toTronHex(address);
  } catch {
    return address;
  }
}

function moved(
  network: NetworkConfig,
  logs: readonly TxLog[],
  symbol: string,
  account: string,
  router: string,
) {
  const token = network.tokens[symbol];
  if (!token) return { paid: undefined, got: undefined };
  return movedBy(
    logs,
    { address: addressHex(network, token.address), isBase: token.isBase },
    addressHex(network, account),
    addressHex(network, router),
  );
}

/** A swap along `path` for `account`: what it paid of the first token and got of the last. */
export function swapMoved(
  network: NetworkConfig,
  order: { path: readonly string[]; recipient: string },
  logs: readonly TxLog[],
): { spent?: bigint; received?: bigint } {
  const router = network.exchange.ROUTER_ADDRESS;
  const from = order.path[0] ?? '';
  const to = order.path[order.path.length - 1] ?? '';
  return {
    spent: moved(network, logs, from, order.recipient, router).paid,
    received: moved(network, logs, to, order.recipient, router).got,
  };
}

/** An add of liquidity: what `account` deposited of each token and the pool tokens it got. */
export function addMoved(
  network: NetworkConfig,
  order: { symbolA: string; symbolB: string; recipient: string },
  logs: readonly TxLog[],
): { amountA?: bigint; amountB?: bigint; lpTokens?: bigint } {
  const router = liquidityRouterOf(network, order.symbolA, order.symbolB).address;
  return {
    amountA: moved(network, logs, order.symbolA, order.recipient, router).paid,
    amountB: moved(network, logs, order.symbolB, order.recipient, router).paid,
    lpTokens: minted(logs, addressHex(network, order.recipient)),
  };
}

/** A removal of liquidity: what `account` got of each token. */
export function removeMoved(
  network: NetworkConfig,
  order: { symbolA: string; symbolB: string; recipient: string },
  logs: readonly TxLog[],
): { amountA?: bigint; amountB?: bigint } {
  const router = liquidityRouterOf(network, order.symbolA, order.symbolB).address;
  return {
    amountA: moved(network, logs, order.symbolA, order.recipient, router).got,
    amountB: moved(network, logs, order.symbolB, order.recipient, router).got,
  };
}
