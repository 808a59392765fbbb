import { useRef, useState } from 'react';
import {
  checkTronFees,
  isChainError,
  isUserRejection,
  parseAmount,
  PROCESSING_TRANSACTION,
  QUOTE_EXPIRED,
  setLoading,
  showToast,
  swapFailedMessage,
  SwapError,
  validateSwap,
  FEE_TOAST_MS,
  type NetworkConfig,
} from '@jmswap/shared-chain';
import type { SwapFormState } from './form/swapForm';
import type { CompletedSwap } from './components/FundsOnTheWay';
import { swapApi } from './swapApi';
import { impactLevel } from './components/InfoBlock';

export const POST_SWAP_REFRESH_MS = 2_000;
const BUY_ENERGY_URL = 'https://tronenergy.market';

interface Args {
  network: NetworkConfig;
  state: SwapFormState;
  balances: Record<string, bigint>;
  energy?: bigint;
  approval: 'max' | 'exact';
  onDone: () => void;
}

/** The SWAP click: validation texts, the TRON fee rule, approval, swap, and the success popup. */
export function useSwapAction({ network, state, balances, energy, approval, onDone }: Args) {
  const [completed, setCompleted] = useState<CompletedSwap>();
  // A second press before React re-renders SWAP as disabled (shared-chain also refuses it).
  const busy = useRef(false);

  /** Resolves 'confirm' when everything is valid but the price impact needs the user's confirmation. */
  async function swap(impactConfirmed = false): Promise<'confirm' | void> {
    const from = state.fromSymbol ? network.tokens[state.fromSymbol] : undefined;
    const to = state.toSymbol ? network.tokens[state.toSymbol] : undefined;
    const amountOf = (text: string, decimals = 18) => {
      const parsed = parseAmount(text, decimals);
      return parsed.ok ? parsed.value : undefined;
    };
    const fromAmount = amountOf(state.fromAmount, from?.decimals);
    const toAmount = amountOf(state.toAmount, to?.decimals);
    const quote = state.quote;
    const tron =
      network.platform === 'tron' && quote
        ? {
            energy: Number(energy ?? 0n),
            pathLength: quote.path.length,
            trxBalance: balances[network.baseToken] ?? 0n,
          }
        : undefined;
    const check = validateSwap({
      fromToken: from?.symbol,
      toToken: to?.symbol,
      fromAmount,
      toAmount,
      fromIsBase: !!from?.isBase,
      fromBalance: (from && balances[from.symbol]) ?? 0n,
      tron,
    });
    if (!check.ok) {
      const fees =
        check.code === 'TRON_FEES' && tron && quote
          ? checkTronFees({ ...tron, sellingBase: !!from?.isBase, sellAmount: quote.amountIn })
          : undefined;
      showToast('error', check.message, fees ? FEE_TOAST_MS : undefined);
      if (fees && !fees.ok && fees.variant === 2)
        showToast('info', `Buy energy at a discount: ${BUY_ENERGY_URL}`, FEE_TOAST_MS);
      return;
    }
    if (!quote || !from || !to) return;
    if (impactLevel(quote.priceImpactBps) === 'danger' && !impactConfirmed) return 'confirm';
    if (busy.current) return;
    busy.current = true;
    setLoading(true, PROCESSING_TRANSACTION);
    try {
      const { txid } = await swapApi().swap(network, quote, approval);
      setCompleted({ txid, from, to, amountIn: quote.amountIn, amountOut: quote.amountOut });
      setTimeout(onDone, POST_SWAP_REFRESH_MS);
    } catch (error) {
      showToast('error', swapErrorText(error));
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }

  return { swap, completed, closeCompleted: () => setCompleted(undefined) };
}

/** What the user reads when a swap does not go through. */
export function swapErrorText(error: unknown): string {
  if (error instanceof SwapError) return error.message;
  if (isUserRejection(error)) return 'You rejected the request in your wallet. Nothing was sent.';
  if (isChainError(error)) {
    if (['WRONG_NETWORK', 'TRANSACTION_PENDING'].includes(error.code)) return error.message;
    if (error.message === QUOTE_EXPIRED) return error.message;
    return swapFailedMessage((error as { detail?: string }).detail);
  }
  return swapFailedMessage();
}
