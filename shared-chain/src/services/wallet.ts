/**
 * The wallet session: connect and disconnect, the session bus, the WALLET_CONNECTED events, the
 * connect / disconnect / network-change callbacks, network switching (chain-layer.md section 4)
 * and the session epoch that estimates in flight compare against.
 */
import { msg } from '@lingui/core/macro';
import { BehaviorSubject, type Subscription } from 'rxjs';
import { emit, trackEvent } from '../bus/events';
import {
  DISCONNECTED,
  network$,
  selectNetwork,
  session$,
  persistSelectedNetwork,
  type WalletSession,
} from '../bus/session';
import { loadNetworks, networkOf, networks$ } from '../config/registry';
import { extraTokensReady } from '../config/extraTokens';
import {
  DEFAULT_NETWORK,
  isNetworkConfigured,
  type NetworkConfig,
  type NetworkId,
  type NetworksFile,
} from '../config/types';
import { WALLET_REFRESH_MS, WALLET_TOAST_MS } from '../core/constants';
import { ChainError, catalogued, localText } from '../core/errors';
import { isAddressKey } from '../core/tokenText';
import type { ChainWriter, WalletChoice, WalletConnection } from '../adapters/types';
import { isUserRejection } from '../adapters/evm/helpers';
import type { WalletKind } from '../wallets/options';
import { adapterFor, readerFor, resetReaders } from './platform';
import { widgetConnector, widgetRestores } from '../adapters/widget';
import { loadRecentTransactions } from '../recent/load';

// ------------------------------------------------------------------------------ context

export interface ChainServicesContext {
  /** The page hosting the app or the widget (analytics "host"). */
  host: string;
  /** Running as the embeddable widget. */
  widget: boolean;
}

const context: ChainServicesContext = {
  host: typeof location !== 'undefined' ? location.host : '',
  widget: false,
};

/** The shell sets the host and the widget flag once at start. */
export function configureChainServices(options: Partial<ChainServicesContext>): void {
  Object.assign(context, options);
}

export const servicesContext = (): Readonly<ChainServicesContext> => context;

// ------------------------------------------------------------------------------ epoch

/**
 * Bumped on every connect, disconnect, account change, chain change and network change.
 * An estimate carries the epoch it was made in; a stale one is discarded and never sent.
 */
export const epoch$ = new BehaviorSubject<number>(0);
export const sessionEpoch = (): number => epoch$.getValue();
const bumpEpoch = (): void => epoch$.next(epoch$.getValue() + 1);

// ------------------------------------------------------------------------------ callbacks

type ConnectCallback = (session: WalletSession) => void;
type DisconnectCallback = () => void;
type NetworkChangeCallback = (network: NetworkId, previous: NetworkId) => void;

const connectCallbacks = new Set<ConnectCallback>();
const disconnectCallbacks = new Set<DisconnectCallback>();
const networkChangeCallbacks = new Set<NetworkChangeCallback>();

function register<T>(set: Set<T>, callback: T): () => void {
  ensureNetworkWatcher();
  set.add(callback);
  return () => set.delete(callback);
}

export const onConnect = (cb: ConnectCallback): (() => void) => register(connectCallbacks, cb);
export const onDisconnect = (cb: DisconnectCallback): (() => void) =>
  register(disconnectCallbacks, cb);
export const onNetworkChange = (cb: NetworkChangeCallback): (() => void) =>
  register(networkChangeCallbacks, cb);

function fire<A extends unknown[]>(set: Set<(...args: A) => void>, ...args: A): void {
  for (const cb of [...set]) {
    try {
      cb(...args);
    } catch (error) {
      console.error('[shared-chain] callback failed', error);
    }
  }
}

// ------------------------------------------------------------------------------ networks

/** The selected network's config (waits for networks.json on first use). */
export async function currentNetwork(): Promise<NetworkConfig> {
  const state = networks$.getValue();
  const file = state.status === 'ready' ? state.file : await loadNetworks();
  return networkReady(file, network$.getValue());
}

