import { useRef, useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  i18n,
  isChainError,
  isUserRejection,
  localText,
  minedFailureOf,
  setLoading,
  showToast,
  SwapError,
  usePendingTransaction,
  type NetworkConfig,
} from '@jmswap/shared-chain';
import {
  minimumReceived,
  validateLiquidityAdd,
  type LiquidityOutcome,
  type LiquidityProgress,
  type LiquidityRemovalPlan,
  type UserPosition,
} from '@jmswap/shared-chain/liquidity';
import type { AddView } from './form/addView';
import type { LiquidityInFlight } from './components/LiquiditySent';
import { liquidityApi } from './liquidityApi';

interface Args {
  network: NetworkConfig;
  balances: Record<string, bigint>;
  /** The balances of these tokens, read on the spot where not read yet (undefined: no node). */
  balancesNow: (symbols: string[]) => Promise<Record<string, bigint> | undefined>;
  energy?: bigint;
  /** TRON: the wallet's free energy read on the spot (undefined: the node did not answer). */
  energyNow: () => Promise<bigint | undefined>;
  slippageBps: number;
  /** Back to step 1 and positions reloaded 1 s later. */
  onDone: () => void;
}

// The spec's toasts (product.md section 8), shown in the language in force.
export const LIQUIDITY_ADDED = msg`Liquidity added`;
export const LIQUIDITY_REMOVED = msg`Liquidity removed`;
export const ERROR_ADDING_LIQUIDITY = msg`Error adding liquidity`;
export const ERROR_REMOVING_LIQUIDITY = msg`Error removing liquidity`;
/** SUPPLY or MAX before the wallet's balances could be read: what the user can do about it. */
export const BALANCE_UNREAD = () =>
  t`Your balance could not be read. Check your connection, then try again.`;

/**
 * The failure toast in the language in force: the spec's text, plus why when the user can act on
 * it. A ChainError's own sentence is made in that language already, or is one of the catalogue's
 * English constants (localText gives it in the language in force).
 */
export function failureText(failure: MessageDescriptor, error: unknown): string {
  const base = i18n._(failure);
  // Stopped by its simulation (nothing sent): the sentence, and the raw reason when unknown.
  if (
    isChainError(error) &&
    (error.code === 'SIMULATION_FAILED' || error.code === 'SIMULATION_UNAVAILABLE')
  ) {
    const details = (error as { details?: string }).details;
    const sentence = localText(error.message);
    return details ? `${sentence} ${details}` : sentence;
  }
  // A Cancel from Recent transactions took its place: nothing moved, and not a failure.
  if (isChainError(error) && error.code === 'TRANSACTION_CANCELLED')
    return localText(error.message);
  // No node told an allowance (the connection dropped): nothing was sent; what to do.
  if (error instanceof SwapError && error.code === 'ALLOWANCE_UNREAD')
    return localText(error.message);
  if (isUserRejection(error))
    return t`${base}: you rejected the request in your wallet. Nothing was sent.`;
  if (
    isChainError(error) &&
    (error.code === 'WRONG_NETWORK' ||
      error.code === 'TRANSACTION_PENDING' ||
      error.code === 'ACCOUNT_CHANGED')
  ) {
    const reason = localText(error.message);
    return t`${base}: ${reason}`;
  }
  return base;
}

function progressText(p: LiquidityProgress, first: boolean): string {
  if (p.step === 'approve') {
    const token = p.token;
    return t`Approving ${token} in your wallet...`;
  }
  if (p.step === 'createPair') return t`Creating the pool (step 1 of 2), confirm in your wallet...`;
  if (p.step === 'supply')
    return first
      ? t`Supplying liquidity (step 2 of 2), confirm in your wallet...`
      : t`Supplying liquidity, confirm in your wallet...`;
  return t`Removing liquidity, confirm in your wallet...`;
}

/**
 * SUPPLY and REMOVE LIQUIDITY: checks, approvals and sends through shared-chain, the popup from
 * the wallet's id on (Confirming…, then Confirmed with what moved or Failed with why and the
 * fee), and the spec's toasts.
 */
