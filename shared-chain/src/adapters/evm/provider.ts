/**
 * The ethers provider the writers and the dev wallet send through (loaded with a wallet action,
 * never in the first load: the readers use the light JSON-RPC client of rpc.ts).
 */
import { JsonRpcProvider, Network, type JsonRpcPayload, type JsonRpcResult } from 'ethers';
import type { NetworkConfig } from '../../config/types';
import type { NodePool } from '../../core/nodePool';
import { nodesFor } from '../nodes';
import { sendThroughPool, type RpcRequest } from './rpc';

type ProviderNetwork = Pick<NetworkConfig, 'id' | 'nodeUrl' | 'nodeUrls' | 'chainId'>;

/**
 * A JsonRpcProvider that batches the calls made in the same tick into one HTTP request, never
 * polls the chain id (staticNetwork) and sends through the network's node pool, as the readers
 * do: its reads (gas estimates, receipts, nonces) move to the next node when one fails; a batch
 * with eth_sendRawTransaction goes to one node, once (see rpc.ts). Every HTTP request is counted.
 */
export class CountingProvider extends JsonRpcProvider {
  readonly url: string;
  readonly pool: NodePool;

  constructor(network: ProviderNetwork) {
    const chain = Network.from(network.chainId);
    const { pool } = nodesFor(network);
    super(pool.urls[0] ?? network.nodeUrl, chain, {
      staticNetwork: chain,
      batchStallTime: 5,
      batchMaxCount: 100,
      cacheTimeout: -1,
    });
    this.url = pool.urls[0] ?? network.nodeUrl;
    this.pool = pool;
  }

  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const requests = (Array.isArray(payload) ? payload : [payload]) as RpcRequest[];
    const outcomes = await sendThroughPool(this.pool, requests);
    // A call no node answered fails the batch, as an HTTP error did before.
    const failed = outcomes.find((o) => !('answer' in o));
    if (failed !== undefined && !('answer' in failed)) throw failed.failure;
    return outcomes.map((o) => ('answer' in o ? o.answer : undefined)) as JsonRpcResult[];
  }
}

/** One provider per node list and chain id, shared by the writers and the dev wallet. */
const providers = new Map<string, CountingProvider>();

export function providerFor(network: ProviderNetwork): CountingProvider {
  const pool = nodesFor(network).pool;
  const key = `${network.chainId}@${pool.urls.join(' ')}`;
  let provider = providers.get(key);
  if (provider === undefined || provider.pool !== pool) {
    provider?.destroy();
    provider = new CountingProvider(network);
    providers.set(key, provider);
  }
  return provider;
}

/** Destroys every cached provider (tests, hot reload). */
export function destroyProviders(): void {
  for (const p of providers.values()) p.destroy();
  providers.clear();
}
