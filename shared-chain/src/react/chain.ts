/**
 * Thin React hooks over the chain services, so remotes stay small: the wallet session, balances,
 * pool reserves, swap estimates (debounced, invalidated by the session epoch) and TRON resources.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import type { TronResources } from '../adapters/types';
import type { WalletSession } from '../bus/session';
import { network$, session$ } from '../bus/session';
import { SWAP_REFRESH_MS, WALLET_BALANCES_REFRESH_MS } from '../core/constants';
import { ChainError } from '../core/errors';
import type { WalletKind } from '../wallets/options';
import { getBalances, getPairReserves, getTronResources, type PoolState } from '../services/reads';
import {
  getAmountNeeded,
  getSwapEstimate,
  NETWORK_UNREACHABLE,
  type ChainSwapEstimate,
} from '../services/swap';
import { connectWallet, disconnectWallet, epoch$, sessionEpoch } from '../services/wallet';
import {
  approvalMode$,
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
import { useSubject } from './hooks';

function useSetting<T>(source: Observable<T>, current: () => T): T {
  return useSyncExternalStore((onChange) => {
    const sub = source.subscribe(onChange);
    return () => sub.unsubscribe();
  }, current);
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
    (onChange) => {
      const sub = pendingTransactions$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => pendingTransactionOf(account),
  );
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

export interface UseBalances {
  /** Balances by symbol (base units); undefined while loading, without a wallet, or on a read error. */
  balances: Record<string, bigint> | undefined;
  loading: boolean;
  refresh: () => void;
}

/** Balances of the connected wallet for `symbols` (5 s cache), refreshed every 12 s while visible. */
export function useBalances(
  symbols: readonly string[],
  refreshMs: number = WALLET_BALANCES_REFRESH_MS,
): UseBalances {
  const session = useSubject(session$);
  const network = useSubject(network$);
  const key = symbols.join(',');
  const [state, setState] = useState<{
    key: string;
    balances?: Record<string, bigint>;
    loading: boolean;
  }>({
    key: '',
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    let live = true;
    const requestKey = `${network}:${session.address ?? ''}:${key}`;
    if (!session.address) {
      setState({ key: requestKey, balances: undefined, loading: false });
      return undefined;
    }
    setState((s) => ({ ...s, loading: true }));
    getBalances(key === '' ? [] : key.split(','), session.address, network)
      .then((balances) => live && setState({ key: requestKey, balances, loading: false }))
      .catch(() => live && setState({ key: requestKey, balances: undefined, loading: false }));
    return () => {
      live = false;
    };
  }, [key, session.address, network, tick]);
  useVisibleInterval(refresh, refreshMs, session.connected);
  return { balances: state.balances, loading: state.loading, refresh };
}

export interface UsePairReserves {
  pools: PoolState[] | undefined;
  status: 'loading' | 'ok' | 'unreachable';
  refresh: () => void;
}

/** Reserves of the selected network's pools (5 s cache), refreshed every 15 s while visible. */
export function usePairReserves(refreshMs: number = SWAP_REFRESH_MS): UsePairReserves {
  const network = useSubject(network$);
  const [state, setState] = useState<Omit<UsePairReserves, 'refresh'>>({
    pools: undefined,
    status: 'loading',
  });
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((t) => t + 1), []);
  useEffect(() => {
    let live = true;
    getPairReserves(network)
      .then((pools) => live && setState({ pools, status: pools ? 'ok' : 'unreachable' }))
      .catch(() => live && setState({ pools: undefined, status: 'unreachable' }));
    return () => {
      live = false;
    };
  }, [network, tick]);
  useVisibleInterval(refresh, refreshMs);
  return { ...state, refresh };
}

export interface SwapEstimateInput {
  from: string | undefined;
  to: string | undefined;
  /** Base units of the edited side; undefined/0 = nothing entered. */
  amount: bigint | undefined;
  /** 'sell': the sell amount was typed (exact in); 'buy': the receive amount (exact out). */
  side: 'sell' | 'buy';
  slippageBps?: number;
  debounceMs?: number;
  refreshMs?: number;
}

export interface UseSwapEstimate {
  estimate: ChainSwapEstimate | null;
  loading: boolean;
  /** The user-facing error text ("No swap path found", "Insufficient liquidity available", ...). */
  error: string | undefined;
  /** The swap button shows INSUFFICIENT LIQUIDITY. */
  insufficientLiquidity: boolean;
  unreachable: boolean;
}

const EMPTY: UseSwapEstimate = {
  estimate: null,
  loading: false,
  error: undefined,
  insufficientLiquidity: false,
  unreachable: false,
};

/**
 * The estimate for the swap form, debounced (300 ms), recomputed when the session epoch changes
 * (account, chain or network change) and every 15 s while visible. A result computed in an
 * older epoch, or for older inputs, is dropped.
 */
export function useSwapEstimate(input: SwapEstimateInput): UseSwapEstimate {
  const { from, to, amount, side, slippageBps } = input;
  const debounceMs = input.debounceMs ?? 300;
  const epoch = useSessionEpoch();
  const network = useSubject(network$);
  const [state, setState] = useState<UseSwapEstimate>(EMPTY);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const amountKey = amount?.toString() ?? '';
  useEffect(() => {
    const mine = ++seq.current;
    if (!from || !to || amountKey === '' || amountKey === '0') {
      setState(EMPTY);
      return undefined;
    }
    setState((s) => ({ ...s, loading: true }));
    const value = BigInt(amountKey);
    const timer = setTimeout(() => {
      const startedIn = sessionEpoch();
      const run =
        side === 'sell'
          ? getSwapEstimate({ from, to, amountIn: value, slippageBps, networkId: network })
          : getAmountNeeded({ from, to, amountOut: value, slippageBps, networkId: network });
      run.then(
        (estimate) => {
          if (mine !== seq.current || startedIn !== sessionEpoch()) return;
          setState({ ...EMPTY, estimate });
        },
        (error: unknown) => {
          if (mine !== seq.current || startedIn !== sessionEpoch()) return;
          const message = error instanceof Error ? error.message : String(error);
          const code = error instanceof ChainError ? error.code : undefined;
          setState({
            ...EMPTY,
            error: message,
            insufficientLiquidity: code === 'NO_PATH' || code === 'INSUFFICIENT_LIQUIDITY',
            unreachable: message === NETWORK_UNREACHABLE,
          });
        },
      );
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [from, to, amountKey, side, slippageBps, debounceMs, epoch, network, tick]);
  useVisibleInterval(
    () => setTick((t) => t + 1),
    input.refreshMs ?? SWAP_REFRESH_MS,
    amountKey !== '',
  );
  return state;
}

/** TRON energy and bandwidth of the connected wallet; undefined elsewhere. */
export function useTronResources(
  refreshMs: number = WALLET_BALANCES_REFRESH_MS,
): TronResources | undefined {
  const session = useSubject(session$);
  const network = useSubject(network$);
  const [resources, setResources] = useState<TronResources | undefined>(undefined);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    if (!session.address || network !== 'TRON') {
      setResources(undefined);
      return undefined;
    }
    getTronResources(session.address, network)
      .then((r) => live && setResources(r))
      .catch(() => live && setResources(undefined));
    return () => {
      live = false;
    };
  }, [session.address, network, tick]);
  useVisibleInterval(
    () => setTick((t) => t + 1),
    refreshMs,
    network === 'TRON' && session.connected,
  );
  return resources;
}
