/**
 * The connected wallet's menu entries (a chunk loaded with the first connection): "Recent
 * transactions" and "Approvals" beside the wallet on wide screens and in the folded menu on
 * phones, each opening its panel, which loads with its first opening. Connecting also loads
 * shared-chain's recent transactions, so a send still pending from before a reload is checked
 * again (and blocks the send buttons until it settles).
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import {
  disconnectWallet,
  loadAllowances,
  loadRecentTransactions,
  showToast,
  useDismiss,
} from '@jmswap/shared-chain';
import { APPROVALS_TITLE, RECENT_TITLE } from './approvalsTitle';
import { onDemand, useOnDemand } from './onDemand';
import { walletArea } from './walletArea';

// Each panel is rendered as soon as its code and data are there (onDemand.ts: not through
// React.lazy, whose Suspense reveal held the approvals panel ~0.31 s after its click).
const recentPanel = onDemand<ComponentType>('the recent transactions panel', () =>
  Promise.all([
    loadRecentTransactions(),
    import(/* webpackChunkName: "recent-transactions-view" */ './RecentTransactions'),
  ]).then(
    ([recent, view]) =>
      function RecentPanel() {
        return <view.RecentTransactionsPanel recent={recent} />;
      },
  ),
);

const approvalsPanel = onDemand<ComponentType>('the approvals panel', () =>
  Promise.all([
    loadAllowances(),
    import(/* webpackChunkName: "approvals-view" */ './Approvals'),
  ]).then(
    ([allowances, view]) =>
      function ApprovalsPanel() {
        return <view.ApprovalsPanel allowances={allowances} />;
      },
  ),
);

type Panel = 'recent' | 'approvals';

/** What a click may land on without closing the open panel: the panel, its entries, a dialog. */
const INSIDE = '.jm-recent-slot, .jm-recent-toggle, .jm-recent-menu, dialog, [role="dialog"]';

/**
 * A dropdown's ways out, as on every DEX's account menu: Escape (the focus goes back to the
 * entry that opened it), a click elsewhere on the page, another route. Without them the panel
 * stayed over the swap box until its own entry was clicked again, and on phones it stayed in
 * the header after Escape had folded the menu away.
 */
function usePanelDismiss(open: boolean, close: () => void) {
  const opener = useRef<HTMLElement | null>(null);
  const [path] = useLocation();
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => closeRef.current(), [path]);
  useDismiss(open, close, {
    returnTo: opener,
    inside: (target) => target instanceof Element && target.closest(INSIDE) !== null,
  });
  return opener;
}

const PANELS: Record<Panel, { id: string; title: MessageDescriptor; failed: MessageDescriptor }> = {
  recent: {
    id: 'jm-recent',
    title: RECENT_TITLE,
    failed: msg`Recent transactions did not load. Check your connection and try again.`,
  },
  approvals: {
    id: 'jm-approvals',
    title: APPROVALS_TITLE,
    failed: msg`Approvals did not load. Check your connection and try again.`,
  },
};

export function WalletMenu() {
  const { i18n, t } = useLingui();
  const [open, setOpen] = useState<Panel>();
  useEffect(() => {
    loadRecentTransactions().catch(() => undefined);
  }, []);
  const close = () => setOpen(undefined);
  // A panel whose code did not load closes again and says so (onDemand logs it): the next click
  // retries.
  const failed = (panel: Panel) => () => {
    close();
    showToast('error', PANELS[panel].failed);
  };
  const opener = usePanelDismiss(open !== undefined, close);
  const RecentPanel = useOnDemand(recentPanel, open === 'recent', failed('recent'));
  const ApprovalsPanel = useOnDemand(approvalsPanel, open === 'approvals', failed('approvals'));
  const Panel = open === 'recent' ? RecentPanel : open === 'approvals' ? ApprovalsPanel : undefined;
  // One entry in the wallet area (wide screens) and one in the folded menu (phones).
  const toggle = (panel: Panel, className: string) => (
    <button
      type="button"
      className={className}
      aria-expanded={open === panel}
      aria-controls={PANELS[panel].id}
      onClick={(e) => {
        opener.current = e.currentTarget;
        setOpen((o) => (o === panel ? undefined : panel));
      }}
    >
      {i18n._(PANELS[panel].title)}
    </button>
  );
  return (
    <>
      {toggle('recent', 'jm-recent-toggle')}
      {toggle('recent', 'jm-recent-menu')}
      {toggle('approvals', 'jm-recent-toggle')}
      {toggle('approvals', 'jm-recent-menu')}
      {/* A mobile wallet's session ends on the phone too. */}
      {['jm-recent-toggle', 'jm-recent-menu'].map((className) => (
        <button
          key={className}
          type="button"
          className={className}
          // This button goes with the wallet: CONNECT WALLET, which replaces it, takes the focus.
          onClick={() =>
            void disconnectWallet().finally(() => setTimeout(() => walletArea()?.focus()))
          }
        >
          {t`Disconnect`}
        </button>
      ))}
      {open && (
        <div id={PANELS[open].id} className="jm-recent-slot">
          {Panel && <Panel />}
        </div>
      )}
    </>
  );
}
