import { t } from '@lingui/core/macro';
import type { NetworkConfig } from '../../config/types';
import { ChainError } from '../../core/errors';
import type { WalletChoice, WalletConnection, WalletConnector } from '../types';
import type { TronWebLike } from '../tron/tronweb-like';
import type { WidgetRelay } from './relay';

// The relay and the widget connections load with the widget (configureWidgetRelay), never on
// the site's pages: the widget is the only page with a host to relay to.
const relayModule = () => import(/* webpackChunkName: "shared-chain-widget" */ './relay');

let relay: WidgetRelay | undefined;

/** Called by the widget once its host page is known (the handshake's parent origin). */
export async function configureWidgetRelay(win: Window, hostOrigin: string): Promise<WidgetRelay> {
  const { WidgetRelay } = await relayModule();
  relay?.close();
  relay = new WidgetRelay(win, hostOrigin);
  return relay;
}

export const isWidgetRelayConfigured = (): boolean => relay !== undefined;

let namedNoChain = false;

/**
 * Whether the widget's host named no chain for its wallet when it connected (a host on the seed's
 * protocol): the confirm step then names the network the send will use.
 */
export const hostNamedNoChain = (): boolean => relay !== undefined && namedNoChain;

/**
 * What the widget says when the host page answered its connect with an error other than a
 * refusal: mostly no wallet in that page (the SDK's "TronLink was not found on this page"), whose
 * own words are the host's and English only. Shown in the widget, not only told to the host.
 */
export function hostWalletMissingText(network: NetworkConfig): string {
  return network.platform === 'tron'
    ? t`No TRON wallet answered on this page. Install or unlock TronLink, or open this page in TronLink's browser, then try again.`
    : t`No wallet answered on this page. Install or unlock a browser wallet such as MetaMask, or open this page in your wallet app's browser, then try again.`;
}

let hostRestores = false;

/**
 * Whether the host's SDK answers `connect {silent: true}` (its options name `restore` among
 * `hostFeatures`). A host without it is never asked on a page load: it would prompt its wallet.
 */
export function setHostRestores(value: boolean): void {
  hostRestores = value;
}

export const widgetRestores = (): boolean => relay !== undefined && hostRestores;

type HostReply = { address?: unknown; name?: unknown; error?: unknown } | null;

/** A page load's question: a host that keeps it longer leaves CONNECT WALLET as it is. */
const SILENT_CONNECT_WAIT_MS = 10_000;

const askHost = (network: NetworkConfig, choice: WalletChoice | undefined, silent: boolean) =>
  (relay as WidgetRelay).call(
    'connect',
    {
      network: network.id,
      // `wallet`: the one the visitor picked among those the host offered (its EIP-6963 id).
      ...(choice?.rdns && { wallet: choice.rdns }),
      ...(silent && { silent: true }),
    },
    silent ? SILENT_CONNECT_WAIT_MS : undefined,
  ) as Promise<HostReply>;

/** The widget's only wallet: the host page's, reached through the relay. */
export const widgetConnector: WalletConnector = {
  kind: 'widget',
  platform: 'evm',
  isAvailable: () => relay !== undefined,
  async connect(network: NetworkConfig, choice?: WalletChoice): Promise<WalletConnection> {
    if (!relay) throw new Error('The widget has no host page to ask for a wallet');
    const reply = await askHost(network, choice, false);
    const { isRejection, hostWalletOffers, WalletChoiceNeeded } = await relayModule();
    // Several wallets in the host page: the visitor picks one, then this connects again.
    const offers = hostWalletOffers(reply);
    if (offers) throw new WalletChoiceNeeded(offers);
    const address = typeof reply?.address === 'string' ? reply.address : '';
    // The user said no in the wallet (4001), or a host on the seed's protocol answered nothing.
    if (isRejection(reply) || (!address && !reply?.error))
      throw Object.assign(new Error('The host page did not connect a wallet'), { code: 4001 });
    if (!address) throw new ChainError('WALLET_NOT_CONNECTED', hostWalletMissingText(network));
    return hostConnection(network, reply, address);
  },
  /** After a page load: the account the host's wallet still shares with its page, no prompt. */
  async restore(network: NetworkConfig, choice?: WalletChoice) {
    if (!relay || !hostRestores) return undefined;
    const reply = await askHost(network, choice, true);
    const address = typeof reply?.address === 'string' ? reply.address : '';
    return address ? hostConnection(network, reply, address) : undefined;
  },
};

async function hostConnection(
  network: NetworkConfig,
  reply: HostReply,
  address: string,
): Promise<WalletConnection> {
  if (!relay) throw new Error('The widget has no host page to ask for a wallet');
  const [{ chainIdOf }, { widgetEvmConnection, widgetTronConnection }] = await Promise.all([
    relayModule(),
    import(/* webpackChunkName: "shared-chain-widget" */ './connection'),
  ]);
  const name = typeof reply?.name === 'string' && reply.name ? reply.name : 'Host wallet';
  const chainId = chainIdOf(reply);
  namedNoChain = chainId === undefined;
  if (chainId !== undefined && chainId !== network.chainId) {
    // The host's wallet is elsewhere: the writers' chain check asks it to switch (update).
    console.warn(`[widget] the host wallet is on chain ${chainId}, not ${network.chainId}`);
  }
  if (network.platform === 'evm')
    return widgetEvmConnection(network, relay, address, name, chainId);
  const [{ TronWeb }, { liveNodeUrl }] = await Promise.all([import('tronweb'), import('../nodes')]);
  // Bound to one node for its life: the one the page's reads found answering.
  const reader = new TronWeb({ fullHost: liveNodeUrl(network) }) as unknown as TronWebLike;
  return widgetTronConnection(network, relay, address, name, reader, chainId);
}
