// First: the shell's catalogue is registered before any text renders (issue #26).
import { keepLanguageCurrent, startLanguage } from './language';
import { createRoot } from 'react-dom/client';
import { getNetworkConfig, loadNetworks, network$, readerFor } from '@jmswap/shared-chain';
import { App } from './App';
import { renderPage } from './renderPage';
import { registerRemotesAtBoot, startScreen } from './remotes/federation';
import { routeScreen } from './remotes/routeScreen';
import { startAnalyticsSink } from './services/analytics';
import { CHAIN_READING_ROUTES, resolveRouteNetwork, routeAt } from './routes';
import { keepThemeCurrent, pickTheme } from './theme';
import { yieldToBrowser } from './yieldToBrowser';

/**
 * Loads the chain reader of the route's network and starts its pool read now, while React and
 * the route's remote are still arriving: the screen's first read then joins the one in flight
 * (the reader caches reserves 5 s) instead of starting after the first render.
 */
function warmReads() {
  const route = routeAt(window.location.pathname);
  if (!route || !CHAIN_READING_ROUTES.includes(route)) return;
  const n = new URLSearchParams(window.location.search).get('n');
  const network = getNetworkConfig(resolveRouteNetwork(route, n, network$.getValue()));
  if (network)
    readerFor(network)
      .then((reader) => reader.pairReserves())
      .catch(() => undefined);
}

async function start() {
  // The head script has picked it already, unless the page came without one (dev server).
  pickTheme();
  keepThemeCurrent();
  startAnalyticsSink();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // The remotes manifest is read at boot; a broken one must still leave a usable page.
  keepLanguageCurrent();
  // English resolves at once; another language's texts load beside the remotes manifest.
  const [remotes] = await Promise.allSettled([
    registerRemotesAtBoot(),
    loadNetworks().then(warmReads, () => undefined),
    startLanguage(),
  ]);
  if (remotes.status === 'rejected')
    console.error('[jmswap] remotes.json could not be loaded', remotes.reason);
  else {
    const screen = routeScreen(window.location);
    if (screen && remotes.value[screen[0]]) startScreen(...screen);
  }
  // The screen's load starts in this task, the page's first render in the next.
  await yieldToBrowser();
  renderPage(root, <App />);
}

void start();
