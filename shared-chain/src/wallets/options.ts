import { t } from '@lingui/core/macro';
import { devWalletBuilt } from '../adapters/dev-wallet-build';
import type { NetworkConfig, NetworkProfile } from '../config/types';

export type WalletKind = 'tronlink' | 'injected' | 'walletconnect' | 'binance' | 'dev' | 'widget';

export interface WalletOption {
  kind: WalletKind;
  label: string;
  /** Which browser wallet (EIP-6963 id), when several are in the page. */
  rdns?: string;
  /** That wallet's logo (a checked data: image), shown beside its name. */
  icon?: string;
  /** That wallet's own name, as it announced it: what a message about it names. */
  walletName?: string;
}

/**
 * The wallet chooser's options (product.md section 2): TRON connects straight to TronLink;
 * elsewhere a browser wallet and a mobile wallet, plus the Binance wallet on BSC only.
 * The dev wallet (anvil dev keys) is offered only on the local profile, by a build that has it.
 * (The chooser offers each browser wallet by name when there are several: `withBrowserWallets`.)
 */
export function walletOptions(
  network: NetworkConfig,
  profile: NetworkProfile,
  widget = false,
): WalletOption[] {
  // Inside the widget the host page's wallet is the only one (relayed by postMessage).
  if (widget) return [{ kind: 'widget', label: t`Host wallet` }];
  const options: WalletOption[] =
    network.platform === 'tron'
      ? [{ kind: 'tronlink', label: 'TronLink' }]
      : [
          { kind: 'injected', label: t`Browser wallet (MetaMask)` },
          { kind: 'walletconnect', label: t`Mobile wallet (WalletConnect)` },
          // eslint-disable-next-line lingui/no-unlocalized-strings -- the wallet's name
          ...(network.id === 'BSC' ? [{ kind: 'binance' as const, label: 'Binance Wallet' }] : []),
        ];
  if (profile === 'local' && devWalletBuilt())
    options.push({ kind: 'dev', label: t`Local dev wallet` });
  return options;
}

/** True when CONNECT WALLET should skip the chooser (TRON goes straight to TronLink). */
export const connectsDirectly = (network: NetworkConfig, profile: NetworkProfile): boolean =>
  walletOptions(network, profile).length === 1;
