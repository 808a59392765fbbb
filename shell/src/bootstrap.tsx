// First: the shell's catalogue is registered before any text renders.
import { keepLanguageCurrent, startLanguage } from './language';
import { createRoot } from 'react-dom/client';
import { expectWalletRestore } from '@jmswap/shared-chain';
import { App } from './App';
import { renderPage } from './renderPage';
import { networksLoaded } from './warmReads';
import { registerRemotesAtBoot, startScreen } from './remotes/federation';
import { routeScreen } from './remotes/routeScreen';
import { startAnalyticsSink } from './services/analytics';
import { forwardOperatorReports } from './services/operatorReports';
import { keepThemeCurrent, pickTheme } from './theme';
import { yieldToBrowser } from './yieldToBrowser';
import { walletRestoreMarked } from './walletEarly';

/**
 * The page's boot once its modules are in (index.ts evaluates them, a task each): the theme
 * and language, remotes.json and the networks, the route's screen, then the page's first render.
 */
export async function start(): Promise<void> {
  // The head script has picked it already, unless the page came without one (dev server).
  pickTheme();
  keepThemeCurrent();
  startAnalyticsSink();
  forwardOperatorReports();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // The remotes manifest is read at boot; a broken one must still leave a usable page.
  keepLanguageCurrent();
  // English resolves at once; another language's texts load beside the remotes manifest.
  const [remotes] = await Promise.allSettled([
    registerRemotesAtBoot(),
    // Not awaited: the first render does not wait for the read.
    // The warm read (index.ts) started it; a failure is the page's to show.
    networksLoaded().catch(() => undefined),
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
  // The head script found a wallet to bring back: every screen's first frame says so (App asks).
  if (walletRestoreMarked()) expectWalletRestore();
  renderPage(root, <App />);
}
