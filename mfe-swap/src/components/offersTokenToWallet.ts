import type { TokenConfig } from '@jmswap/shared-chain';

/**
 * Whether the popup offers the received token to the wallet: TronLink for tokens that allow it
 * (canAddToken, the spec's); a browser wallet (EIP-747: MetaMask, Rabby...) for any token but
 * the base coin, as Uniswap's and PancakeSwap's popups do. Not a mobile wallet (not every one
 * takes it) nor the widget's (the host's protocol has no such request).
 */
export function offersTokenToWallet(kind: string | undefined, token: TokenConfig): boolean {
  if (kind === 'tronlink') return token.canAddToken === true;
  return kind === 'injected' && !token.isBase && token.address !== '';
}
