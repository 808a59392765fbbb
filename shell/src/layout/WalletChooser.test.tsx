import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  network$,
  requestWalletConnect,
  session$,
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

it('with MetaMask and Rabby in the page, offers each by name and asks the one picked', async () => {
  const wallets = [
    { rdns: 'io.metamask', name: 'MetaMask' },
    { rdns: 'io.rabby', name: 'Rabby Wallet', icon: 'data:image/png;base64,iVBORw0KGgo=' },
  ];
  const announce = () =>
    wallets.forEach((info) =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: { info: { icon: '', ...info, uuid: info.rdns }, provider: {} },
        }),
      ),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  try {
    connect.mockResolvedValue(undefined);
    render(<WalletChooser />);
    act(() => requestWalletConnect());
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Browser wallet (MetaMask)',
      'Browser wallet (Rabby Wallet)',
      'Mobile wallet (WalletConnect)',
      'Binance Wallet',
      'Cancel',
    ]);
    // Each wallet's own logo beside its name; our glyph where it announced none, and on the
    // options that bring none, so every row starts with a mark (names line up).
    const rabby = screen.getByRole('button', { name: 'Browser wallet (Rabby Wallet)' });
    expect(rabby.querySelector('img')?.getAttribute('src')).toBe(wallets[1]!.icon);
    const metaMask = screen.getByRole('button', { name: 'Browser wallet (MetaMask)' });
    expect(metaMask.querySelector('img')).toBeNull();
    const options = screen.getAllByRole('button').filter((b) => b.textContent !== 'Cancel');
    expect(options.map((b) => b.firstElementChild?.classList.contains('jm-wallet-icon'))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(metaMask.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Browser wallet (Rabby Wallet)' }));
    expect(connect).toHaveBeenLastCalledWith('injected', 'io.rabby');
  } finally {
    window.removeEventListener('eip6963:requestProvider', announce);
  }
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

/** A connection the test answers: `fail` rejects it, `done` resolves it. */
function heldConnect() {
  const held = {} as { fail: (e: Error) => void; done: () => void };
  connect.mockImplementationOnce(
    () =>
      new Promise<void>((resolve, reject) => Object.assign(held, { fail: reject, done: resolve })),
  );
  return held;
}

it('while the chosen wallet has not answered, the dialog says it is asked; then what went wrong', async () => {
  const held = heldConnect();
  render(<WalletChooser />);
  act(() => requestWalletConnect());
  await userEvent.click(screen.getByRole('button', { name: 'Browser wallet (MetaMask)' }));
  expect(screen.getByRole('status')).toHaveTextContent('Connecting to Browser wallet (MetaMask)…');
  // Asked once: the options are gone until it answers. The focus they had stays in the dialog.
  expect(screen.queryByRole('button', { name: 'Browser wallet (MetaMask)' })).toBeNull();
  expect(screen.getByRole('status')).toHaveFocus();
  await act(async () => held.fail(new Error('No browser wallet found.')));
  expect(await screen.findByRole('alert')).toHaveTextContent('MetaMask was not found.');
  expect(screen.getByRole('alert')).toHaveFocus();
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.getByRole('button', { name: 'Browser wallet (MetaMask)' })).toBeVisible();
});

it('closed while the wallet is asked, it stays closed when the wallet fails later', async () => {
  const held = heldConnect();
  render(<WalletChooser />);
  act(() => requestWalletConnect());
  await userEvent.click(screen.getByRole('button', { name: 'Browser wallet (MetaMask)' }));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await act(async () => held.fail(new Error('No browser wallet found.')));
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('declined in the wallet: the dialog closes, leaving the page to its toast', async () => {
  const held = heldConnect();
  render(<WalletChooser />);
  act(() => requestWalletConnect());
  await userEvent.click(screen.getByRole('button', { name: 'Browser wallet (MetaMask)' }));
  expect(screen.getByRole('status')).toBeVisible();
  // shared-chain toasts a declined request and resolves quietly.
  await act(async () => held.done());
  expect(screen.queryByRole('dialog')).toBeNull();
});

describe('on TRON, where CONNECT WALLET asks TronLink straight away', () => {
  const tron = {
    ...BSC_NETWORK,
    id: 'TRON',
    name: 'TRON',
    platform: 'tron',
    baseToken: 'TRX',
    tokens: { TRX: { decimals: 6 } },
  } as unknown as typeof BSC_NETWORK;
  beforeEach(() => {
    setNetworks({
      profile: 'production',
      version: 't',
      networks: { TRON: tron },
    } as unknown as NetworksFile);
    act(() => network$.next('TRON'));
  });

  it('says it is asking TronLink when TronLink takes a while, and closes once connected', async () => {
    const held = heldConnect();
    render(<WalletChooser />);
    act(() => requestWalletConnect());
    // A wallet that answers at once is not interrupted by a dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent('Connecting to TronLink…');
    act(() => session$.next({ connected: true, address: 'T1', name: 'TronLink' }));
    await act(async () => held.done());
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => session$.next({ connected: false }));
  });
});
