/**
 * The mobile wallet: a WalletConnect v2 session through the relay named in networks.json
 * (`walletConnect.relayUrl`, beside the project id), opened with WalletConnect's own
 * EthereumProvider. The page draws its own QR dialog (the shell's WalletConnectDialog, fed by
 * walletConnectPairing$): the SDK's modal (Reown AppKit) fetches wallet lists, images, fonts and
 * telemetry from the public internet and writes <style> elements the CSP would have to allow.
 * Nothing here reaches anything but the relay and this site's own nodes: telemetry is off, and
 * Verify (an iframe to verify.walletconnect.org that vouches for this origin to the wallet) is
 * not used, so wallets show the site as unverified.
 */
import type { EthereumProvider as EthereumProviderClass } from '@walletconnect/ethereum-provider';
import { networks$ } from '../../config/registry';
import {
  isNetworkConfigured,
  type NetworkConfig,
  type WalletConnectConfig,
} from '../../config/types';
import { ChainError, USER_REJECTED } from '../../core/errors';
import {
  onPairingCancelled,
  walletConnectLink$,
  walletConnectPairing$,
} from '../../wallets/walletConnectState';
import { liveNodeUrl } from '../nodes';
import type { WalletConnection, WalletConnector } from '../types';
import { Eip1193Connection, type EvmTxRequest, type Eip1193Provider } from './connection';
import { chainIdHex, isUserRejection, rpcErrorCode } from './helpers';

type Provider = Awaited<ReturnType<typeof EthereumProviderClass.init>>;

export const WALLETCONNECT_NOT_CONFIGURED =
  'Mobile wallet (WalletConnect) is not configured: no project id';

/** The deployment's WalletConnect entry (networks.json), when it has a usable one. */
export function walletConnectConfig(): WalletConnectConfig | undefined {
  const state = networks$.getValue();
  return state.status === 'ready' ? state.file.walletConnect : undefined;
}

/** The EVM networks a session may cover: `network` first, then every other configured one. */
function sessionNetworks(network: NetworkConfig): NetworkConfig[] {
  const state = networks$.getValue();
  const all = state.status === 'ready' ? Object.values(state.file.networks) : [];
  const others = all.filter(
    (n) => n.platform === 'evm' && n.id !== network.id && isNetworkConfigured(n),
  );
  return [network, ...others];
}

/** What a connect on `network` asks of the wallet: its chain first, the other EVM networks too. */
export function walletConnectChains(network: NetworkConfig) {
  const nets = sessionNetworks(network);
  return {
    chains: [network.chainId] as [number],
    // The page's chain again: UniversalProvider 2.25 replaces the required namespace by the
    // optional one (all namespaces are optional since 2.21), so a chain only in `chains` is lost.
    optionalChains: nets.map((n) => n.chainId) as [number, ...number[]],
    // The wallet's own reads go to one node per chain: the one this page's reads found answering.
    rpcMap: Object.fromEntries(nets.map((n) => [n.chainId, liveNodeUrl(n)])),
  };
}

/** The options EthereumProvider.init gets. */
export function walletConnectOptions(network: NetworkConfig, config: WalletConnectConfig) {
  const origin = typeof location !== 'undefined' ? location.origin : 'http://localhost';
  return {
    projectId: config.projectId,
    relayUrl: config.relayUrl,
    ...walletConnectChains(network),
    showQrModal: false,
    telemetryEnabled: false,
    // Its failures reach the user and the console through shared-chain (a refusal is no error).
    logger: 'fatal',
    metadata: {
      name: 'JMSwap',
      // eslint-disable-next-line lingui/no-unlocalized-strings -- the wallet app's listing
      description: 'JMSwap decentralised exchange',
      url: origin,
      icons: [] as string[],
    },
  };
}

/** Loads the WalletConnect provider lazily (its own chunk; pages without it never load it). */
export const loadWalletConnect = () => import('@walletconnect/ethereum-provider');

/**
 * One provider per page (WalletConnect's core is a page-wide singleton); it restores a session
 * the page had before a reload from its own storage (IndexedDB).
 */
let provider: Promise<Provider> | undefined;

function walletConnectProvider(network: NetworkConfig, config: WalletConnectConfig) {
  provider ??= loadWalletConnect()
    .then(({ EthereumProvider }) => EthereumProvider.init(walletConnectOptions(network, config)))
    .then((p) => {
      // Verify's attestation is a hidden iframe to verify.walletconnect.org (see above).
      const verify = p.signer.client.core.verify as unknown as { register: () => Promise<string> };
      verify.register = async () => '';
      return p;
    });
  provider.catch(() => (provider = undefined));
  return provider;
}

/** Test hook: forget the provider. */
export function resetWalletConnect(): void {
  provider = undefined;
}

/** A refusal in the wallet: EIP-1193's 4001, or the Sign API's USER_REJECTED (5000-5002). */
const rejected = (error: unknown): boolean => {
  const code = rpcErrorCode(error);
  return isUserRejection(error) || (code !== undefined && code >= 5000 && code <= 5002);
};

const rethrow = (error: unknown): never => {
  if (rejected(error)) throw new ChainError('4001', USER_REJECTED);
  throw error;
};

const chainsOf = (p: Provider): number[] =>
  (p.session?.namespaces.eip155?.accounts ?? []).map((a) => Number(a.split(':')[1]));

/** How often the page tries the relay again while it is unreachable. */
export const RELAY_RETRY_MS = 2000;

