/**
 * Allowances: what the connected account allowed the exchange's routers to spend,
 * read from the chain, and "Revoke" (approve(spender, 0) through the one send path: simulated
 * before the wallet opens, recorded in Recent transactions as "Revoke", one pending send per
 * account). Also the USDT-style check of the approval path: does this token need approve(0)
 * before a new non-zero allowance? Judged by simulating both approvals from the owner.
 *
 * Loaded on demand (loadAllowances in ./allowancesLoad.ts): no page's first load carries it.
 */
import type { NetworkConfig } from '../config/types';
import type { TxResult } from '../adapters/types';
// State through the singleton's package name (see recent/store.ts).
import { refreshWalletData, withPendingTransaction, writer } from '../singleton';
import { approveResetNeeded } from '../core/allowances';
import type { AllowanceRow } from './allowanceList';
import { allowanceChain, type AllowanceChain } from './allowancesChain';

export * from './allowanceList';
export { useAllowances, type AllowancesView } from './allowancesHook';
export * from '../core/allowances';

/** What a revoke will cost now (base-coin units), when the chain can tell. */
export async function revokeFee(
  network: NetworkConfig,
  owner: string,
  row: Pick<AllowanceRow, 'token' | 'spender'>,
  chain: AllowanceChain = allowanceChain(network),
): Promise<bigint | undefined> {
  return chain.revokeFee(row.token, owner, row.spender.address);
}

/**
 * Sends approve(spender, 0) from the connected wallet as the account's one pending send, on the
 * network the allowance is on (`network`, the list's: an EVM wallet is switched to its chain if
 * needed, never the network selected when the button was pressed): the writer simulates it
 * first (a revert sends nothing) and Recent transactions records a "Revoke". Resolves once it is
 * confirmed; the header's balance is read again then, since the revoke's fee came out of it.
 */
export async function revokeAllowance(
  network: NetworkConfig,
  row: Pick<AllowanceRow, 'token' | 'spender'>,
): Promise<TxResult> {
  const { writer: w, wallet } = await writer(network);
  const result = await withPendingTransaction(wallet.connection.address, () =>
    w.approve(row.token, row.spender.address, 0n),
  );
  void refreshWalletData();
  return result;
}

/**
 * Whether `token` (symbol or address) must be set to 0 before `owner` approves `next` to
 * `spender` (USDT-style), given the current allowance: by simulation, not by a list.
 */
export async function approveNeedsReset(
  network: NetworkConfig,
  token: string,
  owner: string,
  spender: string,
  current: bigint,
  next: bigint,
  chain: AllowanceChain = allowanceChain(network),
): Promise<boolean> {
  const configured = network.tokens[token];
  const address = configured?.address || token;
  const flagged = configured?.approveResetRequired === true;
  if (current === 0n) return false;
  const newAccepted = await chain.approveAccepted(address, owner, spender, next);
  const zeroAccepted =
    newAccepted === false ? await chain.approveAccepted(address, owner, spender, 0n) : true;
  return approveResetNeeded({ current, newAccepted, zeroAccepted, flagged });
}
