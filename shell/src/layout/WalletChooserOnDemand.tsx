import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { appEvents$, showToast } from '@jmswap/shared-chain';
import { onDemand, useOnDemand } from './onDemand';

const walletChooser = onDemand('the wallet chooser', () =>
  import(/* webpackChunkName: "wallet-chooser" */ './WalletChooser').then((m) => m.WalletChooser),
);

/**
 * Most visitors look before they connect: the chooser (and what it says about missing wallets)
 * loads with the first CONNECT WALLET, and answers that request once it is there.
 *
 * The chooser is rendered as soon as its chunk has arrived, not through React.lazy and Suspense
 * (onDemand.ts): a lazy chooser opened 300 ms after the click at best, and 800 ms when the swap
 * box's own chunks were arriving at the same time (the e2e trace of approvals' empty-state
 * test: the chunk loaded in 6 ms, the dialog 0.8 s later).
 */
export function WalletChooserOnDemand() {
  const { t } = useLingui();
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    const sub = appEvents$.subscribe(
      (event) => event.type === 'connectWalletRequested' && setRequested(true),
    );
    return () => sub.unsubscribe();
  }, []);
  // A chunk that did not load (offline, a deploy in between) is logged by onDemand and said on
  // screen (a click that did nothing read as a broken button); the next CONNECT WALLET tries
  // again. Mounted, the chooser takes later requests from the bus itself.
  const Chooser = useOnDemand(walletChooser, requested, () => {
    setRequested(false);
    showToast('error', t`The wallet list did not load. Check your connection and try again.`);
  });
  if (!requested || !Chooser) return null;
  return <Chooser requested />;
}
