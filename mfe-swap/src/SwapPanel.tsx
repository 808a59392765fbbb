import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  AmountField,
  DEFAULT_SLIPPAGE_BPS,
  INSUFFICIENT_LIQUIDITY_BUTTON,
  NetworkNotConfigured,
  formatAmount,
  formatUnits,
  localText,
  parseAmount,
  registerCatalog,
  requestWalletConnect,
  setLoading,
  showToast,
  useApprovalMode,
  useDeadlineMinutes,
  useLanguageCode,
  useNetworkConfig,
  usePendingTransaction,
  useSlippageBps,
  useWalletSession,
  type NetworkConfig,
  type RemoteScreenProps,
  type TokenConfig,
} from '@jmswap/shared-chain';
import { suggestedSlippageBps, validateMax } from '@jmswap/shared-chain/swap';
import { linkedImport } from '@jmswap/shared-chain/tokens';
import { useUsdPrices } from '@jmswap/shared-chain/history';
import { toFallback, type SwapFormState } from './form/swapForm';
import { TokenSelect } from './components/TokenSelect';
import { PriceLines } from './components/PriceLines';
import { InfoBlock } from './components/InfoBlock';
import { SlippageSettings } from './components/SlippageSettings';
import { offersTokenToWallet } from './components/offersTokenToWallet';
import { loadFundsOnTheWay } from './components/sendPopup';
import { PendingSend } from './components/PendingSend';
import { ChartSlot } from './components/ChartSlot';
import { NoPool } from './components/NoPool';
import { WidgetNetwork } from './components/WidgetNetwork';
import { useSwapBox } from './useSwapBox';
import { BALANCE_UNREAD, useSwapAction } from './useSwapAction';
import { useUsdLines } from './useUsdLines';
import { ReceiveUsd } from './components/ReceiveUsd';
import { balanceShortText, maxSellAmount, directPairsOf } from './maxAmount';
import { swapApi } from './swapApi';
import './swapApiImpl';
import './swap.css';

// This remote's texts in another language than English: loaded on demand, only that language's.
void registerCatalog(
  'swap',
  (language) =>
    import(
      /* webpackChunkName: "messages-swap-[request]" */
      /* webpackExclude: /en\.ts$/ */
      `./locales/${language}.ts`
    ),
);

// TRON only, once a wallet is connected and a quote shown: its own chunk, not the first load.
const NetworkFee = lazy(() => import('./components/NetworkFee'));
// With a wallet and a quote: the exact swap simulated, its own chunk too.
const SimulatedResult = lazy(() => import('./components/SimulatedResult'));
// Rendered only after SWAP loaded it (useSwapAction): never a load that fails here.
const FundsOnTheWay = lazy(() =>
  loadFundsOnTheWay().then((popup) => ({ default: popup.FundsOnTheWay })),
);

/** TOKEN SWAP: the swap box of the index route and of the widget. */
/**
 * True from the first time `value` is defined. The chart and history areas (and the chart
 * library behind them) wait for the swap box's first prices: the box is usable first.
 */
function useDueAfter(value: unknown): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (value !== undefined && !due) setDue(true);
  }, [value, due]);
  return due;
}

export function SwapPanel(props: RemoteScreenProps) {
  const state = useNetworkConfig(props.network);
  useLanguageCode(); // the network's message follows the language
  useEffect(() => {
    if (state.status !== 'loading') setLoading(false);
  }, [state.status]);
  if (state.status === 'loading') return null;
  if (state.status === 'error')
    return (
      <section className="jm-card" role="alert">
        {localText(state.message)}
      </section>
    );
  return (
    <SwapBox
      key={state.network.id}
      network={state.network}
      query={props.query}
      widget={props.widget}
      widgetOptions={props.widgetOptions}
      setQuery={props.widget ? undefined : props.setQuery}
    />
  );
}

