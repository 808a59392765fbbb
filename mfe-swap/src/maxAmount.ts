import {
  feeReserveTrx,
  SUN_PER_TRX,
  type NetworkConfig,
  type TokenConfig,
} from '@jmswap/shared-chain';

/**
 * MAX: the whole token balance; for the base coin, the balance minus what the fees need
 * (on TRON the energy rule's reserve; elsewhere 1/100 of a coin for gas).
 */
export function maxSellAmount(
  network: NetworkConfig,
  token: TokenConfig,
  balance: bigint,
  energy?: bigint,
): bigint {
  if (!token.isBase) return balance;
  const reserve =
    network.platform === 'tron'
      ? BigInt(feeReserveTrx(Number(energy ?? 0n), network.exchange.MAX_HOP_LENGTH)) * SUN_PER_TRX
      : 10n ** BigInt(Math.max(token.decimals - 2, 0));
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
