import { startTransition, useEffect, useState } from 'react';
import { setLoading, type NetworkConfig } from '@jmswap/shared-chain';
import {
  askAgainWhileSeen,
  fetchInfo,
  infoFor,
  type ApiInfoNetwork,
} from '@jmswap/shared-chain/history';

/**
 * The network's `/v1/info` figures; the page's loading state lasts until they arrive (or fail).
 * They arrive in a transition: React renders the figures in slices, not one long task. An api
 * that does not answer is asked again every API_RETRY_MS (15 s) while the page is seen, so the figures
 * come back with it without a reload.
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
    const ask = (first: boolean): Promise<void> =>
      fetchInfo(network.api.url, { signal: abort.signal }).then((info) => {
        if (abort.signal.aborted) return;
        if (first || info)
          startTransition(() => setState({ loading: false, info: infoFor(info, network.id) }));
        if (first) setLoading(false);
        if (!info) askAgainWhileSeen(() => void ask(false), abort.signal);
      });
    void ask(true);
    return () => abort.abort();
  }, [network]);
  return state;
}
