/**
 * The swap box's only door to chain services (shared-chain). Everything here is I/O;
 * the components stay pure and testable.
 */
import type { NetworkConfig, NetworkId } from '@jmswap/shared-chain';
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
   * quote may use the last snapshot while the next one is read (issue #25).
   */
  fresh?: boolean;
}

export interface SwapApi {
  /** Estimate (exact in), amount needed (exact out, or launchPad buy); null when there is nothing to quote; throws on no path or liquidity. */
  quote(req: QuoteRequest): Promise<SwapQuote | null>;
  /** Mid prices both ways (10^18 scaled), undefined when unknown. */
  prices(
    network: NetworkId,
    from: string,
    to: string,
  ): Promise<{ fromInTo: bigint; toInFrom: bigint } | undefined>;
  /** Balances of the connected wallet by symbol. */
  balances(
    network: NetworkId,
    owner: string,
    symbols: string[],
  ): Promise<Record<string, bigint> | undefined>;
  /** TRON resources of the connected wallet (energy), for the fee rule. */
  energy(network: NetworkId, owner: string): Promise<bigint | undefined>;
  /**
   * Approval when needed (the maximum, or only this swap's amount), then the swap; resolves with
   * the transaction id. The slippage bounds are already in the quote.
   */
  swap(
    network: NetworkConfig,
    quote: SwapQuote,
    approval: 'max' | 'exact',
  ): Promise<{ txid: string }>;
  /** EVM: what MAX keeps of the base coin for a swap along `path` (gas limit x price, margin). */
  gasReserve?(
    network: NetworkId,
    owner: string,
    path: string[],
    amountIn: bigint,
  ): Promise<bigint | undefined>;
  /** Offer the received token to TronLink (canAddToken). */
  watchAsset?(network: NetworkConfig, symbol: string): Promise<void>;
  /**
   * The health of the network's nodes, now and on each change: "unreachable" while every node
   * fails, "ok" once one answers. Returns the unsubscribe.
   */
  nodeStatus?(network: NetworkId, onChange: (status: NodeStatus) => void): () => void;
}

export type NodeStatus = 'ok' | 'unreachable';

let api: SwapApi | undefined;

/** Set by the wiring module (./swapApiImpl) and by tests. */
export function provideSwapApi(impl: SwapApi): void {
  api = impl;
}

export function swapApi(): SwapApi {
  if (!api) throw new Error('Swap services are not available');
  return api;
}
