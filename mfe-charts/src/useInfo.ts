import { startTransition, useEffect, useState } from 'react';
import { setLoading, type NetworkConfig } from '@jmswap/shared-chain';
import {
  askAgainWhileSeen,
  fetchInfo,
  infoFor,
  useReadAgainAfterLanding,
  type ApiInfoNetwork,
} from '@jmswap/shared-chain/history';
import { useRefresh } from './useRefresh';

/** How often the figures are read again while the page is seen: the api's max-age for them. */
export const INFO_REFRESH_MS = 30_000;

/**
 * The network's `/v1/info` figures; the page's loading state lasts until they arrive (or fail).
 * They arrive in a transition: React renders the figures in slices, not one long task. An api
 * that does not answer is asked again every API_RETRY_MS (15 s) while the page is seen, so the figures
 * come back with it without a reload. Once shown they are read again every INFO_REFRESH_MS while
 * the page is seen (the current price moves with the trades), and a few times after a trade of
 * this browser landed; a read that fails keeps them.
 */
export function useInfo(network: NetworkConfig | undefined) {
  const [state, setState] = useState<{ loading: boolean; info?: ApiInfoNetwork }>({
    loading: true,
  });
  // By the network and its api, not the config object: a config merged again later (token lists,
  // an import) is the same network, and must not put the page's loading state back over it.
  const id = network?.id;
  const api = network?.api.url;
  useEffect(() => {
    if (!id || api === undefined) return;
    setState({ loading: true });
    setLoading(true);
    const abort = new AbortController();
    const ask = (first: boolean): Promise<void> =>
      fetchInfo(api, { signal: abort.signal }).then((info) => {
        if (abort.signal.aborted) return;
        if (first || info)
          startTransition(() => setState({ loading: false, info: infoFor(info, id) }));
        if (first) setLoading(false);
        if (!info) askAgainWhileSeen(() => void ask(false), abort.signal);
      });
    void ask(true);
    return () => abort.abort();
  }, [id, api]);
  const tick = useRefresh(INFO_REFRESH_MS, INFO_REFRESH_MS - 1000, state.info !== undefined);
  // The price and volume with the user's own trade, as soon as the api has it.
  const again = useReadAgainAfterLanding(id);
  useEffect(() => {
    if (!id || api === undefined || (tick === 0 && again === 0)) return;
    const abort = new AbortController();
    void fetchInfo(api, { signal: abort.signal }).then((info) => {
      const figures = infoFor(info, id);
      if (!abort.signal.aborted && figures)
        startTransition(() => setState({ loading: false, info: figures }));
    });
    return () => abort.abort();
  }, [id, api, tick, again]);
  return state;
}
