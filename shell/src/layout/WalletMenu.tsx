/**
 * The connected wallet's menu entries (a chunk loaded with the first connection): "Recent
 * transactions" beside the wallet on wide screens and in the folded menu on phones, and the
 * list itself, which loads with its first opening. Connecting also loads shared-chain's recent
 * transactions, so a send still pending from before a reload is checked again (and blocks the
 * send buttons until it settles).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadRecentTransactions } from '@jmswap/shared-chain';

export const RECENT_TITLE = 'Recent transactions';

const RecentPanel = lazy(() =>
  Promise.all([
    loadRecentTransactions(),
    import(/* webpackChunkName: "recent-transactions-view" */ './RecentTransactions'),
  ]).then(([recent, view]) => ({
    default: function RecentPanel() {
      return <view.RecentTransactionsPanel recent={recent} />;
    },
  })),
);

export function WalletMenu() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    loadRecentTransactions().catch(() => undefined);
  }, []);
  const toggle = (className: string) => (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls="jm-recent"
      onClick={() => setOpen((o) => !o)}
    >
      {RECENT_TITLE}
    </button>
  );
  return (
    <>
      {toggle('jm-recent-toggle')}
      {toggle('jm-recent-menu')}
      {open && (
        <div id="jm-recent" className="jm-recent-slot">
          <Suspense fallback={null}>
            <RecentPanel />
          </Suspense>
        </div>
      )}
    </>
  );
}
