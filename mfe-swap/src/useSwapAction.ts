import { useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import {
  formatAmount,
  isChainError,
  isUserRejection,
  minedFailureOf,
  parseAmount,
  PROCESSING_TRANSACTION,
  setLoading,
  showToast,
  swapFailedMessage,
  SwapError,
  FEE_TOAST_MS,
  type NetworkConfig,
} from '@jmswap/shared-chain';
import { checkTronFees, QUOTE_EXPIRED, validateSwap } from '@jmswap/shared-chain/swap';
import {
  isWorseQuote,
  quoteKindFor,
  type SwapFormAction,
  type SwapFormState,
  type SwapQuote,
} from './form/swapForm';
import { refreshMsFor } from './useSwapBox';
import type { SwapInFlight } from './components/FundsOnTheWay';
import { loadFundsOnTheWay } from './components/sendPopup';
import { swapApi } from './swapApi';
import { impactLevel } from './components/InfoBlock';

export const POST_SWAP_REFRESH_MS = 2_000;
/** SWAP or MAX before the wallet's balance could be read: what the user can do about it. */
export const BALANCE_UNREAD = () =>
  t`Your balance could not be read. Check your connection, then try again.`;
const BUY_ENERGY_URL = 'https://tronenergy.market';
const POPUP_UNLOADED = () =>
  t`The page could not load what shows your swap, so nothing was sent. Check your connection, then try again.`;

interface Args {
  network: NetworkConfig;
  state: SwapFormState;
  dispatch: (action: SwapFormAction) => void;
  slippageBps: number;
  balances: Record<string, bigint>;
  /** A balance the box has not read yet, read on the spot (undefined: the node did not answer). */
  balanceNow: (symbol: string) => Promise<bigint | undefined>;
  /** TRON: the wallet's free energy read on the spot (undefined: the node did not answer). */
  energyNow: () => Promise<bigint | undefined>;
  energy?: bigint;
  approval: 'max' | 'exact';
  /** The widget's launchPad mode: receive-field amounts are sent as launchPad buys, 8 s refresh. */
  launchPad?: boolean;
  /** The account connected when SWAP is pressed: the swap's, whatever the wallet shows later. */
  account?: string;
  onDone: () => void;
}

/**
 * The SWAP click: validation texts, the TRON fee rule, approval, swap, and the popup, open from
 * the moment the wallet returns the swap's id ("Confirming…") until the chain settles it
 * ("Confirmed" with what arrived, or "Failed" with why and the fee).
 */
export function useSwapAction(args: Args) {
  const { network, state, balances, energy, approval, onDone } = args;
  const [completed, setCompleted] = useState<SwapInFlight>();
  // The popup closed while its swap was confirming: the outcome is then a toast, not a popup.
  const closedWhile = useRef(false);
  // A send its simulation stopped: the sentence and, for unknown reasons, the raw one; shown
  // for the form version it was sent from (a new quote clears the old outcome).
  // `retry`: the simulation could not run (the node did not answer): the same press may work.
  const [failed, setFailure] = useState<{
    message: string;
    details?: string;
    retry?: boolean;
    version: number;
  }>();
  const failure = failed?.version === state.version ? failed : undefined;
  // A second press before React re-renders SWAP as disabled (shared-chain also refuses it).
  const busy = useRef(false);

  /**
   * A quote older than the refresh interval, or read before the page's last transaction landed,
   * is made again from freshly read reserves; `worse` when its bound (minimum received, maximum
   * sold) is worse than the one the user saw.
   */
  async function freshQuote(quote: SwapQuote): Promise<{ quote: SwapQuote; worse: boolean }> {
    const at = state.quotedAt;
    const movedAt = swapApi().chainMovedAt?.() ?? 0;
    if (at !== undefined && at >= movedAt && Date.now() - at < refreshMsFor(args.launchPad))
      return { quote, worse: false };
    // The field the user typed in decides the request (a launchPad buy is exact-in, typed out).
    const sellTyped = state.lastEdited === 1;
    const fresh = await swapApi().quote({
      network: network.id,
      from: state.fromSymbol as string,
      to: state.toSymbol as string,
      kind: quoteKindFor(state.lastEdited, args.launchPad),
      amount: sellTyped ? quote.amountIn : quote.amountOut,
      slippageBps: args.slippageBps,
      fresh: true,
    });
    if (!fresh) throw new Error('No quote');
    const other = network.tokens[(sellTyped ? state.toSymbol : state.fromSymbol) as string];
    args.dispatch({
      type: 'quoted',
      version: state.version,
      quote: fresh,
      otherAmount: formatAmount(
        sellTyped ? fresh.amountOut : fresh.amountIn,
        other?.decimals ?? 18,
      ),
      at: fresh.readAt ?? Date.now(),
    });
    return { quote: fresh, worse: isWorseQuote(quote, fresh, state.lastEdited) };
  }

  /**
   * 'confirm' when everything is valid but the price impact needs the user's confirmation;
   * 'requoted' when the re-made quote is worse than the one shown and the user must look again.
   */
  async function swap(impactConfirmed = false): Promise<'confirm' | 'requoted' | void> {
    const from = state.fromSymbol ? network.tokens[state.fromSymbol] : undefined;
    const to = state.toSymbol ? network.tokens[state.toSymbol] : undefined;
    const amountOf = (text: string, decimals = 18) => {
      const parsed = parseAmount(text, decimals);
      return parsed.ok ? parsed.value : undefined;
    };
    const fromAmount = amountOf(state.fromAmount, from?.decimals);
    const toAmount = amountOf(state.toAmount, to?.decimals);
    const quote = state.quote;
    // By key: a token beyond the config is keyed by its address, not its symbol.
    let fromBalance = state.fromSymbol ? balances[state.fromSymbol] : undefined;
    // TRON's fee rule with energy or TRX not read yet would ask a wallet that has them for TRX.
    const onTron = network.platform === 'tron';
    let freeEnergy = onTron ? energy : 0n;
    let trxBalance = onTron ? balances[network.baseToken] : 0n;
    const unread = [fromBalance, freeEnergy, trxBalance].includes(undefined);
    if (unread && from && to && fromAmount && toAmount) {
      setLoading(true);
      [fromBalance, freeEnergy, trxBalance] = await Promise.all([
        fromBalance ?? args.balanceNow(state.fromSymbol as string),
        freeEnergy ?? args.energyNow(),
        trxBalance ?? args.balanceNow(network.baseToken),
      ]);
      setLoading(false);
      if (fromBalance === undefined || trxBalance === undefined)
        return void showToast('error', BALANCE_UNREAD());
    }
    const tron =
      onTron && quote
        ? {
            energy: Number(freeEnergy ?? 0n),
            pathLength: quote.path.length,
            trxBalance: trxBalance ?? 0n,
          }
        : undefined;
    const check = validateSwap({
      fromToken: from?.symbol,
      toToken: to?.symbol,
      fromAmount,
      toAmount,
      fromIsBase: !!from?.isBase,
      fromBalance: fromBalance ?? 0n,
      tron,
    });
    if (!check.ok) {
      const fees =
        check.code === 'TRON_FEES' && tron && quote
          ? checkTronFees({ ...tron, sellingBase: !!from?.isBase, sellAmount: quote.amountIn })
          : undefined;
      // Variant 2 carries its link to buy energy inside the message, one toast of 10 s.
      const shop =
        fees && !fees.ok && fees.variant === 2
          ? { href: BUY_ENERGY_URL, label: t`Buy energy at a discount` }
          : undefined;
      showToast('error', check.message, fees ? FEE_TOAST_MS : undefined, shop);
      return;
    }
    if (!quote || !from || !to) return;
    if (impactLevel(quote.priceImpactBps) === 'danger' && !impactConfirmed) return 'confirm';
    if (busy.current) return;
    busy.current = true;
    setFailure(undefined);
    setLoading(true, PROCESSING_TRANSACTION);
    let submitted: string | undefined;
    try {
      // Nothing is sent before the popup that follows the swap can show.
      try {
        await loadFundsOnTheWay();
      } catch (error) {
        console.error('[swap] FUNDS ON THE WAY did not load', error);
        showToast('error', POPUP_UNLOADED());
        return;
      }
      const current = await freshQuote(quote);
      if (current.worse) return 'requoted';
      const sent = current.quote;
      const quoted = {
        from,
        to,
        amountIn: sent.amountIn,
        amountOut: sent.amountOut,
        account: args.account,
      };
      const result = await swapApi().swap(network, sent, approval, (txid) => {
        submitted = txid;
        closedWhile.current = false;
        setLoading(false); // the popup takes over from the overlay
        setCompleted({ ...quoted, sent: { status: 'confirming', txid, sentAt: Date.now() } });
      });
      settled(submitted, {
        ...quoted,
        spent: result.spent,
        received: result.received,
        sent: { status: 'confirmed', txid: result.txid, fee: result.fee },
      });
      setTimeout(onDone, POST_SWAP_REFRESH_MS);
    } catch (error) {
      if (
        isChainError(error) &&
        (error.code === 'SIMULATION_FAILED' || error.code === 'SIMULATION_UNAVAILABLE')
      )
        setFailure({
          message: error.message,
          details: (error as { details?: string }).details,
          retry: error.code === 'SIMULATION_UNAVAILABLE',
          version: state.version,
        });
      const mined = minedFailureOf(error);
      const reason = mined?.text ?? swapErrorText(error);
      if (submitted !== undefined)
        settled(submitted, {
          from,
          to,
          amountIn: quote.amountIn,
          amountOut: quote.amountOut,
          account: args.account,
          sent: { status: 'failed', txid: mined?.txid ?? submitted, fee: mined?.fee, reason },
        });
      if (submitted === undefined) showToast('error', reason);
      if (submitted !== undefined) setTimeout(onDone, POST_SWAP_REFRESH_MS);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }

  /** The popup shows the outcome; if the user closed it meanwhile, a toast says it. */
  function settled(txid: string | undefined, next: SwapInFlight) {
    if (txid === undefined || !closedWhile.current) return setCompleted(next);
    if (next.sent.status === 'failed') showToast('error', next.sent.reason);
    else {
      const amount = formatAmount(next.received ?? next.amountOut, next.to.decimals);
      const symbol = next.to.symbol;
      showToast('success', t`Swap confirmed: ${amount} ${symbol} received.`);
    }
  }

  return {
    swap,
    completed,
    closeCompleted: () => {
      if (completed?.sent.status === 'confirming') closedWhile.current = true;
      setCompleted(undefined);
    },
    /** A Speed up took the swap's place: the popup follows the new id. */
    spedUp: (txid: string) =>
      setCompleted((c) =>
        c && c.sent.status === 'confirming' ? { ...c, sent: { ...c.sent, txid } } : c,
      ),
    failure,
  };
}

/** What the user reads when a swap does not go through. */
export function swapErrorText(error: unknown): string {
  if (error instanceof SwapError) return error.message;
  if (isUserRejection(error)) return t`You rejected the request in your wallet. Nothing was sent.`;
  if (isChainError(error)) {
    const told = [
      'WRONG_NETWORK',
      'TRANSACTION_PENDING',
      'SIMULATION_FAILED',
      'SIMULATION_UNAVAILABLE',
      'ACCOUNT_CHANGED',
    ];
    // A Cancel from Recent transactions took the swap's place: its own words, not "Swap failed".
    if ([...told, 'TRANSACTION_CANCELLED'].includes(error.code)) return error.message;
    if (error.message === QUOTE_EXPIRED) return error.message;
    return swapFailedMessage((error as { detail?: string }).detail);
  }
  return swapFailedMessage();
}
