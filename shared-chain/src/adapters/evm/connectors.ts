import { networks$ } from '../../config/registry';
import type { NetworkConfig } from '../../config/types';
import { ChainError, USER_REJECTED } from '../../core/errors';
import type { WalletKind } from '../../wallets/options';
import { devWalletBuilt } from '../dev-wallet-build';
import type { WalletConnector } from '../types';
import { isUserRejection } from './helpers';
import { walletConnectConnector } from './walletconnect';
import {
  DevWalletConnection,
  Eip1193Connection,
  switchEip1193Chain,
  type Eip1193Provider,
} from './connection';

// ------------------------------------------------------------------------------ EIP-6963

export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface Eip6963ProviderDetail {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
}

export const METAMASK_RDNS = 'io.metamask';
export const BINANCE_RDNS = 'com.binance.wallet';

const announced = new Map<string, Eip6963ProviderDetail>();
let listening: EventTarget | undefined;

function browserWindow(): (Window & Record<string, unknown>) | undefined {
  return typeof window === 'undefined'
    ? undefined
    : (window as unknown as Window & Record<string, unknown>);
}

/**
 * The wallets that announced themselves through EIP-6963 (`eip6963:announceProvider`), after
 * asking them again (`eip6963:requestProvider`). Keyed by uuid; later announcements replace.
 */
export function discoverEip6963(): Eip6963ProviderDetail[] {
  const w = browserWindow();
  if (!w) return [];
  if (listening !== w) {
    listening = w;
    announced.clear();
    w.addEventListener('eip6963:announceProvider', (event: Event) => {
      const detail = (event as CustomEvent<Eip6963ProviderDetail>).detail;
      if (detail?.info?.uuid && detail.provider) announced.set(detail.info.uuid, detail);
    });
  }
  w.dispatchEvent(new Event('eip6963:requestProvider'));
  return [...announced.values()];
}

/** Test hook: forget announced providers. */
export function resetEip6963(): void {
  announced.clear();
  listening = undefined;
}

interface InjectedCandidate {
  provider: Eip1193Provider;
  name: string;
  rdns?: string;
}

/**
 * The browser wallet: the one announced as `rdns` when asked for (none if it is not in the page);
 * else MetaMask by rdns, else the first other announced wallet, else window.ethereum.
 */
export function findInjected(rdns?: string): InjectedCandidate | undefined {
  const list = discoverEip6963();
  if (rdns !== undefined) {
    const chosen = list.find((d) => d.info.rdns === rdns);
    return chosen && { provider: chosen.provider, name: chosen.info.name, rdns };
  }
  const pick =
    list.find((d) => d.info.rdns === METAMASK_RDNS) ??
    list.find((d) => d.info.rdns !== BINANCE_RDNS);
  if (pick) return { provider: pick.provider, name: pick.info.name, rdns: pick.info.rdns };
  const ethereum = browserWindow()?.ethereum as Eip1193Provider | undefined;
  if (ethereum && typeof ethereum.request === 'function') {
    return { provider: ethereum, name: ethereum.isMetaMask ? 'MetaMask' : 'Browser wallet' };
  }
  return undefined;
}

interface LegacyBinanceChain extends Eip1193Provider {
  switchNetwork?(networkId: string): Promise<unknown>;
}

/** The legacy Binance Chain wallet's network ids for switchNetwork. */
const BINANCE_CHAIN_NETWORKS: Record<number, string> = {
  56: 'bsc-mainnet',
  97: 'bsc-testnet',
  1: 'eth-mainnet',
};

/**
 * The Binance wallet: inside the Binance app `window.binancew3w.ethereum`; the extension through
 * EIP-6963 (rdns com.binance.wallet); the legacy `window.BinanceChain` (switches with switchNetwork).
 */
export function findBinance(): (InjectedCandidate & { legacy?: LegacyBinanceChain }) | undefined {
  const w = browserWindow();
  const w3w = (w?.binancew3w as { ethereum?: Eip1193Provider } | undefined)?.ethereum;
  if (w3w && typeof w3w.request === 'function') return { provider: w3w, name: 'Binance Wallet' };
  const announcedBinance = discoverEip6963().find((d) => d.info.rdns === BINANCE_RDNS);
  if (announcedBinance)
    return {
      provider: announcedBinance.provider,
      name: announcedBinance.info.name,
      rdns: BINANCE_RDNS,
    };
  const legacy = w?.BinanceChain as LegacyBinanceChain | undefined;
  if (legacy && typeof legacy.request === 'function')
    return { provider: legacy, name: 'Binance Wallet', legacy };
  return undefined;
}

