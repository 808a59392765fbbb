import { useEffect, useState } from 'react';
import type { NetworkConfig } from '../config/types';
import { usdPricesOf, USD_PRICES_MAX_AGE_MS, type UsdPrices } from '../api/usdPrices';
import { useVisibleInterval } from '../singleton';

/**
 * The network's token prices in USD from the product API, read again every minute while the
 * page is visible; undefined until they are known (or while the API is away).
 */
export function useUsdPrices(network: Pick<NetworkConfig, 'id' | 'api'>): UsdPrices | undefined {
  const [prices, setPrices] = useState<UsdPrices>();
  const [tick, setTick] = useState(0);
  useVisibleInterval(() => setTick((n) => n + 1), USD_PRICES_MAX_AGE_MS);
  const { id, api } = network;
  useEffect(() => {
    let live = true;
    void usdPricesOf({ id, api }).then((p) => {
      if (live) setPrices(p);
    });
    return () => {
      live = false;
    };
  }, [id, api, tick]);
  return prices;
}
