/** Liquidity services: add (approvals first), remove (pair approval first), create a pair. */
import {
  trackEvent,
  withPendingTransaction,
  isUserRejection,
  readerFor,
  resetReaders,
  getApprovalMode,
  getSlippageBps,
  networkById,
  onNetworkReset,
  refreshWalletData,
  requireWallet,
  servicesContext,
  writer,
} from '../singleton';
import { formatUnits } from '../core/amounts';
import { LP_DECIMALS } from '../core/constants';
import {
  ChainError,
  SwapError,
  ERROR_ADDING_LIQUIDITY,
  ERROR_REMOVING_LIQUIDITY,
  minedFailureOf,
  withMinedFailure,
} from '../core/errors';
import type { NetworkConfig, NetworkId } from '../config/types';
import type { TxResult, UserPosition } from '../adapters/types';
import { withGasMargin } from '../core/feeReserve';
import { minimumReceived } from '../core/slippage';
import type { ApprovalMode } from '../core/validation';
import {
  planLiquidityAdd,
  planLiquidityRemoval,
  type LiquidityAddPlan,
  type LiquidityRemovalPlan,
  type PairState,
  userShareBps,
} from '../core/liquidity';
import { ensureApproval } from './approval';
import { liquidityRouterOf } from '../core/routers';
import { poolsAround } from './pools';
import { fetchPairs } from '../api/pairs';
import { keyOfAddress } from '../config/tokenIdentity';
import { addMoved, removeMoved } from './moved';
import { sendDeadline } from './deadline';

/**
 * A mined add or removal: its id and fee, and what the chain moved for the user (deposited, or
 * received; pool tokens minted by an add), undefined where the logs did not say.
 */
export interface LiquidityOutcome extends TxResult {
  amountA?: bigint;
  amountB?: bigint;
  lpTokens?: bigint;
}

/** The liquidity failure text, keeping what a mined failure tells (txid, fee, reason). */
function liquidityFailure(error: unknown, text: string): ChainError {
  const failure = new ChainError('TRANSACTION_FAILED', text);
  const mined = minedFailureOf(error);
  return mined ? withMinedFailure(failure, mined) : failure;
}

export type { UserPosition } from '../adapters/types';

/** Liquidity of a pair goes through the normal ROUTER when a token is flagged useNormalRouterForLiquidity. */
export function liquiditySpender(network: NetworkConfig, symbolA: string, symbolB: string): string {
  return liquidityRouterOf(network, symbolA, symbolB).address;
}

/**
 * The tax percent each token pays on this pair's liquidity route (docs/taxes.md): none through
 * the LIQUIDITY_ROUTER, which taxed tokens exempt; the token's own tax through the normal ROUTER
 * (SafeMoney, PSRS). The base coin is never taxed.
 */
export function liquidityTaxes(
  network: NetworkConfig,
  symbolA: string,
  symbolB: string,
): { taxA: number; taxB: number; normalRouter: boolean } {
  const normalRouter =
    liquiditySpender(network, symbolA, symbolB) === network.exchange.ROUTER_ADDRESS &&
    network.exchange.ROUTER_ADDRESS !== network.exchange.LIQUIDITY_ROUTER;
  const tax = (s: string) => {
    const t = network.tokens[s];
    return normalRouter && t && !t.isBase ? t.tax : 0;
  };
  return { taxA: tax(symbolA), taxB: tax(symbolB), normalRouter };
}

/** A pair seen from the user's token order; `pair` undefined when it does not exist yet. */
export interface LiquidityPair extends PairState {
  symbolA: string;
  symbolB: string;
  pair?: string;
  kLast: bigint;
}

const sameTokens = (a: string, b: string, x: string, y: string) =>
  (a === x && b === y) || (a === y && b === x);

/**
 * The live state of the A/B pair (reserves in A/B order, LP supply, kLast): read when the tokens
 * change, never per keystroke. Undefined when the node cannot be read.
 */
