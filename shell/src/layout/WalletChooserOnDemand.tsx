import { useEffect, useState } from 'react';
import { appEvents$ } from '@jmswap/shared-chain';

type Chooser = typeof import('./WalletChooser').WalletChooser;

/**
 * Most visitors look before they connect: the chooser (and what it says about missing wallets)
 * loads with the first CONNECT WALLET, and answers that request once it is there.
 *
 * The chunk is imported here and the chooser rendered once it has arrived, not through
 * React.lazy and Suspense: React holds back a Suspense boundary's content for 300 ms after any
 * fallback was shown (its reveal throttle), so a lazy chooser opened 300 ms after the click at
 * best, and 800 ms when the swap box's own chunks were arriving at the same time (the e2e trace
 * of approvals' empty-state test: the chunk loaded in 6 ms, the dialog 0.8 s later).
 */
export function WalletChooserOnDemand() {
  const [chooser, setChooser] = useState<{ Component: Chooser }>();
  useEffect(() => {
    let live = true;
    let loading = false;
    const sub = appEvents$.subscribe((event) => {
      if (event.type !== 'connectWalletRequested' || loading) return;
      loading = true;
      import(/* webpackChunkName: "wallet-chooser" */ './WalletChooser').then(
        (m) => {
          // Mounted, the chooser takes later requests from the bus itself.
          sub.unsubscribe();
          if (live) setChooser({ Component: m.WalletChooser });
        },
        (error: unknown) => {
          // A chunk that did not load (offline, a deploy in between): the next request tries again.
          loading = false;
          console.warn('[jmswap] the wallet chooser did not load', error);
        },
      );
    });
    return () => {
      live = false;
      sub.unsubscribe();
    };
  }, []);
  if (!chooser) return null;
  return <chooser.Component requested />;
}
