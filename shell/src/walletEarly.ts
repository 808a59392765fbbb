/**
 * Whether the page's network has a wallet to bring back (shared-chain's restoreWalletSession),
 * told to the first frame by the html's head script: CONNECT WALLET stays hidden (styles.css)
 * instead of showing for the half second before the wallet is back. Kept free of shared
 * modules, as it is inline in every html page; it mirrors routes.ts' `resolveRouteNetwork` and
 * shared-chain's remembered wallets. A wrong guess costs one frame without the button.
 */

/** Set on <html> while a wallet is expected back; the header takes it off once it says so itself. */
export const WALLET_RESTORE_ATTRIBUTE = 'data-wallet-restore';
/** shared-chain's WALLET_SESSION_KEY. */
const WALLET_SESSION_KEY = 'JMSWAP_WALLET_SESSION';

const ALL = ['TRON', 'BSC', 'POLY', 'BTTC', 'ETH'];
/** routes.ts' ROUTE_NETWORKS by path. */
const ROUTE_NETWORKS: Record<string, string[]> = {
  '/': ALL,
  '/charts': ['TRON', 'BSC', 'POLY'],
  '/pools': ALL,
  '/listing': [],
  '/info': [],
  '/help': [],
};

/** The network the page at `pathname` selects (`stored`: SELECTED_NETWORK, as kept). */
export function routeNetworkAt(pathname: string, search: string, stored: string | null): string {
  const kept = stored !== null && ALL.includes(stored) ? stored : 'TRON';
  const allowed = ROUTE_NETWORKS[pathname.replace(/\/+$/, '') || '/'];
  // A page that does not exist keeps the selected network.
  if (!allowed) return kept;
  const n = new URLSearchParams(search).get('n');
  // A page that shows no network keeps the header's.
  if (allowed.length === 0) return n !== null && ALL.includes(n) ? n : kept;
  if (n !== null) return allowed.includes(n) ? n : 'TRON';
  return allowed.includes(kept) ? kept : 'TRON';
}

/** Whether `remembered` (the stored JMSWAP_WALLET_SESSION) names a wallet for `network`. */
export function walletRememberedFor(network: string, remembered: string | null): boolean {
  try {
    const value = JSON.parse(remembered ?? '{}') as Record<string, unknown> | null;
    if (typeof value !== 'object' || value === null) return false;
    // The one-wallet shape written before: {"kind":…,"network":…}.
    if (typeof value.kind === 'string' && typeof value.network === 'string')
      return value.network === network;
    return typeof value[network] === 'string';
  } catch {
    return false;
  }
}

/** Marks <html> when the page's network has a wallet to bring back (the head script). */
export function markWalletRestore(stored: string | null): void {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(WALLET_SESSION_KEY);
  } catch {
    return;
  }
  const network = routeNetworkAt(location.pathname, location.search, stored);
  if (walletRememberedFor(network, remembered))
    document.documentElement.setAttribute(WALLET_RESTORE_ATTRIBUTE, '');
}

export const walletRestoreMarked = (): boolean =>
  document.documentElement.hasAttribute(WALLET_RESTORE_ATTRIBUTE);

/**
 * Ends the first frame's hiding of CONNECT WALLET, once the header says "Connecting wallet…" or
 * shows the wallet. After that the session says it (a wrong guess here ends as CONNECT WALLET).
 */
export function endWalletRestoreMark(): void {
  document.documentElement.removeAttribute(WALLET_RESTORE_ATTRIBUTE);
}
