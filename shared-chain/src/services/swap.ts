/**
 * Swap services: estimates over cached reserves (no node request with a warm cache), the
 * approval step and the swap itself with its analytics.
 */
import { msg } from '@lingui/core/macro';
import {
  trackEvent,
  withPendingTransaction,
  network$,
  isUserRejection,
  readerFor,
  resetReaders,
  readersResetAt,
  networkById,
  refreshWalletData,
  requireWallet,
  servicesContext,
  sessionEpoch,
  writer,
  adapterFor,
} from '../singleton';
import { formatUnits } from '../core/amounts';
import {
  ChainError,
  SwapError,
  swapFailedMessage,
  catalogued,
  minedFailureOf,
  withMinedFailure,
} from '../core/errors';
import type { NetworkConfig, NetworkId } from '../config/types';
import type { ChainWriter, SwapOrder, TxResult } from '../adapters/types';
import {
  estimateAmountNeeded,
  estimateSwap,
  type AmountNeededEstimate,
  type SwapEstimate,
} from '../core/estimate';
import { validateSwap, type ApprovalMode } from '../core/validation';
import { withGasMargin } from '../core/feeReserve';
import { ensureApproval } from './approval';
import type { TaxCheck } from '../core/taxDetection';
import { snapshotReadAt } from '../adapters/snapshot';
import { poolsAround } from './pools';
import { sendDeadline } from './deadline';

// Kept for callers that imported it from here; the one approval path lives in ./approval.
export { ensureApproval };

export const NETWORK_UNREACHABLE = 'Network unreachable';
/** No node told the wallet's balance for the swap's own check: never "Insufficient balance". */
const BALANCE_UNREAD = catalogued(
  msg`Your balance could not be read. Check your connection, then try again.`,
);
/** A quote made before an account, chain or network change is never sent. */
export const QUOTE_EXPIRED = catalogued(
  msg`The quote is out of date. Check the new estimate and try again.`,
);

export type SwapKind = 'exactIn' | 'exactOut';

/** Where an estimate was made: its network and the session epoch (see epoch$). */
export interface EstimateMeta {
  kind: SwapKind;
  networkId: NetworkId;
  epoch: number;
  from: string;
  to: string;
  /** The path's taxed tokens as detected on chain: what the tax lines show. */
  taxChecks?: TaxCheck[];
  /** Tax percent per path token this estimate used; the swap sends the same. */
  taxes?: number[];
  /** When the reserves it was made from were read (ms): a quote is as old as they are. */
  readAt?: number;
}

export type ExactInEstimate = SwapEstimate & EstimateMeta & { kind: 'exactIn' };
export type ExactOutEstimate = AmountNeededEstimate & EstimateMeta & { kind: 'exactOut' };
export type ChainSwapEstimate = ExactInEstimate | ExactOutEstimate;

export interface EstimateRequest {
  from: string;
  to: string;
  slippageBps?: number;
  networkId?: NetworkId;
  /**
   * Reserves read less than 5 s ago (SWAP's new quote, the box's periodic refresh). Otherwise a
   * keystroke's estimate may use the last snapshot while the next one is read.
   */
  fresh?: boolean;
}

/** The listed pools, plus the factory's pools of the two tokens when one is not listed. */
async function reservesFor(network: NetworkConfig, request: EstimateRequest) {
  const pools = await poolsAround(network, [request.from, request.to], request.fresh);
  if (pools === undefined) throw new ChainError('TRANSACTION_FAILED', NETWORK_UNREACHABLE);
  return pools;
}

/**
 * The pools quotes between `from` and `to` use (the listed ones, and the factory's pools of a
 * token beyond the config): the swap box's prices and its "no pool yet" check read them.
 * Undefined when no node answered. `fresh`: reserves read less than 5 s ago (the box's periodic
 * refresh, which also tells whether the network still answers).
 */
export async function getSwapPools(
  from: string,
  to: string,
  networkId?: NetworkId,
  fresh?: boolean,
) {
  const network = await networkById(networkId);
  return poolsAround(network, [from, to], fresh);
}

function queryFor(
  network: NetworkConfig,
  request: EstimateRequest,
  pools: Awaited<ReturnType<typeof reservesFor>>,
  tokens: NetworkConfig['tokens'] = network.tokens,
) {
  return {
    tokens,
    pools,
    from: request.from,
    to: request.to,
    slippageBps: request.slippageBps,
    maxHopLength: network.exchange.MAX_HOP_LENGTH,
  };
}

/**
 * Runs an estimate with the taxes the chain takes: the two ends are detected first,
 * then any token the chosen path goes through, and the estimate is made again with it.
 */
