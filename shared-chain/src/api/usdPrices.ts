/**
 * The USD price of each token of a network, as the product API computes them for the charts
 * page (`/v1/info`: a stablecoin is 1 USD, another token is priced through its pool with one,
 * or with the base coin). Read at most once a minute per network and page copy; a token without
 * a price, or an API that is away, yields no price: the dollar lines are then hidden.
 */
import type { NetworkConfig } from '../config/types';
import { fetchInfo, infoFor } from './info';
import { freshnessAfterLanding } from './landed';
import type { UsdPrices } from './usd';

export type { UsdPrices };

/** How long one read of the prices is used before the next (the API recomputes them each block). */
export const USD_PRICES_MAX_AGE_MS = 60_000;

const cache = new Map<string, { at: number; prices: Promise<UsdPrices | undefined> }>();

/** The network's token prices in USD; undefined when the API is away or has no such network. */
export function usdPricesOf(
  network: Pick<NetworkConfig, 'id' | 'api'>,
  now: number = Date.now(),
): Promise<UsdPrices | undefined> {
  const key = `${network.api.url} ${network.id}`;
  const known = cache.get(key);
  // Prices read before a trade of this browser on the network had settled are read again.
  const { keeps } = freshnessAfterLanding(network.id, USD_PRICES_MAX_AGE_MS, now);
  if (known && now - known.at < USD_PRICES_MAX_AGE_MS && keeps(known.at)) return known.prices;
  const prices = fetchInfo(network.api.url).then((info) => {
    const tokens = infoFor(info, network.id)?.tokens;
    if (!tokens) {
      cache.delete(key); // an API that is away is asked again at the next read
      return undefined;
    }
    return Object.fromEntries(Object.entries(tokens).map(([s, t]) => [s, t.priceUsd]));
  });
  cache.set(key, { at: now, prices });
  return prices;
}

/** Tests: forget every read. */
export function resetUsdPricesForTests(): void {
  cache.clear();
}
