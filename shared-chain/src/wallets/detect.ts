import { t } from '@lingui/core/macro';
import type { WalletKind, WalletOption } from './options';

/**
 * What the chooser tells a user whose wallet is missing, locked or silent (reliability
 * checklist item 28), and the wallets' documented links to install them or open this page in
 * their app. Pure helpers: the window is passed in so tests need no browser.
 */

export type BrowserWalletKind = Extract<WalletKind, 'tronlink' | 'injected' | 'binance'>;

/** The wallet's name in messages and its official download page. */
export const WALLET_HELP: Record<BrowserWalletKind, { name: string; url: string }> = {
  tronlink: { name: 'TronLink', url: 'https://www.tronlink.org/' },
  injected: { name: 'MetaMask', url: 'https://metamask.io/download/' },
  binance: { name: 'Binance Wallet', url: 'https://www.binance.com/en/web3wallet' },
};

export const isBrowserWallet = (kind: WalletKind): kind is BrowserWalletKind => kind in WALLET_HELP;

/** How long a wallet may take to answer a connection request before the user is told. */
export const WALLET_ANSWER_MS = 8_000;

interface WalletWindow {
  tronLink?: unknown;
  tronWeb?: unknown;
  ethereum?: unknown;
  binancew3w?: unknown;
  BinanceChain?: unknown;
  addEventListener?(type: string, listener: (event: Event) => void): void;
  removeEventListener?(type: string, listener: (event: Event) => void): void;
  dispatchEvent?(event: Event): boolean;
}

const currentWindow = (): WalletWindow | undefined =>
  (globalThis as { window?: WalletWindow }).window;

/**
 * The names of the wallets that answer an EIP-6963 request. Wallets announce synchronously
 * in reply to `eip6963:requestProvider`, so one round is enough.
 */
export function announcedWalletNames(win: WalletWindow | undefined = currentWindow()): string[] {
  if (!win?.addEventListener || !win.dispatchEvent || typeof Event === 'undefined') return [];
  const names = new Map<string, string>();
  const listener = (event: Event) => {
    const info = (event as CustomEvent<{ info?: { uuid?: string; name?: string } }>).detail?.info;
    if (info?.name) names.set(info.uuid ?? info.name, info.name);
  };
  win.addEventListener('eip6963:announceProvider', listener);
  win.dispatchEvent(new Event('eip6963:requestProvider'));
  win.removeEventListener?.('eip6963:announceProvider', listener);
  return [...names.values()];
}

/** A browser wallet that announced itself (EIP-6963), as the chooser names it. */
export interface BrowserWalletInfo {
  /** Its reverse-DNS id (io.metamask, io.rabby): how the choice is remembered. */
  rdns: string;
  name: string;
  /** Its logo, a data: image (EIP-6963 says so); left out when it is anything else. */
  icon?: string;
}

/** The Binance wallet's id: the chooser offers it on its own line (BSC only). */
const BINANCE_RDNS = 'com.binance.wallet';
/** Longer names are cut: an extension writes this text into our chooser. */
const WALLET_NAME_MAX = 40;
/** Wallets' logos are a few KiB; a larger one is not drawn (it would sit in every render). */
const WALLET_ICON_MAX = 128 * 1024;
const WALLET_ICON = /^data:image\/(?:svg\+xml|png|jpeg|webp|gif)[;,]/;

/**
 * The logo an extension announced, when it is an image the page may draw: a data: URI of an
 * image type (an <img> runs no script in an SVG and loads nothing else), not too large. A web
 * address would be fetched from a host the CSP refuses; anything else is dropped.
 */
export function walletIcon(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > WALLET_ICON_MAX) return undefined;
  return WALLET_ICON.test(value) ? value : undefined;
}

/**
 * A wallet as a page names it (an EIP-6963 announcement, a widget host's offer), checked: an id
 * of at most 100 characters and a name (cut at 40), the logo only when it is one to draw.
 */
function browserWalletInfo(info: unknown): BrowserWalletInfo | undefined {
  const { rdns, name, icon } = (info ?? {}) as { rdns?: unknown; name?: unknown; icon?: unknown };
  const id = typeof rdns === 'string' ? rdns.trim() : '';
  const named = typeof name === 'string' ? name.trim() : '';
  if (!id || id.length > 100 || !named) return undefined;
  const shown = named.length > WALLET_NAME_MAX ? `${named.slice(0, WALLET_NAME_MAX - 1)}…` : named;
  const logo = walletIcon(icon);
  return { rdns: id, name: shown, ...(logo && { icon: logo }) };
}

