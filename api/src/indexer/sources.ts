import { mayTax, type IndexedNetwork } from '../config';
import type { ChainCheck } from '../chain/chainCheck';
import { approvalFilterOf, EvmSource } from '../chain/evmSource';
import { NodePool, type NodePoolOptions } from '../chain/nodePool';
import { JsonRpc } from '../chain/rpc';
import { TronSource } from '../chain/tronSource';
import { WsHeads } from '../chain/wsHeads';
import type { Metrics } from '../metrics';
import type { HeadFollowerOptions } from './heads';
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
    : new EvmSource(new JsonRpc(pool), approvalFilterOf(n), (pair) => mayTax(n, pair));
}

/**
 * Opens a new-heads subscription on the network's `ws://` / `wss://` nodes, the first that
 * serves its chain and answers (undefined: the network lists none; the indexer polls).
 */
export function headSubscriber(
  n: IndexedNetwork,
  opts: { chainCheck?: ChainCheck; metrics?: Metrics; timeoutMs?: number } = {},
): HeadFollowerOptions['subscribe'] {
  if (!n.wsUrls.length) return undefined;
  return async (onHead, onClose) => {
    let last: unknown;
    for (const url of n.wsUrls) {
      if (opts.chainCheck?.wrong.has(url)) continue;
      const heads = new WsHeads({
        url,
        onHead,
        onClose,
        chainCheck: opts.chainCheck,
        timeoutMs: opts.timeoutMs,
        sent: (method) => opts.metrics?.nodeRequests.inc({ network: n.id, method }),
      });
      try {
        await heads.open();
        return heads;
      } catch (e) {
        last = e;
      }
    }
    throw last ?? new Error(`${n.id}: no WebSocket node of chain ${n.chainId}`);
  };
}
