/**
 * The confirm step's simulated result: the exact transaction a swap, an add or a
 * removal will send, simulated from the user's address against the latest block (the router
 * call's return values via eth_call / triggerconstantcontract), read as what leaves the wallet
 * and what arrives, with the network fee. When the pool moved beyond the slippage (the exact
 * transaction reverts with the router's slippage reason), the same call with open bounds says
 * what the chain would give now, and the user reads that it would fail and what to do.
 *
 * Bundled where a remote imports it (a lazy chunk of the swap box and of the liquidity panel).
 */
import { adapterFor, readerFor, requireWallet, networkById, getSlippageBps } from '../singleton';
import { isChainError, localText } from '../core/errors';
import { MAX_APPROVAL } from '../core/constants';
import { type NetworkId } from '../config/types';
import type { NetworkConfig } from '../config/types';
import type {
  AddLiquidityOrder,
  ChainWriter,
  PreviewOrder,
  RemoveLiquidityOrder,
  SendPreview,
  SwapOrder,
} from '../adapters/types';
import { minimumReceived } from '../core/slippage';
import { estimatedFeeText } from '../core/tronFee';
import { tokenText } from '../core/tokenText';
import {
  addPreviewText,
  APPROVAL_FIRST_TEXT,
  evmFeeText,
  isSlippageRevert,
  liquidityAmounts,
  liquidityIsWorse,
  liquidityWorseText,
  removePreviewText,
  shortfallBps,
  swapAmounts,
  swapIsWorse,
  swapPreviewText,
  swapWorseText,
  type Shown,
  type SimulatedLiquidity,
  type SimulatedSwap,
} from '../core/preview';
import { liquidityPositions, liquiditySpender, removalBounds } from './liquidity';
import type { ChainSwapEstimate } from './swap';
import { sendDeadline } from './deadline';

/** What the confirm step shows; undefined parts are not shown. */
export interface SendPreviewText {
  /** "Simulated: ... leaves your wallet, ... arrives". */
  result?: string;
  /** Worse than the quote by more than the slippage, or a revert: what it means and what to do. */
  warning?: string;
  /** A revert's raw reason (unknown reasons only). */
  details?: string;
  /** "Estimated network fee: ...". */
  fee?: string;
  /** That fee in the base coin's base units. */
  feeAmount?: bigint;
  /** The simulated amounts themselves (base units). */
  simulated?: SimulatedSwap | SimulatedLiquidity;
  /** Why there is no simulated result yet (a token still needs its approval). */
  note?: string;
}

/** A token the send spends still needs its approval: simulated once it is in. */
const awaitingApproval = (): SendPreviewText => ({ note: localText(APPROVAL_FIRST_TEXT) });

type Wallet = ReturnType<typeof requireWallet>;

/**
 * A SimulationError of the writers (by its code: the class lives in the singleton's writer
 * chunk, this module is bundled by the remotes).
 */
interface Reverted {
  code: 'SIMULATION_FAILED';
  message: string;
  reason?: string;
  details?: string;
}
const isReverted = (error: unknown): error is Reverted =>
  isChainError(error) && error.code === 'SIMULATION_FAILED';

/**
 * The adapter's own writer (no recording: nothing is sent), with its preview. On the network as
 * configured now: a token imported after the wallet connected is named and counted with its own
 * symbol and decimals (the wallet's copy of the network predates it).
 */
async function previewer(
  networkId: NetworkId,
): Promise<{ w: Required<Pick<ChainWriter, 'preview'>>; wallet: Wallet } | undefined> {
  const connected = requireWallet();
  if (connected.network.id !== networkId) return undefined;
  const network = await networkById(networkId);
  const wallet = { ...connected, network };
  const adapter = await adapterFor(network.platform);
  const w = adapter.createWriter(network, wallet.connection);
  if (!w.preview) return undefined;
  return { w: w as Required<Pick<ChainWriter, 'preview'>>, wallet };
}

/** Is every token the send spends approved to `spender` for `amount`? (the base coin needs none) */
async function approved(
  network: NetworkConfig,
  owner: string,
  spender: string,
  spends: readonly (readonly [string, bigint])[],
): Promise<boolean> {
  const reader = await readerFor(network);
  for (const [token, amount] of spends) {
    if (isBase(network, token)) continue;
    const allowance = await reader.allowance(token, owner, spender);
    if (allowance === undefined || allowance < amount) return false;
  }
  return true;
}

/**
 * The exact order's preview; when it reverts only for the slippage bounds, the open-bounds
 * order's (what the chain would do now) with `worse` set.
 */
