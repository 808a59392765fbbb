/**
 * The React side of allowances: the connected account's list on its network, read again when
 * asked (after a revoke) and whenever the account's pending send settles (an approval made by a
 * swap shows up, a revoke's row goes away). A read that fails keeps the list read before.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NetworkConfig } from '../config/types';
import { activeWallet, pendingTransactions$, useWalletSession } from '../singleton';
import { listAllowances, type AllowanceList } from './allowanceList';

export interface AllowancesView {
  status: 'loading' | 'ready' | 'error';
  list: AllowanceList | undefined;
  error: string | undefined;
  network: NetworkConfig | undefined;
  account: string | undefined;
  reload(): void;
}

export function useAllowances(): AllowancesView {
  const session = useWalletSession();
  const wallet = session.connected ? activeWallet() : undefined;
  const network = wallet?.network;
  const account = wallet?.connection.address;
  const [state, setState] = useState<Pick<AllowancesView, 'status' | 'list' | 'error'>>({
    status: 'loading',
    list: undefined,
    error: undefined,
  });
  const run = useRef(0);
  const reload = useCallback(() => {
    if (!network || !account) return;
    const id = (run.current += 1);
    setState((s) => ({ ...s, status: s.list ? s.status : 'loading', error: undefined }));
    listAllowances(network, account).then(
      (list) => {
        if (run.current === id) setState({ status: 'ready', list, error: undefined });
      },
      (error: unknown) => {
        // The list read before stays (said to be not current): a read after a failed revoke
        // emptied the panel, and the revoke's own message with it.
        if (run.current === id)
          setState((s) => ({
            status: 'error',
            list: s.list,
            error: error instanceof Error ? error.message : String(error),
          }));
      },
    );
  }, [network, account]);
  useEffect(() => {
    setState({ status: 'loading', list: undefined, error: undefined });
    reload();
    if (!account) return undefined;
    const key = account.toLowerCase();
    let busy = false;
    const sub = pendingTransactions$.subscribe((pending) => {
      const now = pending.has(key);
      if (busy && !now) reload();
      busy = now;
    });
    return () => {
      run.current += 1;
      sub.unsubscribe();
    };
  }, [reload, account]);
  return { ...state, network, account, reload };
}
