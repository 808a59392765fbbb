import { Wallet, toQuantity } from 'ethers';
import type { NetworkConfig } from '../../config/types';
import { ChainError, USER_REJECTED } from '../../core/errors';
import type { WalletKind } from '../../wallets/options';
import type { WalletConnection } from '../types';
import { addChainParams, chainIdHex, isUserRejection, rpcErrorCode } from './helpers';
import { providerFor, type CountingProvider } from './provider';

/** An EIP-1193 provider as extensions inject it (window.ethereum, EIP-6963, WalletConnect). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
  disconnect?(): Promise<void>;
  isMetaMask?: boolean;
}

/** A transaction as the writer hands it to the wallet. */
export interface EvmTxRequest {
  /**
   * The account the send is for (default: the wallet's account now). The writer names the one
   * it built and simulated for, so a switch of account in the wallet cannot move the send.
   */
  from?: string;
  to: string;
  data: string;
  value?: bigint;
  gasLimit?: bigint;
  gasPrice?: bigint;
  /** The chain the app checked the wallet is on: a wallet that moved since then refuses. */
  chainId?: number;
  /** Only a replacement (speed up, cancel) names its nonce; sends leave it to the wallet. */
  nonce?: number;
}

/** What the EVM writer needs from a wallet beyond the platform-neutral connection. */
export interface EvmWalletConnection extends WalletConnection {
  /** Signs and sends; resolves with the transaction hash. */
  sendTransaction(tx: EvmTxRequest): Promise<string>;
}

/** An ERC-20 as a wallet lists it (EIP-747): `image` an absolute URL, when there is one. */
export interface WatchedAsset {
  address: string;
  symbol: string;
  decimals: number;
  image?: string;
}

export function isEvmConnection(wallet: WalletConnection): wallet is EvmWalletConnection {
  return typeof (wallet as Partial<EvmWalletConnection>).sendTransaction === 'function';
}

type ChangeListener = Parameters<WalletConnection['onChange']>[0];

const parseChainId = (value: unknown): number =>
  typeof value === 'number'
    ? value
    : parseInt(String(value), String(value).startsWith('0x') ? 16 : 10);

/** Rethrows a wallet failure as a ChainError with code 4001 when the user rejected. */
function rethrow(error: unknown): never {
  if (isUserRejection(error)) throw new ChainError('4001', USER_REJECTED);
  throw error;
}

/** Asks the wallet to switch to the network; on 4902 adds the chain first, then switches. */
export async function switchEip1193Chain(
  provider: Eip1193Provider,
  network: NetworkConfig,
): Promise<void> {
  const chainId = chainIdHex(network.chainId);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if (rpcErrorCode(error) !== 4902) rethrow(error);
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [addChainParams(network)],
      });
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    } catch (addError) {
      rethrow(addError);
    }
  }
}

/**
 * The wallet's answer to eth_sendTransaction as the id the nodes and explorers know: some mobile
 * wallets answer it without its 0x, in capitals, or as a transaction object. Anything else is
 * kept as said (the writer then finds the send by its nonce) and logged.
 */
export function transactionIdOf(answer: unknown): string {
  const hash = (answer as { hash?: unknown } | null)?.hash;
  const text = typeof hash === 'string' ? hash : String(answer);
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(text)) return `0x${text.replace(/^0x/, '').toLowerCase()}`;
  console.error('[shared-chain] the wallet answered no transaction id', answer);
  return text;
}

/** A wallet reached through an EIP-1193 provider. */
export class Eip1193Connection implements EvmWalletConnection {
  readonly platform = 'evm' as const;
  private readonly cleanups = new Set<() => void>();

  constructor(
    readonly kind: WalletKind,
    readonly name: string,
    public address: string,
    readonly provider: Eip1193Provider,
    /** Optional custom switch (the legacy Binance Chain wallet's switchNetwork). */
    private readonly switcher?: (network: NetworkConfig) => Promise<void>,
  ) {}

  async chainId(): Promise<number> {
    return parseChainId(await this.provider.request({ method: 'eth_chainId' }));
  }

  switchChain(network: NetworkConfig): Promise<void> {
    return this.switcher ? this.switcher(network) : switchEip1193Chain(this.provider, network);
  }

