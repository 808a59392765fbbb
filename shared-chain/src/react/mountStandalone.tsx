import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { RemoteScreenProps } from '../ui-contract';
import { StandaloneHarness } from './StandaloneHarness';

/** A remote's standalone dev page: its screen in the harness, mounted on #root. */
export function mountStandalone(
  app: string,
  version: string,
  Screen: ComponentType<RemoteScreenProps>,
): void {
  const root = document.getElementById('root');
  if (root)
    createRoot(root).render(
      <StandaloneHarness app={app} version={version} render={(props) => <Screen {...props} />} />,
    );
}
