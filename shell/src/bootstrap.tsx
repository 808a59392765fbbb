import { createRoot } from 'react-dom/client';
import { getNetworkConfig, loadNetworks, network$, readerFor } from '@jmswap/shared-chain';
import { App } from './App';
import { registerRemotesAtBoot } from './remotes/federation';
import { startAnalyticsSink } from './services/analytics';
import { CHAIN_READING_ROUTES, resolveRouteNetwork, routeAt } from './routes';

/** Loads the chain reader of the route's network now, so the first read does not wait for it. */
function warmReader() {
  const route = routeAt(window.location.pathname);
  if (!route || !CHAIN_READING_ROUTES.includes(route)) return;
  const n = new URLSearchParams(window.location.search).get('n');
  const network = getNetworkConfig(resolveRouteNetwork(route, n, network$.getValue()));
  if (network) readerFor(network).catch(() => undefined);
}

async function start() {
  startAnalyticsSink();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // The remotes manifest is read at boot; a broken one must still leave a usable page.
  const [remotes] = await Promise.allSettled([
    registerRemotesAtBoot(),
    loadNetworks().then(warmReader, () => undefined),
  ]);
  if (remotes.status === 'rejected')
    console.error('[jmswap] remotes.json could not be loaded', remotes.reason);
  root.render(<App />);
}

void start();
