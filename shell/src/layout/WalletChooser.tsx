import { useEffect, useState } from 'react';
import {
  appEvents$,
  connectsDirectly,
  network$,
  networks$,
  showToast,
  useNetworkConfig,
  useNetworks,
  walletOptions,
  type WalletKind,
} from '@jmswap/shared-chain';
import { connectWallet } from '../services/wallet';

/** Opens on CONNECT WALLET (from the header or any remote); TRON skips it and connects TronLink. */
export function WalletChooser() {
  const [open, setOpen] = useState(false);
  const config = useNetworkConfig();
  const networks = useNetworks();
  const profile = networks.status === 'ready' ? networks.file.profile : 'production';

  useEffect(() => {
    const sub = appEvents$.subscribe((event) => {
      if (event.type !== 'connectWalletRequested') return;
      const state = networks$.getValue();
      const net = state.status === 'ready' ? state.file.networks[network$.getValue()] : undefined;
      if (net && state.status === 'ready' && connectsDirectly(net, state.file.profile)) {
        void connect(walletOptions(net, state.file.profile)[0]!.kind);
      } else setOpen(true);
    });
    // A network change closes the chooser.
    const netSub = network$.subscribe(() => setOpen(false));
    return () => {
      sub.unsubscribe();
      netSub.unsubscribe();
    };
  }, []);

  async function connect(kind: WalletKind) {
    setOpen(false);
    try {
      await connectWallet(kind);
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : String(error), 2000);
    }
  }

  if (!open || config.status !== 'ready') return null;
  return (
    <div className="jm-modal-backdrop" onClick={() => setOpen(false)}>
      <div
        role="dialog"
        aria-label="Connect a wallet"
        className="jm-modal"
        onClick={(e) => e.stopPropagation()}
      >
        <h3>Connect a wallet</h3>
        {walletOptions(config.network, profile).map((option) => (
          <button
            key={option.kind}
            type="button"
            className="jm-button jm-wallet-option"
            onClick={() => connect(option.kind)}
          >
            {option.label}
          </button>
        ))}
        <button type="button" className="jm-link" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
