import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  network$,
  requestWalletConnect,
  setNetworks,
  type NetworksFile,
} from '@jmswap/shared-chain';
import { WalletChooser } from './WalletChooser';
import { connectWallet } from '../services/wallet';
import { BSC_NETWORK } from '../testing/networks';

jest.mock('../services/wallet', () => ({ connectWallet: jest.fn() }));
const connect = connectWallet as jest.MockedFunction<typeof connectWallet>;

const bsc = BSC_NETWORK;
const desktopUa = navigator.userAgent;

beforeEach(() => {
  setNetworks({ profile: 'production', version: 't', networks: { BSC: bsc } } as NetworksFile);
  act(() => network$.next('BSC'));
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  Object.defineProperty(navigator, 'userAgent', { value: desktopUa, configurable: true });
});

it('a browser wallet that is not in the page: what is wrong and where to get it', async () => {
  connect.mockRejectedValue(new Error('No browser wallet found.'));
  render(<WalletChooser />);
  act(() => requestWalletConnect());
  await userEvent.click(screen.getByRole('button', { name: 'Browser wallet (MetaMask)' }));
  const note = await screen.findByRole('alert');
  expect(note).toHaveTextContent('MetaMask was not found. Install it or unlock it, then try again');
  expect(screen.getByRole('link', { name: 'Get MetaMask' })).toHaveAttribute(
    'href',
    'https://metamask.io/download/',
  );
  expect(console.warn).toHaveBeenCalled();
  expect(screen.queryByRole('link', { name: 'Open in MetaMask' })).toBeNull();
});

it('on a phone with no wallet in the page, offers to open this page in MetaMask', () => {
  Object.defineProperty(navigator, 'userAgent', {
    value: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile',
    configurable: true,
  });
  render(<WalletChooser />);
  act(() => requestWalletConnect());
  expect(screen.getByRole('link', { name: 'Open in MetaMask' })).toHaveAttribute(
    'href',
    `https://link.metamask.io/dapp/${window.location.host}/`,
  );
  expect(screen.getByRole('button', { name: 'Mobile wallet (WalletConnect)' })).toBeVisible();
});

it('is loaded by the first CONNECT WALLET, and opens for that very request', async () => {
  const { WalletChooserOnDemand } = await import('./WalletChooserOnDemand');
  render(<WalletChooserOnDemand />);
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => requestWalletConnect());
  expect(await screen.findByRole('dialog', { name: 'Connect a wallet' })).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => requestWalletConnect());
  expect(await screen.findByRole('dialog', { name: 'Connect a wallet' })).toBeVisible();
});