  onChange(listener: ChangeListener): () => void {
    const on = this.provider.on?.bind(this.provider);
    const off = this.provider.removeListener?.bind(this.provider);
    if (!on) return () => undefined;
    const accounts = (list: string[]) => {
      const next = Array.isArray(list) ? list[0] : undefined;
      if (next) this.address = next;
      listener(next ? { type: 'accounts', value: next } : { type: 'disconnect' });
    };
    const chain = (id: string | number) => listener({ type: 'chain', value: parseChainId(id) });
    const disconnect = () => listener({ type: 'disconnect' });
    on('accountsChanged', accounts as (...args: never[]) => void);
    on('chainChanged', chain as (...args: never[]) => void);
    on('disconnect', disconnect);
    const cleanup = () => {
      off?.('accountsChanged', accounts as (...args: never[]) => void);
      off?.('chainChanged', chain as (...args: never[]) => void);
      off?.('disconnect', disconnect);
      this.cleanups.delete(cleanup);
    };
    this.cleanups.add(cleanup);
    return cleanup;
  }

  async sendTransaction(tx: EvmTxRequest): Promise<string> {
    const request: Record<string, string> = {
      from: tx.from ?? this.address,
      to: tx.to,
      data: tx.data,
    };
    if (tx.value !== undefined && tx.value > 0n) request.value = toQuantity(tx.value);
    if (tx.gasLimit !== undefined) request.gas = toQuantity(tx.gasLimit);
    if (tx.gasPrice !== undefined) request.gasPrice = toQuantity(tx.gasPrice);
    if (tx.chainId !== undefined) request.chainId = toQuantity(tx.chainId);
    if (tx.nonce !== undefined) request.nonce = toQuantity(tx.nonce);
    let answer: unknown;
    try {
      answer = await this.provider.request({ method: 'eth_sendTransaction', params: [request] });
    } catch (error) {
      rethrow(error);
    }
    return transactionIdOf(answer);
  }

  /**
   * Asks the wallet to list an ERC-20 (EIP-747 `wallet_watchAsset`, as MetaMask and Rabby take
   * it): true once it did; a decline rejects with ChainError 4001.
   */
  async watchAsset(asset: WatchedAsset): Promise<boolean> {
    try {
      const answer = await this.provider.request({
        method: 'wallet_watchAsset',
        params: { type: 'ERC20', options: asset },
      });
      return answer !== false;
    } catch (error) {
      rethrow(error);
    }
  }

  /** Stops listening; an extension has no session to end (WalletConnectConnection does). */
  async disconnect(): Promise<void> {
    for (const cleanup of [...this.cleanups]) cleanup();
  }
}

declare const __JMSWAP_DEV_WALLET__: boolean | undefined;

/**
 * Anvil's dev account #0 (the default mnemonic): the local profile's dev wallet. Empty in a
 * deploy build (see ../dev-wallet-build.ts): the condition folds at build time.
 */
export const DEV_WALLET_KEY =
  typeof __JMSWAP_DEV_WALLET__ === 'undefined' || __JMSWAP_DEV_WALLET__
    ? '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
    : '';

/** The local dev wallet: a key in the page, signing against the selected network's node. */
export class DevWalletConnection implements EvmWalletConnection {
  readonly kind = 'dev' as const;
  readonly name = 'Local dev wallet';
  readonly platform = 'evm' as const;
  readonly address: string;
  private provider: CountingProvider;
  private readonly listeners = new Set<ChangeListener>();

  constructor(
    network: NetworkConfig,
    private readonly key: string = DEV_WALLET_KEY,
  ) {
    this.address = new Wallet(key).address;
    this.provider = providerFor(network);
  }

  async chainId(): Promise<number> {
    return parseChainId(await this.provider.send('eth_chainId', []));
  }

  /** The dev wallet follows the selected network: it signs against that network's node. */
  async switchChain(network: NetworkConfig): Promise<void> {
    this.provider = providerFor(network);
    for (const l of this.listeners) l({ type: 'chain', value: network.chainId });
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async sendTransaction(tx: EvmTxRequest): Promise<string> {
    const wallet = new Wallet(this.key, this.provider);
    const response = await wallet.sendTransaction({
      to: tx.to,
      data: tx.data,
      value: tx.value,
      gasLimit: tx.gasLimit,
      chainId: tx.chainId,
      nonce: tx.nonce,
      ...(tx.gasPrice !== undefined ? { gasPrice: tx.gasPrice, type: 0 } : {}),
    });
    return response.hash;
  }

  async disconnect(): Promise<void> {
    this.listeners.clear();
  }
}
