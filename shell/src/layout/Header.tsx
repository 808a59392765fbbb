import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  loadRecentTransactions,
  requestWalletConnect,
  useNetworkConfig,
  useWalletSession,
} from '@jmswap/shared-chain';
import { NetworkTabs } from './NetworkTabs';
import { formatHeaderBalance } from '../services/format';

const MENU: { label: string; href?: string; to?: string; note?: string }[] = [
  { label: 'Home', href: 'https://just.money' },
  { label: 'Swap', to: '/' },
  { label: 'Launchpad', href: 'https://launchpad.just.money' },
  { label: 'Cross-chain', note: 'Coming soon' },
  { label: 'Payments', note: 'Coming in 2022' },
  { label: 'Store', note: 'Coming in 2022' },
];

const SUB_MENU: { label: string; to: string }[] = [
  { label: 'Swap', to: '/' },
  { label: 'Charts', to: '/charts' },
  { label: 'Pools', to: '/pools' },
  { label: 'List a token', to: '/listing' },
  { label: 'For projects', to: '/info' },
  { label: 'Help center', to: '/help' },
];

export const MESSAGING_URL = 'https://t.me/JustMoneyIO';

export const RECENT_TITLE = 'Recent transactions';

/** The list and shared-chain's recent transactions load with the first opening. */
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

function RecentToggle({ open, onToggle, className }: RecentToggleProps) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls="jm-recent"
      onClick={onToggle}
    >
      {RECENT_TITLE}
    </button>
  );
}

interface RecentToggleProps {
  open: boolean;
  onToggle: () => void;
  className: string;
}

function WalletButton({ recent }: { recent: Omit<RecentToggleProps, 'className'> }) {
  const session = useWalletSession();
  const config = useNetworkConfig();
  // A connected account's pending transactions (from before a reload) are checked again.
  useEffect(() => {
    if (session.connected) loadRecentTransactions().catch(() => undefined);
  }, [session.connected]);
  if (!session.connected) {
    return (
      <button type="button" className="jm-button jm-connect" onClick={requestWalletConnect}>
        CONNECT WALLET
      </button>
    );
  }
  return (
    <div className="jm-wallet" data-testid="wallet-session">
      <span>Welcome {session.name}</span>
      {session.balance !== undefined && config.status === 'ready' && (
        <span className="jm-balance">
          {formatHeaderBalance(
            session.balance,
            config.network.tokens[config.network.baseToken]?.decimals ?? 18,
          )}{' '}
          {config.network.baseToken}
        </span>
      )}
      <RecentToggle {...recent} className="jm-recent-toggle" />
    </div>
  );
}

/**
 * Below ~760 px the menu and sub-menu fold behind one Menu button (a disclosure: aria-expanded,
 * closed again by navigating or Escape). Wider screens show both and hide the button.
 */
function useMenuDisclosure() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const [path] = useLocation();
  const search = useSearch();
  useEffect(() => setOpen(false), [path, search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return { open, toggle, flip: () => setOpen((o) => !o) };
}

export function Header() {
  const menu = useMenuDisclosure();
  const [path] = useLocation();
  const session = useWalletSession();
  const [recentOpen, setRecentOpen] = useState(false);
  const recent = {
    open: recentOpen && session.connected,
    onToggle: () => setRecentOpen((o) => !o),
  };
  return (
    <header className="jm-header" data-menu-open={menu.open}>
      <div className="jm-header-top">
        <Link to="/" className="jm-logo" aria-label="JMSwap home">
          JM<span>Swap</span>
        </Link>
        <button
          ref={menu.toggle}
          type="button"
          className="jm-menu-toggle"
          aria-expanded={menu.open}
          aria-controls="jm-menu jm-submenu"
          aria-label="Menu"
          onClick={menu.flip}
        >
          <span aria-hidden="true">☰</span>
          <span className="jm-menu-label" aria-hidden="true">
            Menu
          </span>
        </button>
        <nav id="jm-menu" aria-label="Menu" className="jm-menu">
          {MENU.map((item) =>
            item.href ? (
              <a key={item.label} href={item.href} target="_blank" rel="noreferrer">
                {item.label}
              </a>
            ) : item.to ? (
              <Link key={item.label} to={item.to}>
                {item.label}
              </Link>
            ) : (
              <span key={item.label} title={item.note} className="jm-soon">
                {item.label}
              </span>
            ),
          )}
          {session.connected && <RecentToggle {...recent} className="jm-recent-menu" />}
        </nav>
        <WalletButton recent={recent} />
        {recent.open && (
          <div id="jm-recent" className="jm-recent-slot">
            <Suspense fallback={null}>
              <RecentPanel />
            </Suspense>
          </div>
        )}
      </div>
      <nav id="jm-submenu" aria-label="Sub-menu" className="jm-submenu">
        {SUB_MENU.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            className={(active: boolean) => (active ? 'active' : '')}
            aria-current={path === item.to ? 'page' : undefined}
          >
            {item.label}
          </Link>
        ))}
        <a
          href={MESSAGING_URL}
          target="_blank"
          rel="noreferrer"
          aria-label="Telegram"
          className="jm-telegram"
        >
          ✈
        </a>
      </nav>
      <NetworkTabs />
    </header>
  );
}
