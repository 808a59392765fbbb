import { plural } from '@lingui/core/macro';
import type { NetworkConfig } from '@jmswap/shared-chain';
import { linkedImport, pairOfKnownTokens, tokenKeyOfParam } from '@jmswap/shared-chain/tokens';
import type { UserPosition } from '@jmswap/shared-chain/liquidity';

/** 1 LIQUIDITY (positions), 2 ADD LIQUIDITY, 3 REMOVE LIQUIDITY. */
export type Step = 1 | 2 | 3;

export interface LiquidityForm {
  step: Step;
  fromSymbol?: string;
  toSymbol?: string;
  fromAmount: string;
  toAmount: string;
  /** The field the user typed in last: it drives the estimate of the other one. */
  lastEdited: 'A' | 'B';
  /** Removal percentage, 0..100 (the spec's lpPercentage, default 100). */
  percent: number;
  /** The position being removed (step 3). */
  position?: UserPosition;
  /** Why the last keystroke was refused (more decimals than the token has). */
  notice?: string;
}

export type LiquidityAction =
  | { type: 'openAdd'; symbolA?: string; symbolB?: string }
  | { type: 'openRemove'; position: UserPosition }
  | { type: 'back' }
  | { type: 'typed'; field: 'A' | 'B'; text: string }
  | { type: 'fromChosen'; symbol: string }
  | { type: 'toChosen'; symbol: string }
  | { type: 'percent'; value: number }
  /** The network's tokens changed: a side whose token is gone takes the default. */
  | { type: 'tokensChanged' }
  | { type: 'done' };

const noAmounts = { fromAmount: '', toAmount: '', notice: undefined } as const;

/**
 * The first step: the positions, with the network's default pair; or, when a link names a pair
 * (`from`, `to`: listed symbols or token addresses, e.g. the swap box's "No JMSwap pool for X
 * yet."), ADD LIQUIDITY with that pair filled in. A link naming a token this browser does not
 * know also opens ADD LIQUIDITY: its side's picker offers the token for import (linkedImport),
 * the other side as linked, or the network's default.
 */
export function initialForm(
  network: NetworkConfig,
  query: { from?: string; to?: string } = {},
): LiquidityForm {
  const [defaultFrom, defaultTo] = network.defaultTokens;
  const from = tokenKeyOfParam(network, query.from);
  const to = tokenKeyOfParam(network, query.to);
  const linked = from !== undefined && to !== undefined && from !== to;
  if (!linked && linkedImport(network, query)) {
    const fromSymbol = from ?? (to === defaultFrom ? defaultTo : defaultFrom);
    const toSymbol = to ?? (fromSymbol === defaultTo ? defaultFrom : defaultTo);
    return { step: 2, fromSymbol, toSymbol, lastEdited: 'A', percent: 100, ...noAmounts };
  }
  return {
    step: linked ? 2 : 1,
    fromSymbol: linked ? from : defaultFrom,
    toSymbol: linked ? to : defaultTo,
    lastEdited: 'A',
    percent: 100,
    ...noAmounts,
  };
}

/** The second list: every token but the first. */
export const secondTokens = (network: NetworkConfig, first?: string): string[] =>
  Object.keys(network.tokens).filter((s) => s !== first);

/**
 * The form's transitions (product.md section 4, Liquidity panel). `network` gives the token
 * lists and decimals; the reducer never does I/O.
 */
export function liquidityReducer(network: NetworkConfig) {
  return (state: LiquidityForm, action: LiquidityAction): LiquidityForm => {
    switch (action.type) {
      case 'openAdd': {
        const known = (s?: string) => tokenKeyOfParam(network, s);
        const fromSymbol = known(action.symbolA) ?? state.fromSymbol;
        let toSymbol = known(action.symbolB) ?? state.toSymbol;
        if (toSymbol === fromSymbol) toSymbol = secondTokens(network, fromSymbol)[0];
        return { ...state, step: 2, fromSymbol, toSymbol, lastEdited: 'A', ...noAmounts };
      }
      case 'openRemove':
        return { ...state, step: 3, position: action.position, percent: 100 };
      case 'back':
        return state.step === 3
          ? { ...state, step: 2, position: undefined }
          : { ...initialForm(network), step: 1 };
      case 'done':
        return { ...initialForm(network), step: 1 };
      case 'typed': {
        const symbol = action.field === 'A' ? state.fromSymbol : state.toSymbol;
        const decimals = (symbol ? network.tokens[symbol]?.decimals : undefined) ?? 18;
        // Letters, signs, exponents or a second point reset the form, as in the swap box.
        if (!/^[0-9]*(\.[0-9]*)?$/.test(action.text)) return { ...state, ...noAmounts };
        if ((action.text.split('.')[1] ?? '').length > decimals) {
          const token = symbol ?? '';
          const notice = plural(decimals, {
            0: `${token} takes whole amounts only`,
            one: `${token} has at most # decimal`,
            other: `${token} has at most # decimals`,
          });
          return { ...state, notice };
        }
        return action.field === 'A'
          ? { ...state, fromAmount: action.text, lastEdited: 'A', notice: undefined }
          : { ...state, toAmount: action.text, lastEdited: 'B', notice: undefined };
      }
      // Choosing the other side's token switches the sides.
      case 'fromChosen': {
        if (action.symbol === state.fromSymbol) return state;
        const toSymbol = action.symbol === state.toSymbol ? state.fromSymbol : state.toSymbol;
        return { ...state, fromSymbol: action.symbol, toSymbol, ...noAmounts };
      }
      case 'toChosen': {
        if (action.symbol === state.toSymbol) return state;
        const fromSymbol = action.symbol === state.fromSymbol ? state.toSymbol : state.fromSymbol;
        return { ...state, fromSymbol, toSymbol: action.symbol, ...noAmounts };
      }
      case 'percent':
        return { ...state, percent: Math.min(100, Math.max(0, Math.round(action.value))) };
      // A chosen token removed from "Manage imported tokens": its side takes the default.
      case 'tokensChanged': {
        const pair = { from: state.fromSymbol, to: state.toSymbol };
        const known = pairOfKnownTokens(network, pair);
        if (known === pair) return state;
        return { ...state, fromSymbol: known.from, toSymbol: known.to, ...noAmounts };
      }
    }
  };
}
