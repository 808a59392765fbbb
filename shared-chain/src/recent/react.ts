/**
 * The React side of recent transactions: the connected account's list on its network, kept
 * live, with a clock for "Speed up" / "Cancel" (offered once a transaction is stuck).
 */
import { useEffect, useState } from 'react';
import type { NetworkConfig } from '../config/types';
import { activeWallet, useWalletSession } from '../singleton';
import { storageKey, type RecentTransaction } from './model';
import { listOf, recentLists$, startRecentTransactions } from './store';

export interface RecentTransactionsView {
  items: readonly RecentTransaction[];
  network: NetworkConfig | undefined;
  account: string | undefined;
  /** Re-read every 5 s, so a pending transaction becomes stuck without another event. */
  now: number;
}

const NONE: readonly RecentTransaction[] = [];

export function useRecentTransactions(): RecentTransactionsView {
  const session = useWalletSession();
  const wallet = session.connected ? activeWallet() : undefined;
  const network = wallet?.network;
  const account = wallet?.connection.address;
  const [items, setItems] = useState<readonly RecentTransaction[]>(NONE);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    startRecentTransactions();
    if (!network || !account) {
      setItems(NONE);
      return undefined;
    }
    const key = storageKey(network.id, account);
    listOf(network, account);
    const sub = recentLists$.subscribe((lists) => setItems(lists.get(key) ?? NONE));
    return () => sub.unsubscribe();
  }, [network, account]);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(id);
  }, []);
  return { items, network, account, now };
}
