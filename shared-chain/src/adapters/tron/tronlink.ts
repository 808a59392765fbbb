/**
 * TronLink, talked to directly through what the extension injects (no tronweb import here, so
 * this module is cheap to load for the swap UI's `watchAsset`):
 *
 * - `window.tronLink` ({ready, request, tronWeb}) and `window.tronWeb` (a TronWeb whose `trx.sign`
 *   asks the user). The connector polls for them (injection can be late) and gives up with a
 *   ChainError "Install or unlock TronLink" after a timeout.
 * - `tronLink.request({method:'tron_requestAccounts'})` answers {code:200}, {code:4001} when the
 *   user declines (-> ChainError code 4001, logged as declined), or '' when TronLink is locked.
 * - Account and node changes: the address is polled every 5 s, and TronLink's window `message`
 *   events with `data.message.action` 'setAccount' or 'setNode' trigger an immediate re-check.
 *   Messages are only hints: what is emitted is re-read from `window.tronWeb`, so other message
 *   traffic (or a forged message) cannot change the session.
 * - The chain: TronLink cannot be switched by a dApp, so `switchChain` and every send verify
 *   that TronLink's node is on the expected chain and refuse with a clear message otherwise.
 */
import { t } from '@lingui/core/macro';
import type { WalletConnection, WalletConnector } from '../types';
import type { NetworkConfig, TokenConfig } from '../../config/types';
import { ChainError } from '../../core/errors';
import { chainName, nodeChainId } from './chain';
import {
  INSTALL_OR_UNLOCK_TRONLINK,
  isUserRejection,
  tronError,
  userRejectedError,
} from './errors';
import type { TronWebLike } from './tronweb-like';
import type { TronWalletConnection } from './writer';

type ChangeListener = Parameters<WalletConnection['onChange']>[0];
type Change = Parameters<ChangeListener>[0];

export interface TronLinkLike {
  ready?: boolean;
  isTronLink?: boolean;
  request?(args: { method: string; params?: unknown }): Promise<unknown>;
  tronWeb?: TronWebLike | false;
}

/** The parts of `window` TronLink uses. */
export interface TronLinkWindow {
  tronLink?: TronLinkLike;
  tronWeb?: TronWebLike | false;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface TronLinkConnectorOptions {
  /** How long to wait for TronLink to inject itself and expose an address (default 3000 ms). */
  injectionTimeoutMs?: number;
  /** Address poll interval (default 5000 ms, the spec's 5 s). */
  addressPollMs?: number;
  /** Poll step while waiting for injection (default 100 ms). */
  stepMs?: number;
  /** The window to use (default globalThis.window). */
  getWindow?: () => TronLinkWindow | undefined;
}

export const TRONLINK_NAME = 'TronLink';
/** The spec: the TRON address is polled for changes every 5 seconds. */
export const TRON_ADDRESS_POLL_MS = 5_000;
const TRONLINK_ACTIONS = new Set(['setAccount', 'setNode']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function browserWindow(): TronLinkWindow | undefined {
  return (globalThis as { window?: TronLinkWindow }).window;
}

function injectedTronWeb(win: TronLinkWindow | undefined): TronWebLike | undefined {
  const tronWeb = win?.tronWeb || win?.tronLink?.tronWeb;
  return tronWeb ? tronWeb : undefined;
}

function addressOf(tronWeb: TronWebLike | undefined): string | undefined {
  const base58 = tronWeb?.defaultAddress?.base58;
  return typeof base58 === 'string' && base58 !== '' ? base58 : undefined;
}

async function waitFor<T>(
  probe: () => T | undefined,
  timeoutMs: number,
  stepMs: number,
): Promise<T | undefined> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started >= timeoutMs) return undefined;
    await sleep(stepMs);
  }
}

/** Refuse unless `tronWeb`'s node is on `network`'s chain. */
export async function assertTronChain(
  tronWeb: TronWebLike,
  network: NetworkConfig,
  walletName: string,
): Promise<void> {
  const chainId = await nodeChainId(tronWeb);
  if (chainId === network.chainId) return;
  const connected = chainName(chainId);
  const name = network.name;
  const expected = chainName(network.chainId);
  const message =
    chainId === undefined
      ? t`${walletName}'s node cannot be reached. Check ${walletName}'s network and try again.`
      : t`${walletName} is connected to ${connected}, but this page uses ${name} (${expected}). Switch ${walletName}'s node to ${name}.`;
  throw tronError('WRONG_NETWORK', message, {
    detail: chainId === undefined ? 'UNREACHABLE' : String(chainId),
  });
}

