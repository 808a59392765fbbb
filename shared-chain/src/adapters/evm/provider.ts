/**
 * The ethers provider the writers and the dev wallet send through (loaded with a wallet action,
 * never in the first load: the readers use the light JSON-RPC client of rpc.ts).
 */
import { JsonRpcProvider, Network, type JsonRpcPayload, type JsonRpcResult } from 'ethers';
import type { NetworkConfig } from '../../config/types';
import { countRequest } from './helpers';

/**
 * A JsonRpcProvider that batches the calls made in the same tick into one HTTP request, never
 * polls the chain id (staticNetwork) and counts the HTTP requests it sends.
 */
export class CountingProvider extends JsonRpcProvider {
  readonly url: string;

  constructor(url: string, chainId: number) {
    const network = Network.from(chainId);
    super(url, network, {
      staticNetwork: network,
      batchStallTime: 5,
      batchMaxCount: 100,
      cacheTimeout: -1,
    });
    this.url = url;
  }

  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    countRequest(this.url);
    return super._send(payload);
  }
}

/** One provider per node url and chain id, shared by the writers and the dev wallet. */
const providers = new Map<string, CountingProvider>();

export function providerFor(network: Pick<NetworkConfig, 'nodeUrl' | 'chainId'>): CountingProvider {
  const key = `${network.chainId}@${network.nodeUrl}`;
  let provider = providers.get(key);
  if (provider === undefined) {
    provider = new CountingProvider(network.nodeUrl, network.chainId);
    providers.set(key, provider);
  }
  return provider;
}

/** Destroys every cached provider (tests, hot reload). */
export function destroyProviders(): void {
  for (const p of providers.values()) p.destroy();
  providers.clear();
}
