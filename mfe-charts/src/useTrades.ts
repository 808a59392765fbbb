import { useEffect, useState } from 'react';
import { HISTORY_REFRESH_MS, HISTORY_STALE_MS, type NetworkConfig } from '@jmswap/shared-chain';
import { fetchTrades, useReadAgainAfterLanding, type Trade } from '@jmswap/shared-chain/history';
import { isAddressKey } from '@jmswap/shared-chain/tokens';
import { useRefresh } from './useRefresh';

export const TRADES_PAGE = 50;

export interface TradesState {
  loading: boolean;
  trades: Trade[];
  /** The last refresh could not be read: the trades are the last ones read. */
  stale?: boolean;
}

/**
 * Token addresses of a pair as the API knows them (the base coin trades as its wrapped token): a
 * side named by a token's key, or by its address (a pair of the api's index, named so).
 */
export const pairAddresses = (network: NetworkConfig, a: string, b: string): [string, string] => [
  addressOf(network, a),
  addressOf(network, b),
];
const addressOf = (network: NetworkConfig, key: string): string =>
  network.tokens[key]?.address ?? (isAddressKey(network.platform, key) ? key : '');

/**
 * A pair's latest trades while `open`: every 5 min when older than 1 min, and a few times after a
 * swap of this browser landed (the indexer needs a few seconds), past the caches.
 */
export function useTrades(network: NetworkConfig, pair: [string, string], open: boolean) {
  const [state, setState] = useState<TradesState>({ loading: true, trades: [] });
  const tick = useRefresh(HISTORY_REFRESH_MS, HISTORY_STALE_MS, open);
  const fresh = useReadAgainAfterLanding(network.id);
  const [addressA, addressB] = pairAddresses(network, pair[0], pair[1]);

  useEffect(() => setState({ loading: true, trades: [] }), [network, addressA, addressB]);
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    fetchTrades(network.api.url, network.id, addressA, addressB, {
      limit: TRADES_PAGE,
      signal: abort.signal,
      fresh: fresh > 0,
    }).then((trades) => {
      if (abort.signal.aborted) return;
      // A refresh the api does not answer keeps the trades shown (it emptied the table).
      setState((old) =>
        trades
          ? { loading: false, trades }
          : old.trades.length
            ? { ...old, stale: true }
            : { loading: false, trades: [] },
      );
    });
    return () => abort.abort();
  }, [network, addressA, addressB, open, tick, fresh]);
  return state;
}
