/**
 * The hops of routes of tokens beyond the config (pure): the network's base coin and its listed
 * stablecoins, through which a token without a pool with the other side reaches it in a path of
 * at most MAX_HOP_LENGTH (3) tokens, and the token pairs to ask the factory about.
 */
import type { NetworkConfig } from '../config/types';
import { isAddressKey } from './tokenText';

/** The stablecoins a network's hops go through, by listed symbol, where it lists them. */
export const STABLECOIN_SYMBOLS = ['USDT', 'USDC', 'BUSD', 'DAI', 'TUSD', 'USDD'] as const;

/** The base coin and the listed stablecoins: the hops of routes of tokens beyond the config. */
export function hubTokens(network: NetworkConfig): string[] {
  const stables = STABLECOIN_SYMBOLS.filter((s) => network.tokens[s] && !network.tokens[s].origin);
  return [network.baseToken, ...stables];
}

/** Is this token beyond the config (keyed by its address)? */
export const isExtraToken = (network: NetworkConfig, key: string): boolean =>
  isAddressKey(network.platform, key);

/** The token pairs to ask the factory about for a quote between these tokens. */
export function factoryPairsFor(
  network: NetworkConfig,
  keys: readonly string[],
): [string, string][] {
  const extra = keys.filter((k) => isExtraToken(network, k));
  if (extra.length === 0) return [];
  const pairs: [string, string][] = [];
  const hubs = hubTokens(network);
  for (const x of extra) {
    for (const other of [...keys, ...hubs]) if (other !== x) pairs.push([x, other]);
  }
  return pairs;
}