export async function networkById(id?: NetworkId): Promise<NetworkConfig> {
  if (id === undefined) return currentNetwork();
  const state = networks$.getValue();
  const file = state.status === 'ready' ? state.file : await loadNetworks();
  return networkReady(file, id);
}

/** The network with its extra tokens merged (a browser's imports wait for their checks). */
async function networkReady(file: NetworksFile, id: NetworkId): Promise<NetworkConfig> {
  await extraTokensReady(file.networks[id], file.profile);
  return networkOf(file, id);
}

// ------------------------------------------------------------------------------ session

interface ActiveWallet {
  kind: WalletKind;
  connection: WalletConnection;
  network: NetworkConfig;
  stopListening: () => void;
  timer?: ReturnType<typeof setInterval>;
}

let active: ActiveWallet | undefined;

/** The connected wallet and its network, if any. */
export const activeWallet = (): Readonly<ActiveWallet> | undefined => active;

/** The connected wallet, or a rejection "Wallet not connected". */
export function requireWallet(): Readonly<ActiveWallet> {
  if (!active) throw new ChainError('WALLET_NOT_CONNECTED');
  return active;
}

/** A writer for the connected wallet on its network. */
export async function writer(
  /** The network to send on (default the wallet's): an EVM writer switches the wallet to it. */
  network?: NetworkConfig,
): Promise<{ writer: ChainWriter; wallet: Readonly<ActiveWallet> }> {
  const wallet = requireWallet();
  const target = network ?? wallet.network;
  if (target.platform !== wallet.network.platform) throw new ChainError('WRONG_NETWORK');
  const [adapter, recent, current] = await Promise.all([
    adapterFor(target.platform),
    loadRecentTransactions().catch(() => undefined), // a list that did not load records nothing
    // With the tokens imported since the wallet connected (their router, their address).
    networkById(target.id),
  ]);
  const w = adapter.createWriter(current, wallet.connection);
  return {
    writer: recent ? recent.recordingWriter(w, { ...wallet, network: current }) : w,
    wallet,
  };
}

const isPageVisible = (): boolean =>
  typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Re-reads the connected wallet's base balance into session$. */
export async function refreshWalletData(): Promise<WalletSession> {
  const wallet = active;
  if (!wallet) return session$.getValue();
  const reader = await readerFor(wallet.network);
  const address = wallet.connection.address;
  const balances = await reader.balances(address, [wallet.network.baseToken]);
  if (active !== wallet) return session$.getValue();
  const previous = session$.getValue();
  const balance =
    balances?.[wallet.network.baseToken] ??
    (previous.address === address ? previous.balance : undefined);
  const next: WalletSession = {
    connected: true,
    address,
    name: wallet.connection.name,
    kind: wallet.connection.kind,
    balance,
  };
  session$.next(next);
  return next;
}

/** The WALLET_CONNECTED document event's detail. */
export interface WalletConnectedDetail {
  address: string;
  wallet: string;
  kind: WalletKind;
  network: NetworkId;
}

function announceConnected(wallet: ActiveWallet): void {
  const detail: WalletConnectedDetail = {
    address: wallet.connection.address,
    wallet: wallet.connection.name,
    kind: wallet.kind,
    network: wallet.network.id,
  };
  emit({ type: 'WALLET_CONNECTED', address: detail.address, wallet: detail.wallet });
  if (typeof document !== 'undefined' && typeof CustomEvent !== 'undefined') {
    document.dispatchEvent(new CustomEvent('WALLET_CONNECTED', { detail }));
  }
  trackEvent('WALLET_CONNECT', {
    host: context.host,
    widget: context.widget,
    wallet: wallet.connection.name,
    network: wallet.network.id,
  });
}

export const WALLET_CONNECTION_DECLINED = catalogued(msg`Wallet connection declined`);

/**
 * The wallet connected last on each network of this origin ({"TRON":"tronlink","BSC":"injected"},
 * or "injected@io.rabby" for a browser wallet picked among several):
 * a page load on that network asks that wallet again without a prompt (a WalletConnect session
 * on the phone, the account a browser wallet or TronLink still grants the site), as Uniswap's
 * interface does. Only which wallet to ask is kept here: the account always comes from the
 * wallet. Disconnect forgets the network's entry; a network tab leaves it.
 */
