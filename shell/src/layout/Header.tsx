import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import {
  requestWalletConnect,
  useDismiss,
  useNetworkConfig,
  useObservable,
  useWalletSession,
  walletConnectLink$,
} from '@jmswap/shared-chain';
import { NetworkTabs } from './NetworkTabs';
import { ThemeToggle } from './ThemeToggle';
import { LanguageMenu } from './LanguageMenu';
import { formatHeaderBalance } from '../services/format';
import { onDemand, useOnDemand } from './onDemand';
import { endWalletRestoreMark } from '../walletEarly';

const SWAP = msg`Swap`;
const COMING_IN_2022 = msg`Coming in 2022`;

const MENU: { label: MessageDescriptor; href?: string; to?: string; note?: MessageDescriptor }[] = [
  { label: msg`Home`, href: 'https://just.money' },
  { label: SWAP, to: '/' },
  { label: msg`Launchpad`, href: 'https://launchpad.just.money' },
  { label: msg`Cross-chain`, note: msg`Coming soon` },
  { label: msg`Payments`, note: COMING_IN_2022 },
  { label: msg`Store`, note: COMING_IN_2022 },
];

const SUB_MENU: { label: MessageDescriptor; to: string }[] = [
  { label: SWAP, to: '/' },
  { label: msg`Charts`, to: '/charts' },
  { label: msg`Pools`, to: '/pools' },
  { label: msg`List a token`, to: '/listing' },
  { label: msg`For projects`, to: '/info' },
  { label: msg`Help center`, to: '/help' },
];

export const MESSAGING_URL = 'https://t.me/JustMoneyIO';

/**
 * "Recent transactions" and what else a connected wallet's menu has load with the connection,
 * and show as soon as they are there (onDemand.ts: not through React.lazy's Suspense reveal).
 */
const walletMenu = onDemand('the wallet menu', () =>
  import(/* webpackChunkName: "wallet-menu" */ './WalletMenu').then((m) => m.WalletMenu),
);

/**
 * CONNECT WALLET is replaced by the wallet once it connects. If it had the keyboard's focus (the
 * chooser gives it back as it closes), the wallet takes the focus: left alone it falls to the
 * page, and the next Tab starts again at the logo. Read as the button goes (its ref let go before
 * it leaves the page), not from focus events: the chooser gives the focus back while React
 * commits, when React passes no events on.
 */
function useFocusHandedOn(connected: boolean) {
  const handOn = useRef(false);
  const wallet = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const buttonRef = useCallback((node: HTMLButtonElement | null) => {
    if (node === null && button.current !== null && document.activeElement === button.current)
      handOn.current = true;
    button.current = node;
  }, []);
  useLayoutEffect(() => {
    if (!connected || !handOn.current) return;
    handOn.current = false;
    wallet.current?.focus({ preventScroll: true });
  }, [connected]);
  return { wallet, buttonRef };
}

function WalletButton() {
  const { t } = useLingui();
  const session = useWalletSession();
  const config = useNetworkConfig();
  const link = useObservable(walletConnectLink$, walletConnectLink$.getValue());
  const { wallet, buttonRef } = useFocusHandedOn(session.connected);
  const spoken = session.connected || session.restoring === true;
  useLayoutEffect(() => {
    if (spoken) endWalletRestoreMark();
  }, [spoken]);
  if (session.restoring && !session.connected) {
    // The wallet connected before this load is asked again: not an offer to connect one.
    return (
      <button
        type="button"
        className="jm-button jm-connect jm-connecting"
        disabled
        aria-busy="true"
      >
        {t`Connecting wallet…`}
      </button>
    );
  }
  if (!session.connected) {
    return (
      <button
        ref={buttonRef}
        type="button"
        className="jm-button jm-connect"
        onClick={requestWalletConnect}
      >
        {t`CONNECT WALLET`}
      </button>
    );
  }
  const walletName = session.name;
  return (
    // Focusable by script only: CONNECT WALLET hands the focus here (useFocusHandedOn), as does a
    // wallet dialog whose opener is gone (walletArea.ts).
    <div ref={wallet} className="jm-wallet" data-testid="wallet-session" tabIndex={-1}>
      <span>{t`Welcome ${walletName}`}</span>
      {session.balance !== undefined && config.status === 'ready' && (
        <span className="jm-balance">
          {`${formatHeaderBalance(
            session.balance,
            config.network.tokens[config.network.baseToken]?.decimals ?? 18,
          )} ${config.network.baseToken}`}
        </span>
      )}
      {session.kind === 'walletconnect' && link === 'unreachable' && (
        <span role="status" className="jm-wallet-unreachable">
          {t`Mobile wallet unreachable: reconnecting…`}
        </span>
      )}
    </div>
  );
}

