import {
  transactionSubmitted,
  withPendingTransaction,
  type NetworkConfig,
} from '@jmswap/shared-chain';
import {
  estimateAmountNeeded,
  estimateSwap,
  pairPrices,
  type PoolReserves,
} from '@jmswap/shared-chain/swap';
import type { SwapApi } from '../swapApi';
import type { SwapQuote } from '../form/swapForm';
import { launchPadBuy, quoteFromEstimate } from '../form/quote';

/**
 * An in-memory SwapApi for component tests: the real pure core over fixed reserves. The chain
 * itself is exercised by the e2e suite; here only the screen's behaviour is under test.
 */
export function fakeSwapApi(
  network: NetworkConfig,
  reserves: PoolReserves[],
  balances: Record<string, bigint> = {},
  account = 'TXYZ',
) {
  const swaps: SwapQuote[] = [];
  const approvals: string[] = [];
  // The pools as the fake chain holds them now (moveChain changes them).
  const pools = [...reserves];
  const moved = new Set<() => void>();
  const api: SwapApi & {
    swaps: SwapQuote[];
    approvals: string[];
    fail?: Error;
    lastSlippageBps?: number;
    /** How many estimates the box asked for. */
    quotes: number;
    /** A slow wallet: the swap waits for this before the wallet hands back the id. */
    walletOpen?: Promise<void>;
    /** A slow chain: the swap waits for this after the id, before its receipt. */
    chainOpen?: Promise<void>;
    /** Mined and failed: thrown after the id was handed back (a mined failure, say). */
    minedFail?: Error;
    /** What the receipt says arrived and what it cost; default the quote's amounts, no fee. */
    mined?: { received?: bigint; spent?: bigint; fee?: bigint };
    /** A node that reads balances slowly or not at all: replaces the balance read when set. */
    readBalances?: () => Promise<Record<string, bigint> | undefined>;
    /** A node that reads TRON resources slowly or not at all: replaces the energy read when set. */
    readEnergy?: () => Promise<bigint | undefined>;
    /** How many balance reads the box made. */
    balanceReads: number;
    /** When the chain last moved (chainMovedAt). */
    movedAt: number;
    /** The page's own transaction landed: the pools are now `next`, and the box is told. */
    moveChain(next: PoolReserves[]): void;
  } = {
    swaps,
    approvals,
    quotes: 0,
    balanceReads: 0,
    movedAt: 0,
    moveChain(next) {
      pools.splice(0, pools.length, ...next);
      api.movedAt = Date.now();
      for (const listener of [...moved]) listener();
    },
    chainMoved(onMoved) {
      moved.add(onMoved);
      return () => moved.delete(onMoved);
    },
    chainMovedAt: () => api.movedAt,
    async quote({ from, to, kind, amount, slippageBps }) {
      api.lastSlippageBps = slippageBps;
      api.quotes += 1;
      // A new array per quote, as a reader's read: routing keeps what it computes per array.
      const input = { tokens: network.tokens, pools: [...pools], from, to, slippageBps };
      if (kind === 'exactIn') {
        const e = estimateSwap({ ...input, amountIn: amount });
        return e && quoteFromEstimate({ ...e, kind });
      }
      const e = estimateAmountNeeded({ ...input, amountOut: amount });
      if (!e) return null;
      const needed = { ...e, kind: 'exactOut' as const };
      return quoteFromEstimate(kind === 'launchPadBuy' ? launchPadBuy(needed) : needed);
    },
    async prices(_n, from, to) {
      const p = pairPrices({ tokens: network.tokens, pools, from, to });
      return p ? { fromInTo: p.priceFromInTo, toInFrom: p.priceToInFrom } : undefined;
    },
    async balances() {
      api.balanceReads += 1;
      return api.readBalances ? api.readBalances() : balances;
    },
    async energy() {
      return api.readEnergy ? api.readEnergy() : 1_000_000n;
    },
    // As executeSwap: one open send per account, "wallet" then "chain".
    swap: (_n, quote, approval, onSubmitted) =>
      withPendingTransaction(account, async () => {
        await api.walletOpen;
        if (api.fail) throw api.fail;
        swaps.push(quote);
        approvals.push(approval);
        const txid = 'ab'.repeat(32);
        transactionSubmitted(txid);
        onSubmitted?.(txid);
        await api.chainOpen;
        if (api.minedFail) throw api.minedFail;
        return {
          txid,
          received: quote.amountOut,
          spent: quote.amountIn,
          ...api.mined,
        };
      }),
  };
  return api;
}