export const WALLET_SESSION_KEY = 'JMSWAP_WALLET_SESSION';
/**
 * The widget's own: the wallet it had is its host page's. Browsers keep a framed page's storage
 * apart for each site that frames it, so each partner's page remembers its own.
 */
export const WIDGET_WALLET_KEY = 'JMSWAP_WIDGET_WALLET';
const sessionKey = () => (context.widget ? WIDGET_WALLET_KEY : WALLET_SESSION_KEY);

/** A remembered wallet: its kind, and which browser wallet when one was picked by name. */
type RememberedWallets = Partial<Record<NetworkId, string>>;

const rememberedEntry = (kind: WalletKind, choice?: WalletChoice): string =>
  choice?.rdns ? `${kind}@${choice.rdns}` : kind;

function parseRemembered(entry: string): { kind: WalletKind; choice?: WalletChoice } {
  const at = entry.indexOf('@');
  if (at < 0) return { kind: entry as WalletKind };
  return { kind: entry.slice(0, at) as WalletKind, choice: { rdns: entry.slice(at + 1) } };
}

function rememberedWallets(): RememberedWallets {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(sessionKey()) ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    // The one-wallet shape written before, {"kind":…,"network":…}, reads as its one entry.
    const old = value as { kind?: unknown; network?: unknown };
    if (typeof old.kind === 'string' && typeof old.network === 'string')
      return { [old.network]: old.kind } as RememberedWallets;
    return Object.fromEntries(Object.entries(value).filter(([, kind]) => typeof kind === 'string'));
  } catch {
    return {};
  }
}

function rememberWallet(network: NetworkId, kind: string | undefined): void {
  const wallets = rememberedWallets();
  if (wallets[network] === kind) return;
  if (kind) wallets[network] = kind;
  else delete wallets[network];
  try {
    if (Object.keys(wallets).length)
      globalThis.localStorage?.setItem(sessionKey(), JSON.stringify(wallets));
    else globalThis.localStorage?.removeItem(sessionKey());
  } catch {
    // storage may be unavailable (private mode); the session then lasts for this page only.
  }
}

/**
 * Connects the wallet of `kind` on the selected network. Resolves with the session, or with
 * undefined when the user declined (4001: logged as declined, a wallet toast) or the network
 * changed meanwhile. Other failures are logged and rethrown.
 */
export async function connectWallet(
  kind: WalletKind,
  choice?: WalletChoice,
): Promise<WalletSession | undefined> {
  ensureNetworkWatcher();
  const network = await currentNetwork();
  if (!isNetworkConfigured(network)) throw new Error(`${network.name} is not configured`);
  const connector = await connectorFor(network, kind);
  if (!connector) throw new Error(`This wallet is not available on ${network.name}`);
  let connection: WalletConnection;
  try {
    connection = await connector.connect(network, choice);
  } catch (error) {
    if (isUserRejection(error)) {
      console.info(`[shared-chain] ${kind}: connection declined by the user`);
      emit({
        type: 'toast',
        kind: 'info',
        text: localText(WALLET_CONNECTION_DECLINED),
        durationMs: WALLET_TOAST_MS,
        wallet: true,
      });
      return undefined;
    }
    // The widget's host offers its wallets to pick from: a question, not a failure.
    if ((error as Error | null)?.name !== 'WalletChoiceNeeded')
      console.error(`[shared-chain] ${kind}: connection failed`, error);
    throw error;
  }
  const session = await activate(kind, connection, network);
  // A wallet that cannot come back without a prompt (the dev wallet, a widget's host that cannot
  // be asked silently) replaces the one before.
  const restores = kind === 'widget' ? widgetRestores() : !!connector.restore;
  if (session) rememberWallet(network.id, restores ? rememberedEntry(kind, choice) : undefined);
  return session;
}

