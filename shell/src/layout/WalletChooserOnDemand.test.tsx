import { act, render, screen } from '@testing-library/react';
import {
  network$,
  requestWalletConnect,
  setNetworks,
  type NetworkConfig,
  type NetworksFile,
} from '@jmswap/shared-chain';
import { WalletChooserOnDemand } from './WalletChooserOnDemand';

jest.mock('../services/wallet', () => ({ connectWallet: jest.fn() }));

const bsc = {
  id: 'BSC',
  name: 'BNB Smart Chain',
  platform: 'evm',
  chainId: 56,
  baseToken: 'BNB',
  tokens: {},
} as unknown as NetworkConfig;

// Its own file: the chooser's code must not have been loaded by another test before the first
// CONNECT WALLET here.
it('the first CONNECT WALLET opens the chooser as soon as its code is there, not 300 ms later', async () => {
  // Through React.lazy and Suspense, React held the chooser back for 300 ms after its (empty)
  // fallback showed (its reveal throttle): 0.3-0.8 s between the click and the dialog in the
  // e2e traces, with the chunk itself loaded in 6 ms. Here the chunk is an import at hand.
  setNetworks({ profile: 'production', version: 't', networks: { BSC: bsc } } as NetworksFile);
  act(() => network$.next('BSC'));
  render(<WalletChooserOnDemand />);
  expect(screen.queryByRole('dialog')).toBeNull();
  const asked = performance.now();
  act(() => requestWalletConnect());
  expect(
    await screen.findByRole('dialog', { name: 'Connect a wallet' }, { timeout: 2000 }),
  ).toBeVisible();
  expect(performance.now() - asked).toBeLessThan(150);
});
