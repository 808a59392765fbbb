import { useEffect, useState } from 'react';
import type { NetworkConfig } from '@jmswap/shared-chain';
import { fetchPairs, type ApiPair } from '@jmswap/shared-chain/history';
import { isAddressKey } from '@jmswap/shared-chain/tokens';
import { indexedPairOf } from './pairs';

/**
 * The api's record of a pair named by addresses (one the factory created for tokens no list
 * holds): its tokens' symbols and its reserves, for a visitor whose browser knows neither token.
 * Undefined for a pair named by symbols, while it loads, or when the api does not have it.
 */
export function useIndexedPair(network: NetworkConfig, a: string, b: string): ApiPair | undefined {
  const [pair, setPair] = useState<ApiPair>();
  const byAddress = isAddressKey(network.platform, a) && isAddressKey(network.platform, b);
  useEffect(() => {
    setPair(undefined);
    if (!byAddress) return;
    const abort = new AbortController();
    void fetchPairs(network.api.url, network.id, { q: b, limit: 50, signal: abort.signal }).then(
      (answer) => {
        if (!abort.signal.aborted && answer) setPair(indexedPairOf(network, answer.pairs, a, b));
      },
    );
    return () => abort.abort();
  }, [network, a, b, byAddress]);
  return pair;
}