async function connectorFor(network: NetworkConfig, kind: WalletKind) {
  if (kind === 'widget') return widgetConnector;
  return (await adapterFor(network.platform)).connectors().find((c) => c.kind === kind);
}

/**
 * Picks up the wallet this origin had before a page load, on the network it was on, with no
 * prompt. Resolves with it, or undefined (none, or the wallet no longer grants the site).
 * `askChain`: an EVM wallet is also asked onto the network's chain (after a network tab, a
 * click of the user's; a page load asks nothing).
 */
export function restoreWalletSession(askChain = false): Promise<WalletSession | undefined> {
  // One question to the wallet per network at a time (a page load's and a tab's): a second
  // answer would replace the first connection and end a session both share.
  const network = network$.getValue();
  if (restoring?.network !== network) {
    const done = restoreOnce(askChain).finally(() => {
      if (restoring?.done === done) restoring = undefined;
    });
    restoring = { network, done };
  }
  return restoring.done;
}

let restoring: { network: NetworkId; done: Promise<WalletSession | undefined> } | undefined;

async function restoreOnce(askChain: boolean): Promise<WalletSession | undefined> {
  const entry = rememberedWallets()[network$.getValue()];
  // A first visit (nothing remembered) does no work here.
  if (!entry || active) {
    endRestoring();
    return undefined;
  }
  ensureNetworkWatcher();
  // Set before the first await: the caller's next frame already says so.
  showRestoring();
  try {
    // A networks file that did not load: the page says so, and CONNECT WALLET stays.
    const network = await currentNetwork();
    if (rememberedWallets()[network.id] !== entry || !isNetworkConfigured(network))
      return undefined;
    const { kind, choice } = parseRemembered(entry);
    const connector = await connectorFor(network, kind);
    // The limit counts from the question to the wallet: loading our own code is not its delay.
    if (session$.getValue() === RESTORING) showRestoring();
    const connection = await connector?.restore?.(network, choice);
    if (!connection) {
      rememberWallet(network.id, undefined);
      return undefined;
    }
    if (active) return undefined;
    const session = await activate(kind, connection, network, { switchChain: false });
    // After a network tab (the user's click) the wallet is asked onto its chain, the session
    // already shown; on a page load not: that prompt would come with no click (sends switch).
    if (session && askChain) void bringToChain(connection, network);
    return session;
  } catch (error) {
    console.error(`[shared-chain] ${entry}: the session could not be restored`, error);
    return undefined;
  } finally {
    endRestoring();
  }
}

/**
 * Before the page's first render, when its head script found a wallet remembered for the page's
 * network: screens start with "Connecting wallet…", not CONNECT WALLET for the frames before
 * restoreWalletSession runs. That call ends the state either way.
 */
export function expectWalletRestore(): void {
  showRestoring();
}

/**
 * How long a restore shows as "Connecting wallet…" at most, counted again once the wallet is
 * asked (the page's own code may load first). A wallet that holds the question longer
 * (WalletConnect's relay out of reach) gets CONNECT WALLET back; its later answer still connects.
 * Locked browser wallets are given up on sooner (injectedWait).
 */
export const restoreShown = { timeoutMs: 4000 };

const RESTORING: WalletSession = { connected: false, restoring: true };
let restoringTimer: ReturnType<typeof setTimeout> | undefined;

function showRestoring(): void {
  if (session$.getValue().connected) return;
  if (session$.getValue() !== RESTORING) session$.next(RESTORING);
  clearTimeout(restoringTimer);
  restoringTimer = setTimeout(endRestoring, restoreShown.timeoutMs);
  (restoringTimer as { unref?: () => void }).unref?.();
}

function endRestoring(): void {
  clearTimeout(restoringTimer);
  // Only the state set here: a session that connected or disconnected meanwhile stays.
  if (session$.getValue() === RESTORING) session$.next(DISCONNECTED);
}

export const WALLET_ACCOUNT_INVALID = catalogued(
  msg`Your wallet answered an account that is not an address of this network. Check your wallet, then try again.`,
);

