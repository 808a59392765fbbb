import { CHART_NETWORKS, DEFAULT_NETWORK, isNetworkId, type NetworkId } from '@jmswap/shared-chain';

export type RouteName = 'index' | 'charts' | 'pools' | 'listing' | 'info' | 'help';

/**
 * Networks each route honours in its n parameter (chain-layer.md section 2); none: the route
 * shows no network and keeps the header's (resolveRouteNetwork).
 */
export const ROUTE_NETWORKS: Record<RouteName, readonly NetworkId[]> = {
  index: ['TRON', 'BSC', 'POLY', 'BTTC', 'ETH'],
  charts: CHART_NETWORKS,
  pools: ['TRON', 'BSC', 'POLY', 'BTTC', 'ETH'],
  listing: [],
  info: [],
  help: [],
};

/**
 * Routes whose chain reads start before their screen arrives: the swap box. Not /pools: its
 * title, controls and note are what a visitor sees first, and the early reads shared the line
 * with its screen's files (Lighthouse LCP 2.7 s with them, 2.0-2.4 s without).
 */
export const CHAIN_READING_ROUTES: readonly RouteName[] = ['index'];

/** Routes that show a loading state on entry until their data arrives. */
export const LOADING_ROUTES: readonly RouteName[] = ['index', 'charts', 'pools'];

export const ROUTE_PATHS: Record<RouteName, string> = {
  index: '/',
  charts: '/charts',
  pools: '/pools',
  listing: '/listing',
  info: '/info',
  help: '/help',
};

/**
 * The network a route shows: its n parameter when the route honours it, else the stored
 * selection when honoured, else TRON. An unknown or unsupported n falls back to TRON.
 * A route that shows no network (listing, info, help) keeps the header's: n when it names one
 * (a tab pressed there), else the stored selection: opening the help page does not move the
 * site, and its wallet, to TRON.
 */
export function resolveRouteNetwork(
  route: RouteName,
  n: string | null,
  stored: NetworkId,
): NetworkId {
  const allowed = ROUTE_NETWORKS[route];
  if (allowed.length === 0) return n !== null && isNetworkId(n) ? n : stored;
  if (n !== null) return isNetworkId(n) && allowed.includes(n) ? n : DEFAULT_NETWORK;
  return allowed.includes(stored) ? stored : DEFAULT_NETWORK;
}

/**
 * A switch to another network is a new history entry, so that Back returns to the network
 * before. An address without n shows whichever network is selected, so Back to it would change
 * nothing: the entry left first gets its own n. Returns that entry's query, or undefined when
 * it names its network already.
 */
export function entryLeftWithNetwork(search: string, shown: NetworkId): string | undefined {
  const params = new URLSearchParams(search);
  if (params.has('n')) return undefined;
  params.set('n', shown);
  return params.toString();
}

export type IndexTab = 'swap' | 'addLiquidity';
export const resolveTab = (t: string | null): IndexTab =>
  t === 'addLiquidity' ? 'addLiquidity' : 'swap';

export const routeEventName = (route: RouteName): string => `ROUTE_${route.toUpperCase()}`;

/** The route a path shows, or undefined for a page that does not exist. */
export const routeAt = (pathname: string): RouteName | undefined =>
  (Object.keys(ROUTE_PATHS) as RouteName[]).find(
    (route) => ROUTE_PATHS[route] === (pathname.replace(/\/+$/, '') || '/'),
  );
