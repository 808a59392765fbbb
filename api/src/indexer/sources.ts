import type { IndexedNetwork } from '../config';
import { EvmSource } from '../chain/evmSource';
import { TronSource } from '../chain/tronSource';
import type { ChainSource } from './source';

/** The chain reader of a network's platform. */
export function sourceFor(n: IndexedNetwork): ChainSource {
  return n.platform === 'tron' ? new TronSource(n) : new EvmSource(n.nodeUrl);
}