/** Makes `connection` the page's wallet: bus, events, callbacks, refresh. */
async function activate(
  kind: WalletKind,
  connection: WalletConnection,
  network: NetworkConfig,
  { switchChain = true } = {},
): Promise<WalletSession | undefined> {
  if (network$.getValue() !== network.id) {
    await (connection.release ?? connection.disconnect).call(connection).catch(() => undefined);
    return undefined;
  }
  // Every read and send names this account: a wallet's answer is not taken on trust.
  if (!isAddressKey(network.platform, connection.address)) {
    await connection.disconnect().catch(() => undefined);
    throw new Error(localText(WALLET_ACCOUNT_INVALID));
  }
  await releaseWallet();
  if (switchChain) await bringToChain(connection, network);
  listenToOtherTabs();
  const wallet: ActiveWallet = { kind, connection, network, stopListening: () => undefined };
  active = wallet;
  wallet.stopListening = connection.onChange((change) => {
    if (active !== wallet) return;
    if (change.type === 'accounts' && !isAddressKey(network.platform, String(change.value))) {
      void disconnectWallet();
      return;
    }
    // Ended from the wallet's side (locked, often by its own timer, or the site disconnected
    // there): the next page load asks it again, and comes back if it is unlocked by then.
    if (change.type === 'disconnect') {
      void disconnectWallet({ forget: false });
      return;
    }
    bumpEpoch();
    void refreshWalletData();
  });
  bumpEpoch();
  const session = await refreshWalletData();
  announceConnected(wallet);
  fire(connectCallbacks, session);
  wallet.timer = setInterval(() => {
    if (active === wallet && isPageVisible()) void refreshWalletData();
  }, WALLET_REFRESH_MS);
  (wallet.timer as { unref?: () => void }).unref?.();
  return session;
}

/** Best effort: an EVM wallet asked onto the network's chain now (sends check it again). */
async function bringToChain(connection: WalletConnection, network: NetworkConfig): Promise<void> {
  if (network.platform !== 'evm') return;
  try {
    if ((await connection.chainId()) !== network.chainId) await connection.switchChain(network);
  } catch (error) {
    if (!isUserRejection(error))
      console.error('[shared-chain] switching the wallet chain failed', error);
  }
}

/**
 * Drops the active wallet without the disconnect callbacks (internal). `keepSession`: leave a
 * session the wallet keeps (WalletConnect) open for the next connect.
 */
async function releaseWallet(keepSession = false): Promise<ActiveWallet | undefined> {
  const wallet = active;
  if (!wallet) return undefined;
  active = undefined;
  wallet.stopListening();
  if (wallet.timer) clearInterval(wallet.timer);
  const { connection } = wallet;
  const end = keepSession && connection.release ? connection.release : connection.disconnect;
  await end
    .call(connection)
    .catch((error: unknown) => console.error('[shared-chain] disconnect failed', error));
  return wallet;
}

/**
 * Disconnects: address, name and balance are cleared, then the disconnect callbacks run.
 * `keepSession` (a network change): a WalletConnect session stays open in the wallet, so that
 * connecting again needs no new QR code. `forget` (the user's Disconnect): the next page load
 * does not ask this wallet again.
 */
export async function disconnectWallet({
  keepSession = false,
  forget = !keepSession,
}: { keepSession?: boolean; forget?: boolean } = {}): Promise<void> {
  if (active && forget) {
    rememberWallet(active.network.id, undefined);
    const { network, kind, connection } = active;
    tellOtherTabs({ type: 'disconnected', network: network.id, kind, name: connection.name });
  }
  const wallet = await releaseWallet(keepSession);
  const { connected, restoring } = session$.getValue();
  if (!wallet && !connected) {
    // A restore under way was for the network left (activate drops its answer).
    if (restoring) session$.next(DISCONNECTED);
    return;
  }
  session$.next(DISCONNECTED);
  bumpEpoch();
  fire(disconnectCallbacks);
}

// ------------------------------------------------------------------------------ other tabs

interface TabMessage {
  type: 'disconnected';
  network: NetworkId;
  kind: WalletKind;
  /** The wallet's name: Rabby disconnected in one tab leaves MetaMask in another be. */
  name: string;
}