function SwapBox({
  network,
  query,
  widget,
  widgetOptions,
  setQuery,
}: {
  network: NetworkConfig;
  query: RemoteScreenProps['query'];
  widget?: boolean;
  widgetOptions?: RemoteScreenProps['widgetOptions'];
  setQuery?: RemoteScreenProps['setQuery'];
}) {
  const session = useWalletSession();
  const [slippageBps, setSlippageBps] = useSlippageBps();
  const box = useSwapBox({
    network,
    session,
    query,
    widget: widgetOptions,
    slippageBps,
    setQuery,
  });
  const { state, dispatch, prices, balances, balanceNow, energyNow, energy } = box;
  const { reloadBalances, unreachable } = box;
  const chartsDue = useDueAfter(prices ?? (unreachable || undefined));
  const [approvalMode, setApprovalMode] = useApprovalMode();
  const [deadlineMinutes, setDeadlineMinutes] = useDeadlineMinutes();
  // One read of the api's prices a minute, for the dollar lines and the pickers' dollar figures.
  const usdPrices = useUsdPrices(network);
  const usd = useUsdLines(network, state, usdPrices);
  const withBase = withSessionBase(balances, network, session.balance);
  const { swap, completed, closeCompleted, spedUp, failure } = useSwapAction({
    network,
    state,
    dispatch,
    slippageBps,
    // The receive token's balance comes 6 s after the sell token's: until then the TRON fee
    // rule takes the base coin's from the session (shared-chain checks again before sending).
    balances: withBase,
    balanceNow,
    energyNow,
    energy,
    approval: approvalMode,
    launchPad: widgetOptions?.launchPad,
    account: session.address,
    onDone: reloadBalances,
  });
  // The popup's chunk, fetched once a wallet can swap (SWAP still waits for it if this failed).
  useEffect(() => {
    if (session.connected) loadFundsOnTheWay().catch(() => undefined);
  }, [session.connected]);
  // The impact confirmation and the worse re-quote are about the amounts of one form version:
  // shown while it lasts, so an edit hides them without an effect (whose state updates rendered
  // the box once more on every keystroke).
  const [confirmingAt, setConfirmingAt] = useState<number>();
  const confirming = confirmingAt === state.version;
  const pending = usePendingTransaction();
  const { t } = useLingui();
  const from = state.fromSymbol ? network.tokens[state.fromSymbol] : undefined;
  const to = state.toSymbol ? network.tokens[state.toSymbol] : undefined;
  // More than the wallet holds: the spec's text at once, not a simulation that can only fail.
  const short =
    session.connected && state.quote && from && to && state.fromSymbol
      ? balanceShortText(state.quote, from, to, withBase[state.fromSymbol])
      : undefined;
  // A widget host's `tokens` option limits both selectors (and the widget imports nothing).
  const allowed = useMemo(
    () => (widget ? (widgetOptions?.tokens ?? listedKeys(network)) : undefined),
    [widget, widgetOptions?.tokens, network],
  );
  // Stable handlers: the memoised selectors and settings keep their render while typing.
  const onSellToken = useCallback(
    (symbol: string) =>
      dispatch({ type: 'fromTokenChosen', symbol, fallback: toFallback(network, symbol) }),
    [dispatch, network],
  );
  const onReceiveToken = useCallback(
    (symbol: string) =>
      dispatch({ type: 'toTokenChosen', symbol, decimals: network.tokens[symbol]?.decimals }),
    [dispatch, network],
  );
  // Read once, as the box opens: a later network or link change does not open a picker again.
  const [linked] = useState(() => (widget ? undefined : linkedImport(network, query)));
  const onExactApproval = useCallback(
    (exact: boolean) => setApprovalMode(exact ? 'exact' : 'max'),
    [setApprovalMode],
  );
  const suggested = suggestedSlippageBps(
    [from, to].filter((t) => !!t) as never,
    DEFAULT_SLIPPAGE_BPS,
  );
  const balanceText = (symbol?: string) => {
    if (!session.connected || !symbol) return undefined;
    const b = balances[symbol];
    return b === undefined
      ? '-'
      : formatAmount(b, network.tokens[symbol]?.decimals ?? 18, 6, { dust: true });
  };

  async function onMax() {
    const check = validateMax(state.fromSymbol, state.toSymbol);
    if (!check.ok) return showToast('error', check.message);
    if (!from || !to || !session.address) return;
    const balance =
      withBase[state.fromSymbol as string] ?? (await balanceNow(state.fromSymbol as string));
    if (balance === undefined) return showToast('error', BALANCE_UNREAD());
    const gasReserve =
      from.isBase && network.platform === 'evm'
        ? await swapApi().gasReserve?.(
            network.id,
            session.address,
            state.quote?.path ?? [state.fromSymbol as string, state.toSymbol as string],
            balance / 2n,
          )
        : undefined;
    // Every decimal of the amount: a rounded MAX would leave dust of 13+ decimal tokens.
    const amount = maxSellAmount(network, from, balance, energy, gasReserve);
    dispatch({ type: 'typed', field: 1, text: formatUnits(amount, from.decimals) });
  }

  const [requotedAt, setRequotedAt] = useState<number>();
  const requoted = requotedAt === state.version;
  const updating = isQuoting(state, network);

  // Buying a token whose sale failed in a simulation takes a second press of SWAP.
  const [honeypotAt, setHoneypotAt] = useState<number>();
  const honeypotShown = honeypotAt === state.version;

  async function onSwapClick() {
    const version = state.version;
    if (to?.sellFails && !honeypotShown) return setHoneypotAt(version);
    setRequotedAt(undefined);
    const outcome = await swap(confirming);
    setConfirmingAt(outcome === 'confirm' ? version : undefined);
    setRequotedAt(outcome === 'requoted' ? version : undefined);
  }

  return (
    <section
      className="jm-card jm-swap"
      data-remote="swap"
      data-quote-in={state.quote?.amountIn.toString()}
      data-quote-out={state.quote?.amountOut.toString()}
      data-remote-version={__APP_VERSION__}
      aria-label={t`Token swap`}
    >
      <div className="jm-swap-head">
        <h2>{t`TOKEN SWAP`}</h2>
        <SlippageSettings
          slippageBps={slippageBps}
          suggestedBps={suggested}
          onChange={setSlippageBps}
          exactApproval={approvalMode === 'exact'}
          onExactApproval={onExactApproval}
          deadlineMinutes={deadlineMinutes}
          onDeadline={setDeadlineMinutes}
        />
      </div>
      <NetworkNotConfigured network={network} />
      {unreachable && (
        <p role="status" className="jm-warning">
          {t`Network unreachable: prices and balances cannot be read right now.`}
        </p>
      )}
      <AmountField
        label={t`Tokens to swap`}
        value={state.fromAmount}
        onChange={(text) => dispatch({ type: 'typed', field: 1, text, decimals: from?.decimals })}
        balance={balanceText(state.fromSymbol)}
        onMax={session.connected ? onMax : undefined}
        usd={usd.from}
      >
        <TokenSelect
          label={t`Sell token`}
          title={t`Select a token to sell`}
          network={network}
          selected={state.fromSymbol}
          other={state.toSymbol}
          only={allowed}
          directPairs={directPairsOf(network, state.toSymbol)}
          offer={linked?.side === 'from' ? linked.address : undefined}
          usdPrices={usdPrices}
          onSelect={onSellToken}
        />
      </AmountField>
      <DecimalsRefused state={state} field={1} token={from} />
      <button
        type="button"
        className="jm-switch"
        aria-label={t`Switch direction`}
        onClick={() => dispatch({ type: 'directionSwitched' })}
      >
        ⇅
      </button>
      <AmountField
        label={t`Estimate`}
        value={state.toAmount}
        onChange={(text) => dispatch({ type: 'typed', field: 2, text, decimals: to?.decimals })}
        balance={balanceText(state.toSymbol)}
        usd={usd.to && <ReceiveUsd usd={usd.to} difference={usd.difference} />}
      >
        <TokenSelect
          label={t`Receive token`}
          title={t`Select a token to receive`}
          network={network}
          selected={state.toSymbol}
          other={state.fromSymbol}
          only={allowed}
          directPairs={directPairsOf(network, state.fromSymbol)}
          offer={linked?.side === 'to' ? linked.address : undefined}
          usdPrices={usdPrices}
          onSelect={onReceiveToken}
        />
      </AmountField>
      <DecimalsRefused state={state} field={2} token={to} />
      <NoPool
        network={network}
        from={state.fromSymbol}
        to={state.toSymbol}
        widget={widget}
        refresh={prices}
      />
      {from && to && (
        <PriceLines
          from={from.symbol}
          to={to.symbol}
          fromInTo={prices?.fromInTo}
          toInFrom={prices?.toInFrom}
        />
      )}
      {chartsDue && (
        <ChartSlot part="chart" network={network} from={from} to={to} widget={widget} />
      )}
      {state.quote && (
        <InfoBlock
          quote={state.quote}
          tokens={network.tokens}
          deadlineMinutes={deadlineMinutes}
          impactUsd={usd.impact}
        />
      )}
      {requoted && (
        <p role="alert" className="jm-impact-danger">
          {t`The price moved: the new quote gives you less. Check it, then press SWAP again.`}
        </p>
      )}
      {failure && (
        <div role="alert" className="jm-impact-danger" data-testid="simulation-failure">
          {localText(failure.message)}
          {failure.details && <small className="jm-details">{failure.details}</small>}
          {failure.retry && (
            <button type="button" className="jm-button" onClick={onSwapClick}>
              {t`Retry`}
            </button>
          )}
        </div>
      )}
      {widget && session.connected && state.quote && !pending && (
        <WidgetNetwork network={network} />
      )}
      {short && !pending && (
        <p role="alert" className="jm-impact-danger" data-testid="balance-short">
          {localText(short)}
        </p>
      )}
      {honeypotShown && (
        <p role="alert" className="jm-impact-danger" data-testid="honeypot-confirm">
          {t`You may not be able to sell this token: selling it failed in a simulation.`}{' '}
          {t`Press SWAP again to buy it anyway.`}
        </p>
      )}
      {confirming && state.quote && (
        <p role="alert" className="jm-impact-danger">
          {t`Price impact is very high. Press SWAP again to confirm you accept it.`}
        </p>
      )}
      {session.restoring && !session.connected ? (
        <button type="button" className="jm-button" disabled aria-busy="true">
          {t`Connecting wallet…`}
        </button>
      ) : !session.connected ? (
        <button type="button" className="jm-button" onClick={requestWalletConnect}>
          {t`CONNECT WALLET`}
        </button>
      ) : pending ? (
        <PendingSend pending={pending} explorer={network.scan} />
      ) : updating ? (
        <button type="button" className="jm-button" disabled>
          {t`Updating quote...`}
        </button>
      ) : state.insufficientLiquidity && unreachable ? (
        // No estimate because no node answered: the pools were not read, so nothing is known of
        // their liquidity (the banner above says what happened).
        <button type="button" className="jm-button" disabled>
          {t`Network unreachable`}
        </button>
      ) : state.insufficientLiquidity ? (
        <button type="button" className="jm-button" disabled>
          {localText(INSUFFICIENT_LIQUIDITY_BUTTON)}
        </button>
      ) : (
        <button type="button" className="jm-button" onClick={onSwapClick}>
          {t`SWAP`}
        </button>
      )}
      {/* Under SWAP: the simulation answers a moment after the quote, and above the button its
          lines would move SWAP under a finger on its way to it. */}
      {!short && session.connected && state.quote && !pending && (
        <Suspense fallback={null}>
          <SimulatedResult
            network={network}
            quote={state.quote}
            slippageBps={slippageBps}
            worth={{ prices: usdPrices, sellUsd: usd.fromValue }}
          />
        </Suspense>
      )}
      {network.platform === 'tron' && session.connected && state.quote && (
        <Suspense fallback={null}>
          <NetworkFee
            network={network}
            quote={state.quote}
            worth={{ prices: usdPrices, sellUsd: usd.fromValue }}
          />
        </Suspense>
      )}
      {chartsDue && (
        <ChartSlot part="history" network={network} from={from} to={to} widget={widget} />
      )}
      {completed && (
        <Suspense fallback={null}>
          <FundsOnTheWay
            swap={completed}
            network={network}
            onSpedUp={spedUp}
            wallet={session.name}
            account={session.address}
            onAddToken={
              offersTokenToWallet(session.kind, completed.to) && swapApi().watchAsset
                ? () => swapApi().watchAsset?.(network, completed.to) ?? Promise.resolve(false)
                : undefined
            }
            onClose={() => {
              closeCompleted();
              dispatch({ type: 'reset' });
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/** Why the field did not take the last digit: its token has no more decimals. */
function DecimalsRefused({
  state,
  field,
  token,
}: {
  state: SwapFormState;
  field: 1 | 2;
  token?: TokenConfig;
}) {
  const { t } = useLingui();
  const refused = state.decimalsRefused;
  if (!token || refused?.field !== field) return null;
  const { symbol } = token;
  const { decimals } = refused;
  return (
    <p role="alert" className="jm-warning">
      {t`${plural(decimals, {
        0: `${symbol} takes whole amounts only`,
        one: `${symbol} has at most # decimal`,
        other: `${symbol} has at most # decimals`,
      })}`}
    </p>
  );
}

/** The balances, with the session's base coin balance where the box has not read it yet. */
function withSessionBase(
  balances: Record<string, bigint>,
  network: NetworkConfig,
  sessionBalance: bigint | undefined,
): Record<string, bigint> {
  if (balances[network.baseToken] !== undefined || sessionBalance === undefined) return balances;
  return { ...balances, [network.baseToken]: sessionBalance };
}

/** The listed tokens' keys: the widget offers no token beyond its config. */
const listedKeys = (network: NetworkConfig): string[] =>
  Object.keys(network.tokens).filter((key) => network.tokens[key]?.origin === undefined);

/** An amount is entered but its quote is still being made (typing, or after an account change). */
function isQuoting(state: SwapFormState, network: NetworkConfig): boolean {
  if (state.quote || state.insufficientLiquidity || !state.fromSymbol || !state.toSymbol)
    return false;
  const edited = state.lastEdited === 1 ? state.fromSymbol : state.toSymbol;
  const text = state.lastEdited === 1 ? state.fromAmount : state.toAmount;
  const parsed = parseAmount(text, network.tokens[edited]?.decimals ?? 18);
  return parsed.ok && parsed.value > 0n;
}

export default SwapPanel;
