import { getNetworkConfig, loadNetworks, network$, readerFor } from '@jmswap/shared-chain';
import { fetchOrEarly, NETWORKS_URL } from './remotes/early';
import { CHAIN_READING_ROUTES, resolveRouteNetwork, routeAt } from './routes';
import { yieldToBrowser } from './yieldToBrowser';

/** networks.json, read once per page (loadNetworks keeps its promise), the head script's response. */
export const networksLoaded = () => loadNetworks(NETWORKS_URL, fetchOrEarly);

/**
 * Loads the chain reader of the route's network (the head script preloaded it) and starts its
 * pool read as soon as networks.json is read, before React DOM is evaluated and while the route's
 * remote is still arriving: the node's round trips overlap that work, and the screen's first
 * read joins the one in flight (the reader caches reserves 5 s) instead of starting after the
 * first render.
 */
export async function warmReads(): Promise<void> {
  const route = routeAt(window.location.pathname);
  if (!route || !CHAIN_READING_ROUTES.includes(route)) return;
  await networksLoaded();
  const n = new URLSearchParams(window.location.search).get('n');
  const network = getNetworkConfig(resolveRouteNetwork(route, n, network$.getValue()));
  if (!network) return;
  await yieldToBrowser();
  const reader = await readerFor(network);
  await yieldToBrowser();
  await reader.pairReserves();
}
