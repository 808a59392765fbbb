import { isValidAmountInput, type NetworkConfig } from '@jmswap/shared-chain';
import { pairOfKnownTokens, tokenKeyOfParam } from '@jmswap/shared-chain/tokens';

/** Which field the user typed in last: 1 = sell ("Tokens to swap"), 2 = receive ("Estimate"). */
export type EditedField = 1 | 2;

/**
 * What the box asks for: an estimate of the typed sell amount (exactIn), the amount needed for
 * the typed receive amount (exactOut), or in the widget's launchPad mode the amount needed sent
 * as an exact-in swap (launchPadBuy, see form/quote.ts).
 */
export type QuoteKind = 'exactIn' | 'exactOut' | 'launchPadBuy';

export const quoteKindFor = (lastEdited: EditedField, launchPad?: boolean): QuoteKind =>
  lastEdited === 1 ? 'exactIn' : launchPad ? 'launchPadBuy' : 'exactOut';

/**
 * Is the re-made quote worse than the one shown? Sell typed: less received. Receive typed: a
 * higher maximum sold, or (launchPad buy, whose bound follows the typed amount) more to pay.
 */
export function isWorseQuote(shown: SwapQuote, fresh: SwapQuote, lastEdited: EditedField): boolean {
  if (lastEdited === 1) return fresh.bound < shown.bound;
  return shown.kind === 'exactOut' ? fresh.bound > shown.bound : fresh.amountIn > shown.amountIn;
}

/** What the info block shows for the current amounts (amounts in base units). */
export interface SwapQuote {
  kind: 'exactIn' | 'exactOut';
  amountIn: bigint;
  amountOut: bigint;
  /** Minimum received (exact in) or maximum sold (exact out). */
  bound: bigint;
  priceImpactBps: bigint;
  liquidityProviderFee: bigint;
  feeSymbol: string;
  path: string[];
  /** The chain service's estimate this quote came from (what a swap sends). */
  source?: unknown;
  /** When the reserves it was made from were read (ms), when the service says. */
  readAt?: number;
}

export interface SwapFormState {
  /** The tokens' keys: a listed token's symbol, any other token's address. */
  fromSymbol?: string;
  toSymbol?: string;
  fromAmount: string;
  toAmount: string;
  lastEdited: EditedField;
  quote?: SwapQuote;
  /**
   * When the quote's reserves were read, else when it was made (ms): SWAP re-quotes one older
   * than the refresh interval, so a keystroke's quote over a kept snapshot is not sent as new.
   */
  quotedAt?: number;
  insufficientLiquidity: boolean;
  /**
   * The decimals of the token whose field refused a digit beyond them (the box says so); cleared
   * by the next change.
   */
  decimalsRefused?: { field: EditedField; decimals: number };
  /** Bumped whenever the amounts or tokens change: a quote for an older version is stale. */
  version: number;
}

export type SwapFormAction =
  /** `decimals`: the field's token's; a digit beyond them is refused, not truncated unseen. */
  | { type: 'typed'; field: EditedField; text: string; decimals?: number }
  | { type: 'quoted'; version: number; quote: SwapQuote; otherAmount: string; at: number }
  | { type: 'quoteFailed'; version: number }
  /** `fallback`: what "to" becomes when it is the chosen token (TRON's rule); else the sides switch. */
  | { type: 'fromTokenChosen'; symbol: string; fallback?: string }
  /** `decimals`: the chosen token's; a typed receive amount is cut to them. */
  | { type: 'toTokenChosen'; symbol: string; decimals?: number }
  | { type: 'directionSwitched' }
  /** The wallet's account or chain changed: the quote is re-made, the amounts stay. */
  | { type: 'invalidated' }
  /** The slippage changed: the quote's bound no longer holds, it is re-made at once. */
  | { type: 'slippageChanged' }
  /** The network's tokens changed: a side whose token is gone (removed in "Manage imported
   * tokens") takes the network's default, as a link naming an unknown token does. */
  | { type: 'tokensChanged'; network: NetworkConfig }
  | { type: 'reset' };

export const emptyAmounts = {
  fromAmount: '',
  toAmount: '',
  quote: undefined,
  insufficientLiquidity: false,
} as const;

/**
 * The starting pair: the widget's options, else the from/to query parameters (a listed symbol or
 * any known token's address; anything else is cleared), else the network's defaults (first is
 * from, second is to). A side left to its default takes the other default when the named side
 * already is that token: a link to sell a new token for BNB keeps BNB (the new token's import
 * then fills the other side), and `?from=JM` on TRON reads JM -> TRX.
 */
