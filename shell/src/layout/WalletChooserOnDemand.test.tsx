import { act, render, screen } from '@testing-library/react';
import {
  network$,
  requestWalletConnect,
  setNetworks,
  type NetworksFile,
} from '@jmswap/shared-chain';
import { WalletChooserOnDemand } from './WalletChooserOnDemand';
import { BSC_NETWORK } from '../testing/networks';

jest.mock('../services/wallet', () => ({ connectWallet: jest.fn() }));

const bsc = BSC_NETWORK;

// Its own file: the chooser's code must not have been loaded by another test before the first
// CONNECT WALLET here.
it('the first CONNECT WALLET opens the chooser once its code is there', async () => {
  // How soon is the e2e suite's and the traces' to say (a timing assert here would fail by the
  // machine's load): through React.lazy the dialog came 0.3-0.8 s after the click, 10-30 ms now.
  setNetworks({ profile: 'production', version: 't', networks: { BSC: bsc } } as NetworksFile);
  act(() => network$.next('BSC'));
  render(<WalletChooserOnDemand />);
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => requestWalletConnect());
  expect(
    await screen.findByRole('dialog', { name: 'Connect a wallet' }, { timeout: 2000 }),
  ).toBeVisible();
});