export async function getLiquidityPair(
  symbolA: string,
  symbolB: string,
  networkId?: NetworkId,
): Promise<LiquidityPair | undefined> {
  const network = await networkById(networkId);
  const reader = await readerFor(network);
  // With a token beyond the config, its pair is the factory's (not in the listing).
  const pools = await poolsAround(network, [symbolA, symbolB]);
  if (!pools) return undefined;
  const pool = (pools as Array<(typeof pools)[number] & { pair?: string }>).find((p) =>
    sameTokens(p.symbolA, p.symbolB, symbolA, symbolB),
  );
  const empty = { symbolA, symbolB, reserveA: 0n, reserveB: 0n, totalSupply: 0n, kLast: 0n };
  if (!pool?.pair) return empty;
  const state = reader.pairState ? await reader.pairState(pool.pair) : undefined;
  if (!state) return undefined;
  // swap-info lists each pool as token0/token1.
  const straight = pool.symbolA === symbolA;
  return {
    symbolA,
    symbolB,
    pair: pool.pair,
    reserveA: straight ? state.reserve0 : state.reserve1,
    reserveB: straight ? state.reserve1 : state.reserve0,
    totalSupply: state.totalSupply,
    kLast: state.kLast,
  };
}

/**
 * What an add of the desired amounts moves: wallet -> pool (taxed where it applies) and LP minted.
 * addLiquidityBase hands the router (token, base) in that order, so a base-first pair is planned
 * token-first, as the router will round it.
 */
export function planAdd(
  network: NetworkConfig,
  pair: LiquidityPair,
  desiredA: bigint,
  desiredB: bigint,
): LiquidityAddPlan {
  const { taxA, taxB } = liquidityTaxes(network, pair.symbolA, pair.symbolB);
  const decimalsA = network.tokens[pair.symbolA]?.decimals ?? 18;
  const decimalsB = network.tokens[pair.symbolB]?.decimals ?? 18;
  const flip =
    network.tokens[pair.symbolA]?.isBase === true && network.tokens[pair.symbolB]?.isBase !== true;
  if (!flip)
    return planLiquidityAdd({ ...pair, desiredA, desiredB, decimalsA, decimalsB, taxA, taxB });
  const p = planLiquidityAdd({
    ...pair,
    reserveA: pair.reserveB,
    reserveB: pair.reserveA,
    desiredA: desiredB,
    desiredB: desiredA,
    decimalsA: decimalsB,
    decimalsB: decimalsA,
    taxA: taxB,
    taxB: taxA,
  });
  return {
    ...p,
    amountA: p.amountB,
    amountB: p.amountA,
    toPoolA: p.toPoolB,
    toPoolB: p.toPoolA,
    priceAtoB: p.priceBtoA,
    priceBtoA: p.priceAtoB,
  };
}

/** What removing `percent` of a position returns: pair -> router -> wallet, taxed where it applies. */
export function planRemoval(
  network: NetworkConfig,
  pair: LiquidityPair,
  userLiquidity: bigint,
  percent: number,
): LiquidityRemovalPlan {
  const { taxA, taxB } = liquidityTaxes(network, pair.symbolA, pair.symbolB);
  return planLiquidityRemoval({ ...pair, userLiquidity, percent, taxA, taxB });
}

/** A failure that must reach the UI as is (rejection, wrong network, a simulation that reverted). */
function passThrough(error: unknown): boolean {
  return (
    isUserRejection(error) ||
    (error instanceof ChainError &&
      (error.code === 'WRONG_NETWORK' ||
        error.code === 'TRANSACTION_PENDING' ||
        error.code === 'SIMULATION_FAILED' ||
        error.code === 'SIMULATION_UNAVAILABLE' ||
        error.code === 'TRANSACTION_CANCELLED' ||
        error.code === 'ACCOUNT_CHANGED')) ||
    // No node told an allowance: nothing was sent, said as such (not "Error adding liquidity").
    (error instanceof SwapError && error.code === 'ALLOWANCE_UNREAD')
  );
}

/** Positions cache (liquidity state): reset on network change and after every liquidity send. */
const positionsCache = new Map<string, PositionsRead>();

/** One read of a wallet's positions, with what its pages brought so far for a later caller. */
interface PositionsRead {
  result: Promise<UserPosition[] | undefined>;
  soFar?: UserPosition[];
  listeners: Set<(soFar: UserPosition[]) => void>;
}
onNetworkReset(() => positionsCache.clear());

