import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NetworkConfig, RecentTransactionsModule } from '@jmswap/shared-chain';
import { RecentTransactionsPanel } from './RecentTransactions';

type Item = ReturnType<RecentTransactionsModule['useRecentTransactions']>['items'][number];

const network = {
  id: 'BSC',
  platform: 'evm',
  scan: 'https://bscscan.com/tx/',
} as unknown as NetworkConfig;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const NOW = 1_000_000;

/** The stuck rule as shared-chain's recent module has it (tested there). */
const isStuck = (t: Item, id: string, now: number) =>
  id !== 'TRON' && t.status === 'pending' && t.nonce !== undefined && now - t.time > 60_000;

function fakeRecent(items: Item[], net: NetworkConfig = network) {
  const replaceTransaction = jest.fn(async () => hash(99));
  const recent = {
    useRecentTransactions: () => ({ items, network: net, account: '0xa', now: NOW }),
    replaceTransaction,
    isStuck,
  } as unknown as RecentTransactionsModule;
  return { recent, replaceTransaction };
}

const item = (n: number, extra: Partial<Item> = {}): Item => ({
  hash: hash(n),
  kind: 'Swap',
  summary: '1 BNB → min 2 JM',
  time: NOW - 1_000,
  status: 'pending',
  ...extra,
});

test('each transaction shows its kind, status, amounts and explorer link', () => {
  const { recent } = fakeRecent([
    item(1),
    item(2, { kind: 'Approve', summary: 'Unlimited JM', status: 'confirmed' }),
    item(3, { status: 'replaced', replacedBy: hash(4) }),
    item(5, {
      status: 'failed',
      outcome: 'This swap failed on chain: its deadline has passed. Network fee: 0.0021 BNB',
    }),
  ]);
  render(<RecentTransactionsPanel recent={recent} />);
  expect(screen.getByRole('heading', { name: 'Recent transactions' })).toBeInTheDocument();
  const rows = screen.getAllByTestId('recent-transaction');
  expect(rows[0]).toHaveTextContent('Swap');
  // the same states as the popup that opened at the send
  expect(rows[0]).toHaveTextContent('Confirming…');
  expect(rows[0]).toHaveTextContent('1 BNB → min 2 JM');
  expect(rows[1]).toHaveTextContent('Confirmed');
  expect(rows[1]).toHaveTextContent('Unlimited JM');
  expect(rows[2]).toHaveTextContent('Replaced');
  expect(rows[3]).toHaveTextContent('Failed');
  expect(rows[3]).toHaveTextContent('its deadline has passed. Network fee: 0.0021 BNB');
  expect(screen.getAllByRole('link', { name: 'View on explorer' })[0]).toHaveAttribute(
    'href',
    `https://bscscan.com/tx/${hash(1)}`,
  );
  expect(screen.queryByRole('button', { name: 'Speed up' })).toBeNull();
});

test('a stuck EVM transaction offers Speed up and Cancel', async () => {
  const { recent, replaceTransaction } = fakeRecent([item(1, { nonce: 3, time: NOW - 61_000 })]);
  render(<RecentTransactionsPanel recent={recent} />);
  await userEvent.click(screen.getByRole('button', { name: 'Speed up' }));
  expect(replaceTransaction).toHaveBeenCalledWith(hash(1), 'speedUp');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(replaceTransaction).toHaveBeenCalledWith(hash(1), 'cancel');
});

test('an expired TRON transaction says nothing was sent; none is ever sped up', () => {
  const tron = { ...network, id: 'TRON', platform: 'tron' } as unknown as NetworkConfig;
  const { recent } = fakeRecent(
    [item(1, { status: 'expired', hash: 'ab'.repeat(32) }), item(2, { nonce: 1, time: 0 })],
    tron,
  );
  render(<RecentTransactionsPanel recent={recent} />);
  expect(screen.getAllByTestId('recent-transaction')[0]).toHaveTextContent(
    'Expired: nothing was sent',
  );
  expect(screen.queryByRole('button', { name: 'Speed up' })).toBeNull();
});

test('no transactions yet', () => {
  const { recent } = fakeRecent([]);
  render(<RecentTransactionsPanel recent={recent} />);
  expect(screen.getByText('No transactions yet')).toBeInTheDocument();
});

test('the time reads as the trade tables write it: the month as a word, a 24-hour clock', () => {
  const at = new Date(2026, 11, 5, 13, 10).getTime();
  const { recent } = fakeRecent([item(1, { time: at, status: 'confirmed' })]);
  render(<RecentTransactionsPanel recent={recent} />);
  expect(screen.getByTestId('recent-transaction')).toHaveTextContent('5 Dec, 13:10');
});
