import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  formatAmount,
  parseAmount,
  isChainError,
  useSessionEpoch,
  useVisibleInterval,
  type NetworkConfig,
  usePairInLink,
  type RemoteScreenProps,
  type WalletSession,
} from '@jmswap/shared-chain';
import { NETWORK_UNREACHABLE } from '@jmswap/shared-chain/swap';
import { useUnknownSymbolsCleared } from '@jmswap/shared-chain/tokens';
import {
  initialSwapForm,
  quoteKindFor,
  swapFormReducer,
  type QuoteKind,
  type SwapFormState,
} from './form/swapForm';
import { swapApi, type NodeStatus } from './swapApi';
import { useRefreshTick, useStaggeredBalances } from './refresh';

/** Auto refresh while visible (product.md section 4). */
export const REFRESH_MS = 15_000;
export const LAUNCHPAD_REFRESH_MS = 8_000;
export const BALANCE_REFRESH_MS = 12_000;
export const QUOTE_DEBOUNCE_MS = 250;

const isUnreachable = (error: unknown) =>
  error instanceof Error && error.message === NETWORK_UNREACHABLE;

/** How often prices and estimates refresh, and how old a quote SWAP still sends. */
export const refreshMsFor = (launchPad?: boolean): number =>
  launchPad ? LAUNCHPAD_REFRESH_MS : REFRESH_MS;

export interface SwapBoxOptions {
  network: NetworkConfig;
  session: WalletSession;
  query: Readonly<Record<string, string | undefined>>;
  widget?: { fromToken?: string; toToken?: string; launchPad?: boolean };
  slippageBps: number;
  /** The shell's query setter: the pair goes into the page's link (not in the widget). */
  setQuery?: RemoteScreenProps['setQuery'];
}

/** The swap box's state and I/O: quotes (debounced, stale-safe), prices, balances, refreshes. */
export function useSwapBox(options: SwapBoxOptions) {
  const { network, session, query, widget, slippageBps } = options;
  const [state, dispatch] = useReducer(swapFormReducer, undefined, () =>
    initialSwapForm(network, { widget, query }),
  );
  usePairInLink(state.fromSymbol, state.toSymbol, options.setQuery);
  useUnknownSymbolsCleared(network, query, options.setQuery);
  // A chosen token removed from "Manage imported tokens": its side takes the default at once,
  // rather than the box asking the chain to quote a token it no longer knows.
  useEffect(() => dispatch({ type: 'tokensChanged', network }), [network]);
  const [nudge, setRefresh] = useState(0);
  const [balanceTick, setBalanceTick] = useState(0);
  const [prices, setPrices] = useState<{ fromInTo: bigint; toInFrom: bigint }>();
  const [energy, setEnergy] = useState<bigint>();

  // Prices and the estimate: the spec's refresh rules (./refresh.ts); a quote the user just got
  // (typing) is an update, so the timer does not ask again right after it.
  const quotedAt = useRef<number | undefined>(undefined);
  quotedAt.current = state.quotedAt;
  const tick = useRefreshTick(refreshMsFor(widget?.launchPad), () => quotedAt.current);
  const refresh = tick + nudge;
  useVisibleInterval(() => setBalanceTick((r) => r + 1), BALANCE_REFRESH_MS);

  // Whether the box's own last read of the pools (the estimate, the prices) found no node.
  const [poolsUnread, setPoolsUnread] = useState(false);
  const kind = quoteKindFor(state.lastEdited, widget?.launchPad);
  useQuote(state, kind, network, slippageBps, refresh, dispatch, setPoolsUnread);

  // The banner says prices cannot be read, so it follows the box's own read of the pools, not
  // the nodes' health: a node that rate-limits one kind of read (balances) fails those while it
  // still answers the pools, and the other way round. A change of health is news all the same:
  // the box reads the pools at once, to show the banner or to clear it.
  const [nodes, setNodes] = useState<NodeStatus>();
  const lastNodes = useRef<NodeStatus | undefined>(undefined);
  useEffect(() => swapApi().nodeStatus?.(network.id, setNodes), [network.id]);
  useEffect(() => {
    if (nodes !== lastNodes.current && nodes !== undefined && lastNodes.current !== undefined)
      setRefresh((r) => r + 1);
    lastNodes.current = nodes;
  }, [nodes]);
  const unreachable = poolsUnread;

  // A new slippage voids the shown bound at once (nothing is sent with the old one).
  const lastSlippage = useRef(slippageBps);
  useEffect(() => {
    if (slippageBps !== lastSlippage.current) dispatch({ type: 'slippageChanged' });
    lastSlippage.current = slippageBps;
  }, [slippageBps]);

  // The page's own send ended: the shown quote was made from the pools before it; a new one from
  // freshly read reserves replaces it at once (the form's version stays: what the box says about
  // the send, a simulation's failure, stays with it). SWAP meanwhile re-quotes (useSwapAction).
  useEffect(() => swapApi().chainMoved?.(() => setRefresh((r) => r + 1)), []);

  // An account or chain change makes quotes in flight stale (shared-chain's session epoch).
  const epoch = useSessionEpoch();
  const firstEpoch = useRef(epoch);
  useEffect(() => {
    if (epoch !== firstEpoch.current) dispatch({ type: 'invalidated' });
  }, [epoch]);

  const { fromSymbol, toSymbol } = state;
  const pricesRefreshed = useRef(refresh);
  useEffect(() => {
    const fresh = pricesRefreshed.current !== refresh;
    pricesRefreshed.current = refresh;
    if (!fromSymbol || !toSymbol) return;
    let live = true;
    swapApi()
      .prices(network.id, fromSymbol, toSymbol, fresh)
      .then(
        (p) => {
          if (!live) return;
          setPrices(p);
          setPoolsUnread(false);
        },
        (error: unknown) => {
          if (!live) return;
          setPrices(undefined);
          setPoolsUnread(isUnreachable(error));
        },
      );
    return () => {
      live = false;
    };
  }, [network.id, fromSymbol, toSymbol, refresh]);

  const owner = session.connected ? session.address : undefined;
  // The sell token's balance (and TRON energy) at once, the receive token's 6 s later.
  const readBalances = useCallback(
    async (symbols: string[]): Promise<Record<string, bigint> | undefined> =>
      owner ? swapApi().balances(network.id, owner, symbols) : {},
    [network.id, owner],
  );
  const [both, setBoth] = useState(0);
  const balances = useStaggeredBalances(readBalances, fromSymbol, toSymbol, balanceTick, both);
  useEffect(() => {
    if (!owner || network.platform !== 'tron') return setEnergy(undefined);
    let live = true;
    void swapApi()
      .energy(network.id, owner)
      .then((e) => live && setEnergy(e));
    return () => {
      live = false;
    };
  }, [network.id, network.platform, owner, balanceTick, both]);
  /** After a swap: both balances and the energy again, at once. */
  const reloadBalances = useCallback(() => setBoth((n) => n + 1), []);
  /**
   * A balance the box has not read yet, read now (SWAP or MAX pressed right after connecting):
   * undefined when the node does not answer. Never 0 for unknown: that told a user with funds
   * "Insufficient balance".
   */
  const balanceNow = useCallback(
    async (symbol: string): Promise<bigint | undefined> => {
      try {
        return (await readBalances([symbol]))?.[symbol];
      } catch {
        return undefined;
      }
    },
    [readBalances],
  );

  const energyNow = useCallback(
    async () =>
      owner
        ? swapApi()
            .energy(network.id, owner)
            .catch(() => undefined)
        : undefined,
    [network.id, owner],
  );

  return {
    state,
    dispatch,
    prices,
    balances,
    balanceNow,
    energy,
    energyNow,
    reloadBalances,
    unreachable,
  };
}

