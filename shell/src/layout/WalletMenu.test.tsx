import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRecentTransactions, type RecentTransactionsModule } from '@jmswap/shared-chain';
import { WalletMenu } from './WalletMenu';

const fakeRecent = {
  useRecentTransactions: () => ({ items: [], network: undefined, account: undefined, now: 0 }),
  replaceTransaction: jest.fn(),
  isStuck: () => false,
} as unknown as RecentTransactionsModule;

jest.mock('@jmswap/shared-chain', () => ({
  ...jest.requireActual('@jmswap/shared-chain'),
  loadRecentTransactions: jest.fn(),
}));
const load = loadRecentTransactions as jest.MockedFunction<typeof loadRecentTransactions>;

beforeEach(() => load.mockResolvedValue(fakeRecent));

test('a connected wallet loads the recent transactions before any click (pending ones are checked again); a failed load breaks nothing', async () => {
  load.mockRejectedValueOnce(new Error('the recent-transactions chunk did not load'));
  render(<WalletMenu />);
  // Loaded at once (the module resumes a send still pending from before a reload), not on the
  // first click; that load failed, and the menu is still there, every entry usable.
  expect(load).toHaveBeenCalledTimes(1);
  expect(screen.getAllByRole('button', { name: 'Recent transactions' })).toHaveLength(2);
  expect(screen.getAllByRole('button', { name: 'Approvals' })).toHaveLength(2);
  const [wide] = screen.getAllByRole('button', { name: 'Recent transactions' });
  await userEvent.click(wide as HTMLElement);
  // The panel's own load tries again and shows the list.
  expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('both entries (wallet area, phone menu) open and close one list, loaded on demand', async () => {
  render(<WalletMenu />);
  const [wide, phone] = screen.getAllByRole('button', { name: 'Recent transactions' });
  expect(wide).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(wide as HTMLElement);
  expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
  expect(phone).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(phone as HTMLElement);
  expect(screen.queryByText('No transactions yet')).toBeNull();
});

test('an open panel closes with Escape (the focus back on its entry) or a click elsewhere, not a click inside it', async () => {
  const user = userEvent.setup();
  render(
    <>
      <h1>TOKEN SWAP</h1>
      <WalletMenu />
    </>,
  );
  const [wide] = screen.getAllByRole('button', { name: 'Recent transactions' });
  await user.click(wide as HTMLElement);
  await screen.findByText('No transactions yet');
  await user.keyboard('{Escape}');
  expect(screen.queryByText('No transactions yet')).toBeNull();
  expect(wide).toHaveAttribute('aria-expanded', 'false');
  expect(wide).toHaveFocus();

  await user.click(wide as HTMLElement);
  await user.click(await screen.findByText('No transactions yet'));
  expect(screen.getByText('No transactions yet')).toBeVisible();
  await user.click(screen.getByRole('heading', { name: 'TOKEN SWAP' }));
  expect(screen.queryByText('No transactions yet')).toBeNull();
  expect(wide).toHaveAttribute('aria-expanded', 'false');
});