/**
 * The browser wallets in the page (EIP-6963), one per id, the Binance wallet aside: the chooser
 * offers each when there are several (a Rabby user who also has MetaMask picks Rabby). An
 * announcement without an id or a name is not listed; a long name is cut.
 */
export function announcedBrowserWallets(
  win: WalletWindow | undefined = currentWindow(),
): BrowserWalletInfo[] {
  if (!win?.addEventListener || !win.dispatchEvent || typeof Event === 'undefined') return [];
  const wallets = new Map<string, BrowserWalletInfo>();
  const listener = (event: Event) => {
    const wallet = browserWalletInfo((event as CustomEvent<{ info?: unknown }>).detail?.info);
    if (wallet && wallet.rdns !== BINANCE_RDNS && !wallets.has(wallet.rdns))
      wallets.set(wallet.rdns, wallet);
  };
  win.addEventListener('eip6963:announceProvider', listener);
  win.dispatchEvent(new Event('eip6963:requestProvider'));
  win.removeEventListener?.('eip6963:announceProvider', listener);
  return [...wallets.values()];
}

/**
 * The chooser's options with each browser wallet in the page offered by its name and logo (as
 * Uniswap's chooser does): a Rabby user with no MetaMask reads "Browser wallet (Rabby Wallet)".
 * With none announced (an old wallet that only sets window.ethereum, or none at all), the
 * generic line stays.
 */
export function withBrowserWallets(
  options: readonly WalletOption[],
  wallets: readonly BrowserWalletInfo[],
): WalletOption[] {
  if (wallets.length === 0) return [...options];
  return options.flatMap((option) =>
    option.kind === 'injected'
      ? wallets.map(({ rdns, name, icon }) => ({
          kind: 'injected' as const,
          label: t`Browser wallet (${name})`,
          walletName: name,
          rdns,
          ...(icon && { icon }),
        }))
      : [option],
  );
}

/** At most this many wallets of a widget host's page are offered. */
const HOST_WALLETS_MAX = 8;

/**
 * The widget's host page has several browser wallets and the visitor picks one: thrown by the
 * widget's connect with the wallets its host offered (checked as announcements are).
 */
export class WalletChoiceNeeded extends Error {
  constructor(readonly wallets: BrowserWalletInfo[]) {
    // Never shown: the widget offers the wallets instead.
    // eslint-disable-next-line lingui/no-unlocalized-strings
    super('Pick the wallet to connect');
    this.name = 'WalletChoiceNeeded';
  }
}

/** By name, not class: the widget's wallet and its dialog may come from different bundles. */
export const isWalletChoiceNeeded = (error: unknown): error is WalletChoiceNeeded =>
  error instanceof Error &&
  error.name === 'WalletChoiceNeeded' &&
  Array.isArray((error as { wallets?: unknown }).wallets);

/**
 * The wallets a widget host's answer to connect offers (`{ choose: [...] }`), one per id; undefined
 * when it offers none, or fewer than two worth showing (then nothing is offered).
 */
export function hostWalletOffers(reply: unknown): BrowserWalletInfo[] | undefined {
  const choose = (reply as { choose?: unknown } | null)?.choose;
  if (!Array.isArray(choose)) return undefined;
  const wallets = new Map<string, BrowserWalletInfo>();
  for (const offer of choose.slice(0, HOST_WALLETS_MAX)) {
    const wallet = browserWalletInfo(offer);
    if (wallet && !wallets.has(wallet.rdns)) wallets.set(wallet.rdns, wallet);
  }
  return wallets.size > 1 ? [...wallets.values()] : undefined;
}

/** True when the wallet of `kind` has put its object into the page (extension or in-app browser). */
export function isWalletInjected(
  kind: BrowserWalletKind,
  win: WalletWindow | undefined = currentWindow(),
): boolean {
  if (!win) return false;
  if (kind === 'tronlink') return Boolean(win.tronLink || win.tronWeb);
  if (kind === 'binance') return Boolean(win.binancew3w || win.BinanceChain);
  return Boolean(win.ethereum) || announcedWalletNames(win).length > 0;
}

