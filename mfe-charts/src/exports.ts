/* eslint-disable lingui/no-unlocalized-strings -- the CSV files are for tax tools and
   spreadsheets: their column names and values stay English in every language, like the API's. */
import type { NetworkConfig } from '@jmswap/shared-chain';
import type { AccountTrade, Trade } from '@jmswap/shared-chain/history';
import { poolOf } from './chartRules';
import { isoDate, toCsv } from './csv';

export const MY_TRADES_HEADER = [
  'Date (UTC)',
  'Network',
  'Pair',
  'Side',
  'Sold amount',
  'Sold token',
  'Received amount',
  'Received token',
  'Price',
  'Price unit',
  'USD value',
  'Tx hash',
  'Explorer link',
];

/** The user's trades for a tax tool: one row per swap, amounts exact as the API sent them. */
export function myTradesCsv(network: NetworkConfig, trades: readonly AccountTrade[]): string {
  return toCsv(
    MY_TRADES_HEADER,
    trades.map((t) => {
      const pool = poolOf(network, t.symbolIn, t.symbolOut);
      const pair = pool ? `${pool.symbolA}/${pool.symbolB}` : `${t.symbolIn}/${t.symbolOut}`;
      const side = pool ? (t.symbolOut === pool.symbolB ? 'buy' : 'sell') : 'swap';
      return [
        isoDate(t.date),
        network.id,
        pair,
        side,
        t.amountIn,
        t.symbolIn,
        t.amountOut,
        t.symbolOut,
        t.price,
        `${t.symbolIn} per ${t.symbolOut}`,
        t.usd ?? '',
        t.hash,
        `${network.scan}${t.hash}`,
      ];
    }),
  );
}

export const PAIR_TRADES_HEADER = [
  'Date (UTC)',
  'Network',
  'Pair',
  'Side',
  'Price',
  'Price unit',
  'Amount',
  'Amount token',
  'Total',
  'Total token',
  'Trader',
  'Tx hash',
  'Explorer link',
];

/**
 * A pair's trades as asked (quote A, base B: historyPair), the tokens named `a` and `b`: side
 * "buy" = the trader received B; price is A per 1 B; the pair reads B/A ("BNB/USDT").
 */
export function pairTradesCsv(
  network: NetworkConfig,
  [a, b]: [string, string],
  trades: readonly Trade[],
): string {
  return toCsv(
    PAIR_TRADES_HEADER,
    trades.map((t) => [
      isoDate(t.date),
      network.id,
      `${b}/${a}`,
      t.type,
      t.price,
      `${a} per ${b}`,
      t.type === 'buy' ? t.buyAmount : t.sellAmount,
      b,
      t.type === 'buy' ? t.sellAmount : t.buyAmount,
      a,
      t.trader,
      t.hash,
      `${network.scan}${t.hash}`,
    ]),
  );
}