/** Where a liquidity send is, for the UI's progress text. */
export type LiquidityProgress =
  | { step: 'approve'; token: string }
  | { step: 'createPair' }
  | { step: 'supply' }
  | { step: 'remove' };

export interface AddLiquidityRequest {
  symbolA: string;
  symbolB: string;
  amountA: bigint;
  amountB: bigint;
  /** Minimums; default: the amounts minus the slippage setting. */
  minA?: bigint;
  minB?: bigint;
  /** Default: the slippage setting (5% unless the user or the widget host changed it). */
  slippageBps?: number;
  /** Default: the approval setting (maximum unless the user chose exact). */
  approvalMode?: ApprovalMode;
  deadline?: bigint;
  onProgress?: (progress: LiquidityProgress) => void;
  /** The wallet handed back the add's id (not an approval's): it is on its way. */
  onSubmitted?: (txid: string) => void;
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

/**
 * Approvals first (the base coin needs none), then, when the pair does not exist yet, createPair
 * (TRON fee limit 1000000000), then the base-coin or token-token add.
 */
export async function addLiquidity(request: AddLiquidityRequest): Promise<LiquidityOutcome> {
  const wallet = requireWallet();
  // The account's only open send: SUPPLY, REMOVE and SWAP stay disabled until it settles.
  return withPendingTransaction(wallet.connection.address, () => sendAdd(request, wallet));
}

async function sendAdd(
  request: AddLiquidityRequest,
  wallet: ActiveWallet,
): Promise<LiquidityOutcome> {
  const network = wallet.network;
  // The account the user pressed SUPPLY as: it receives the pool tokens (a switch of account in
  // the wallet meanwhile stops the sends, see walletAsked).
  const owner = wallet.connection.address;
  const spender = liquiditySpender(network, request.symbolA, request.symbolB);
  const slippage = request.slippageBps ?? getSlippageBps();
  const mode = request.approvalMode ?? getApprovalMode();
  const progress = request.onProgress ?? (() => undefined);
  try {
    for (const [token, amount] of [
      [request.symbolA, request.amountA],
      [request.symbolB, request.amountB],
    ] as const) {
      if (network.tokens[token]?.isBase) continue;
      progress({ step: 'approve', token });
      await ensureApproval({ token, spender, amount, mode });
    }
    const existing = await getLiquidityPair(request.symbolA, request.symbolB, network.id);
    if (existing && !existing.pair) {
      progress({ step: 'createPair' });
      const { writer: creator } = await writer();
      await creator.createPair(request.symbolA, request.symbolB);
      resetReaders({ afterSend: true });
    }
    progress({ step: 'supply' });
    const { writer: w } = await writer();
    const order = {
      symbolA: request.symbolA,
      symbolB: request.symbolB,
      amountA: request.amountA,
      amountB: request.amountB,
      minA: request.minA ?? minimumReceived(request.amountA, slippage),
      minB: request.minB ?? minimumReceived(request.amountB, slippage),
      recipient: owner,
      deadline: request.deadline ?? (await sendDeadline(network)),
    };
    const result = await w.addLiquidity(order, { onSent: request.onSubmitted });
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
    return result.logs === undefined
      ? result
      : { ...result, ...addMoved(network, order, result.logs) };
  } catch (error) {
    if (passThrough(error)) throw error;
    console.error('[shared-chain] adding liquidity failed', error);
    throw liquidityFailure(error, ERROR_ADDING_LIQUIDITY);
  } finally {
    resetReaders({ afterSend: true });
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
  /** The token amounts the user was shown (analytics). */
  amountA?: bigint;
  amountB?: bigint;
  onProgress?: (progress: LiquidityProgress) => void;
  /** The wallet handed back the removal's id (not the approval's): it is on its way. */
  onSubmitted?: (txid: string) => void;
}

type ActiveWallet = ReturnType<typeof requireWallet>;

/**
 * The connected wallet's positions (cached until the next liquidity send or network change).
 * `onPositions` gets the positions read so far as pages arrive (first what an earlier caller's
 * read already has); a read that fails after some pages resolves to undefined.
 */
export async function liquidityPositions(
  onPositions?: (soFar: UserPosition[]) => void,
): Promise<UserPosition[] | undefined> {
  const wallet = requireWallet();
  const key = `${wallet.network.id}:${wallet.connection.address}`;
  let read = positionsCache.get(key);
  if (!read) {
    const started: PositionsRead = { listeners: new Set(), result: Promise.resolve(undefined) };
    const owner = wallet.connection.address;
    started.result = readerFor(wallet.network).then(async (r) => {
      const listed = await r.userPositions(owner, (soFar) => {
        started.soFar = soFar;
        started.listeners.forEach((listener) => listener(soFar));
      });
      if (listed === undefined) return undefined;
      // Pairs beyond the config are extra: when they cannot be read, the listed ones still show.
      const others = await networkById(wallet.network.id)
        .then((network) => otherPositions(network, owner, listed))
        .catch((error: unknown) => {
          console.warn('[shared-chain] positions in other pairs not read', error);
          return [];
        });
      if (others.length === 0) return listed;
      const all = [...listed, ...others];
      started.soFar = all;
      started.listeners.forEach((listener) => listener(all));
      return all;
    });
    read = started;
    positionsCache.set(key, read);
    void read.result.then((v) => {
      if (v === undefined && positionsCache.get(key) === started) positionsCache.delete(key);
    });
  }
  if (!onPositions) return read.result;
  if (read.soFar) onPositions(read.soFar);
  read.listeners.add(onPositions);
  try {
    return await read.result;
  } finally {
    read.listeners.delete(onPositions);
  }
}

/** At most this many of the api's other pairs are checked for a wallet's positions. */
export const OTHER_PAIRS_CHECKED = 500;

/**
 * The wallet's positions in pairs the config does not list: the api's index of the factory's
 * pairs, each checked on chain (the wallet's pool-token balance; the pair must be the factory's
 * own for its two tokens). Tokens are named by key (a listed symbol, else the address). An api
 * that is down costs only these positions. `known` are the positions the reader already found:
 * it also finds pairs of two listed tokens that no configured pool names, which the api calls
 * unlisted.
 */
async function otherPositions(
  network: NetworkConfig,
  owner: string,
  known: readonly UserPosition[],
): Promise<UserPosition[]> {
  const knownPairs = new Set(known.map((p) => keyOfAddress(network, p.pair)));
  const pairs = [];
  for (let offset = 0; offset < OTHER_PAIRS_CHECKED; offset += 100) {
    const page = await fetchPairs(network.api.url, network.id, { offset, limit: 100 });
    if (!page) break;
    pairs.push(
      ...page.pairs.filter((p) => !p.listed && !knownPairs.has(keyOfAddress(network, p.address))),
    );
    if (page.pairs.length < 100) break;
  }
  if (pairs.length === 0) return [];
  const reader = await readerFor(network);
  const held = await reader.balances(
    owner,
    pairs.map((p) => p.address),
  );
  if (!held) return [];
  const mine = pairs.filter((p) => (held[p.address] ?? 0n) > 0n);
  const positions = await Promise.all(
    mine.map(async (p): Promise<UserPosition | undefined> => {
      const a = keyOfAddress(network, p.tokenA.address);
      const b = keyOfAddress(network, p.tokenB.address);
      if (a === undefined || b === undefined) return undefined;
      // The factory's own pair of these tokens, or nothing (the api is not trusted for it).
      const [pool] = (await reader.factoryPools?.([[a, b]], true)) ?? [];
      if (!pool || keyOfAddress(network, pool.pair) !== keyOfAddress(network, p.address))
        return undefined;
      const state = await reader.pairState?.(pool.pair);
      if (!state || state.totalSupply === 0n) return undefined;
      const userLiquidity = held[p.address] as bigint;
      const [reserveA, reserveB] =
        pool.symbolA === a ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA];
      return {
        pair: pool.pair,
        symbolA: a,
        symbolB: b,
        valueA: (reserveA * userLiquidity) / state.totalSupply,
        valueB: (reserveB * userLiquidity) / state.totalSupply,
        totalLiquidity: state.totalSupply,
        userLiquidity,
        userShareBps: userShareBps(userLiquidity, state.totalSupply),
      };
    }),
  );
  return positions.filter((p): p is UserPosition => p !== undefined);
}

/**
 * The position a removal burns from and the minimums it sends: the position's share of each
 * reserve for `lpTokens`, minus the slippage (unless the request gives them). Throws when the
 * account has no such position.
 */
export function removalBounds(
  positions: readonly UserPosition[] | undefined,
  request: Pick<RemoveLiquidityRequest, 'symbolA' | 'symbolB' | 'lpTokens' | 'minA' | 'minB'>,
  slippage: number,
): { position: UserPosition; minA: bigint; minB: bigint } {
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
    request.minA ?? minimumReceived((valueA * request.lpTokens) / position.userLiquidity, slippage);
  const minB =
    request.minB ?? minimumReceived((valueB * request.lpTokens) / position.userLiquidity, slippage);
  return { position, minA, minB };
}

/** Pair approval first, then the removal. Rejects "Wallet not connected" without a wallet. */
export async function removeLiquidity(request: RemoveLiquidityRequest): Promise<LiquidityOutcome> {
  const wallet = requireWallet();
  return withPendingTransaction(wallet.connection.address, () => sendRemove(request, wallet));
}

async function sendRemove(
  request: RemoveLiquidityRequest,
  wallet: ActiveWallet,
): Promise<LiquidityOutcome> {
  const network = wallet.network;
  // The account the user pressed REMOVE as: it receives both tokens.
  const owner = wallet.connection.address;
  const spender = liquiditySpender(network, request.symbolA, request.symbolB);
  const slippage = request.slippageBps ?? getSlippageBps();
  const mode = request.approvalMode ?? getApprovalMode();
  const progress = request.onProgress ?? (() => undefined);
  try {
    positionsCache.clear();
    const { position, minA, minB } = removalBounds(await liquidityPositions(), request, slippage);
    progress({ step: 'approve', token: `${request.symbolA}/${request.symbolB}` });
    await ensureApproval({ token: position.pair, spender, amount: request.lpTokens, mode });
    progress({ step: 'remove' });
    const { writer: w } = await writer();
    const order = {
      symbolA: request.symbolA,
      symbolB: request.symbolB,
      lpTokens: request.lpTokens,
      minA,
      minB,
      recipient: owner,
      deadline: request.deadline ?? (await sendDeadline(network)),
    };
    const result = await w.removeLiquidity(order, { onSent: request.onSubmitted });
    track(
      'LIQUIDITY_REMOVE',
      network,
      [request.symbolA, request.symbolB],
      request.amountA !== undefined && request.amountB !== undefined
        ? [
            formatUnits(request.amountA, network.tokens[request.symbolA]?.decimals ?? 18),
            formatUnits(request.amountB, network.tokens[request.symbolB]?.decimals ?? 18),
          ]
        : [formatUnits(request.lpTokens, LP_DECIMALS)],
    );
    return result.logs === undefined
      ? result
      : { ...result, ...removeMoved(network, order, result.logs) };
  } catch (error) {
    if (
      passThrough(error) ||
      (error instanceof ChainError && error.code === 'WALLET_NOT_CONNECTED')
    )
      throw error;
    console.error('[shared-chain] removing liquidity failed', error);
    throw liquidityFailure(error, ERROR_REMOVING_LIQUIDITY);
  } finally {
    resetReaders({ afterSend: true });
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
    resetReaders({ afterSend: true });
  }
}

/**
 * What MAX keeps of the base coin on EVM for an add of `symbolA`/`symbolB`: the add's gas, plus
 * createPair's when the user is the first provider, at the gas price, with the MAX margin.
 * Undefined on TRON (the energy rule applies) and when the node cannot estimate.
 */
export async function liquidityGasReserve(request: {
  owner: string;
  symbolA: string;
  symbolB: string;
  networkId?: NetworkId;
}): Promise<bigint | undefined> {
  const network = await networkById(request.networkId);
  const reader = await readerFor(network);
  if (!reader.liquidityGasCost) return undefined;
  const pair = await getLiquidityPair(request.symbolA, request.symbolB, network.id);
  const createsPair = pair !== undefined && !pair.pair;
  const cost = await reader.liquidityGasCost(
    request.owner,
    request.symbolA,
    request.symbolB,
    createsPair,
  );
  return cost === undefined ? undefined : withGasMargin(cost);
}
