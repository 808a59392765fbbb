// Standalone dev page for this remote's team: the screen on its own, with shared-chain bundled.
import { createRoot } from 'react-dom/client';
import { StandaloneHarness } from '@jmswap/shared-chain';
import { LiquidityPanel } from './LiquidityPanel';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StandaloneHarness
      app={__APP_NAME__}
      version={__APP_VERSION__}
      render={(props) => <LiquidityPanel {...props} />}
    />,
  );
