import type { IndexedNetwork } from '../config';
import { EvmSource } from '../chain/evmSource';
import { JsonRpc } from '../chain/rpc';
import { TronSource } from '../chain/tronSource';
import type { ChainSource } from './source';

/** The chain reader of a network's platform; `timeoutMs` per node request (default 15 s). */
export function sourceFor(n: IndexedNetwork, opts: { timeoutMs?: number } = {}): ChainSource {
  return n.platform === 'tron'
    ? new TronSource(n, opts.timeoutMs)
    : new EvmSource(new JsonRpc(n.nodeUrl, opts.timeoutMs));
}
