import { useEffect, useRef } from 'react';
import { unknownLinkSymbols } from '../config/tokenKeys';
import type { NetworkConfig } from '../config/types';
import type { RemoteScreenProps } from '../ui-contract';

/**
 * A link's `from` or `to` that names no token of the network (and is no address to import) is
 * taken out of the link, as the spec clears it: the screen opened on its defaults instead, and
 * a reload or a copy of the link now opens what it shows.
 */
export function useUnknownSymbolsCleared(
  network: NetworkConfig,
  query: { from?: string; to?: string } | undefined,
  setQuery: RemoteScreenProps['setQuery'],
) {
  // The shell makes a new setter each render: the effect follows the link only.
  const write = useRef(setQuery);
  write.current = setQuery;
  const [from, to] = [query?.from, query?.to];
  useEffect(() => {
    const cleared = unknownLinkSymbols(network, { from, to });
    if (cleared) write.current?.(cleared, { replace: true });
  }, [network, from, to]);
}
