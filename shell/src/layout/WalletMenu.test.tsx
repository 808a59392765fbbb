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

test('a connected wallet loads the recent transactions (pending ones are checked again)', () => {
  render(<WalletMenu />);
  expect(load).toHaveBeenCalled();
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
