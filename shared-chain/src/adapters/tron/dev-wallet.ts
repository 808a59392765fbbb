/**
 * The TRON dev wallet of the `local` profile: a TronWeb holding anvil's dev key #0 (the TRON dev
 * accounts are anvil's keys) against the network's node, the local devnode. It signs without
 * asking; the services offer it only on the local profile (walletOptions).
 */
import { TronWeb } from 'tronweb';
import type { WalletConnection, WalletConnector } from '../types';
import type { NetworkConfig } from '../../config/types';
import { nodeChainId } from './chain';
import { tronError } from './errors';
import { assertTronChain } from './tronlink';
import type { TronWebLike } from './tronweb-like';
import type { TronWalletConnection } from './writer';
import { liveNodeUrl } from '../nodes';

declare const __JMSWAP_DEV_WALLET__: boolean | undefined;

/** anvil's dev key #0 (public, test only); empty in a deploy build (see ../dev-wallet-build.ts). */
export const TRON_DEV_PRIVATE_KEY =
  typeof __JMSWAP_DEV_WALLET__ === 'undefined' || __JMSWAP_DEV_WALLET__
    ? 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
    : '';
export const TRON_DEV_WALLET_NAME = 'Local dev wallet';

export interface TronDevConnectorOptions {
  privateKey?: string;
}

export class TronDevConnection implements TronWalletConnection {
  readonly kind = 'dev' as const;
  readonly platform = 'tron' as const;
  readonly name = TRON_DEV_WALLET_NAME;
  readonly address: string;
  private verified: Promise<void> | undefined;

  constructor(
    private readonly tronWeb: TronWebLike,
    private readonly expectedChainId: number,
  ) {
    this.address = tronWeb.defaultAddress.base58 as string;
  }

  getTronWeb(): TronWebLike {
    return this.tronWeb;
  }

  async chainId(): Promise<number> {
    return (await nodeChainId(this.tronWeb)) ?? this.expectedChainId;
  }

  async switchChain(network: NetworkConfig): Promise<void> {
    this.verified = undefined;
    await this.assertChain(network);
  }

  assertChain(network: NetworkConfig): Promise<void> {
    if (!this.verified) {
      const check = assertTronChain(this.tronWeb, network, TRON_DEV_WALLET_NAME);
      this.verified = check;
      check.catch(() => {
        if (this.verified === check) this.verified = undefined;
      });
    }
    return this.verified;
  }

  onChange(): () => void {
    // A fixed key on a fixed node: nothing ever changes.
    return () => undefined;
  }

  async disconnect(): Promise<void> {
    // nothing to release
  }
}

export class TronDevConnector implements WalletConnector {
  readonly kind = 'dev' as const;
  readonly platform = 'tron' as const;
  private readonly privateKey: string;

  constructor(options: TronDevConnectorOptions = {}) {
    this.privateKey = (options.privateKey ?? TRON_DEV_PRIVATE_KEY).replace(/^0x/, '');
  }

  isAvailable(): boolean {
    return true;
  }

  async connect(network: NetworkConfig): Promise<WalletConnection & TronDevConnection> {
    if (network.nodeUrl === '') {
      throw tronError('WALLET_NOT_CONNECTED', `${network.name} has no node configured`);
    }
    // Bound to one node for its life: the one the page's reads found answering.
    const tronWeb = new TronWeb({ fullHost: liveNodeUrl(network), privateKey: this.privateKey });
    return new TronDevConnection(tronWeb as unknown as TronWebLike, network.chainId);
  }
}

export function createTronDevConnector(options?: TronDevConnectorOptions): TronDevConnector {
  return new TronDevConnector(options);
}