export function useLiquidityActions(args: Args) {
  const { network, energy, slippageBps, onDone } = args;
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<LiquidityInFlight>();
  // Closed while confirming: a failure is then said by a toast only.
  const closedWhile = useRef(false);
  // Any open send of this account (a swap too) keeps SUPPLY and REMOVE disabled.
  const pending = usePendingTransaction();

  async function run(
    planned: Omit<LiquidityInFlight, 'sent' | 'moved'>,
    send: (onSubmitted: (txid: string) => void) => Promise<LiquidityOutcome>,
    success: MessageDescriptor,
    failure: MessageDescriptor,
  ) {
    setBusy(true);
    let submitted: string | undefined;
    const show = (next: LiquidityInFlight) => {
      if (!closedWhile.current) setSent(next);
    };
    try {
      const result = await send((txid) => {
        submitted = txid;
        closedWhile.current = false;
        setLoading(false); // the popup takes over from the overlay
        setSent({ ...planned, sent: { status: 'confirming', txid, sentAt: Date.now() } });
      });
      // A widget host's send has no id: no popup, the toast says it.
      if (submitted !== undefined)
        show({
          ...planned,
          moved: { amountA: result.amountA, amountB: result.amountB, lpTokens: result.lpTokens },
          sent: { status: 'confirmed', txid: result.txid, fee: result.fee },
        });
      showToast('success', success);
      onDone();
    } catch (error) {
      const mined = minedFailureOf(error);
      if (submitted !== undefined && mined && !closedWhile.current) {
        const reason = mined.text ?? failureText(failure, error);
        setSent({
          ...planned,
          sent: { status: 'failed', txid: mined.txid, fee: mined.fee, reason },
        });
      } else {
        setSent(undefined);
        showToast('error', mined?.text ?? failureText(failure, error));
      }
    } finally {
      setLoading(false);
      setBusy(false);
    }
  }

  async function supply(symbolA: string | undefined, symbolB: string | undefined, view: AddView) {
    const a = symbolA ? network.tokens[symbolA] : undefined;
    const b = symbolB ? network.tokens[symbolB] : undefined;
    const amountA = view.plan?.amountA ?? view.amountA;
    const amountB = view.plan?.amountB ?? view.amountB;
    let balances: Record<string, bigint> | undefined = args.balances;
    // TRON's fee rule with energy not read yet would ask a wallet with staked energy for TRX.
    let freeEnergy = network.platform === 'tron' ? energy : 0n;
    if (symbolA && symbolB && amountA && amountB) {
      const base = network.platform === 'tron' ? [network.baseToken] : [];
      const needed = [symbolA, symbolB, ...base];
      if (needed.some((s) => balances?.[s] === undefined) || freeEnergy === undefined) {
        setLoading(true);
        [balances, freeEnergy] = await Promise.all([
          args.balancesNow(needed),
          freeEnergy ?? args.energyNow(),
        ]);
        setLoading(false);
        if (!balances) return showToast('error', BALANCE_UNREAD());
      }
    }
    const check = validateLiquidityAdd({
      tokenA: a,
      tokenB: b,
      amountA,
      amountB,
      // By key: a token beyond the config is keyed by its address, not its symbol.
      balanceA: (symbolA && balances[symbolA]) || 0n,
      balanceB: (symbolB && balances[symbolB]) || 0n,
      tron:
        network.platform === 'tron'
          ? { energy: Number(freeEnergy ?? 0n), trxBalance: balances[network.baseToken] ?? 0n }
          : undefined,
    });
    if (!check.ok) return showToast('error', check.message);
    const { plan, amountA: desiredA, amountB: desiredB } = view;
    if (!plan || desiredA === undefined || desiredB === undefined || !symbolA || !symbolB) return;
    await run(
      {
        kind: 'add',
        symbolA,
        symbolB,
        amountA: plan.amountA,
        amountB: plan.amountB,
      },
      (onSubmitted) =>
        liquidityApi().add({
          symbolA,
          symbolB,
          // The amounts the plan was made from: the router rounds them as the plan did. Its own
          // amounts, sent again, could round one unit lower on the side the user typed.
          amountA: desiredA,
          amountB: desiredB,
          minA: minimumReceived(plan.amountA, slippageBps),
          minB: minimumReceived(plan.amountB, slippageBps),
          slippageBps,
          onProgress: (p) => setLoading(true, progressText(p, view.firstProvider)),
          onSubmitted,
        }),
      LIQUIDITY_ADDED,
      ERROR_ADDING_LIQUIDITY,
    );
  }

  async function remove(position: UserPosition, plan: LiquidityRemovalPlan) {
    if (plan.lpTokens <= 0n) return showToast('error', t`Choose how much to remove first`);
    await run(
      {
        kind: 'remove',
        symbolA: position.symbolA,
        symbolB: position.symbolB,
        amountA: plan.receivedA,
        amountB: plan.receivedB,
      },
      (onSubmitted) =>
        liquidityApi().remove({
          symbolA: position.symbolA,
          symbolB: position.symbolB,
          lpTokens: plan.lpTokens,
          minA: minimumReceived(plan.atRouterA, slippageBps),
          minB: minimumReceived(plan.atRouterB, slippageBps),
          amountA: plan.receivedA,
          amountB: plan.receivedB,
          slippageBps,
          onProgress: (p) => setLoading(true, progressText(p, false)),
          onSubmitted,
        }),
      LIQUIDITY_REMOVED,
      ERROR_REMOVING_LIQUIDITY,
    );
  }

  return {
    supply,
    remove,
    busy: busy || pending !== undefined,
    sent,
    closeSent: () => {
      if (sent?.sent.status === 'confirming') closedWhile.current = true;
      setSent(undefined);
    },
    /** A Speed up took the send's place: the popup follows the new id. */
    spedUp: (txid: string) =>
      setSent((s) =>
        s && s.sent.status === 'confirming' ? { ...s, sent: { ...s.sent, txid } } : s,
      ),
  };
}