async function simulate(
  w: Required<Pick<ChainWriter, 'preview'>>,
  exact: PreviewOrder,
  open: PreviewOrder,
): Promise<{ preview: SendPreview; beyondSlippage: boolean }> {
  try {
    return { preview: await w.preview(exact), beyondSlippage: false };
  } catch (error) {
    if (isReverted(error) && isSlippageRevert(error.reason))
      return { preview: await w.preview(open), beyondSlippage: true };
    throw error;
  }
}

function feeText(network: NetworkConfig, preview: SendPreview): string {
  return network.platform === 'tron'
    ? estimatedFeeText(preview.fee, preview.freeEnergy ?? 0n)
    : evmFeeText(preview.fee, network.tokens[network.baseToken]?.symbol ?? network.baseToken);
}

/** A revert other than the slippage: the simulation's sentence (the send would stop there too). */
function revertText(error: unknown): SendPreviewText | undefined {
  if (!isReverted(error)) return undefined;
  return { warning: error.message, ...(error.details ? { details: error.details } : {}) };
}

const shown = (network: NetworkConfig, key: string, amount: bigint): Shown => ({
  amount,
  symbol: tokenText(network.tokens, key),
  decimals: network.tokens[key]?.decimals ?? 18,
});

/**
 * The swap box's confirm step: the estimate's exact swap simulated. Undefined without a wallet
 * on the estimate's network or when the node cannot simulate; only a note while the sell token
 * still needs its approval (the router could not take it yet).
 */
export async function previewSwap(
  estimate: ChainSwapEstimate,
  slippageBps: number = getSlippageBps(),
): Promise<SendPreviewText | undefined> {
  try {
    const found = await previewer(estimate.networkId);
    if (!found) return undefined;
    const { w, wallet } = found;
    const network = wallet.network;
    const owner = wallet.connection.address;
    const exactIn = estimate.kind === 'exactIn';
    const spend = exactIn ? estimate.amountIn : estimate.maximumSold;
    const spender = network.exchange.ROUTER_ADDRESS;
    if (!(await approved(network, owner, spender, [[estimate.from, spend]])))
      return awaitingApproval();
    const order: SwapOrder = {
      kind: estimate.kind,
      path: estimate.path,
      amount: exactIn ? estimate.amountIn : estimate.amountOut,
      bound: exactIn ? estimate.minimumReceived : estimate.maximumSold,
      recipient: owner,
      deadline: await sendDeadline(network),
    };
    // Open bounds: nothing received at least, everything approved (or held, for the coin) at most.
    const open: SwapOrder = { ...order, bound: exactIn ? 0n : openMaximum(network, estimate) };
    let outcome: Awaited<ReturnType<typeof simulate>>;
    try {
      outcome = await simulate(w, { action: 'swap', order }, { action: 'swap', order: open });
    } catch (error) {
      return revertText(error);
    }
    const amounts = swapAmounts(outcome.preview.outputs);
    const fee = feeText(network, outcome.preview);
    const feeAmount = outcome.preview.fee;
    if (!amounts) return { fee, feeAmount };
    const sent = shown(network, estimate.from, amounts.amountIn);
    const received = shown(network, estimate.to, amounts.amountOut);
    if (outcome.beyondSlippage || swapIsWorse(estimate.kind, order.bound, amounts)) {
      const short = exactIn
        ? shortfallBps(estimate.amountOut, amounts.amountOut)
        : shortfallBps(estimate.amountIn, amounts.amountIn, true);
      return {
        warning: swapWorseText(estimate.kind, exactIn ? received : sent, short, slippageBps),
        fee,
        feeAmount,
        simulated: amounts,
      };
    }
    return {
      result: swapPreviewText(estimate.kind, sent, received, order.bound),
      fee,
      feeAmount,
      simulated: amounts,
    };
  } catch (error) {
    console.warn('[shared-chain] swap preview unavailable', error);
    return undefined;
  }
}

/** An exact-output swap's open maximum: the coin value sent as is x 4, a token's approval. */
function openMaximum(network: NetworkConfig, estimate: ChainSwapEstimate): bigint {
  const spend = estimate.kind === 'exactIn' ? estimate.amountIn : estimate.maximumSold;
  // The coin is sent as the call's value: the router refunds what it did not need.
  return isBase(network, estimate.from) ? spend * 4n : MAX_APPROVAL;
}

export interface AddPreviewRequest {
  networkId: NetworkId;
  symbolA: string;
  symbolB: string;
  amountA: bigint;
  amountB: bigint;
  slippageBps?: number;
}

/**
 * The liquidity panel's confirm step for an add: the router's addLiquidity(Base) simulated with
 * the amounts and minimums the send will use. Only a note while a token still needs its
 * approval; undefined before the pair exists (the first provider's add creates it first) or
 * without a wallet.
 */