function ConnectedWalletMenu() {
  const connected = useWalletSession().connected;
  // A menu that did not load (logged by onDemand) is asked for again with the next connection.
  const WalletMenu = useOnDemand(walletMenu, connected);
  if (!connected || !WalletMenu) return null;
  return <WalletMenu />;
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
  const openNow = useRef(open);
  openNow.current = open;
  useEffect(() => {
    if (!openNow.current) return;
    // The link pressed folds away with the menu: the focus goes back to Menu, as with Escape
    // (it fell to the page's start, and the next Tab landed anywhere).
    if (document.activeElement?.closest('#jm-menu, #jm-submenu')) toggle.current?.focus();
    setOpen(false);
  }, [path, search]);
  useDismiss(open, () => setOpen(false), { returnTo: toggle });
  return { open, toggle, flip: () => setOpen((o) => !o) };
}

export function Header() {
  const { t, i18n } = useLingui();
  const menu = useMenuDisclosure();
  const [path] = useLocation();
  return (
    <header className="jm-header" data-menu-open={menu.open}>
      <div className="jm-header-top">
        <Link to="/" className="jm-logo" aria-label={t`JMSwap home`}>
          JM<span>Swap</span>
        </Link>
        <button
          ref={menu.toggle}
          type="button"
          className="jm-menu-toggle"
          aria-expanded={menu.open}
          aria-controls="jm-menu jm-submenu"
          aria-label={t`Menu`}
          onClick={menu.flip}
        >
          <span aria-hidden="true">☰</span>
          <span className="jm-menu-label" aria-hidden="true">
            {t`Menu`}
          </span>
        </button>
        <nav id="jm-menu" aria-label={t`Menu`} className="jm-menu">
          {MENU.map((item) =>
            item.href ? (
              <a key={item.label.id} href={item.href} target="_blank" rel="noreferrer">
                {i18n._(item.label)}
              </a>
            ) : item.to ? (
              <Link key={item.label.id} to={item.to}>
                {i18n._(item.label)}
              </Link>
            ) : (
              <span key={item.label.id} title={item.note && i18n._(item.note)} className="jm-soon">
                {i18n._(item.label)}
                {item.note && ' '}
                {item.note && (
                  <small className="jm-visually-hidden jm-soon-note">{i18n._(item.note)}</small>
                )}
              </span>
            ),
          )}
        </nav>
        <div className="jm-header-end">
          <ThemeToggle />
          <LanguageMenu />
          <WalletButton />
          <ConnectedWalletMenu />
        </div>
      </div>
      <nav id="jm-submenu" aria-label={t`Sub-menu`} className="jm-submenu">
        {SUB_MENU.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            className={(active: boolean) => (active ? 'active' : '')}
            aria-current={path === item.to ? 'page' : undefined}
          >
            {i18n._(item.label)}
          </Link>
        ))}
        <a
          href={MESSAGING_URL}
          target="_blank"
          rel="noreferrer"
          aria-label="Telegram"
          className="jm-telegram"
        >
          <span aria-hidden="true">✈</span>
          {/* In the phone's menu list, a bare icon among words reads as nothing. */}
          <span className="jm-telegram-label">Telegram</span>
        </a>
      </nav>
      <NetworkTabs />
    </header>
  );
}