async function withChainTaxes<E extends { path: string[] }>(
  network: NetworkConfig,
  request: EstimateRequest,
  run: (tokens: NetworkConfig['tokens']) => E | null,
): Promise<(E & { taxChecks: TaxCheck[]; taxes: number[] }) | null> {
  const { detectTaxes, withDetectedTaxes } = await import(
    /* webpackChunkName: "tax-detection" */ './taxDetection'
  );
  const checks = await detectTaxes(network, [request.from, request.to]);
  // A token whose sale takes another tax than its purchase (detected on import) is sold first
  // in the path: the estimate and the router's taxes array use its sale tax there.
  const selling = (tokens: NetworkConfig['tokens']) => {
    const from = tokens[request.from];
    return from?.sellTax === undefined
      ? tokens
      : { ...tokens, [request.from]: { ...from, tax: from.sellTax } };
  };
  let estimate = run(selling(withDetectedTaxes(network.tokens, checks)));
  const more = estimate?.path.filter((symbol) => !(symbol in checks)) ?? [];
  if (more.length > 0) {
    Object.assign(checks, await detectTaxes(network, more));
    estimate = run(selling(withDetectedTaxes(network.tokens, checks)));
  }
  if (!estimate) return null;
  const tokens = selling(withDetectedTaxes(network.tokens, checks));
  return {
    ...estimate,
    taxChecks: estimate.path.flatMap((symbol) => checks[symbol] ?? []),
    taxes: estimate.path.map((symbol) => tokens[symbol]?.tax ?? 0),
  };
}

/** The spec's "No swap path found" is logged as well as thrown (which pair, on which network). */
async function loggingNoPath<T>(
  request: EstimateRequest,
  network: NetworkConfig,
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ChainError && error.code === 'NO_PATH')
      console.warn(
        `[shared-chain] ${network.id}: ${error.message}: ${request.from} -> ${request.to}`,
      );
    throw error;
  }
}

/**
 * Estimate for a sell amount (exact input) over the cached reserves. Null when the amount is
 * not above 0; throws "No swap path found" / "Insufficient liquidity available" / "Network unreachable".
 */
export async function getSwapEstimate(
  request: EstimateRequest & { amountIn: bigint },
): Promise<ExactInEstimate | null> {
  const epoch = sessionEpoch();
  const network = await networkById(request.networkId);
  if (request.amountIn <= 0n) return null;
  const pools = await reservesFor(network, request);
  const estimate = await loggingNoPath(request, network, () =>
    withChainTaxes(network, request, (tokens) =>
      estimateSwap({ ...queryFor(network, request, pools, tokens), amountIn: request.amountIn }),
    ),
  );
  if (!estimate) return null;
  return {
    ...estimate,
    kind: 'exactIn',
    networkId: network.id,
    epoch,
    from: request.from,
    to: request.to,
    readAt: snapshotReadAt(pools),
  };
}

/** Amount needed for a desired output (exact output) over the cached reserves. */
export async function getAmountNeeded(
  request: EstimateRequest & { amountOut: bigint },
): Promise<ExactOutEstimate | null> {
  const epoch = sessionEpoch();
  const network = await networkById(request.networkId);
  if (request.amountOut <= 0n) return null;
  const pools = await reservesFor(network, request);
  const estimate = await loggingNoPath(request, network, () =>
    withChainTaxes(network, request, (tokens) =>
      estimateAmountNeeded({
        ...queryFor(network, request, pools, tokens),
        amountOut: request.amountOut,
      }),
    ),
  );
  if (!estimate) return null;
  return {
    ...estimate,
    kind: 'exactOut',
    networkId: network.id,
    epoch,
    from: request.from,
    to: request.to,
    readAt: snapshotReadAt(pools),
  };
}

/** Is the estimate still valid for the current session (same epoch and network)? */
export const isEstimateCurrent = (estimate: EstimateMeta): boolean =>
  estimate.epoch === sessionEpoch() && estimate.networkId === network$.getValue();

/** The router function a swap uses (analytics "method"). */
export function swapMethod(
  network: NetworkConfig,
  kind: SwapKind,
  from: string,
  to: string,
): string {
  const baseIn = from === network.baseToken;
  const baseOut = to === network.baseToken;
  if (kind === 'exactIn') {
    return baseIn
      ? 'swapExactBaseForTokens'
      : baseOut
        ? 'swapExactTokensForBase'
        : 'swapExactTokensForTokens';
  }
  return baseIn
    ? 'swapBaseForExactTokens'
    : baseOut
      ? 'swapTokensForExactBase'
      : 'swapTokensForExactTokens';
}