export async function previewAdd(request: AddPreviewRequest): Promise<SendPreviewText | undefined> {
  try {
    const found = await previewer(request.networkId);
    if (!found) return undefined;
    const { w, wallet } = found;
    const network = wallet.network;
    const owner = wallet.connection.address;
    const spender = liquiditySpender(network, request.symbolA, request.symbolB);
    const spends = [
      [request.symbolA, request.amountA],
      [request.symbolB, request.amountB],
    ] as const;
    if (!(await approved(network, owner, spender, spends))) return awaitingApproval();
    const slippage = request.slippageBps ?? getSlippageBps();
    const order: AddLiquidityOrder = {
      symbolA: request.symbolA,
      symbolB: request.symbolB,
      amountA: request.amountA,
      amountB: request.amountB,
      minA: minimumReceived(request.amountA, slippage),
      minB: minimumReceived(request.amountB, slippage),
      recipient: owner,
      deadline: await sendDeadline(network),
    };
    let outcome: Awaited<ReturnType<typeof simulate>>;
    try {
      outcome = await simulate(
        w,
        { action: 'add', order },
        { action: 'add', order: { ...order, minA: 0n, minB: 0n } },
      );
    } catch (error) {
      if (isReverted(error) && /PAIR_NOT_FOUND/.test(error.reason ?? '')) return undefined;
      return revertText(error);
    }
    const fee = feeText(network, outcome.preview);
    const amounts = liquidityAmounts(
      outcome.preview.fn,
      outcome.preview.outputs,
      baseSide(network, request.symbolA, request.symbolB),
    );
    if (outcome.beyondSlippage || liquidityIsWorse(order.minA, order.minB, amounts))
      return { warning: liquidityWorseText('add', slippage), fee, simulated: amounts };
    if (amounts.amountA === undefined || amounts.amountB === undefined) return { fee };
    return {
      result: addPreviewText(
        shown(network, request.symbolA, amounts.amountA),
        shown(network, request.symbolB, amounts.amountB),
        amounts.lpTokens,
      ),
      fee,
      simulated: amounts,
    };
  } catch (error) {
    console.warn('[shared-chain] add preview unavailable', error);
    return undefined;
  }
}

export interface RemovePreviewRequest {
  networkId: NetworkId;
  symbolA: string;
  symbolB: string;
  lpTokens: bigint;
  /** The minimums the send will use; default: the position's share minus the slippage. */
  minA?: bigint;
  minB?: bigint;
  slippageBps?: number;
}

/** The liquidity panel's confirm step for a removal (see previewAdd). */
export async function previewRemove(
  request: RemovePreviewRequest,
): Promise<SendPreviewText | undefined> {
  try {
    const found = await previewer(request.networkId);
    if (!found) return undefined;
    const { w, wallet } = found;
    const network = wallet.network;
    const owner = wallet.connection.address;
    const spender = liquiditySpender(network, request.symbolA, request.symbolB);
    const slippage = request.slippageBps ?? getSlippageBps();
    // The same position and minimums the send uses.
    const { position, minA, minB } = removalBounds(await liquidityPositions(), request, slippage);
    if (!(await approved(network, owner, spender, [[position.pair, request.lpTokens]])))
      return awaitingApproval();
    const order: RemoveLiquidityOrder = {
      symbolA: request.symbolA,
      symbolB: request.symbolB,
      lpTokens: request.lpTokens,
      minA,
      minB,
      recipient: owner,
      deadline: await sendDeadline(network),
    };
    let outcome: Awaited<ReturnType<typeof simulate>>;
    try {
      outcome = await simulate(
        w,
        { action: 'remove', order },
        { action: 'remove', order: { ...order, minA: 0n, minB: 0n } },
      );
    } catch (error) {
      return revertText(error);
    }
    const fee = feeText(network, outcome.preview);
    const amounts = liquidityAmounts(
      outcome.preview.fn,
      outcome.preview.outputs,
      baseSide(network, request.symbolA, request.symbolB),
    );
    if (outcome.beyondSlippage || liquidityIsWorse(order.minA, order.minB, amounts))
      return { warning: liquidityWorseText('remove', slippage), fee, simulated: amounts };
    const arriving = [
      amounts.amountA === undefined ? undefined : shown(network, request.symbolA, amounts.amountA),
      amounts.amountB === undefined ? undefined : shown(network, request.symbolB, amounts.amountB),
    ].filter((t): t is Shown => t !== undefined);
    return { result: removePreviewText(request.lpTokens, arriving), fee, simulated: amounts };
  } catch (error) {
    console.warn('[shared-chain] removal preview unavailable', error);
    return undefined;
  }
}

const isBase = (network: NetworkConfig, symbol: string): boolean =>
  symbol === network.baseToken || network.tokens[symbol]?.isBase === true;

function baseSide(network: NetworkConfig, a: string, b: string): 'A' | 'B' | undefined {
  if (isBase(network, a)) return 'A';
  if (isBase(network, b)) return 'B';
  return undefined;
}
