import { lazy, Suspense, useEffect, useState } from 'react';
import { appEvents$ } from '@jmswap/shared-chain';

const WalletChooser = lazy(() =>
  import(/* webpackChunkName: "wallet-chooser" */ './WalletChooser').then((m) => ({
    default: m.WalletChooser,
  })),
);

/**
 * Most visitors look before they connect: the chooser (and what it says about missing wallets)
 * loads with the first CONNECT WALLET, and answers that request once it is there.
 */
export function WalletChooserOnDemand() {
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    const sub = appEvents$.subscribe(
      (event) => event.type === 'connectWalletRequested' && setRequested(true),
    );
    return () => sub.unsubscribe();
  }, []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <WalletChooser requested />
    </Suspense>
  );
}
