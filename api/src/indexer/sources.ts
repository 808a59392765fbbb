import type { IndexedNetwork } from '../config';
import { approvalFilterOf, EvmSource } from '../chain/evmSource';
import { NodePool, type NodePoolOptions } from '../chain/nodePool';
import { JsonRpc } from '../chain/rpc';
import { TronSource } from '../chain/tronSource';
import type { ChainSource } from './source';

export type SourceOptions = Omit<NodePoolOptions, 'network' | 'urls'>;

/**
 * The chain reader of a network's platform, over its nodes (`nodeUrls`, failing over in order;
 * see chain/nodePool.ts). Default per request timeout 10 s, quarantine 2 s doubling.
 */
export function sourceFor(n: IndexedNetwork, opts: SourceOptions = {}): ChainSource {
  const pool = new NodePool({ network: n.id, urls: n.nodeUrls ?? [n.nodeUrl], ...opts });
  return n.platform === 'tron'
    ? new TronSource(n, pool)
    : new EvmSource(new JsonRpc(pool), approvalFilterOf(n));
}