let tabChannel: BroadcastChannel | undefined;

/**
 * The site's other tabs, listened to from the first connect on. The user's Disconnect reaches
 * them: a tab still showing that wallet on that network lets go of it too (as its next page load
 * would, the wallet being forgotten), instead of showing the address and sending as it. The
 * widget's wallet is its host page's: no tab of the site has it.
 */
function listenToOtherTabs(): void {
  if (tabChannel || context.widget || typeof BroadcastChannel !== 'function') return;
  tabChannel = new BroadcastChannel('jmswap-wallet');
  (tabChannel as { unref?: () => void }).unref?.();
  tabChannel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data as Partial<TabMessage> | null;
    // Another tab of this origin, but still only a hint: a known shape, and this tab's wallet.
    if (message?.type !== 'disconnected' || !active) return;
    const { network, kind, connection } = active;
    if (message.network !== network.id || message.kind !== kind) return;
    if (message.name !== connection.name) return;
    void disconnectWallet({ forget: false });
  };
}

function tellOtherTabs(message: TabMessage): void {
  try {
    tabChannel?.postMessage(message);
  } catch {
    // A closed channel: the other tabs learn it on their next page load.
  }
}

// ------------------------------------------------------------------------------ network switching

let watcher: Subscription | undefined;
let lastNetwork: NetworkId | undefined;

/** Liquidity state that a network change resets (the positions cache of services/reads). */
const networkResetHooks = new Set<() => void>();
export function onNetworkReset(hook: () => void): () => void {
  networkResetHooks.add(hook);
  return () => networkResetHooks.delete(hook);
}

async function handleNetworkChange(next: NetworkId, previous: NetworkId): Promise<void> {
  // 1. the previous wallet is disconnected; 2. pair caches and liquidity state are reset;
  // 3. SELECTED_NETWORK is stored (selectNetwork, or below for direct network$ updates);
  // 4. the network-change callbacks fire.
  await disconnectWallet({ keepSession: true });
  resetReaders();
  for (const hook of networkResetHooks) hook();
  persistSelectedNetwork(next);
  bumpEpoch();
  fire(networkChangeCallbacks, next, previous);
}

let pendingChange: Promise<void> = Promise.resolve();
let changesQueued = 0;

/**
 * Once the tabs settle (no change queued behind this one): each network keeps its wallet, so
 * back on a network the wallet connected there comes back as on a page load. Not earlier: a
 * queued change would disconnect it again. In the widget the change is the host page's, not a
 * click of the user's: its wallet is not asked onto a chain then.
 */
function afterNetworkChange(): void {
  if (--changesQueued === 0) void restoreWalletSession(!context.widget);
}

/** Follows network$ (the shell's tabs, the widget host, switchNetwork). Installed on first use. */
export function ensureNetworkWatcher(): void {
  if (watcher) return;
  lastNetwork = network$.getValue();
  watcher = network$.subscribe((id) => {
    const previous = lastNetwork ?? DEFAULT_NETWORK;
    if (id === previous) return;
    lastNetwork = id;
    changesQueued++;
    pendingChange = pendingChange
      .then(() => handleNetworkChange(id, previous))
      // A failed change (a reset hook threw) must not stop the changes queued behind it.
      .catch(console.error)
      .finally(afterNetworkChange);
  });
}

/**
 * Switches the selected network (chain-layer.md section 4): the wallet is disconnected, caches
 * and liquidity state reset, SELECTED_NETWORK stored, callbacks fired. Unknown ids fall back to TRON.
 */
export async function switchNetwork(id: string): Promise<NetworkId> {
  ensureNetworkWatcher();
  const next = selectNetwork(id);
  await pendingChange;
  return next;
}

/** Test hook: forget the session state (no callbacks). */
export async function resetWalletServiceForTests(): Promise<void> {
  await releaseWallet();
  session$.next(DISCONNECTED);
  connectCallbacks.clear();
  disconnectCallbacks.clear();
  networkChangeCallbacks.clear();
  watcher?.unsubscribe();
  watcher = undefined;
}
