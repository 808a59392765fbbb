/**
 * The pools a quote between two tokens can use: the network's listed pools (the swap-info
 * snapshot, checked by address in adapters/trustedPairs) and, when a token is not listed
 * (imported, or from a token list), the exchange's own pairs of it asked of the factory: its
 * direct pair with the other token, and its pairs with the base coin and the stablecoins, the
 * hops of every path of at most MAX_HOP_LENGTH (3) tokens a route through the listed pools needs.
 */
import type { NetworkConfig } from '../config/types';
import { factoryPairsFor } from '../core/hubs';
import type { PoolReserves } from '../core/paths';
import { sameReadAt } from '../adapters/snapshot';
import { readerFor } from '../singleton';

const merged = new WeakMap<
  readonly PoolReserves[],
  WeakMap<readonly PoolReserves[], PoolReserves[]>
>();

/** The snapshot with the factory's pools after it: the same array for the same two inputs. */
function withFactoryPools<T extends PoolReserves>(snapshot: readonly T[], more: readonly T[]): T[] {
  if (more.length === 0) return snapshot as T[];
  let byMore = merged.get(snapshot);
  if (byMore === undefined) merged.set(snapshot, (byMore = new WeakMap()));
  let pools = byMore.get(more) as T[] | undefined;
  if (pools === undefined) {
    pools = [...snapshot, ...more];
    sameReadAt(pools, snapshot);
    byMore.set(more, pools);
  }
  return pools;
}

/**
 * The pools for a quote between `keys` (two token keys): the snapshot, plus the factory's pools
 * of the tokens beyond the config. Undefined when the network cannot be read.
 */
export async function poolsAround(
  network: NetworkConfig,
  keys: readonly string[],
  fresh?: boolean,
): Promise<(PoolReserves & { pair?: string })[] | undefined> {
  const reader = await readerFor(network);
  const pairs = factoryPairsFor(network, keys);
  const [snapshot, more] = await Promise.all([
    reader.pairReserves({ fresh }),
    pairs.length > 0 && reader.factoryPools ? reader.factoryPools(pairs, fresh) : undefined,
  ]);
  if (snapshot === undefined) return undefined;
  return withFactoryPools(snapshot, more ?? []);
}
