import type { NetworkConfig, TokenConfig } from '../config/types';
import { isNetworkConfigured } from '../config/types';

/** A token's logo (letter logos live under /assets/currency/). */
export function TokenLogo({ token, size = 24 }: { token: TokenConfig; size?: number }) {
  return (
    <img
      src={token.logoURI}
      alt={token.symbol}
      width={size}
      height={size}
      style={{ verticalAlign: 'middle' }}
    />
  );
}

/** Shown instead of chain data when the network's contract addresses are missing. */
export function NetworkNotConfigured({ network }: { network: NetworkConfig }) {
  if (isNetworkConfigured(network)) return null;
  return (
    <p role="status" className="jm-not-configured">
      {network.name}: network not configured
    </p>
  );
}
