import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLanguage, ChainError, type AllowancesModule } from '@jmswap/shared-chain';
import '../language';
import { ApprovalsPanel } from './Approvals';
import { BSC_NETWORK } from '../testing/networks';

type View = ReturnType<AllowancesModule['useAllowances']>;
type Row = NonNullable<View['list']>['rows'][number];

const network = BSC_NETWORK;
const row: Row = {
  token: '0x' + '1'.repeat(40),
  symbol: 'USDT',
  decimals: 18,
  spender: { address: '0x' + '2'.repeat(40), name: 'Swap router' },
  amount: 2n ** 256n - 1n,
  text: 'Unlimited',
};

function fakeAllowances(view: Partial<View>) {
  const reload = jest.fn();
  const revokeAllowance = jest.fn(async () => ({ txid: '0x' + 'a'.repeat(64) }));
  const allowances = {
    useAllowances: (): View => ({
      status: 'ready',
      list: { rows: [], unread: 0 },
      error: undefined,
      network,
      account: '0xabc',
      reload,
      ...view,
    }),
    revokeFee: async () => 46_000n * 10n ** 9n,
    revokeAllowance,
  } as unknown as AllowancesModule;
  return { allowances, reload, revokeAllowance };
}

test('lists an allowance with its amount and spender; Revoke previews, then sends', async () => {
  const { allowances, revokeAllowance, reload } = fakeAllowances({
    list: { rows: [row], unread: 0 },
  });
  render(<ApprovalsPanel allowances={allowances} />);
  expect(screen.getByText('USDT')).toBeInTheDocument();
  expect(screen.getByText('Unlimited')).toBeInTheDocument();
  expect(screen.getByText('Swap router')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
  const preview = screen.getByTestId('revoke-preview');
  expect(preview).toHaveTextContent('New allowance0');
  expect(await screen.findByText('0.000046 BNB')).toBeInTheDocument();
  expect(revokeAllowance).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Confirm revoke' }));
  // On the row's network (the list's), whatever is selected when the button is pressed.
  expect(revokeAllowance).toHaveBeenCalledWith(network, row);
  expect(reload).toHaveBeenCalled();
});

test('empty, loading and node-down states say so (and how to try again)', async () => {
  const empty = fakeAllowances({});
  const { unmount } = render(<ApprovalsPanel allowances={empty.allowances} />);
  expect(screen.getByText(/No approvals/)).toBeInTheDocument();
  unmount();
  const loading = fakeAllowances({ status: 'loading', list: undefined });
  const second = render(<ApprovalsPanel allowances={loading.allowances} />);
  expect(screen.getByRole('status')).toHaveTextContent('Reading allowances');
  second.unmount();
  const down = fakeAllowances({ status: 'error', list: undefined, error: 'no node answers' });
  render(<ApprovalsPanel allowances={down.allowances} />);
  expect(screen.getByRole('alert')).toHaveTextContent('no node answers');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(down.reload).toHaveBeenCalled();
});

test("a revoke the wallet's account switch stopped says so in the page's language", async () => {
  const { allowances, revokeAllowance } = fakeAllowances({ list: { rows: [row], unread: 0 } });
  revokeAllowance.mockRejectedValueOnce(new ChainError('ACCOUNT_CHANGED'));
  await act(() => activateLanguage('zh-CN'));
  try {
    render(<ApprovalsPanel allowances={allowances} />);
    await userEvent.click(screen.getByRole('button', { name: '撤销' }));
    await userEvent.click(screen.getByRole('button', { name: /确认撤销/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '您的钱包已切换到其他账户，因此后续交易未发送。请核对金额后重试。',
    );
  } finally {
    await act(() => activateLanguage('en'));
  }
});
