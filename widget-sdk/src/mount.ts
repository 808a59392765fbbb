/**
 * JMSwapWidget.mount(element, options): creates the widget's iframe, sends the options when the
 * widget says JMSwapLoading, follows its height and answers its wallet relay. Every message goes
 * to the widget's exact origin; only that iframe's messages are read.
 */
import { HostRelay, type ConnectEvent, type ErrorEvent, type SwapEvent } from './relay';
import type { SdkNetwork } from './policy';
import { BAKED_PINS, isLoopback, trustedNetwork, type Pins, type PinnedNetwork } from './trust';
import {
  readWidgetMessage,
  REPLIES,
  WIDGET_RESPONSE,
  WIDGET_SET_OPTIONS,
  type WidgetMessage,
} from './protocol';
import { announcedWallets, evmWallet } from './wallets/evm';
import { tronWallet } from './wallets/tron';
import type { HostWallet } from './wallets/types';

export type { SwapEvent, ConnectEvent, ErrorEvent, Pins, PinnedNetwork };

export type NetworkId = 'TRON' | 'BSC' | 'POLY' | 'BTTC' | 'ETH';

/** Style options, passed to the widget as data; it validates each and drops what it rejects. */
export interface WidgetStyle {
  shadow?: string;
  backgroundColor?: string;
  backgroundImage?: string;
  textColor?: string;
  buttonStyle?: Record<string, string>;
  maxButtonStyle?: Record<string, string>;
  headingStyle?: Record<string, string>;
  tabNavStyle?: Record<string, string>;
  tabNavActiveStyle?: Record<string, string>;
  lightBranding?: boolean;
  /** The widget's colours: 'auto' (the default) follows the visitor's system. */
  theme?: 'light' | 'dark' | 'auto';
  /** The widget's language: 'en' or 'zh-CN'; none follows the visitor's browser. */
  language?: 'en' | 'zh-CN';
}

export interface MountOptions extends WidgetStyle {
  network?: NetworkId;
  /**
   * The networks the widget may use with your wallet (default: `network`, else TRON); `update`
   * with another network adds it. Connect, switch and sends on any other are refused (4100).
   */
  networks?: NetworkId[];
  /**
   * Your own allow-list per network (routers, tokens, pools: a copy of the network's entry in
   * networks.json fits). The widget origin's config must agree with it, else every request is
   * refused; only what it names is allowed.
   */
  pin?: Pins;
  tokens?: string[];
  fromToken?: string;
  toToken?: string;
  /** Slippage in percent (5 = 5%). */
  slippage?: number;
  launchPad?: boolean;
  liquidityTab?: boolean;
  /** Where the widget is served (default: the origin this script was loaded from). */
  origin?: string;
  /** EIP-6963 rdns of the EVM wallet to prefer (e.g. io.metamask). */
  evmWallet?: string;
  onSwap?: (event: SwapEvent) => void;
  onConnect?: (event: ConnectEvent) => void;
  onError?: (event: ErrorEvent) => void;
  onHeight?: (height: number) => void;
}

export interface WidgetHandle {
  iframe: HTMLIFrameElement;
  /** Network and slippage may change after mounting (the widget ignores other keys then). */
  update(changes: Pick<MountOptions, 'network' | 'slippage'>): void;
  destroy(): void;
}

/** Options for the SDK itself, never sent to the widget. */
const HOST_ONLY = [
  'onSwap',
  'onConnect',
  'onError',
  'onHeight',
  'origin',
  'evmWallet',
  'networks',
  'pin',
] as const;

/** The options the widget receives: plain data only (no functions cross the frame). */
export function widgetOptionsOf(options: MountOptions): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if ((HOST_ONLY as readonly string[]).includes(key) || typeof value === 'function') continue;
    data[key] = value;
  }
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

let networksCache: { origin: string; promise: Promise<Record<string, SdkNetwork>> } | undefined;
function networks(origin: string): Promise<Record<string, SdkNetwork>> {
  if (networksCache?.origin !== origin) {
    const promise = fetch(`${origin}/config/networks.json`, { credentials: 'omit' })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`networks.json: ${r.status}`))))
      .then((body: { networks?: Record<string, SdkNetwork> }) => body.networks ?? {});
    networksCache = { origin, promise };
    promise.catch(() => (networksCache = undefined));
  }
  return networksCache.promise;
}

