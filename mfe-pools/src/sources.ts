/** Where the pools page gets its data; tests provide fakes instead of a chain and an API. */
import { getPairReserves, type NetworkId, type PoolState } from '@jmswap/shared-chain';
import { fetchInfo, type ApiInfo } from '@jmswap/shared-chain/history';

export interface PoolSources {
  /**
   * Cached pair balances of the network (swap-info, 5 s cache; `fresh`: read now); undefined when
   * unreachable.
   */
  reserves(network: NetworkId, options?: { fresh?: boolean }): Promise<PoolState[] | undefined>;
  /** `GET {api}/v1/info`; undefined when unavailable or malformed. */
  info(apiUrl: string, signal: AbortSignal): Promise<ApiInfo | undefined>;
}

const live: PoolSources = {
  reserves: getPairReserves,
  info: (apiUrl, signal) => fetchInfo(apiUrl, { signal }),
};

let current: PoolSources = live;

export const poolSources = (): PoolSources => current;

/** Test hook: replaces the sources (undefined restores the live ones). */
export function providePoolSources(sources: PoolSources | undefined): void {
  current = sources ?? live;
}