export class TronLinkConnection implements TronWalletConnection {
  readonly kind = 'tronlink' as const;
  readonly platform = 'tron' as const;
  readonly name = TRONLINK_NAME;
  address: string;
  private readonly listeners = new Set<ChangeListener>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private nodeHost: string | undefined;
  private verifiedChain: Promise<void> | undefined;
  private closed = false;
  private readonly onMessage = (event: MessageEvent): void => {
    const win = this.getWindow();
    if (event.source != null && win !== undefined && event.source !== (win as unknown)) return;
    const data = event.data as { message?: { action?: unknown } } | null | undefined;
    const action = data?.message?.action;
    if (typeof action !== 'string' || !TRONLINK_ACTIONS.has(action)) return;
    if (action === 'setAccount') this.checkAccount();
    else void this.checkNode();
  };

  constructor(
    address: string,
    private readonly getWindow: () => TronLinkWindow | undefined,
    private readonly addressPollMs: number,
    private readonly expectedChainId: number,
  ) {
    this.address = address;
    this.nodeHost = injectedTronWeb(getWindow())?.fullNode?.host;
  }

  getTronWeb(): TronWebLike {
    const tronWeb = injectedTronWeb(this.getWindow());
    if (!tronWeb) throw tronError('WALLET_NOT_CONNECTED', INSTALL_OR_UNLOCK_TRONLINK);
    return tronWeb;
  }

  /** The chain TronLink's node is on; the expected one when the node cannot be asked. */
  async chainId(): Promise<number> {
    return (await nodeChainId(this.getTronWeb())) ?? this.expectedChainId;
  }

  async switchChain(network: NetworkConfig): Promise<void> {
    this.verifiedChain = undefined;
    await this.assertChain(network);
  }

  /** Checked before every send; remembered until TronLink's node changes. */
  assertChain(network: NetworkConfig): Promise<void> {
    if (!this.verifiedChain) {
      const check = assertTronChain(this.getTronWeb(), network, TRONLINK_NAME);
      this.verifiedChain = check;
      check.catch(() => {
        if (this.verifiedChain === check) this.verifiedChain = undefined;
      });
    }
    return this.verifiedChain;
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    this.startWatching();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopWatching();
    };
  }

  async disconnect(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.stopWatching();
  }

  private emit(change: Change): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        console.error('TronLink change listener failed', error);
      }
    }
  }

  private startWatching(): void {
    if (this.timer !== undefined || this.closed) return;
    this.getWindow()?.addEventListener('message', this.onMessage);
    this.timer = setInterval(() => {
      this.checkAccount();
      void this.checkNode();
    }, this.addressPollMs);
    // Node (tests, SSR): do not keep the process alive for the poll.
    (this.timer as { unref?: () => void }).unref?.();
  }

  private stopWatching(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.getWindow()?.removeEventListener('message', this.onMessage);
  }

  /** Re-read the address from window.tronWeb and emit when it really changed. */
  checkAccount(): void {
    const current = addressOf(injectedTronWeb(this.getWindow()));
    if ((current ?? '') === this.address) return;
    if (current === undefined) {
      this.address = '';
      this.emit({ type: 'disconnect' });
      return;
    }
    this.address = current;
    this.emit({ type: 'accounts', value: current });
  }

  /** Re-read TronLink's node and emit 'chain' when it really changed. */
  async checkNode(): Promise<void> {
    const tronWeb = injectedTronWeb(this.getWindow());
    const host = tronWeb?.fullNode?.host;
    if (!tronWeb || host === this.nodeHost) return;
    this.nodeHost = host;
    this.verifiedChain = undefined;
    const chainId = await nodeChainId(tronWeb);
    this.emit({ type: 'chain', value: chainId ?? host ?? '' });
  }
}