/**
 * "Swap failed: {code}" when the chain reported a result code (TRON's OUT_OF_ENERGY, REVERT ...,
 * carried as the error's `detail`), plain "Swap failed" otherwise.
 */
export function swapFailure(error: unknown): SwapError {
  const detail = (error as { detail?: unknown } | null)?.detail;
  const failure = new SwapError(
    'SWAP_FAILED',
    swapFailedMessage(typeof detail === 'string' && detail !== '' ? detail : undefined),
  );
  // Mined and failed: the popup that opened at the hash says why and what it cost.
  const mined = minedFailureOf(error);
  return mined ? withMinedFailure(failure, mined) : failure;
}

export interface ExecuteSwapRequest {
  estimate: ChainSwapEstimate;
  /** Default: the user's approval mode setting. */
  approvalMode?: ApprovalMode;
  /** Default: the connected wallet. */
  recipient?: string;
  /** Default: now + the user's deadline setting (5 minutes unless changed). */
  deadline?: bigint;
  /** The wallet handed back the swap's id (the approval's is not told): it is on its way. */
  onSubmitted?: (txid: string) => void;
}

/** A mined swap: its id and fee, and what the chain moved (undefined where its logs did not say). */
export interface SwapOutcome extends TxResult {
  /** What left the user's wallet (exact-out: at most the maximum sold; taxes included). */
  spent?: bigint;
  /** What arrived in the recipient's wallet (after the token's tax). */
  received?: bigint;
}

const energyAsInteger = (value: bigint): number =>
  parseInt((value > 1_000_000_000n ? 1_000_000_000n : value).toString(), 10);

/**
 * Sends a swap for an estimate: validation (the core's texts), approval when needed, the swap
 * with the estimate's bounds, the SWAP analytics event. Resolves with the transaction id.
 * Rejects with a SwapError (validation, "Approval unsuccessful (swap aborted)", "Swap failed"),
 * a ChainError 4001 when the user rejected in the wallet, or WRONG_NETWORK / the expired quote.
 */
export function executeSwap(request: ExecuteSwapRequest): Promise<SwapOutcome> {
  try {
    const wallet = requireWallet();
    // Taken before anything is awaited: a second press while this one is open sends nothing.
    return withPendingTransaction(wallet.connection.address, () => sendSwap(request, wallet));
  } catch (error) {
    return Promise.reject(error);
  }
}

