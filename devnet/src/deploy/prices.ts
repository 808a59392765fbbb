/**
 * Seed prices in USD (decimal strings, never floats in the math). Pools are seeded so that each
 * side is worth the same USD amount at these prices; a token missing here is priced at
 * DEFAULT_PRICE_USD.
 */
export const SEED_PRICES_USD: Record<string, string> = {
  // base coins
  TRX: '0.25',
  BNB: '600',
  MATIC: '0.5',
  BTT: '0.0000008',
  ETH: '3000',
  // stable and major
  USDT: '1',
  BUSD: '1',
  BTCB: '60000',
  WETH: '3000',
  WBTT: '0.0000008',
  // project tokens
  JM: '0.0003',
  SafeMoney: '0.0001',
  KLV: '0.002',
  O1T: '0.05',
  PSRS: '0.001',
  NOLE: '0.01',
  MILK: '0.05',
  LUMI: '0.02',
  BBT: '0.005',
  ICR: '0.01',
  CREED: '0.002',
  CREEDX: '0.001',
  CYFM: '0.00002',
  KTY: '0.1',
  NFT: '0.0000004',
  JST: '0.03',
  TNT: '0.01',
  ZLF: '0.05',
  turu: '0.001',
  TWJ: '0.02',
};

export const DEFAULT_PRICE_USD = '0.01';

/** Prices are fixed-point with this many decimals. */
export const PRICE_DECIMALS = 12;
const PRICE_ONE = 10n ** BigInt(PRICE_DECIMALS);

/** "0.0003" -> 300000000n (12 decimals). */
export function parsePrice(text: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`invalid price: ${text}`);
  const frac = (m[2] ?? '').slice(0, PRICE_DECIMALS).padEnd(PRICE_DECIMALS, '0');
  const value = BigInt(m[1] ?? '0') * PRICE_ONE + BigInt(frac);
  if (value === 0n) throw new Error(`price must be above zero: ${text}`);
  return value;
}

export function priceOf(symbol: string, prices: Record<string, string> = SEED_PRICES_USD): bigint {
  return parsePrice(prices[symbol] ?? DEFAULT_PRICE_USD);
}

/** The amount in base units of a token worth `usd` dollars. */
export function amountForUsd(
  usd: bigint,
  symbol: string,
  decimals: number,
  prices?: Record<string, string>,
): bigint {
  return (usd * 10n ** BigInt(decimals) * PRICE_ONE) / priceOf(symbol, prices);
}
