import { startTransition, useEffect, useState } from 'react';
import { setLoading, type NetworkConfig } from '@jmswap/shared-chain';
import { fetchInfo, infoFor, type ApiInfoNetwork } from '@jmswap/shared-chain/history';

/** While the api does not answer, it is asked again this often (the chart's refresh). */
export const INFO_RETRY_MS = 15_000;

/**
 * The network's `/v1/info` figures; the page's loading state lasts until they arrive (or fail).
 * They arrive in a transition: React renders the figures in slices, not one long task. An api
 * that does not answer is asked again every INFO_RETRY_MS while the page is seen, so the figures
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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      if (document.hidden)
        document.addEventListener('visibilitychange', again, { once: true, signal: abort.signal });
      else ask(false);
    };
    const ask = (first: boolean) =>
      fetchInfo(network.api.url, { signal: abort.signal }).then((info) => {
        if (abort.signal.aborted) return;
        if (first || info)
          startTransition(() => setState({ loading: false, info: infoFor(info, network.id) }));
        if (first) setLoading(false);
        if (!info) timer = setTimeout(again, INFO_RETRY_MS);
      });
    void ask(true);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [network]);
  return state;
}
