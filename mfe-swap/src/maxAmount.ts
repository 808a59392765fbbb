import type { NetworkConfig, TokenConfig } from '@jmswap/shared-chain';
import { maxSpendable } from '@jmswap/shared-chain/swap';

/**
 * MAX: the whole token balance; for the base coin, the balance minus what the fees need: on
 * TRON the energy rule's reserve for the longest route; on EVM the swap's real gas cost
 * (`gasReserve`: gas limit x gas price with a margin), else 400 000 gas at the network's fixed
 * price, else 1/100 of a coin (shared-chain's `maxSpendable`, as the liquidity panel's MAX).
 */
export function maxSellAmount(
  network: NetworkConfig,
  token: TokenConfig,
  balance: bigint,
  energy?: bigint,
  gasReserve?: bigint,
): bigint {
  return maxSpendable(network, token, balance, {
    energy,
    gasReserve,
    pathLength: network.exchange.MAX_HOP_LENGTH,
  });
}

/** Symbols that share a direct pool with `symbol` (the "Direct pair available" icon). */
export function directPairsOf(network: NetworkConfig, symbol?: string): Set<string> {
  const out = new Set<string>();
  if (!symbol) return out;
  for (const p of network.pools) {
    if (p.symbolA === symbol) out.add(p.symbolB);
    if (p.symbolB === symbol) out.add(p.symbolA);
  }
  return out;
}
