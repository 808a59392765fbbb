import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  appEvents$,
  loadAllowances,
  loadRecentTransactions,
  type AllowancesModule,
  type RecentTransactionsModule,
} from '@jmswap/shared-chain';
import { WalletMenu } from './WalletMenu';
import { BSC_NETWORK } from '../testing/networks';

// Its own file: each panel's code must not have been loaded by another test before its first
// opening here (through React.lazy and Suspense, React held a panel back for 300 ms after its
// empty fallback showed: the approvals panel appeared ~0.31 s after its click in every e2e trace).

jest.mock('@jmswap/shared-chain', () => ({
  ...jest.requireActual('@jmswap/shared-chain'),
  loadRecentTransactions: jest.fn(),
  loadAllowances: jest.fn(),
}));
const loadRecent = loadRecentTransactions as jest.MockedFunction<typeof loadRecentTransactions>;
const loadApprovals = loadAllowances as jest.MockedFunction<typeof loadAllowances>;

const network = BSC_NETWORK;
const fakeRecent = {
  useRecentTransactions: () => ({ items: [], network: undefined, account: undefined, now: 0 }),
  replaceTransaction: jest.fn(),
  isStuck: () => false,
} as unknown as RecentTransactionsModule;
const fakeAllowances = {
  useAllowances: () => ({
    status: 'ready',
    list: { rows: [], unread: 0 },
    error: undefined,
    network,
    account: '0xabc',
    reload: jest.fn(),
  }),
  revokeFee: async () => 0n,
  revokeAllowance: jest.fn(),
} as unknown as AllowancesModule;

beforeEach(() => loadRecent.mockResolvedValue(fakeRecent));

/** Clicks the first `name` entry and waits for `shown` in the document. */
async function clickUntil(name: string, shown: () => Promise<HTMLElement>) {
  const [wide] = screen.getAllByRole('button', { name });
  act(() => (wide as HTMLElement).click());
  expect(await shown()).toBeVisible();
}

test('the first opening of Approvals shows the panel once its code is there', async () => {
  // The first try fails (a chunk that did not load): logged and said, the entry closes, the next
  // click retries.
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const toasts: string[] = [];
  const sub = appEvents$.subscribe((e) => e.type === 'toast' && toasts.push(e.text));
  loadApprovals.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(fakeAllowances);
  render(<WalletMenu />);
  const [wide, phone] = screen.getAllByRole('button', { name: 'Approvals' });
  await userEvent.click(wide as HTMLElement);
  expect(wide).toHaveAttribute('aria-expanded', 'false');
  expect(phone).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByTestId('approvals')).toBeNull();
  expect(error).toHaveBeenCalledWith(
    '[jmswap] the approvals panel did not load',
    expect.objectContaining({ message: 'offline' }),
  );
  expect(toasts).toEqual(['Approvals did not load. Check your connection and try again.']);
  error.mockRestore();
  sub.unsubscribe();

  await clickUntil('Approvals', () =>
    screen.findByText('No approvals: the routers cannot spend any of your tokens.', undefined, {
      timeout: 2000,
    }),
  );
  expect(wide).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByTestId('approvals').parentElement).toHaveAttribute('id', 'jm-approvals');
});

test('the first opening of Recent transactions shows the panel once its code is there', async () => {
  render(<WalletMenu />);
  await clickUntil('Recent transactions', () =>
    screen.findByText('No transactions yet', undefined, { timeout: 2000 }),
  );
  expect(screen.getAllByRole('button', { name: 'Recent transactions' })[1]).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});
