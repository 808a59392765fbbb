import { startTransition, useEffect, useState } from 'react';
import { setLoading, type NetworkConfig } from '@jmswap/shared-chain';
import { fetchInfo, infoFor, type ApiInfoNetwork } from '@jmswap/shared-chain/history';

/**
 * The network's `/v1/info` figures; the page's loading state lasts until they arrive (or fail).
 * They arrive in a transition: React renders the figures in slices, not one long task.
 */
export function useInfo(network: NetworkConfig | undefined) {
  const [state, setState] = useState<{ loading: boolean; info?: ApiInfoNetwork }>({
    loading: true,
  });
  useEffect(() => {
    if (!network) return;
    setState({ loading: true });
    setLoading(true);
    const abort = new AbortController();
    fetchInfo(network.api.url, { signal: abort.signal }).then((info) => {
      if (abort.signal.aborted) return;
      startTransition(() => setState({ loading: false, info: infoFor(info, network.id) }));
      setLoading(false);
    });
    return () => abort.abort();
  }, [network]);
  return state;
}
