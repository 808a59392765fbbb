/**
 * The swap box's only door to chain services (shared-chain). Everything here is I/O;
 * the components stay pure and testable.
 */
import type { NetworkConfig, NetworkId, TokenConfig } from '@jmswap/shared-chain';
import type { QuoteKind, SwapQuote } from './form/swapForm';

export interface QuoteRequest {
  network: NetworkId;
  from: string;
  to: string;
  kind: QuoteKind;
  /** The typed amount: the sell amount for exactIn, the receive amount otherwise. */
  amount: bigint;
  slippageBps: number;
  /**
   * Reserves read less than 5 s ago: SWAP's new quote and the periodic refresh. A keystroke's
   * quote may use the last snapshot while the next one is read.
   */
  fresh?: boolean;
}

export interface SwapApi {
  /** Estimate (exact in), amount needed (exact out, or launchPad buy); null when there is nothing to quote; throws on no path or liquidity. */
  quote(req: QuoteRequest): Promise<SwapQuote | null>;
  /**
   * Mid prices both ways (10^18 scaled), undefined when there is no path; rejects with "Network
   * unreachable" when the pools cannot be read. `fresh`: from reserves read less than 5 s ago.
   */
  prices(
    network: NetworkId,
    from: string,
    to: string,
    fresh?: boolean,
  ): Promise<{ fromInTo: bigint; toInFrom: bigint } | undefined>;
  /** Is there a path of pools between the two tokens (undefined: the chain could not be read)? */
  routeExists?(network: NetworkId, from: string, to: string): Promise<boolean | undefined>;
  /** Balances of the connected wallet by symbol. */
  balances(
    network: NetworkId,
    owner: string,
    symbols: string[],
  ): Promise<Record<string, bigint> | undefined>;
  /** TRON resources of the connected wallet (energy), for the fee rule. */
  energy(network: NetworkId, owner: string): Promise<bigint | undefined>;
  /**
   * Approval when needed (the maximum, or only this swap's amount), then the swap. `onSubmitted`
   * hears the swap's id as soon as the wallet returns it; the promise resolves once it is mined,
   * with what the chain moved (undefined where the receipt did not say) and the fee, and rejects
   * when it failed (a mined failure carries its txid, fee and reason: minedFailureOf). The
   * slippage bounds are already in the quote.
   */
  swap(
    network: NetworkConfig,
    quote: SwapQuote,
    approval: 'max' | 'exact',
    onSubmitted?: (txid: string) => void,
  ): Promise<SwapResult>;
  /** EVM: what MAX keeps of the base coin for a swap along `path` (gas limit x price, margin). */
  gasReserve?(
    network: NetworkId,
    owner: string,
    path: string[],
    amountIn: bigint,
  ): Promise<bigint | undefined>;
  /**
   * Offer the received token to the wallet (TronLink: tokens with canAddToken; a browser wallet:
   * any ERC-20): true once the wallet took it, false when it could not be asked or failed; a
   * decline of the user's rejects (`isUserRejection`).
   */
  watchAsset?(network: NetworkConfig, token: TokenConfig): Promise<boolean>;
  /**
   * The health of the network's nodes, now and on each change: "unreachable" while every node
   * failed its last read (any read: a balance too), "ok" once one answers. Returns the
   * unsubscribe.
   */
  nodeStatus?(network: NetworkId, onChange: (status: NodeStatus) => void): () => void;
  /**
   * Calls `onMoved` each time a swap or liquidity send of this page ended: the cached reserves
   * are gone, and a quote made before may promise more than the pools now give. Returns the
   * unsubscribe.
   */
  chainMoved?(onMoved: () => void): () => void;
  /** When that last happened (ms since the epoch, 0: never). */
  chainMovedAt?(): number;
}

export type NodeStatus = 'ok' | 'unreachable';

/** A mined swap: its id, the fee it cost and what moved (base units). */
export interface SwapResult {
  txid: string;
  fee?: bigint;
  spent?: bigint;
  received?: bigint;
}

let api: SwapApi | undefined;

/** Set by the wiring module (./swapApiImpl) and by tests. */
export function provideSwapApi(impl: SwapApi): void {
  api = impl;
}

export function swapApi(): SwapApi {
  if (!api) throw new Error('Swap services are not available');
  return api;
}
