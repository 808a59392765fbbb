// First: the shell's catalogue is registered before any text renders (issue #26).
import { keepLanguageCurrent, startLanguage } from './language';
import { createRoot } from 'react-dom/client';
import { getNetworkConfig, loadNetworks, network$, readerFor } from '@jmswap/shared-chain';
import { App } from './App';
import { renderPage } from './renderPage';
import { fetchOrEarly, NETWORKS_URL } from './remotes/early';
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
async function warmReads() {
  const route = routeAt(window.location.pathname);
  if (!route || !CHAIN_READING_ROUTES.includes(route)) return;
  const n = new URLSearchParams(window.location.search).get('n');
  const network = getNetworkConfig(resolveRouteNetwork(route, n, network$.getValue()));
  if (!network) return;
  // Not in the task that parsed networks.json, nor in the one that evaluated the reader's chunk
  // (TRON's: its codec and hashes), each 15-20 ms observed on `/` under Lighthouse.
  await yieldToBrowser();
  const reader = await readerFor(network);
  await yieldToBrowser();
  await reader.pairReserves();
}

/**
 * The page's boot once its modules are in (index.ts evaluates them, a task each): the theme
 * and language, remotes.json and the networks, the route's screen, then the page's first render.
 */
export async function start(): Promise<void> {
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
    // Not awaited: the first render does not wait for the read.
    loadNetworks(NETWORKS_URL, fetchOrEarly).then(
      () => void warmReads().catch(() => undefined),
      () => undefined,
    ),
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
