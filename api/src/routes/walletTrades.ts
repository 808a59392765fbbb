import { displayAddress } from '../chain/address';
import type { IndexedNetwork } from '../config';
import { formatUnits, priceOf } from '../units';

/** One stored Swap of a wallet, as the account query reads it (newest first). */
export interface StoredSwap {
  pair: string;
  side: string;
  a: string;
  b: string;
  /** What the wallet itself sent and received, when it differs from the pool (a tax). */
  paid: string | null;
  received: string | null;
  time: string;
  tx_hash: string;
  usd: number | null;
}

/** One swap as the wallet made it: what left it and what it received, taxes included. */
export interface WalletTrade {
  date: number;
  hash: string;
  pair: string;
  symbolIn: string;
  symbolOut: string;
  amountIn: string;
  amountOut: string;
  price: string;
  usd: number | null;
}

type Leg = { key: string; symbol: string; decimals: number; amount: bigint };
interface Hop {
  row: StoredSwap;
  paid: Leg;
  got: Leg;
}

function hopOf(n: IndexedNetwork, row: StoredSwap): Hop | null {
  const pool = n.pools.get(row.pair);
  if (!pool) return null;
  const a = { ...pool.tokenA, amount: BigInt(row.a) };
  const b = { ...pool.tokenB, amount: BigInt(row.b) };
  // buy: paid A, received B.
  const [paid, got] = row.side === 'buy' ? [a, b] : [b, a];
  if (row.paid !== null) paid.amount = BigInt(row.paid);
  if (row.received !== null) got.amount = BigInt(row.received);
  return { row, paid, got };
}

function tradeOf(n: IndexedNetwork, first: Hop, last: Hop): WalletTrade {
  const { paid } = first;
  const { got } = last;
  return {
    date: Number(first.row.time) * 1000,
    hash: first.row.tx_hash,
    pair: displayAddress(n.platform, first.row.pair),
    symbolIn: paid.symbol,
    symbolOut: got.symbol,
    amountIn: formatUnits(paid.amount, paid.decimals),
    amountOut: formatUnits(got.amount, got.decimals),
    price: priceOf(paid.amount, paid.decimals, got.amount, got.decimals),
    // The first pool's figure: the value of what the wallet sold.
    usd: first.row.usd ?? last.row.usd,
  };
}

/**
 * A wallet's stored swaps (newest first) as the trades it made: the hops of one route
 * (USDT → BNB → BUSD is two Swaps in one transaction, each pool paying the next) become one trade
 * from the first pool's input to the last one's output. Hops of one transaction that do not chain
 * stay apart. Swaps of a pool no longer indexed are left out.
 */
export function walletTrades(n: IndexedNetwork, rows: readonly StoredSwap[]): WalletTrade[] {
  const trades: WalletTrade[] = [];
  let i = 0;
  while (i < rows.length) {
    let end = i + 1;
    while (end < rows.length && rows[end]!.tx_hash === rows[i]!.tx_hash) end++;
    // Newest first: a transaction's hops arrive last one first.
    const hops = rows
      .slice(i, end)
      .reverse()
      .flatMap((r) => hopOf(n, r) ?? []);
    const routes: Hop[][] = [];
    for (const hop of hops) {
      const route = routes.at(-1);
      const prev = route?.at(-1);
      if (route && prev && prev.got.key === hop.paid.key) route.push(hop);
      else routes.push([hop]);
    }
    for (const route of routes.reverse()) trades.push(tradeOf(n, route[0]!, route.at(-1)!));
    i = end;
  }
  return trades;
}

/**
 * The first `limit` trades of a wallet, read through `readSwaps(rowLimit)` (its newest stored
 * swaps). A route's hops count as one trade, so a page may need more swaps than trades: the
 * first read asks one more swap than trades (a wallet without routes, the common case and the
 * biggest wallets', costs what it did before routes were joined); when that read was cut short
 * and holds no more than `limit` whole trades, the next asks twice as many. The trade at the cut
 * may be missing hops, so it is never answered.
 */
export async function walletTradesPage(
  n: IndexedNetwork,
  limit: number,
  readSwaps: (rowLimit: number) => Promise<StoredSwap[]>,
): Promise<WalletTrade[]> {
  for (let rowLimit = limit + 1; ; rowLimit = rowLimit * 2 + 1) {
    const rows = await readSwaps(rowLimit);
    const trades = walletTrades(n, rows);
    if (rows.length < rowLimit || trades.length > limit) return trades.slice(0, limit);
  }
}
