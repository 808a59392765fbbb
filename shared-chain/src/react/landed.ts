import { useEffect, useState } from 'react';
import type { NetworkId } from '../config/types';
import { onLandedReadAgain } from '../api/landed';

/**
 * A count that goes up at each time the api is worth reading again after a swap or liquidity
 * change of this browser landed on `network` (landed.ts): put it in a read's dependencies, and
 * ask with `fresh` when it is above 0.
 */
export function useReadAgainAfterLanding(network: NetworkId | undefined): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!network) return;
    return onLandedReadAgain(network, () => setCount((n) => n + 1));
  }, [network]);
  return count;
}
