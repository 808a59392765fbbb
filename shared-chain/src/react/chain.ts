/**
 * Thin React hooks over the chain services, so remotes stay small: the wallet, the money settings,
 * the pending transaction, the session epoch and the page-visibility timer. The swap box keeps
 * its own quote/balance hook (mfe-swap's useSwapBox): it is the only user of those reads, and one
 * copy of that logic is the rule.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import type { WalletSession } from '../bus/session';
import { session$ } from '../bus/session';
import type { WalletKind } from '../wallets/options';
import { connectWallet, disconnectWallet, epoch$ } from '../services/wallet';
import {
  approvalMode$,
  deadlineMinutes$,
  getDeadlineMinutes,
  setDeadlineMinutes,
  getApprovalMode,
  getSlippageBps,
  setApprovalMode,
  setSlippageBps,
  slippageBps$,
} from '../services/settings';
import type { ApprovalMode } from '../core/validation';
import {
  pendingTransactionOf,
  pendingTransactions$,
  type PendingTransaction,
} from '../bus/pending';
import { subscriberOf, useSubject } from './hooks';

function useSetting<T>(source: Observable<T>, current: () => T): T {
  return useSyncExternalStore(subscriberOf(source), current, current);
}

/** The slippage in force (the user's, or the widget host's) and the setter of the settings panel. */
export function useSlippageBps(): [number, (bps: number) => boolean] {
  return [useSetting(slippageBps$, getSlippageBps), setSlippageBps];
}

/**
 * The connected account's open send ("Waiting for your wallet", then "Confirming on chain"), or
 * undefined: SWAP, SUPPLY and REMOVE stay disabled while it is set.
 */
export function usePendingTransaction(): PendingTransaction | undefined {
  const session = useSubject(session$);
  const account = session.connected ? session.address : undefined;
  return useSyncExternalStore(
    subscriberOf(pendingTransactions$),
    () => pendingTransactionOf(account),
    () => pendingTransactionOf(account),
  );
}

/** The transaction deadline in minutes (1-180) and its setter. */
export function useDeadlineMinutes(): [number, (minutes: number) => boolean] {
  return [useSetting(deadlineMinutes$, getDeadlineMinutes), setDeadlineMinutes];
}

/** The approval mode (maximum or exact) shared by swaps and liquidity. */
export function useApprovalMode(): [ApprovalMode, (mode: ApprovalMode) => void] {
  return [useSetting(approvalMode$, getApprovalMode), setApprovalMode];
}

const isVisible = (): boolean =>
  typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * The one page-visibility timer: calls `tick` every `ms` while the page is visible (and
 * `enabled`), and once on coming back to the page when the last tick is older than `ms`.
 * Remotes use it for their refreshes instead of writing their own.
 */
export function useVisibleInterval(tick: () => void, ms: number, enabled = true): void {
  const latest = useRef(tick);
  const last = useRef(Date.now());
  useEffect(() => {
    latest.current = tick;
  });
  useEffect(() => {
    if (!enabled || ms <= 0) return undefined;
    const run = () => {
      last.current = Date.now();
      latest.current();
    };
    const timer = setInterval(() => {
      if (isVisible()) run();
    }, ms);
    const onVisible = () => {
      if (isVisible() && Date.now() - last.current >= ms) run();
    };
    const page = typeof document === 'undefined' ? undefined : document;
    page?.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      page?.removeEventListener('visibilitychange', onVisible);
    };
  }, [ms, enabled]);
}

/** The session epoch: bumps on connect, disconnect, account, chain and network changes. */
export const useSessionEpoch = (): number => useSubject(epoch$);

export interface UseWallet {
  session: WalletSession;
  epoch: number;
  connect: (kind: WalletKind) => Promise<WalletSession | undefined>;
  disconnect: () => Promise<void>;
}

/** The wallet session with connect/disconnect actions. */
export function useWallet(): UseWallet {
  const session = useSubject(session$);
  const epoch = useSessionEpoch();
  return { session, epoch, connect: connectWallet, disconnect: disconnectWallet };
}
