import type { RemoteKey } from './remotesFile';

/**
 * The remote screen a first visit of `location` shows (the same choice the routes make, kept
 * free of shared modules because it runs before they are negotiated, and inline in the html).
 */
export function routeScreen(location: {
  pathname: string;
  search: string;
}): [RemoteKey, string] | undefined {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (path === '/')
    return new URLSearchParams(location.search).get('t') === 'addLiquidity'
      ? ['liquidity', 'LiquidityPanel']
      : ['swap', 'SwapPanel'];
  if (path === '/charts') return ['charts', 'ChartsPage'];
  if (path === '/pools') return ['pools', 'PoolsPage'];
  if (path === '/listing') return ['listing', 'ListingPage'];
  return undefined;
}
