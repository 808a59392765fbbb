import { formatAmount, parseAmount, type NetworkConfig } from '@jmswap/shared-chain';
import {
  isFirstProvider,
  otherLiquidityAmount,
  planAdd,
  priceAtoB,
  priceBtoA,
  type LiquidityAddPlan,
  type LiquidityPair,
} from '@jmswap/shared-chain/liquidity';
import type { LiquidityForm } from './liquidityForm';

export interface AddView {
  /**
   * What the two fields show: the typed one as typed, the other estimated from the reserves, at
   * most 12 decimals as the swap box shows (the add sends the exact amount, `amountA`/`amountB`).
   */
  textA: string;
  textB: string;
  amountA?: bigint;
  amountB?: bigint;
  firstProvider: boolean;
  /** What the add moves and mints, once both amounts are known. */
  plan?: LiquidityAddPlan;
  /** B per one A and A per one B (10^18 scaled): from the reserves, or a first provider's amounts. */
  priceAtoB?: bigint | null;
  priceBtoA?: bigint | null;
}

const parsed = (text: string, decimals: number): bigint | undefined => {
  const r = parseAmount(text, decimals);
  return r.ok ? r.value : undefined;
};

/** Step 2's derived values: pure, so a keystroke costs no node request. */
export function addView(
  network: NetworkConfig,
  form: LiquidityForm,
  pair: LiquidityPair | undefined,
): AddView {
  const a = form.fromSymbol ? network.tokens[form.fromSymbol] : undefined;
  const b = form.toSymbol ? network.tokens[form.toSymbol] : undefined;
  const firstProvider = pair ? isFirstProvider(pair.reserveA, pair.reserveB) : false;
  let textA = form.fromAmount;
  let textB = form.toAmount;
  let amountA = a && parsed(textA, a.decimals);
  let amountB = b && parsed(textB, b.decimals);
  if (a && b && pair && !firstProvider) {
    const edited = form.lastEdited === 'A' ? amountA : amountB;
    const other =
      edited === undefined
        ? undefined
        : otherLiquidityAmount(form.lastEdited, edited, pair.reserveA, pair.reserveB);
    if (form.lastEdited === 'A') {
      amountB = other ?? undefined;
      textB = amountB ? formatAmount(amountB, b.decimals) : '';
    } else {
      amountA = other ?? undefined;
      textA = amountA ? formatAmount(amountA, a.decimals) : '';
    }
  }
  const plan =
    pair && amountA && amountB && amountA > 0n && amountB > 0n
      ? planAdd(network, pair, amountA, amountB)
      : undefined;
  const reserves = pair && !firstProvider && a && b;
  return {
    textA,
    textB,
    amountA,
    amountB,
    firstProvider,
    plan,
    priceAtoB: reserves
      ? priceAtoB(pair.reserveA, pair.reserveB, a.decimals, b.decimals)
      : plan?.priceAtoB,
    priceBtoA: reserves
      ? priceBtoA(pair.reserveA, pair.reserveB, a.decimals, b.decimals)
      : plan?.priceBtoA,
  };
}
