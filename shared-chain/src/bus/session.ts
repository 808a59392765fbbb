import { BehaviorSubject } from 'rxjs';
import { DEFAULT_NETWORK, NETWORK_IDS, type NetworkId } from '../config/types';

/** localStorage key the spec names for the selected network. */
export const SELECTED_NETWORK_KEY = 'SELECTED_NETWORK';

export interface WalletSession {
  connected: boolean;
  address?: string;
  /** Wallet name shown as "Welcome {name}". */
  name?: string;
  /** Which wallet: tronlink, injected, walletconnect, binance, dev. */
  kind?: string;
  /** Base-coin balance in base units. */
  balance?: bigint;
  /**
   * Not connected yet, but the wallet connected before this page load is being asked again
   * (restoreWalletSession): screens say "Connecting wallet…" rather than offer CONNECT WALLET.
   */
  restoring?: boolean;
}

export const DISCONNECTED: WalletSession = { connected: false };

export function isNetworkId(value: unknown): value is NetworkId {
  return typeof value === 'string' && (NETWORK_IDS as readonly string[]).includes(value);
}

function storedNetwork(): NetworkId {
  try {
    const stored = globalThis.localStorage?.getItem(SELECTED_NETWORK_KEY);
    return isNetworkId(stored) ? stored : DEFAULT_NETWORK;
  } catch {
    return DEFAULT_NETWORK;
  }
}

/** The selected network; every remote follows it. */
export const network$ = new BehaviorSubject<NetworkId>(storedNetwork());

/** The wallet session (connected, address, name, base balance). */
export const session$ = new BehaviorSubject<WalletSession>(DISCONNECTED);

/** False inside the widget: it shares the site's origin and storage, but not its choice of network. */
let persistNetwork = true;

/** Called once by the widget before it selects its host's network. */
export function keepNetworkInPage(): void {
  persistNetwork = false;
}

/** Stores SELECTED_NETWORK (not inside the widget). */
export function persistSelectedNetwork(id: NetworkId): void {
  if (!persistNetwork) return;
  try {
    globalThis.localStorage?.setItem(SELECTED_NETWORK_KEY, id);
  } catch {
    // storage may be unavailable (private mode, sandboxed iframe); the session still switches.
  }
}

/** Switches the selected network, persisting it as SELECTED_NETWORK. Unknown ids fall back to TRON. */
export function selectNetwork(id: string): NetworkId {
  const next = isNetworkId(id) ? id : DEFAULT_NETWORK;
  persistSelectedNetwork(next);
  if (network$.getValue() !== next) network$.next(next);
  return next;
}
