import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onPairingCancelled, walletConnectPairing$ } from '@jmswap/shared-chain';
import { WalletConnectDialog } from './WalletConnectDialog';

const URI =
  'wc:4e5eaf819a6da877085196a78dcc661aafc63bfdb11ae5d9a2af7d201b3d5a07@2?expiryTimestamp=1796166559&relay-protocol=irn&symKey=59236eee80d5da469d14f3bbbbab8a1bc4220dcd5bb9acc35c232c374a1ca3b5';
const desktopUa = navigator.userAgent;

afterEach(() => {
  act(() => walletConnectPairing$.next(undefined));
  Object.defineProperty(navigator, 'userAgent', { value: desktopUa, configurable: true });
});

it('shows the pairing as a QR code and a link to copy; closing it cancels the connect', async () => {
  const user = userEvent.setup();
  render(<WalletConnectDialog />);
  expect(screen.queryByRole('dialog')).toBeNull();
  const cancelled = jest.fn();
  onPairingCancelled(cancelled);
  act(() => walletConnectPairing$.next({ uri: URI }));
  const dialog = screen.getByRole('dialog', { name: 'Connect your mobile wallet' });
  const qr = screen.getByRole('img', { name: 'WalletConnect QR code' });
  expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M \d+ \d+ h1v1h-1z/);
  expect(screen.getByRole('textbox', { name: 'WalletConnect link' })).toHaveValue(URI);
  // Not a phone: no hand-off to a wallet app on this device.
  expect(screen.queryByRole('link', { name: 'Open in wallet app' })).toBeNull();

  const write = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(write).toHaveBeenCalledWith(URI);
  expect(screen.getByRole('button', { name: 'Copied' })).toBeVisible();

  await user.keyboard('{Escape}');
  expect(cancelled).toHaveBeenCalledTimes(1);
  expect(dialog).not.toBeInTheDocument();
});

it('on a phone, the same link opens the wallet app', () => {
  Object.defineProperty(navigator, 'userAgent', {
    value: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile',
    configurable: true,
  });
  render(<WalletConnectDialog />);
  act(() => walletConnectPairing$.next({ uri: URI }));
  expect(screen.getByRole('link', { name: 'Open in wallet app' })).toHaveAttribute('href', URI);
});