export function mountWidget(
  element: HTMLElement,
  options: MountOptions,
  defaultOrigin: string | undefined,
): WidgetHandle {
  const origin = options.origin ? new URL(options.origin).origin : defaultOrigin;
  if (!origin) throw new Error('JMSwapWidget: pass options.origin (where the widget is served)');
  const win = element.ownerDocument.defaultView as Window;
  // `hostFeatures`: what this SDK answers beyond the seed's protocol, so the widget asks it
  // (`restore`: connect {silent: true}; a host without it would prompt the wallet on page load).
  let current: Record<string, unknown> = { ...widgetOptionsOf(options), hostFeatures: ['restore'] };
  let networkId = String(current.network ?? 'TRON');

  const iframe = element.ownerDocument.createElement('iframe');
  iframe.src = `${origin}/widget?n=${encodeURIComponent(networkId)}`;
  iframe.title = 'JMSwap swap widget';
  iframe.setAttribute('scrolling', 'no');
  Object.assign(iframe.style, { border: '0', width: '100%', maxWidth: '100%', height: '640px' });
  element.appendChild(iframe);

  // Listened to from the mount on, so the first connect finds the wallets already announced.
  const announced = announcedWallets(win);
  const wallets = new Map<string, HostWallet>();
  const walletFor = (network: SdkNetwork) => {
    const key = network.platform;
    if (!wallets.has(key))
      wallets.set(
        key,
        key === 'evm' ? evmWallet(win, options.evmWallet, announced) : tronWallet(win),
      );
    return wallets.get(key) as HostWallet;
  };
  const relay = new HostRelay(walletFor, options);
  const post = (message: object) => iframe.contentWindow?.postMessage(message, origin);

  // The networks the partner chose; the widget cannot move the wallet anywhere else.
  const allowed = new Set<string>([...(options.networks ?? []), networkId]);
  // JMSwap's baked allow-list is for its deployments, not for a local development stack.
  const baked: Pins = isLoopback(origin) ? {} : BAKED_PINS;
  const pinned = (id: string) => [baked[id], options.pin?.[id]];

  async function policyNetwork(): Promise<SdkNetwork | string> {
    if (!allowed.has(networkId)) return `${networkId} is not among the partner's networks`;
    const all = await networks(origin as string).catch(() => ({}) as Record<string, SdkNetwork>);
    const fetched = all[networkId];
    if (!fetched) return `${networkId} is not configured`;
    const trusted = trustedNetwork(fetched, pinned(networkId));
    return trusted.ok ? trusted.network : trusted.reason;
  }

  function refused(fn: string, message: string) {
    options.onError?.({ function: fn, message, code: 4100 });
    return { error: { code: 4100, message } };
  }

  async function onCall(message: Extract<WidgetMessage, { kind: 'call' }>) {
    const requested = message.params.network;
    let data: unknown;
    let network: SdkNetwork | string | undefined;
    if (typeof requested === 'string' && !allowed.has(requested)) {
      data = refused(
        message.fn,
        `Refused ${message.fn}: ${requested} is not among the partner's networks`,
      );
    } else {
      // The widget moves to another network only by asking with `update`.
      if (message.fn === 'update' && typeof requested === 'string') networkId = requested;
      network = await policyNetwork();
      data =
        typeof network === 'string'
          ? refused(message.fn, `Refused ${message.fn}: ${network}`)
          : await relay.answer(message.fn, message.params, network);
    }
    post({ type: WIDGET_RESPONSE, function: REPLIES[message.fn], id: message.id, data });
    if (typeof network === 'object' && message.fn === 'connect' && relay.address)
      followAccount(network, (data as { chainId?: number }).chainId ?? network.chainId);
  }

  // An account change in the wallet reaches the widget as an unsolicited "updated".
  let unfollow: (() => void) | undefined;
  function followAccount(network: SdkNetwork, connectedChain: number) {
    unfollow?.();
    const wallet = walletFor(network);
    let chainId = connectedChain;
    const updated = (address: string | null, name: string | undefined) =>
      post({ type: WIDGET_RESPONSE, function: REPLIES.update, data: { address, name, chainId } });
    // TronLink's node picked in TronLink: the widget learns the chain (it refuses to send on another).
    const unfollowChain = wallet.onChainChange?.((next) => {
      chainId = next;
      if (relay.address) updated(relay.address, relay.walletName);
    });
    const unfollowAccount = wallet.onAccountChange((address) => {
      const name = relay.walletName;
      relay.follow(address);
      // No account (locked, or this page disconnected in the wallet): `address: null` tells the
      // widget its wallet is gone, as the site's own page learns it from the wallet.
      updated(address ?? null, name);
      if (!address) unfollow?.();
    });
    unfollow = () => {
      unfollowChain?.();
      unfollowAccount();
    };
  }

  const listener = (event: MessageEvent) => {
    const message = readWidgetMessage(event, iframe.contentWindow, origin);
    if (!message) return;
    if (message.kind === 'loading') post({ type: WIDGET_SET_OPTIONS, options: current });
    else if (message.kind === 'height') {
      iframe.style.height = `${message.height}px`;
      options.onHeight?.(message.height);
    } else void onCall(message);
  };
  win.addEventListener('message', listener);

  return {
    iframe,
    update(changes) {
      const next = widgetOptionsOf(changes);
      current = { ...current, ...next };
      if (typeof next.network === 'string') {
        networkId = next.network;
        allowed.add(next.network); // the partner's own choice
      }
      post({ type: WIDGET_SET_OPTIONS, options: next });
    },
    destroy() {
      unfollow?.();
      announced.stop();
      win.removeEventListener('message', listener);
      iframe.remove();
    },
  };
}
