import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WalletChoiceNeeded } from '@jmswap/shared-chain/wallet-help';
import { connectHostWallet, HostWalletChooser } from './hostWallet';
import { connectWallet } from '../services/wallet';

jest.mock('../services/wallet', () => ({ connectWallet: jest.fn() }));
const connect = connectWallet as jest.MockedFunction<typeof connectWallet>;

it("offers the host page's wallets by name and logo, and connects the one picked", async () => {
  const logo = 'data:image/png;base64,iVBORw0KGgo=';
  connect.mockRejectedValueOnce(
    new WalletChoiceNeeded([
      { rdns: 'io.metamask', name: 'MetaMask' },
      { rdns: 'io.rabby', name: 'Rabby Wallet', icon: logo },
    ]),
  );
  render(<HostWalletChooser />);
  expect(screen.queryByRole('dialog')).toBeNull();
  await act(async () => connectHostWallet());
  expect(connect).toHaveBeenLastCalledWith('widget', undefined);
  const dialog = screen.getByRole('dialog', { name: 'Connect a wallet' });
  const rabby = screen.getByRole('button', { name: 'Browser wallet (Rabby Wallet)' });
  expect(rabby.querySelector('img')?.getAttribute('src')).toBe(logo);
  expect(dialog).toContainElement(
    screen.getByRole('button', { name: 'Browser wallet (MetaMask)' }),
  );

  connect.mockResolvedValueOnce(undefined);
  await userEvent.click(rabby);
  expect(connect).toHaveBeenLastCalledWith('widget', 'io.rabby');
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('Cancel closes the offer and connects nothing', async () => {
  connect.mockReset();
  connect.mockRejectedValueOnce(
    new WalletChoiceNeeded([
      { rdns: 'io.metamask', name: 'MetaMask' },
      { rdns: 'io.rabby', name: 'Rabby Wallet' },
    ]),
  );
  render(<HostWalletChooser />);
  await act(async () => connectHostWallet());
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(connect).toHaveBeenCalledTimes(1);
});
