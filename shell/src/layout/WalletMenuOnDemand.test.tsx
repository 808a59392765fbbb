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

it('a connected wallet has its menu (Recent transactions, Approvals) as soon as its code is there', async () => {
  // Through React.lazy and Suspense, React held the menu back for 300 ms after its (empty)
  // fallback showed. Here the chunk is an import at hand.
  session.mockReturnValue({ connected: true, name: 'MetaMask' } as never);
  const connected = performance.now();
  render(<Header />);
  expect(
    (await screen.findAllByRole('button', { name: 'Approvals' }, { timeout: 2000 }))[0],
  ).toBeVisible();
  expect(performance.now() - connected).toBeLessThan(150);
  expect(screen.getAllByRole('button', { name: 'Recent transactions' })).toHaveLength(2);
});