/** A session with a wallet on a phone, through the relay. */
export class WalletConnectConnection extends Eip1193Connection {
  private unwatch: () => void;

  constructor(private readonly wc: Provider) {
    const name = wc.session?.peer.metadata.name?.trim() || 'WalletConnect';
    const address = wc.accounts[0];
    if (!address) throw new Error('The wallet returned no account');
    super('walletconnect', name, address, wc as unknown as Eip1193Provider);
    this.unwatch = watchRelay(wc);
  }

  /** The chain requests go to: the provider's, or the session's first when it is not in it. */
  override async chainId(): Promise<number> {
    const chains = chainsOf(this.wc);
    return chains.includes(this.wc.chainId) ? this.wc.chainId : (chains[0] ?? this.wc.chainId);
  }

  /**
   * Asks the wallet, through the session, to move to the network's chain (a chain outside the
   * session gets added by the wallet). A wallet that does not take the request is moved by the
   * page where the session covers the chain (WalletConnect's per-request chains).
   */
  override async switchChain(network: NetworkConfig): Promise<void> {
    const session = this.wc.session;
    if (!session) throw new Error('The mobile wallet session has ended');
    const from = await this.chainId();
    const target = `eip155:${network.chainId}`;
    const methods = session.namespaces.eip155?.methods ?? [];
    if (methods.includes('wallet_switchEthereumChain')) {
      try {
        await this.wc.signer.client.request({
          topic: session.topic,
          chainId: `eip155:${from}`,
          request: {
            method: 'wallet_switchEthereumChain',
            params: [{ chainId: chainIdHex(network.chainId) }],
          },
        });
      } catch (error) {
        rethrow(error);
      }
    }
    if (!chainsOf(this.wc).includes(network.chainId))
      throw new ChainError('WRONG_NETWORK', `The wallet did not add ${network.name}`);
    this.wc.signer.setDefaultChain(target);
  }

  override async sendTransaction(tx: EvmTxRequest): Promise<string> {
    try {
      return await super.sendTransaction(tx);
    } catch (error) {
      return rethrow(error);
    }
  }

  /** Ends the session: the wallet hears it too. */
  override async disconnect(): Promise<void> {
    await this.release();
    if (this.wc.session) await this.wc.disconnect().catch(() => undefined);
  }

  /** The page stops using the wallet (network change) but the session stays for the next connect. */
  async release(): Promise<void> {
    this.unwatch();
    await super.disconnect();
  }
}

/** Follows the relay connection into walletConnectLink$, and tries it again while it is down. */
function watchRelay(wc: Provider): () => void {
  const relayer = wc.signer.client.core.relayer;
  let retry: ReturnType<typeof setInterval> | undefined;
  const up = () => {
    clearInterval(retry);
    retry = undefined;
    walletConnectLink$.next('ok');
  };
  const down = () => {
    walletConnectLink$.next('unreachable');
    retry ??= setInterval(() => {
      if (!relayer.connected && !relayer.connecting) relayer.transportOpen().catch(() => undefined);
    }, RELAY_RETRY_MS);
  };
  relayer.on('relayer_connect', up);
  relayer.on('relayer_disconnect', down);
  if (!relayer.connected && !relayer.connecting) down();
  return () => {
    relayer.off('relayer_connect', up);
    relayer.off('relayer_disconnect', down);
    clearInterval(retry);
    walletConnectLink$.next('ok');
  };
}

/** Shows the pairing until the wallet approves, refuses, or the user closes the dialog. */
async function pair(wc: Provider, network: NetworkConfig): Promise<void> {
  let shown: string | undefined;
  const show = (uri: string) => {
    shown = uri;
    walletConnectPairing$.next({ uri });
  };
  wc.on('display_uri', show);
  let cancel: () => void = () => undefined;
  const cancelled = new Promise<never>((_, reject) => {
    cancel = () => reject(new ChainError('4001', USER_REJECTED));
  });
  onPairingCancelled(() => {
    // The page forgets the pairing: a phone that scans the closed code later finds no one.
    const topic = shown?.slice(3).split('@')[0];
    if (topic) void wc.signer.client.core.pairing.disconnect({ topic }).catch(() => undefined);
    cancel();
  });
  try {
    await Promise.race([wc.connect(walletConnectChains(network)), cancelled]);
  } catch (error) {
    // A refused proposal arrives as a bare Error with the wallet's message ("User rejected.").
    if (error instanceof Error && /\brejected\b/i.test(error.message))
      throw new ChainError('4001', USER_REJECTED);
    rethrow(error);
  } finally {
    wc.removeListener('display_uri', show);
    onPairingCancelled(undefined);
    walletConnectPairing$.next(undefined);
  }
}

export function walletConnectConnector(): WalletConnector {
  return {
    kind: 'walletconnect',
    platform: 'evm',
    isAvailable: () => walletConnectConfig() !== undefined,
    async connect(network) {
      const config = walletConnectConfig();
      if (!config) throw new Error(WALLETCONNECT_NOT_CONFIGURED);
      const wc = await walletConnectProvider(network, config);
      // A session still open (before a reload, or before a network change) needs no new QR code.
      if (!wc.session) await pair(wc, network);
      return new WalletConnectConnection(wc);
    },
    /** The session the page had before a reload, if the wallet has not ended it since. */
    async restore(network): Promise<WalletConnection | undefined> {
      const config = walletConnectConfig();
      if (!config) return undefined;
      const wc = await walletConnectProvider(network, config);
      return wc.session && wc.accounts[0] ? new WalletConnectConnection(wc) : undefined;
    },
  };
}
