/** Liquidity services: add (approvals first), remove (pair approval first), create a pair. */
import { trackEvent } from '../bus/events';
import type { NetworkConfig } from '../config/types';
import type { TxResult, UserPosition } from '../adapters/types';
import { isUserRejection } from '../adapters/evm/common';
import { formatUnits } from '../core/amounts';
import { LP_DECIMALS } from '../core/constants';
import { ChainError, ERROR_ADDING_LIQUIDITY, ERROR_REMOVING_LIQUIDITY } from '../core/errors';
import { DEFAULT_SLIPPAGE_BPS } from '../core/constants';
import { minimumReceived } from '../core/slippage';
import type { ApprovalMode } from '../core/validation';
import { readerFor, resetReaders } from './platform';
import {
  onNetworkReset,
  refreshWalletData,
  requireWallet,
  servicesContext,
  writer,
} from './wallet';
import { ensureApproval } from './swap';

/** Liquidity of a pair goes through the normal ROUTER when a token is flagged useNormalRouterForLiquidity. */
export function liquiditySpender(network: NetworkConfig, symbolA: string, symbolB: string): string {
  const normal = [symbolA, symbolB].some(
    (s) => network.tokens[s]?.useNormalRouterForLiquidity === true,
  );
  return normal ? network.exchange.ROUTER_ADDRESS : network.exchange.LIQUIDITY_ROUTER;
}

/** A wallet/network failure that must reach the UI as is (rejection, wrong network). */
function passThrough(error: unknown): boolean {
  return isUserRejection(error) || (error instanceof ChainError && error.code === 'WRONG_NETWORK');
}

/** Positions cache (liquidity state): reset on network change and after every liquidity send. */
const positionsCache = new Map<string, Promise<UserPosition[] | undefined>>();
onNetworkReset(() => positionsCache.clear());

export interface AddLiquidityRequest {
  symbolA: string;
  symbolB: string;
  amountA: bigint;
  amountB: bigint;
  /** Default 5%. */
  slippageBps?: number;
  approvalMode?: ApprovalMode;
  deadline?: bigint;
}

function track(
  name: 'LIQUIDITY_ADD' | 'LIQUIDITY_REMOVE',
  network: NetworkConfig,
  symbols: string[],
  amounts: string[],
) {
  trackEvent(name, {
    host: servicesContext().host,
    widget: servicesContext().widget,
    network: network.id,
    tokens: symbols,
    amounts,
  });
}

/** Approvals first (the base coin needs none), then the base-coin or token-token add. */
export async function addLiquidity(request: AddLiquidityRequest): Promise<TxResult> {
  const wallet = requireWallet();
  const network = wallet.network;
  const spender = liquiditySpender(network, request.symbolA, request.symbolB);
  const slippage = request.slippageBps ?? DEFAULT_SLIPPAGE_BPS;
  try {
    await ensureApproval({
      token: request.symbolA,
      spender,
      amount: request.amountA,
      mode: request.approvalMode,
    });
    await ensureApproval({
      token: request.symbolB,
      spender,
      amount: request.amountB,
      mode: request.approvalMode,
    });
    const { writer: w } = await writer();
    const result = await w.addLiquidity({
      symbolA: request.symbolA,
      symbolB: request.symbolB,
      amountA: request.amountA,
      amountB: request.amountB,
      minA: minimumReceived(request.amountA, slippage),
      minB: minimumReceived(request.amountB, slippage),
      recipient: wallet.connection.address,
      deadline: request.deadline,
    });
    const a = network.tokens[request.symbolA];
    const b = network.tokens[request.symbolB];
    track(
      'LIQUIDITY_ADD',
      network,
      [request.symbolA, request.symbolB],
      [
        formatUnits(request.amountA, a?.decimals ?? 18),
        formatUnits(request.amountB, b?.decimals ?? 18),
      ],
    );
    return result;
  } catch (error) {
    if (passThrough(error)) throw error;
    console.error('[shared-chain] adding liquidity failed', error);
    throw new ChainError('TRANSACTION_FAILED', ERROR_ADDING_LIQUIDITY);
  } finally {
    resetReaders();
    positionsCache.clear();
    void refreshWalletData();
  }
}

