import { act, render, screen } from '@testing-library/react';
import {
  appEvents$,
  network$,
  requestWalletConnect,
  setNetworks,
  type NetworksFile,
} from '@jmswap/shared-chain';
import { WalletChooserOnDemand } from './WalletChooserOnDemand';
import { BSC_NETWORK } from '../testing/networks';

jest.mock('../services/wallet', () => ({ connectWallet: jest.fn() }));
// The chooser's chunk does not arrive the first time (offline), then does.
let chooserLoads = 0;
jest.mock('./WalletChooser', () => {
  if (++chooserLoads === 1) throw new Error('offline');
  return jest.requireActual('./WalletChooser');
});

const bsc = BSC_NETWORK;

// Its own file: the chooser's code must not have been loaded by another test before the first
// CONNECT WALLET here.
it('the first CONNECT WALLET opens the chooser once its code is there; a chunk that did not load says so, and the next click retries', async () => {
  // How soon is the e2e suite's and the traces' to say (a timing assert here would fail by the
  // machine's load): through React.lazy the dialog came 0.3-0.8 s after the click, 10-30 ms now.
  setNetworks({ profile: 'production', version: 't', networks: { BSC: bsc } } as NetworksFile);
  act(() => network$.next('BSC'));
  render(<WalletChooserOnDemand />);
  expect(screen.queryByRole('dialog')).toBeNull();
  const toasts: string[] = [];
  const sub = appEvents$.subscribe((e) => e.type === 'toast' && toasts.push(e.text));
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  act(() => requestWalletConnect());
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(toasts).toEqual(['The wallet list did not load. Check your connection and try again.']);
  expect(screen.queryByRole('dialog')).toBeNull();
  error.mockRestore();
  sub.unsubscribe();
  // The next CONNECT WALLET tries again.
  act(() => requestWalletConnect());
  expect(
    await screen.findByRole('dialog', { name: 'Connect a wallet' }, { timeout: 2000 }),
  ).toBeVisible();
});