/** How long connect() waits for an injected provider to appear, and how often it looks. */
export const injectedWait = { timeoutMs: 3000, intervalMs: 100 };

async function waitFor<T>(find: () => T | undefined): Promise<T | undefined> {
  const deadline = Date.now() + injectedWait.timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined || Date.now() >= deadline) return found;
    await new Promise((r) => setTimeout(r, injectedWait.intervalMs));
  }
}

async function requestAccounts(provider: Eip1193Provider): Promise<string> {
  let accounts: unknown;
  try {
    accounts = await provider.request({ method: 'eth_requestAccounts' });
  } catch (error) {
    if (isUserRejection(error)) throw new ChainError('4001', USER_REJECTED);
    throw error;
  }
  const first = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== 'string') throw new Error('The wallet returned no account');
  return first;
}

/**
 * The account the wallet already lets this site see, asked without a prompt (eth_accounts):
 * undefined when the user has not connected it here, has locked it, or it does not answer
 * within `injectedWait.timeoutMs` (some wallets hold every request while locked).
 */
async function grantedAccount(provider: Eip1193Provider): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), injectedWait.timeoutMs);
  });
  try {
    const accounts = await Promise.race([provider.request({ method: 'eth_accounts' }), silent]);
    const first = Array.isArray(accounts) ? accounts[0] : undefined;
    return typeof first === 'string' ? first : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

function injectedConnector(): WalletConnector {
  return {
    kind: 'injected',
    platform: 'evm',
    isAvailable: () => findInjected() !== undefined,
    async connect(_network, choice) {
      const found = await waitFor(() => findInjected(choice?.rdns));
      if (!found)
        throw new Error(
          'No browser wallet found. Install MetaMask or open this page in a wallet browser.',
        );
      const address = await requestAccounts(found.provider);
      return new Eip1193Connection('injected', found.name, address, found.provider);
    },
    // After a page load: the account the wallet still grants this site, with no prompt.
    async restore(_network, choice) {
      const found = await waitFor(() => findInjected(choice?.rdns));
      const address = found && (await grantedAccount(found.provider));
      return found && address
        ? new Eip1193Connection('injected', found.name, address, found.provider)
        : undefined;
    },
  };
}

function binanceConnector(): WalletConnector {
  return {
    kind: 'binance',
    platform: 'evm',
    isAvailable: () => findBinance() !== undefined,
    async connect() {
      const found = await waitFor(findBinance);
      if (!found)
        throw new Error(
          'Binance Wallet not found. Install it or open this page in the Binance app.',
        );
      return binanceConnection(found, await requestAccounts(found.provider));
    },
    async restore() {
      const found = await waitFor(findBinance);
      const address = found && (await grantedAccount(found.provider));
      return found && address ? binanceConnection(found, address) : undefined;
    },
  };
}

function binanceConnection(
  found: NonNullable<ReturnType<typeof findBinance>>,
  address: string,
): Eip1193Connection {
  const legacy = found.legacy;
  const switcher = legacy?.switchNetwork
    ? async (network: NetworkConfig) => {
        const id = BINANCE_CHAIN_NETWORKS[network.chainId];
        if (id === undefined) return switchEip1193Chain(legacy, network);
        try {
          await legacy.switchNetwork?.(id);
        } catch (error) {
          if (isUserRejection(error)) throw new ChainError('4001', USER_REJECTED);
          throw error;
        }
      }
    : undefined;
  return new Eip1193Connection('binance', found.name, address, found.provider, switcher);
}

// ------------------------------------------------------------------------------ WalletConnect

export {
  WALLETCONNECT_NOT_CONFIGURED,
  walletConnectConfig,
  walletConnectOptions,
  walletConnectChains,
  loadWalletConnect,
  resetWalletConnect,
  WalletConnectConnection,
} from './walletconnect';

// ------------------------------------------------------------------------------ dev wallet

const isLocalProfile = (): boolean => {
  const state = networks$.getValue();
  return state.status === 'ready' && state.file.profile === 'local';
};

function devConnector(): WalletConnector {
  return {
    kind: 'dev',
    platform: 'evm',
    isAvailable: isLocalProfile,
    async connect(network) {
      if (!isLocalProfile()) throw new Error('The dev wallet exists only on the local profile');
      return new DevWalletConnection(network);
    },
  };
}

export function evmConnectors(): WalletConnector[] {
  const connectors = [injectedConnector(), walletConnectConnector(), binanceConnector()];
  return devWalletBuilt() ? [...connectors, devConnector()] : connectors;
}

export const evmConnectorKinds: WalletKind[] = ['injected', 'walletconnect', 'binance', 'dev'];