async function sendSwap(
  request: ExecuteSwapRequest,
  wallet: ReturnType<typeof requireWallet>,
): Promise<SwapOutcome> {
  const { estimate } = request;
  const network = wallet.network;
  if (!isEstimateCurrent(estimate) || estimate.networkId !== network.id) {
    throw new ChainError('TRANSACTION_FAILED', QUOTE_EXPIRED);
  }
  // Reserves read before the page's last transaction landed (the user's previous swap, an added
  // liquidity) may not hold what it did to the pools: the estimate would promise too much.
  if (estimate.readAt !== undefined && estimate.readAt < readersResetAt()) {
    throw new ChainError('TRANSACTION_FAILED', QUOTE_EXPIRED);
  }
  const owner = wallet.connection.address;
  const reader = await readerFor(network);
  const fromToken = network.tokens[estimate.from];
  const fromIsBase = estimate.from === network.baseToken || fromToken?.isBase === true;
  const spend = estimate.kind === 'exactIn' ? estimate.amountIn : estimate.maximumSold;
  const wanted = network.platform === 'tron' ? [estimate.from, network.baseToken] : [estimate.from];
  const balances = await reader.balances(owner, [...new Set(wanted)]);
  if (!balances) throw new SwapError('BALANCE_UNREAD', BALANCE_UNREAD);
  const resources =
    network.platform === 'tron' && reader.resources ? await reader.resources(owner) : undefined;
  const check = validateSwap({
    fromToken: estimate.from,
    toToken: estimate.to,
    fromAmount: fromIsBase ? spend : estimate.amountIn,
    toAmount: estimate.amountOut,
    fromIsBase,
    fromBalance: balances[estimate.from] ?? 0n,
    tron:
      network.platform === 'tron'
        ? {
            energy: energyAsInteger(resources?.energy ?? 0n),
            pathLength: estimate.path.length,
            trxBalance: balances[network.baseToken] ?? 0n,
          }
        : undefined,
  });
  if (!check.ok) throw new SwapError(check.code, check.message);

  await ensureApproval({
    token: estimate.from,
    spender: network.exchange.ROUTER_ADDRESS,
    amount: spend,
    mode: request.approvalMode,
  });
  // The user picked another account in the wallet while it approved: said as such, not as a
  // quote out of date (the switch also moved the session's epoch).
  if (wallet.connection.address.toLowerCase() !== owner.toLowerCase())
    throw new ChainError('ACCOUNT_CHANGED');
  if (!isEstimateCurrent(estimate)) throw new ChainError('TRANSACTION_FAILED', QUOTE_EXPIRED);

  const { writer: w } = await writer();
  let result: TxResult;
  const recipient = request.recipient ?? owner;
  try {
    result = await w.swap(
      {
        kind: estimate.kind,
        path: estimate.path,
        amount: estimate.kind === 'exactIn' ? estimate.amountIn : estimate.amountOut,
        bound: estimate.kind === 'exactIn' ? estimate.minimumReceived : estimate.maximumSold,
        recipient,
        deadline: request.deadline ?? (await sendDeadline(network)),
        taxes: estimate.taxes,
      },
      { onSent: request.onSubmitted },
    );
  } catch (error) {
    if (isUserRejection(error)) throw error;
    if (
      error instanceof ChainError &&
      (error.code === 'WRONG_NETWORK' ||
        error.code === 'SIMULATION_FAILED' ||
        error.code === 'SIMULATION_UNAVAILABLE' ||
        error.code === 'TRANSACTION_CANCELLED' ||
        error.code === 'ACCOUNT_CHANGED')
    )
      throw error;
    console.error('[shared-chain] swap failed', error);
    throw swapFailure(error);
  } finally {
    resetReaders({ afterSend: true });
  }
  const toToken = network.tokens[estimate.to];
  trackEvent('SWAP', {
    host: servicesContext().host,
    widget: servicesContext().widget,
    network: network.id,
    method: swapMethod(network, estimate.kind, estimate.from, estimate.to),
    amountIn: formatUnits(estimate.amountIn, fromToken?.decimals ?? 18),
    amountOut: formatUnits(estimate.amountOut, toToken?.decimals ?? 18),
    symbolIn: estimate.from,
    symbolOut: estimate.to,
  });
  void refreshWalletData();
  if (result.logs === undefined) return result;
  // Read from the receipt once it is in: its decoding (TRON's base58 hashing among it) is not in
  // the swap box's first load. The swap went through whatever happens here: a chunk that does not
  // load leaves the popup with the estimate's amounts, never a failure.
  const moved = await import(/* webpackChunkName: "swap-moved" */ './moved').catch(
    (error: unknown) => void console.error('[shared-chain] swap receipt reader', error),
  );
  if (!moved) return result;
  return {
    ...result,
    ...moved.swapMoved(network, { path: estimate.path, recipient }, result.logs),
  };
}

/**
 * What MAX keeps of the base coin on EVM: the gas a swap along `path` can cost (the send's gas
 * limit x gas price) with a 50% margin. Undefined when the node cannot estimate it.
 */
export async function swapGasReserve(request: {
  owner: string;
  path: readonly string[];
  amountIn: bigint;
  networkId?: NetworkId;
}): Promise<bigint | undefined> {
  const network = await networkById(request.networkId);
  const reader = await readerFor(network);
  const cost = await reader.swapGasCost?.(request.owner, request.path, request.amountIn);
  return cost === undefined ? undefined : withGasMargin(cost);
}

/** A TRON swap's network fee before sending: what it burns, and the free energy. */
export interface SwapFeePreview {
  feeSun: bigint;
  freeEnergy: bigint;
}

interface FeePreviewer {
  previewSwapFee?(order: SwapOrder): Promise<SwapFeePreview>;
}

/**
 * TRON only: simulates the swap the estimate would send, from the connected account, and says
 * what it will burn given the account's free energy and bandwidth and the chain's prices.
 * Undefined on EVM, without a wallet, or when the simulation cannot run or reverts (a swap
 * that still needs its approval reverts until the approval is in).
 */
export async function previewSwapFee(
  estimate: ChainSwapEstimate,
): Promise<SwapFeePreview | undefined> {
  try {
    const wallet = requireWallet();
    if (wallet.network.platform !== 'tron' || estimate.networkId !== wallet.network.id)
      return undefined;
    const adapter = await adapterFor('tron');
    const w = adapter.createWriter(wallet.network, wallet.connection) as ChainWriter & FeePreviewer;
    return await w.previewSwapFee?.({
      kind: estimate.kind,
      path: estimate.path,
      amount: estimate.kind === 'exactIn' ? estimate.amountIn : estimate.amountOut,
      bound: estimate.kind === 'exactIn' ? estimate.minimumReceived : estimate.maximumSold,
      recipient: wallet.connection.address,
      deadline: await sendDeadline(wallet.network),
      taxes: estimate.taxes,
    });
  } catch {
    return undefined;
  }
}
