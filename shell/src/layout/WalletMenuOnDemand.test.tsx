import { render, screen } from '@testing-library/react';
import { useWalletSession } from '@jmswap/shared-chain';
import { Header } from './Header';

// Its own file: the wallet menu's code must not have been loaded by another test before the
// connection here.

jest.mock('@jmswap/shared-chain', () => ({
  ...jest.requireActual('@jmswap/shared-chain'),
  useWalletSession: jest.fn(),
  loadRecentTransactions: jest.fn(() => new Promise(() => undefined)),
}));
const session = useWalletSession as jest.MockedFunction<typeof useWalletSession>;

it('a connected wallet has its menu (Recent transactions, Approvals) once its code is there', async () => {
  session.mockReturnValue({ connected: true, name: 'MetaMask' } as never);
  render(<Header />);
  expect(
    (await screen.findAllByRole('button', { name: 'Approvals' }, { timeout: 2000 }))[0],
  ).toBeVisible();
  expect(screen.getAllByRole('button', { name: 'Recent transactions' })).toHaveLength(2);
});
