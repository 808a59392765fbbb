/**
 * Revoke acts on the network the allowance is on: the writer is asked for the row's network
 * (an EVM writer then switches the wallet to its chain), whatever network the wallet session
 * is on when the button is pressed.
 */
import { fakeEvmNetwork } from './testing/networks';
import { revokeAllowance } from './allowances';

const approve = jest.fn(async () => ({ txid: `0x${'ab'.repeat(32)}` }));
const writer = jest.fn(async () => ({
  writer: { approve },
  wallet: { connection: { address: '0x00000000000000000000000000000000000000f1' } },
}));
const refreshWalletData = jest.fn(async () => ({ connected: true }));
jest.mock('../singleton', () => ({
  writer: (...args: unknown[]) => writer(...(args as [])),
  refreshWalletData: () => refreshWalletData(),
  withPendingTransaction: (_account: string, run: () => Promise<unknown>) => run(),
}));

it("sends approve(spender, 0) through the writer of the row's network", async () => {
  const eth = fakeEvmNetwork({ id: 'ETH', chainId: 1 });
  const row = {
    token: `0x${'11'.repeat(20)}`,
    spender: { address: `0x${'22'.repeat(20)}`, name: 'Swap router' },
  };
  await revokeAllowance(eth, row);
  expect(writer).toHaveBeenCalledWith(eth);
  expect(approve).toHaveBeenCalledWith(row.token, row.spender.address, 0n);
});

it('reads the wallet balance again once the revoke is confirmed (its fee came out of it)', async () => {
  const eth = fakeEvmNetwork({ id: 'ETH', chainId: 1 });
  const row = {
    token: `0x${'11'.repeat(20)}`,
    spender: { address: `0x${'22'.repeat(20)}`, name: 'Swap router' },
  };
  refreshWalletData.mockClear();
  await revokeAllowance(eth, row);
  expect(refreshWalletData).toHaveBeenCalledTimes(1);

  refreshWalletData.mockClear();
  approve.mockRejectedValueOnce(Object.assign(new Error('User rejected'), { code: 4001 }));
  await expect(revokeAllowance(eth, row)).rejects.toThrow('User rejected');
  expect(refreshWalletData).not.toHaveBeenCalled();
});
