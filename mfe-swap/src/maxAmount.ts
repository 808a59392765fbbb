import { SUN_PER_TRX, type NetworkConfig, type TokenConfig } from '@jmswap/shared-chain';
import { feeReserveTrx } from '@jmswap/shared-chain/swap';

/** Gas units MAX keeps room for when the node cannot estimate the swap (a 3-token path needs less). */
const FALLBACK_SWAP_GAS = 400_000n;

/**
 * MAX: the whole token balance; for the base coin, the balance minus what the fees need: on
 * TRON the energy rule's reserve; on EVM the swap's real gas cost (`gasReserve`: gas limit x gas
 * price with a margin), else 400 000 gas at the network's fixed price, else 1/100 of a coin.
 */
export function maxSellAmount(
  network: NetworkConfig,
  token: TokenConfig,
  balance: bigint,
  energy?: bigint,
  gasReserve?: bigint,
): bigint {
  if (!token.isBase) return balance;
  const reserve =
    network.platform === 'tron'
      ? BigInt(feeReserveTrx(Number(energy ?? 0n), network.exchange.MAX_HOP_LENGTH)) * SUN_PER_TRX
      : (gasReserve ??
        (network.gasPrice
          ? FALLBACK_SWAP_GAS * BigInt(network.gasPrice)
          : 10n ** BigInt(Math.max(token.decimals - 2, 0))));
  return balance > reserve ? balance - reserve : 0n;
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
