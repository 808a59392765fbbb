import {
  pendingTransactionOf,
  pendingTransactions$,
  transactionSubmitted,
  walletAsked,
  withPendingTransaction,
} from './pending';

const ME = '0xAbC';

it('one open send per account: a second press while the wallet is open is refused at once', async () => {
  let answer!: (txid: string) => void;
  const first = withPendingTransaction(ME, () => new Promise<string>((r) => (answer = r)));
  const second = withPendingTransaction('0xabc', async () => 'sent twice');
  await expect(second).rejects.toMatchObject({ code: 'TRANSACTION_PENDING' });
  expect(pendingTransactionOf('0xABC')).toEqual({ status: 'wallet' });
  expect(pendingTransactionOf('0xother')).toBeUndefined();
  answer('0x1');
  await expect(first).resolves.toBe('0x1');
  expect(pendingTransactionOf(ME)).toBeUndefined();
});

it('shows "wallet", then "chain" with the id, per transaction; a failure frees the account', async () => {
  const seen: unknown[] = [];
  const sub = pendingTransactions$.subscribe((m) => seen.push(m.get('0xabc')));
  await expect(
    withPendingTransaction(ME, async () => {
      transactionSubmitted('0xapprove');
      walletAsked(ME);
      transactionSubmitted('0xswap');
      throw new Error('reverted');
    }),
  ).rejects.toThrow('reverted');
  sub.unsubscribe();
  expect(seen).toEqual([
    undefined,
    { status: 'wallet' },
    { status: 'chain', txid: '0xapprove' },
    { status: 'wallet' },
    { status: 'chain', txid: '0xswap' },
    undefined,
  ]);
});

it("refuses to ask the wallet for another account's send once the action has begun", async () => {
  const asked: string[] = [];
  await expect(
    withPendingTransaction(ME, async () => {
      walletAsked('0xabc'); // the approval, as the action began (any spelling of the address)
      asked.push('approval');
      transactionSubmitted('0xapprove');
      walletAsked('0xdef'); // the swap, after the user picked another account in the wallet
      asked.push('swap');
    }),
  ).rejects.toMatchObject({
    code: 'ACCOUNT_CHANGED',
    message:
      'Your wallet switched to another account, so nothing more was sent. Check the amounts and try again.',
  });
  expect(asked).toEqual(['approval']);
  expect(pendingTransactionOf(ME)).toBeUndefined();
});