export class TronLinkConnector implements WalletConnector {
  readonly kind = 'tronlink' as const;
  readonly platform = 'tron' as const;
  private readonly getWindow: () => TronLinkWindow | undefined;
  private readonly injectionTimeoutMs: number;
  private readonly addressPollMs: number;
  private readonly stepMs: number;

  constructor(options: TronLinkConnectorOptions = {}) {
    this.getWindow = options.getWindow ?? browserWindow;
    this.injectionTimeoutMs = options.injectionTimeoutMs ?? 3_000;
    this.addressPollMs = options.addressPollMs ?? TRON_ADDRESS_POLL_MS;
    this.stepMs = options.stepMs ?? 100;
  }

  isAvailable(): boolean {
    const win = this.getWindow();
    return Boolean(win?.tronLink || win?.tronWeb);
  }

  async connect(network: NetworkConfig): Promise<TronLinkConnection> {
    const notReady = () => tronError('WALLET_NOT_CONNECTED', INSTALL_OR_UNLOCK_TRONLINK);
    const injected = await waitFor(
      () => {
        const win = this.getWindow();
        return win?.tronLink || win?.tronWeb ? win : undefined;
      },
      this.injectionTimeoutMs,
      this.stepMs,
    );
    if (!injected) throw notReady();
    const request = injected.tronLink?.request;
    if (request) {
      let answer: unknown;
      try {
        answer = await request.call(injected.tronLink, { method: 'tron_requestAccounts' });
      } catch (error) {
        if (isUserRejection(error)) {
          console.info('TronLink: connection request declined');
          throw userRejectedError(error);
        }
        console.error('TronLink: connection request failed', error);
        throw tronError('WALLET_NOT_CONNECTED', INSTALL_OR_UNLOCK_TRONLINK, { cause: error });
      }
      const code =
        typeof answer === 'object' && answer !== null && 'code' in answer
          ? Number((answer as { code: unknown }).code)
          : undefined;
      if (code === 4001) {
        console.info('TronLink: connection request declined');
        throw userRejectedError(answer);
      }
      // '' (or nothing) is TronLink's answer while locked.
      if (!answer || (code !== undefined && code !== 200)) throw notReady();
    }
    const address = await waitFor(
      () => addressOf(injectedTronWeb(this.getWindow())),
      this.injectionTimeoutMs,
      this.stepMs,
    );
    if (!address) throw notReady();
    return new TronLinkConnection(address, this.getWindow, this.addressPollMs, network.chainId);
  }

  /**
   * After a page load: the account TronLink still shows this site (its tronWeb's default
   * address, set for a site the user connected while TronLink is unlocked), with no prompt.
   */
  async restore(network: NetworkConfig): Promise<TronLinkConnection | undefined> {
    const address = await waitFor(
      () => addressOf(injectedTronWeb(this.getWindow())),
      this.injectionTimeoutMs,
      this.stepMs,
    );
    return address
      ? new TronLinkConnection(address, this.getWindow, this.addressPollMs, network.chainId)
      : undefined;
  }
}

export function createTronLinkConnector(options?: TronLinkConnectorOptions): TronLinkConnector {
  return new TronLinkConnector(options);
}

/**
 * Ask TronLink to add a TRC-20 token (the success popup's "add the received token" for tokens with
 * canAddToken, the help page's "add JM"). Resolves true when TronLink accepted the request, false
 * when TronLink is missing or failed; rejects with ChainError 4001 when the user declined.
 */
export async function watchAsset(
  token: Pick<TokenConfig, 'address'> | string,
  getWindow: () => TronLinkWindow | undefined = browserWindow,
): Promise<boolean> {
  const address = typeof token === 'string' ? token : token.address;
  const tronLink = getWindow()?.tronLink;
  if (!tronLink?.request || address === '') return false;
  try {
    const answer = await tronLink.request({
      method: 'wallet_watchAsset',
      params: { type: 'trc20', options: { address } },
    });
    if (typeof answer === 'object' && answer !== null && 'code' in answer) {
      const code = Number((answer as { code: unknown }).code);
      if (code === 4001) throw userRejectedError(answer);
      return code === 200;
    }
    return answer !== false;
  } catch (error) {
    if (error instanceof ChainError) throw error;
    if (isUserRejection(error)) throw userRejectedError(error);
    console.error('TronLink: wallet_watchAsset failed', error);
    return false;
  }
}
