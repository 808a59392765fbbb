/**
 * The seam between shared-chain's platform-neutral services and its two platform adapters:
 * EVM (ethers v6) and TRON (tronweb, loaded lazily). Remotes never see these; they use the
 * services and hooks built on top. Addresses are written as the network writes them (0x on EVM,
 * base58 on TRON); amounts are bigint base units.
 */
import type { BehaviorSubject } from 'rxjs';
import type { NetworkConfig, Platform } from '../config/types';
import type { PoolReserves } from '../core/paths';
import type { NodeStatus } from '../core/nodePool';
import type { TransferReading } from '../core/tax';
import type { TxLog } from '../core/receipt';
import type { TokenProbeReading } from '../core/tokenProbe';
import type { WalletKind } from '../wallets/options';

/**
 * The health of a network's nodes: "unreachable" when the last request to every node failed (or
 * no node is configured), "ok" once one answers again. A revert is an answer. The UI shows it;
 * nothing crashes.
 */
export type ReadStatus = NodeStatus;

/** One liquidity position of a user (product.md section 3: User pool). */
export interface UserPosition {
  pair: string;
  symbolA: string;
  symbolB: string;
  /** The user's share of each reserve. */
  valueA: bigint;
  valueB: bigint;
  totalLiquidity: bigint;
  /** LP tokens held, 18 decimals. */
  userLiquidity: bigint;
  userShareBps: bigint;
}

/** A pair as the liquidity math needs it; token0 as the network writes addresses. */
export interface PairChainState {
  token0: string;
  reserve0: bigint;
  reserve1: bigint;
  totalSupply: bigint;
  kLast: bigint;
}

export interface TronResources {
  energy: bigint;
  bandwidth: bigint;
}

/**
 * Reads anyone can make, without a wallet. Every method logs and swallows its errors and then
 * yields undefined (the spec: chain read errors are logged only). Reads move to the network's
 * next node when one fails (core/nodePool.ts); status$ says "unreachable" when every node failed,
 * so the UI can say so.
 */
export interface ChainReader {
  readonly network: NetworkConfig;
  readonly status$: BehaviorSubject<ReadStatus>;
  /**
   * Reserves of every pool via the swap-info contract (pages 1..3 of 10), read at most every
   * 5 s. An older snapshot is served while the next read runs (up to PAIR_STALE_MS, 30 s;
   * adapters/snapshot.ts); `fresh`: wait for a snapshot read less than 5 s ago (what SWAP sends).
   */
  pairReserves(options?: { fresh?: boolean }): Promise<PoolReserves[] | undefined>;
  /** Base coin and token balances of `owner` by symbol, cached 5 s, batched into few requests. */
  balances(owner: string, symbols: readonly string[]): Promise<Record<string, bigint> | undefined>;
  allowance(symbol: string, owner: string, spender: string): Promise<bigint | undefined>;
  /** The user's liquidity positions via swap-info (7 per page). */
  /**
   * Every position of `owner`; undefined when unreadable. `onPositions` gets the positions read
   * so far each time a page adds to them (a wallet in a thousand pools waits for many pages).
   */
  userPositions(
    owner: string,
    onPositions?: (soFar: UserPosition[]) => void,
  ): Promise<UserPosition[] | undefined>;
  /** One pair's live state (reserves by token0/token1, LP supply, kLast), not cached: exact LP estimates. */
  pairState?(pair: string): Promise<PairChainState | undefined>;
  /** EVM only: the most a base-coin swap along `path` costs in gas (limit x price), for MAX. */
  swapGasCost?(
    owner: string,
    path: readonly string[],
    amountIn: bigint,
  ): Promise<bigint | undefined>;
  /**
   * EVM only: the most an add of liquidity to `symbolA`/`symbolB` costs in gas (limit x price),
   * createPair included when `createsPair`, for MAX.
   */
  liquidityGasCost?(
    owner: string,
    symbolA: string,
    symbolB: string,
    createsPair: boolean,
  ): Promise<bigint | undefined>;
  /** TRON only: energy and bandwidth available to `owner`. */
  resources?(owner: string): Promise<TronResources | undefined>;
  /** Router's Taxed quote for a path of symbols (used to cross-check the local estimate). */
  routerQuote(
    kind: 'exactIn' | 'exactOut',
    amount: bigint,
    path: readonly string[],
  ): Promise<bigint[] | undefined>;
  /**
   * A simulated base-coin buy of `amountIn` along `path` (base coin first): what the last pair
   * sent towards the recipient and what arrived, to detect the last token's tax.
   */
  probeTransferTax?(
    path: readonly string[],
    amountIn: bigint,
  ): Promise<TransferReading | undefined>;
  /** A contract's token facts, read from the chain to import it by address. */
  tokenFacts?(address: string): Promise<TokenFactsAnswer | undefined>;
  /**
   * A base-coin buy of `amountIn` along `path` (base coin first) and the sale of what arrived,
   * both simulated in one read-only call (TokenProbe.sol, never deployed): its taxes and whether
   * it can be sold.
   */
  probeToken?(path: readonly string[], amountIn: bigint): Promise<TokenProbeReading | undefined>;
  /**
   * The exchange's pools of these token pairs (keys: listed symbols or addresses), asked of the
   * factory (getPair), with their reserves, read at most every 5 s (`fresh`: now).
   */
  factoryPools?(
    pairs: readonly (readonly [string, string])[],
    fresh?: boolean,
  ): Promise<(PoolReserves & { pair: string })[] | undefined>;
  /**
   * The chain's time now (ms), by the latest block its nodes gave: what a send's deadline
   * counts from where this device's clock is behind. Undefined before a node was asked.
   */
  chainTimeMs?(): number | undefined;
  /** Forget every cached value (network change, after a transaction). */
  reset(): void;
}

