import type { NetworkId } from '../config/types';
import { networkById } from './wallet';

/**
 * Offers a token to the TRON wallet (TronLink's wallet_watchAsset) when the token allows it
 * (canAddToken): the swap popup's "add the received token" and the help page's "add JM".
 * Resolves false when the wallet or the token does not support it.
 */
export async function addTokenToWallet(symbol: string, networkId?: NetworkId): Promise<boolean> {
  const network = await networkById(networkId);
  const token = network.tokens[symbol];
  if (network.platform !== 'tron' || !token?.canAddToken) return false;
  // Loads only TronLink's small module, not tronweb.
  const { watchAsset } = await import('../adapters/tron/tronlink');
  return watchAsset(token);
}

// ------------------------------------------------------------------ tokens beyond the config

// Reading, checking and importing tokens by address (the picker's) load with the picker;
// token keys and address checks for a remote's own use are `@jmswap/shared-chain/tokens`.
export type { TokenCandidate, TokenInspection } from './tokenInspection';
export type { TokenTaxes } from '../core/tokenProbe';
export {
  IMPORTED_TOKENS_STORAGE_KEY,
  extraTokensVersion$,
  extraTokensReady,
  withExtraTokens,
} from '../config/extraTokens';