function useQuote(
  state: SwapFormState,
  kind: QuoteKind,
  network: NetworkConfig,
  slippageBps: number,
  refresh: number,
  dispatch: (a: Parameters<typeof swapFormReducer>[1]) => void,
  setPoolsUnread: (unread: boolean) => void,
) {
  const { fromSymbol, toSymbol, lastEdited, version } = state;
  // Only the edited field: the quote filling the other one is not an edit (one estimate per edit).
  const text = lastEdited === 1 ? state.fromAmount : state.toAmount;
  // The periodic refresh asks for reserves read less than 5 s ago; a keystroke takes the kept ones.
  const refreshed = useRef(refresh);
  useEffect(() => {
    const fresh = refreshed.current !== refresh;
    refreshed.current = refresh;
    if (!fromSymbol || !toSymbol) return;
    const token = network.tokens[lastEdited === 1 ? fromSymbol : toSymbol];
    const other = network.tokens[lastEdited === 1 ? toSymbol : fromSymbol];
    const parsed = parseAmount(text, token?.decimals ?? 18);
    if (!parsed.ok || parsed.value === 0n || !other) return;
    const timer = setTimeout(() => {
      swapApi()
        .quote({
          network: network.id,
          from: fromSymbol,
          to: toSymbol,
          kind,
          amount: parsed.value,
          slippageBps,
          fresh,
        })
        .then((quote) => {
          if (!quote) return;
          const otherAmount = formatAmount(
            lastEdited === 1 ? quote.amountOut : quote.amountIn,
            other.decimals,
          );
          setPoolsUnread(false);
          dispatch({ type: 'quoted', version, quote, otherAmount, at: quote.readAt ?? Date.now() });
        })
        .catch((error: unknown) => {
          if (!isChainError(error)) console.error('[swap] estimate failed', error);
          setPoolsUnread(isUnreachable(error));
          dispatch({ type: 'quoteFailed', version });
        });
    }, QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [
    network,
    fromSymbol,
    toSymbol,
    text,
    lastEdited,
    kind,
    version,
    slippageBps,
    refresh,
    dispatch,
    setPoolsUnread,
  ]);
}
