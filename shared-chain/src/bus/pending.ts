/**
 * One send at a time per account: the pending-transaction state that disables SWAP, SUPPLY and
 * REMOVE from the click until the transaction settles or fails. No timer clears it: a wallet
 * that stays open for minutes keeps the buttons disabled, so a second press cannot send twice.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import { ChainError } from '../core/errors';
import type { SentRecord } from '../adapters/types';

/**
 * "Waiting for your wallet" until it hands back an id, then "Confirming on chain" (with the
 * transaction as the app built it, where the writer checked the wallet sent that).
 */
export type PendingTransaction =
  { status: 'wallet' } | { status: 'chain'; txid: string; sent?: SentRecord };

const byAccount = new BehaviorSubject<ReadonlyMap<string, PendingTransaction>>(new Map());
/** The account whose send runs now (one wallet per page): the writers report to it. */
let sending: string | undefined;

const keyOf = (account: string) => account.toLowerCase();

function set(key: string, value: PendingTransaction | undefined): void {
  const next = new Map(byAccount.getValue());
  if (value) next.set(key, value);
  else next.delete(key);
  byAccount.next(next);
}

/** Every account's open send (the React hook picks the connected account's). */
export const pendingTransactions$: Observable<ReadonlyMap<string, PendingTransaction>> =
  byAccount.asObservable();

export const pendingTransactionOf = (
  account: string | undefined,
): PendingTransaction | undefined =>
  account === undefined ? undefined : byAccount.getValue().get(keyOf(account));

/**
 * Runs one user action that sends (approval and swap, or approvals and a liquidity send) as the
 * account's only open send. The state is taken synchronously, before anything is awaited, so a
 * double click rejects the second call with TRANSACTION_PENDING and nothing is sent twice.
 */
export async function withPendingTransaction<T>(
  account: string,
  run: () => Promise<T>,
): Promise<T> {
  const key = keyOf(account);
  if (byAccount.getValue().has(key)) throw new ChainError('TRANSACTION_PENDING');
  set(key, { status: 'wallet' });
  sending = key;
  try {
    return await run();
  } finally {
    if (sending === key) sending = undefined;
    set(key, undefined);
  }
}

/**
 * Writers, before a send is simulated or asked for: throws ACCOUNT_CHANGED when `from` is not
 * the account the action began as (the user picked another account in the wallet meanwhile):
 * the action's next send (a swap after its approval) was built and checked for that account.
 */
export function assertSendingAccount(from: string): void {
  if (sending && keyOf(from) !== sending) throw new ChainError('ACCOUNT_CHANGED');
}

/**
 * Writers: the wallet is asked to sign `from`'s transaction (again, for the second transaction
 * of an action); nothing is asked for another account than the action's (ACCOUNT_CHANGED).
 */
export function walletAsked(from: string): void {
  assertSendingAccount(from);
  if (sending) set(sending, { status: 'wallet' });
}

/**
 * Writers: the wallet handed back the transaction id (and the writer checked that the node has
 * what was built: `sent`); the wait is now the chain's.
 */
export function transactionSubmitted(txid: string, sent?: SentRecord): void {
  if (sending && txid) set(sending, { status: 'chain', txid, ...(sent ? { sent } : {}) });
}