/** What an address holds, for an import: no contract, a contract without token metadata, a token. */
export type TokenFactsAnswer =
  | { kind: 'no-code' }
  | { kind: 'not-token' }
  | {
      kind: 'token';
      symbol: string;
      name: string;
      /** As the contract answers (may be out of range: the import refuses it). */
      decimals: bigint;
      totalSupply: bigint;
    };

export type { TokenProbeReading } from '../core/tokenProbe';

export interface TxResult {
  /** Transaction hash (EVM) or id (TRON). */
  txid: string;
  /** What it cost, in the base coin's base units (EVM gas used x price; TRON sun burned). */
  fee?: bigint;
  /** The receipt's logs (what moved: core/receipt.ts reads them). */
  logs?: TxLog[];
}

/**
 * Told while a send runs. `onSent`: the wallet handed back the transaction's id and it is on its
 * way to a block; the send itself resolves only with the receipt (the popup opens at the first,
 * and says Confirmed or Failed at the second).
 */
export interface SendHooks {
  onSent?(txid: string): void;
}

/**
 * An EVM send as the app built it and handed it to the wallet (value and gas in decimal), with
 * the nonce the wallet gave it once read back: what a Speed up sends again, never what a node
 * says the transaction was.
 */
export interface SentRecord {
  from: string;
  chainId: number;
  to: string;
  data: string;
  value: string;
  gas: string;
  nonce?: number;
}

export interface SwapOrder {
  kind: 'exactIn' | 'exactOut';
  /** Path of token symbols, from the estimate. */
  path: readonly string[];
  /** exactIn: amountIn and the minimumReceived bound; exactOut: amountOut and the maximumSold bound. */
  amount: bigint;
  bound: bigint;
  recipient: string;
  /** Unix seconds; defaults to now + 300 s. */
  deadline?: bigint;
  /** Tax percent per path token the estimate used (detected on chain); default the config's. */
  taxes?: readonly number[];
}

export interface AddLiquidityOrder {
  symbolA: string;
  symbolB: string;
  amountA: bigint;
  amountB: bigint;
  /** Minimums after slippage. */
  minA: bigint;
  minB: bigint;
  recipient: string;
  deadline?: bigint;
}

export interface RemoveLiquidityOrder {
  symbolA: string;
  symbolB: string;
  lpTokens: bigint;
  minA: bigint;
  minB: bigint;
  recipient: string;
  deadline?: bigint;
}