export type WalletProblemReason = 'missing' | 'silent';

/** The message the chooser shows, with the wallet's link and the browser wallets it did find. */
export interface WalletProblem {
  kind: BrowserWalletKind;
  reason: WalletProblemReason;
  message: string;
  detail?: string;
  /** Where to get the wallet; none for a wallet picked by the name it announced (it is there). */
  install?: { label: string; href: string };
  found: string[];
}

const silentDetail = (name: string) => {
  const seconds = WALLET_ANSWER_MS / 1000;
  return t`${name} did not answer within ${seconds} seconds; it may be locked.`;
};

/**
 * In the language in force when the connection failed. `picked`: the browser wallet the user
 * chose by the name it announced (Rabby Wallet): the message names it, not MetaMask.
 */
export function walletProblem(
  kind: BrowserWalletKind,
  reason: WalletProblemReason,
  found: string[] = [],
  picked?: string,
): WalletProblem {
  const help = WALLET_HELP[kind];
  const name = picked ?? help.name;
  return {
    kind,
    reason,
    message: t`${name} was not found. Install it or unlock it, then try again`,
    detail: reason === 'silent' ? silentDetail(name) : undefined,
    ...(name === help.name && { install: { label: t`Get ${name}`, href: help.url } }),
    found: kind === 'injected' ? found.filter((wallet) => wallet !== picked) : [],
  };
}

/** Resolves like `promise`, or rejects with WalletSilentError once `ms` pass without an answer. */
export class WalletSilentError extends Error {
  constructor() {
    super(t`The wallet did not answer`);
    this.name = 'WalletSilentError';
  }
}

export function withWalletAnswer<T>(promise: Promise<T>, ms = WALLET_ANSWER_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletSilentError()), ms);
  });
  return Promise.race([promise, silent]).finally(() => clearTimeout(timer));
}

const UNLOCK_OR_INSTALL = /install|unlock|not found|no browser wallet/i;

/**
 * Which message a failed connection deserves: the wallet is not in the page (missing), or it
 * is but did not answer or said it is locked (silent). Anything else is not a wallet-presence
 * problem and is shown as the error it is.
 */
export function classifyConnectFailure(
  kind: WalletKind,
  error: unknown,
  win: WalletWindow | undefined = currentWindow(),
  picked?: string,
): WalletProblem | undefined {
  if (!isBrowserWallet(kind)) return undefined;
  const found = kind === 'injected' ? announcedWalletNames(win) : [];
  if (!isWalletInjected(kind, win)) return walletProblem(kind, 'missing', found, picked);
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof WalletSilentError || code === -32002 || UNLOCK_OR_INSTALL.test(message))
    return walletProblem(kind, 'silent', found, picked);
  return undefined;
}

// ------------------------------------------------------------------------------ phones

/** A phone or tablet browser (touch first), where wallets live in apps, not extensions. */
export function isPhoneBrowser(
  nav: { userAgent?: string; maxTouchPoints?: number } | undefined = globalThis.navigator,
): boolean {
  if (!nav) return false;
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent ?? '')) return true;
  return (nav.maxTouchPoints ?? 0) > 0 && /Macintosh/.test(nav.userAgent ?? '');
}

/**
 * TronLink's documented DeepLink "open DApp": `tronlinkoutside://pull.activity?param=` with
 * the url-encoded JSON {url, action: "open", protocol: "TronLink", version: "1.0"}.
 */
export function tronLinkOpenUrl(pageUrl: string): string {
  const param = JSON.stringify({
    url: pageUrl,
    action: 'open',
    protocol: 'TronLink',
    version: '1.0',
    dappName: 'JMSwap',
  });
  return `tronlinkoutside://pull.activity?param=${encodeURIComponent(param)}`;
}

/**
 * MetaMask's documented "open a dapp inside the in-app browser" link: the page url without its
 * scheme after `/dapp/`, not encoded (an encoded path opens a blank tab in the app).
 */
export function metaMaskOpenUrl(pageUrl: string): string {
  return `https://link.metamask.io/dapp/${pageUrl.replace(/^https?:\/\//, '')}`;
}
