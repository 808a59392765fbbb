import type { IndexedNetwork } from '../config';
import type { DecodedEvent, RawLog, TokenTransfer } from '../chain/events';
import { priceOf, toFloat } from '../units';
import type { UsdPricer } from './usd';

export interface PairRow {
  address: string;
  token0: string;
  token1: string;
  blockNumber: number;
}
export interface TradeRow {
  pair: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  time: number;
  side: 'buy' | 'sell';
  amount0In: bigint;
  amount1In: bigint;
  amount0Out: bigint;
  amount1Out: bigint;
  amountA: bigint;
  amountB: bigint;
  price: string;
  usd: number | null;
  trader: string;
  /**
   * What the trader's wallet itself sent of the pool's input and received of its output, when the
   * transaction's transfers were read (a swap that may be taxed) and they differ from the pool's:
   * a taxed token takes its tax between the wallet and the pool. Null: the pool's amounts.
   */
  paid: bigint | null;
  received: bigint | null;
}
export interface SyncRow {
  pair: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  reserve0: bigint;
  reserve1: bigint;
}
export interface LiquidityRow {
  pair: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  time: number;
  kind: 'mint' | 'burn';
  amount0: bigint;
  amount1: bigint;
  sender: string;
}
/** A configured token's Approval towards one of the exchange's routers. */
export interface ApprovalRow {
  token: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  time: number;
  owner: string;
  spender: string;
  value: bigint;
}
export interface Rows {
  pairs: PairRow[];
  trades: TradeRow[];
  syncs: SyncRow[];
  liquidity: LiquidityRow[];
  approvals: ApprovalRow[];
}
export const emptyRows = (): Rows => ({
  pairs: [],
  trades: [],
  syncs: [],
  liquidity: [],
  approvals: [],
});

/** What the handlers know besides the event: the network, its pairs, and the running prices. */
export interface HandlerContext {
  network: IndexedNetwork;
  /** Indexed pairs: key -> token0 key (grows with PairCreated). */
  token0: Map<string, string>;
  pricer: UsdPricer;
  /** Block time (unix s) of the log's block. */
  time: number;
  /** Who sent the transaction (the trader); undefined when unknown (then the Swap's `to`). */
  txFrom?: string;
  /** The transaction's token transfers, when read (see TxParties). */
  transfers?: TokenTransfer[];
}

/**
 * What `wallet` sent (`side` from) or received (`side` to) of `token` in a transaction's
 * transfers; null when they were not read or none moved it, or when it equals the pool's.
 */
export function walletAmount(
  transfers: readonly TokenTransfer[] | undefined,
  token: string,
  wallet: string,
  side: 'from' | 'to',
  poolAmount: bigint,
): bigint | null {
  if (!transfers) return null;
  let sum = 0n;
  let moved = false;
  for (const t of transfers)
    if (t.token === token && t[side] === wallet) {
      sum += t.value;
      moved = true;
    }
  return moved && sum !== poolAmount ? sum : null;
}

/**
 * One decoded event in, the rows it produces out. PairCreated counts only for the factory and a
 * pair of the network's pools (the config's, and the pairs discoverPairs added before the range:
 * trust by the factory's address); Approval only for a configured token
 * and one of the exchange's routers as spender; other events only for indexed pairs. Sync
 * updates the running reserves that USD values use.
 */
export function handleEvent(ctx: HandlerContext, log: RawLog, ev: DecodedEvent, out: Rows): void {
  const { network } = ctx;
  if (ev.kind === 'PairCreated') {
    if (log.address !== network.factory || !network.pools.has(ev.pair)) return;
    if (ctx.token0.has(ev.pair)) return;
    ctx.token0.set(ev.pair, ev.token0);
    out.pairs.push({
      address: ev.pair,
      token0: ev.token0,
      token1: ev.token1,
      blockNumber: log.blockNumber,
    });
    return;
  }
  if (ev.kind === 'Approval') {
    // Only what the Approvals view lists: a configured token, spent by the exchange's routers.
    if (!network.tokens.has(log.address) || !network.routers.includes(ev.spender)) return;
    out.approvals.push({
      token: log.address,
      txHash: log.txHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      time: ctx.time,
      owner: ev.owner,
      spender: ev.spender,
      value: ev.value,
    });
    return;
  }
  const token0 = ctx.token0.get(log.address);
  const pool = network.pools.get(log.address);
  if (!token0 || !pool) return;
  // Plain literals, no object spread: spreading is many times slower on this hot path.
  const pair = log.address;
  const { txHash, logIndex, blockNumber } = log;
  switch (ev.kind) {
    case 'Sync':
      ctx.pricer.reserves.set(pair, { reserve0: ev.reserve0, reserve1: ev.reserve1 });
      out.syncs.push({
        pair,
        txHash,
        logIndex,
        blockNumber,
        reserve0: ev.reserve0,
        reserve1: ev.reserve1,
      });
      return;
    case 'Mint':
    case 'Burn':
      out.liquidity.push({
        pair,
        txHash,
        logIndex,
        blockNumber,
        time: ctx.time,
        kind: ev.kind === 'Mint' ? 'mint' : 'burn',
        amount0: ev.amount0,
        amount1: ev.amount1,
        sender: ev.sender,
      });
      return;
    case 'Swap': {
      const aIs0 = pool.tokenA.key === token0;
      const aIn = aIs0 ? ev.amount0In : ev.amount1In;
      const aOut = aIs0 ? ev.amount0Out : ev.amount1Out;
      const bIn = aIs0 ? ev.amount1In : ev.amount0In;
      const bOut = aIs0 ? ev.amount1Out : ev.amount0Out;
      // buy = the trader received B (paid A).
      const side = bOut > bIn ? 'buy' : 'sell';
      const amountA = side === 'buy' ? aIn - aOut : aOut - aIn;
      const amountB = side === 'buy' ? bOut - bIn : bIn - bOut;
      if (amountA <= 0n || amountB <= 0n) return;
      // Priced by a configured token only: a discovered token's symbol may copy a listed one's.
      const pa = network.tokens.has(pool.tokenA.key) ? ctx.pricer.priceUsd(pool.symbolA) : null;
      const pb =
        pa === null && network.tokens.has(pool.tokenB.key)
          ? ctx.pricer.priceUsd(pool.symbolB)
          : null;
      const usd =
        pa !== null
          ? toFloat(amountA, pool.tokenA.decimals) * pa
          : pb !== null
            ? toFloat(amountB, pool.tokenB.decimals) * pb
            : null;
      const trader = ctx.txFrom ?? ev.to;
      const [tokenIn, tokenOut] =
        side === 'buy' ? [pool.tokenA.key, pool.tokenB.key] : [pool.tokenB.key, pool.tokenA.key];
      const [amountIn, amountOut] = side === 'buy' ? [amountA, amountB] : [amountB, amountA];
      out.trades.push({
        pair,
        txHash,
        logIndex,
        blockNumber,
        blockHash: log.blockHash,
        time: ctx.time,
        side,
        amount0In: ev.amount0In,
        amount1In: ev.amount1In,
        amount0Out: ev.amount0Out,
        amount1Out: ev.amount1Out,
        amountA,
        amountB,
        price: priceOf(amountA, pool.tokenA.decimals, amountB, pool.tokenB.decimals),
        usd: usd !== null && Number.isFinite(usd) ? usd : null,
        trader,
        paid: walletAmount(ctx.transfers, tokenIn, trader, 'from', amountIn),
        received: walletAmount(ctx.transfers, tokenOut, trader, 'to', amountOut),
      });
    }
  }
}
