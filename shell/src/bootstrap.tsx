import { createRoot } from 'react-dom/client';
import { loadNetworks } from '@jmswap/shared-chain';
import { App } from './App';
import { registerRemotesFromConfig } from './remotes/federation';
import { startAnalyticsSink } from './services/analytics';

async function start() {
  startAnalyticsSink();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // The remotes manifest is read at boot; a broken one must still leave a usable page.
  const [remotes] = await Promise.allSettled([
    registerRemotesFromConfig(),
    loadNetworks().catch(() => undefined),
  ]);
  if (remotes.status === 'rejected')
    console.error('[jmswap] remotes.json could not be loaded', remotes.reason);
  root.render(<App />);
}

void start();