export function initialSwapForm(
  network: NetworkConfig,
  sources: {
    widget?: { fromToken?: string; toToken?: string };
    query?: { from?: string; to?: string };
  },
): SwapFormState {
  const known = (s?: string) => tokenKeyOfParam(network, s);
  const [defaultFrom, defaultTo] = network.defaultTokens;
  const from = known(sources.widget?.fromToken) ?? known(sources.query?.from);
  const to = known(sources.widget?.toToken) ?? known(sources.query?.to);
  let fromSymbol = from ?? (to === defaultFrom ? defaultTo : defaultFrom);
  let toSymbol = to ?? (fromSymbol === defaultTo ? defaultFrom : defaultTo);
  if (fromSymbol === toSymbol) {
    [fromSymbol, toSymbol] = [defaultFrom, defaultTo];
  }
  return { fromSymbol, toSymbol, lastEdited: 1, version: 0, ...emptyAmounts };
}

/**
 * The token the "to" side falls back to when it would equal "from", on TRON (the spec's rule):
 * JM, or TRX when from is JM. Elsewhere the sides switch, as on every DEX (those networks have
 * no JM).
 */
export const toFallback = (network: NetworkConfig, from: string): string | undefined =>
  network.id === 'TRON' ? (from === 'JM' ? 'TRX' : 'JM') : undefined;

/** A typed amount cut to `decimals` fraction digits (a token with fewer decimals was chosen). */
export function withinDecimals(text: string, decimals?: number): string {
  if (decimals === undefined) return text;
  const [whole, fraction] = text.split('.');
  if (fraction === undefined || fraction.length <= decimals) return text;
  return decimals === 0 ? (whole ?? '') : `${whole}.${fraction.slice(0, decimals)}`;
}

export function swapFormReducer(state: SwapFormState, action: SwapFormAction): SwapFormState {
  const next = (changes: Partial<SwapFormState>): SwapFormState => ({
    ...state,
    decimalsRefused: undefined,
    ...changes,
    version: state.version + 1,
  });
  switch (action.type) {
    case 'typed': {
      // Non-numeric or negative input resets the form (the spec); "." or "1." are kept while typing.
      if (!isValidAmountInput(action.text)) return next({ ...emptyAmounts });
      // More decimals than the token has (a pasted amount, one digit too many): the field keeps
      // what it had and says why, as in the liquidity panel.
      if (action.decimals !== undefined && !isValidAmountInput(action.text, action.decimals))
        return { ...state, decimalsRefused: { field: action.field, decimals: action.decimals } };
      return action.field === 1
        ? next({ fromAmount: action.text, toAmount: '', lastEdited: 1, quote: undefined })
        : next({ toAmount: action.text, fromAmount: '', lastEdited: 2, quote: undefined });
    }
    case 'quoted':
      if (action.version !== state.version) return state;
      return {
        ...state,
        quote: action.quote,
        quotedAt: action.at,
        insufficientLiquidity: false,
        ...(state.lastEdited === 1
          ? { toAmount: action.otherAmount }
          : { fromAmount: action.otherAmount }),
      };
    case 'quoteFailed':
      if (action.version !== state.version) return state;
      return {
        ...state,
        quote: undefined,
        insufficientLiquidity: true,
        ...(state.lastEdited === 1 ? { toAmount: '' } : { fromAmount: '' }),
      };
    case 'fromTokenChosen': {
      if (action.symbol === state.fromSymbol) return state;
      const toSymbol =
        action.symbol === state.toSymbol ? (action.fallback ?? state.fromSymbol) : state.toSymbol;
      return next({ ...emptyAmounts, fromSymbol: action.symbol, toSymbol });
    }
    case 'toTokenChosen':
      if (action.symbol === state.toSymbol) return state;
      // The sell side's token: the sides switch.
      if (action.symbol === state.fromSymbol)
        return next({ ...emptyAmounts, fromSymbol: state.toSymbol, toSymbol: action.symbol });
      return next({
        toSymbol: action.symbol,
        quote: undefined,
        insufficientLiquidity: false,
        ...(state.lastEdited === 1
          ? { toAmount: '' }
          : { fromAmount: '', toAmount: withinDecimals(state.toAmount, action.decimals) }),
      });
    case 'directionSwitched':
      return next({
        ...emptyAmounts,
        fromSymbol: state.toSymbol,
        toSymbol: state.fromSymbol,
        lastEdited: 1,
      });
    case 'invalidated':
    case 'slippageChanged':
      return next({ quote: undefined });
    case 'tokensChanged': {
      const pair = { from: state.fromSymbol, to: state.toSymbol };
      const known = pairOfKnownTokens(action.network, pair);
      if (known === pair) return state;
      return next({ ...emptyAmounts, fromSymbol: known.from, toSymbol: known.to, lastEdited: 1 });
    }
    case 'reset':
      return next({ ...emptyAmounts, lastEdited: 1 });
  }
}