export interface RemoveLiquidityRequest {
  symbolA: string;
  symbolB: string;
  /** Liquidity tokens to burn (18 decimals). */
  lpTokens: bigint;
  /** Minimums; default: the position's share of each reserve minus the slippage. */
  minA?: bigint;
  minB?: bigint;
  slippageBps?: number;
  approvalMode?: ApprovalMode;
  deadline?: bigint;
}

/** The connected wallet's positions (cached until the next liquidity send or network change). */
export async function liquidityPositions(): Promise<UserPosition[] | undefined> {
  const wallet = requireWallet();
  const key = `${wallet.network.id}:${wallet.connection.address}`;
  let cached = positionsCache.get(key);
  if (!cached) {
    cached = readerFor(wallet.network).then((r) => r.userPositions(wallet.connection.address));
    positionsCache.set(key, cached);
    void cached.then((v) => {
      if (v === undefined) positionsCache.delete(key);
    });
  }
  return cached;
}

/** Pair approval first, then the removal. Rejects "Wallet not connected" without a wallet. */
export async function removeLiquidity(request: RemoveLiquidityRequest): Promise<TxResult> {
  const wallet = requireWallet();
  const network = wallet.network;
  const spender = liquiditySpender(network, request.symbolA, request.symbolB);
  const slippage = request.slippageBps ?? DEFAULT_SLIPPAGE_BPS;
  try {
    positionsCache.clear();
    const positions = await liquidityPositions();
    const position = positions?.find(
      (p) =>
        (p.symbolA === request.symbolA && p.symbolB === request.symbolB) ||
        (p.symbolA === request.symbolB && p.symbolB === request.symbolA),
    );
    if (!position || position.userLiquidity === 0n)
      throw new Error(`No ${request.symbolA}/${request.symbolB} position`);
    const straight = position.symbolA === request.symbolA;
    const valueA = straight ? position.valueA : position.valueB;
    const valueB = straight ? position.valueB : position.valueA;
    const minA =
      request.minA ??
      minimumReceived((valueA * request.lpTokens) / position.userLiquidity, slippage);
    const minB =
      request.minB ??
      minimumReceived((valueB * request.lpTokens) / position.userLiquidity, slippage);
    await ensureApproval({
      token: position.pair,
      spender,
      amount: request.lpTokens,
      mode: request.approvalMode,
    });
    const { writer: w } = await writer();
    const result = await w.removeLiquidity({
      symbolA: request.symbolA,
      symbolB: request.symbolB,
      lpTokens: request.lpTokens,
      minA,
      minB,
      recipient: wallet.connection.address,
      deadline: request.deadline,
    });
    track(
      'LIQUIDITY_REMOVE',
      network,
      [request.symbolA, request.symbolB],
      [formatUnits(request.lpTokens, LP_DECIMALS)],
    );
    return result;
  } catch (error) {
    if (
      passThrough(error) ||
      (error instanceof ChainError && error.code === 'WALLET_NOT_CONNECTED')
    )
      throw error;
    console.error('[shared-chain] removing liquidity failed', error);
    throw new ChainError('TRANSACTION_FAILED', ERROR_REMOVING_LIQUIDITY);
  } finally {
    resetReaders();
    positionsCache.clear();
    void refreshWalletData();
  }
}

/** Creates the pair through the factory (the first provider then adds liquidity). */
export async function createPair(symbolA: string, symbolB: string): Promise<TxResult> {
  const { writer: w } = await writer();
  try {
    return await w.createPair(symbolA, symbolB);
  } finally {
    resetReaders();
  }
}