/** A send to preview: the same order the send path builds. */
export type PreviewOrder =
  | { action: 'swap'; order: SwapOrder }
  | { action: 'add'; order: AddLiquidityOrder }
  | { action: 'remove'; order: RemoveLiquidityOrder };

/** What the chain would do with that exact transaction now, from the user's address. */
export interface SendPreview {
  /** The router function and its return values, flattened (a swap's amounts[], an add's A, B, LP). */
  fn: string;
  outputs: bigint[];
  /** What it would cost in the base coin's base units: EVM gas estimate x gas price; TRON sun burned. */
  fee: bigint;
  /** TRON: the account's free energy. */
  freeEnergy?: bigint;
}

/**
 * Sends, signed by the connected wallet. Each resolves when the transaction is mined/confirmed
 * (with its fee and logs) and rejects with a ChainError ("Transaction failed", a revert reason,
 * or code 4001 when the user rejected in the wallet); a transaction mined and failed carries
 * its txid, fee and reason (core/errors.ts minedFailureOf). `hooks.onSent` hears the id as soon
 * as the wallet returns it. The adapter picks the router (ROUTER, or LIQUIDITY_ROUTER unless
 * the token has useNormalRouterForLiquidity), the function (the six swaps by exact-in/out and
 * base in/out; addLiquidity/addLiquidityBase; removeLiquidity/...Base/...SupportingFeeOnTransferTokens),
 * the taxes array, fee limits (TRON) and fixed gas prices (POLY, BTTC).
 */
export interface ChainWriter {
  approve(symbolOrAddress: string, spender: string, amount: bigint): Promise<TxResult>;
  swap(order: SwapOrder, hooks?: SendHooks): Promise<TxResult>;
  addLiquidity(order: AddLiquidityOrder, hooks?: SendHooks): Promise<TxResult>;
  removeLiquidity(order: RemoveLiquidityOrder, hooks?: SendHooks): Promise<TxResult>;
  createPair(symbolA: string, symbolB: string): Promise<TxResult>;
  /** Simulates a send without sending; rejects with a SimulationError when it would revert. */
  preview?(request: PreviewOrder): Promise<SendPreview>;
}

/** A connected wallet as the adapters see it. */
export interface WalletConnection {
  kind: WalletKind;
  /** Wallet name shown as "Welcome {name}". */
  name: string;
  platform: Platform;
  address: string;
  /** The chain the wallet is on now (EVM chain id; TRON: the node's chain id or the expected one). */
  chainId(): Promise<number>;
  /** Ask the wallet to switch to (or add, on 4902) the network's chain; rejects if it refuses. */
  switchChain(network: NetworkConfig): Promise<void>;
  /** Subscribe to account/chain changes and disconnects; returns an unsubscribe. */
  onChange(
    listener: (change: {
      type: 'accounts' | 'chain' | 'disconnect';
      value?: string | number;
    }) => void,
  ): () => void;
  disconnect(): Promise<void>;
  /**
   * The page stops using the wallet but leaves its session open for the next connect (a network
   * change); absent: the same as disconnect.
   */
  release?(): Promise<void>;
}

export interface WalletConnector {
  kind: WalletKind;
  platform: Platform;
  /** Is the wallet present in this page (extension injected, dev keys on the local profile...)? */
  isAvailable(): boolean;
  /** Connects; rejects with a ChainError code 4001 when the user declines. */
  connect(network: NetworkConfig, choice?: WalletChoice): Promise<WalletConnection>;
  /** The session this page had before a reload, when the wallet keeps one (WalletConnect). */
  restore?(network: NetworkConfig, choice?: WalletChoice): Promise<WalletConnection | undefined>;
}

/** Which one of a kind's wallets: a browser wallet by its EIP-6963 id (io.rabby). */
export interface WalletChoice {
  rdns?: string;
}

/** One implementation per platform, chosen by network.platform. */
export interface PlatformAdapter {
  platform: Platform;
  createReader(network: NetworkConfig): ChainReader;
  createWriter(network: NetworkConfig, wallet: WalletConnection): ChainWriter;
  connectors(): WalletConnector[];
}
