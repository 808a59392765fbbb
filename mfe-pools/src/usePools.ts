import { startTransition, useCallback, useEffect, useState } from 'react';
import {
  isNetworkConfigured,
  setLoading,
  type NetworkConfig,
  type PoolState,
} from '@jmswap/shared-chain';
import {
  askAgainWhileSeen,
  useReadAgainAfterLanding,
  type ApiInfoNetwork,
} from '@jmswap/shared-chain/history';
import { poolSources } from './sources';

export interface PoolsData {
  chain: 'loading' | 'ok' | 'unreachable';
  states: PoolState[];
  api: 'loading' | 'ok' | 'unavailable';
  info?: ApiInfoNetwork;
  retry: () => void;
}

type State = Omit<PoolsData, 'retry'>;
const INITIAL: State = { chain: 'loading', states: [], api: 'loading' };

/**
 * The network's pair balances and the API figures, loaded side by side. The page's loading state
 * ends when the balances are in (or failed); the API never holds the page up. What each read
 * brings is drawn in a transition: React renders the rows it brings in 5 ms slices with the
 * browser free between them, where the first load drew every row in one task (React's tasks in
 * Lighthouse's /pools runs were 66-131 ms at 4x CPU); a sort or a keystroke interrupts it.
 */
export function usePools(network: NetworkConfig | undefined): PoolsData {
  const [state, setState] = useState<State>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!network) return undefined;
    let live = true;
    const abort = new AbortController();
    const sources = poolSources();
    setState(INITIAL);
    if (isNetworkConfigured(network)) {
      setLoading(true);
      sources
        .reserves(network.id)
        .then(
          (states) => states,
          (error: unknown) => {
            console.error(`[pools] ${network.id} pair balances:`, error);
            return undefined;
          },
        )
        .then((states) => {
          if (!live) return;
          setLoading(false);
          startTransition(() =>
            setState((s) => ({
              ...s,
              chain: states ? 'ok' : 'unreachable',
              states: states ?? [],
            })),
          );
        });
    } else {
      setLoading(false);
      setState((s) => ({ ...s, chain: 'ok' }));
    }
    // An api that does not answer is asked again while the page is seen: the figures come back
    // with it, without a reload.
    const askInfo = (): Promise<void> =>
      sources
        .info(network.api.url, abort.signal)
        .catch(() => undefined)
        .then((info) => {
          const mine = info?.networks[network.id];
          if (!live) return;
          startTransition(() =>
            setState((s) => ({ ...s, api: mine ? 'ok' : 'unavailable', info: mine })),
          );
          if (!info) askAgainWhileSeen(() => void askInfo(), abort.signal);
        });
    void askInfo();
    return () => {
      live = false;
      abort.abort();
    };
  }, [network, attempt]);

  // A swap or liquidity change of this browser (here or in another tab) is read into the rows a
  // few times after it landed, as the api stores it; a read that fails keeps what is shown.
  const again = useReadAgainAfterLanding(network?.id);
  useEffect(() => {
    if (!network || again === 0) return undefined;
    const abort = new AbortController();
    const sources = poolSources();
    const keep = <T>(read: Promise<T | undefined>, apply: (value: T) => Partial<State>) =>
      read
        .catch(() => undefined)
        .then((value) => {
          if (value !== undefined && !abort.signal.aborted)
            startTransition(() => setState((s) => ({ ...s, ...apply(value) })));
        });
    if (isNetworkConfigured(network))
      void keep(sources.reserves(network.id, { fresh: true }), (states) => ({
        chain: 'ok',
        states,
      }));
    void keep(
      sources.info(network.api.url, abort.signal).then((info) => info?.networks[network.id]),
      (info) => ({ api: 'ok', info }),
    );
    return () => abort.abort();
  }, [network, again]);

  return { ...state, retry };
}
