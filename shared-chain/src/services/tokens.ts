import type { NetworkId, TokenConfig } from '../config/types';
import type { WatchedAsset } from '../adapters/evm/connection';
import { activeWallet, networkById } from './wallet';

/**
 * Offers a token to the wallet: TronLink's wallet_watchAsset for tokens that allow it
 * (canAddToken), the swap popup's "add the received token" and the help page's "add JM"; a
 * browser wallet's (EIP-747) for any ERC-20 the swap brought, as Uniswap's and PancakeSwap's
 * popups offer. `token`: its symbol in the network's config, or the token itself (one imported by
 * address). Resolves false when the wallet or the token does not support it; a decline rejects.
 */
export async function addTokenToWallet(
  token: string | TokenConfig,
  networkId?: NetworkId,
): Promise<boolean> {
  const network = await networkById(networkId);
  const config = typeof token === 'string' ? network.tokens[token] : token;
  if (!config || config.isBase || !config.address) return false;
  if (network.platform === 'tron') {
    if (!config.canAddToken) return false;
    // Loads only TronLink's small module, not tronweb.
    const { watchAsset } = await import('../adapters/tron/tronlink');
    return watchAsset(config);
  }
  const wallet = activeWallet();
  const connection = wallet?.connection as
    { watchAsset?(asset: WatchedAsset): Promise<boolean> } | undefined;
  if (wallet?.kind !== 'injected' || !connection?.watchAsset) return false;
  const image = logoUrl(config.logoURI);
  return connection.watchAsset({
    address: config.address,
    symbol: config.symbol,
    decimals: config.decimals,
    ...(image && { image }),
  });
}

/** The token's logo as an absolute URL the wallet can fetch, if it has one. */
function logoUrl(logoURI: string | undefined): string | undefined {
  if (!logoURI) return undefined;
  try {
    const url = new URL(logoURI, globalThis.location?.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
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
