import type { TokenConfig } from '../config/types';

/** Symbol -> USD per whole token (null: the API has no price for it). */
export type UsdPrices = Readonly<Record<string, number | null>>;

/**
 * The API's USD price of `token`: only for a listed token. The API prices the config's tokens
 * by symbol, and an imported or list token may carry any symbol: a copy named "USDT" at
 * another address must never be shown as worth a dollar.
 */
export function usdPriceOfToken(
  prices: UsdPrices | undefined,
  token: Pick<TokenConfig, 'symbol' | 'origin'> | undefined,
): number | null | undefined {
  return token && token.origin === undefined ? prices?.[token.symbol] : undefined;
}

/** A number's shortest decimal text ("1.005", "1e+21") without its exponent ("1000...0"). */
function plainDecimal(text: string): string {
  const [mantissa = '0', exponent = '0'] = text.split('e');
  const [int = '0', fraction = ''] = mantissa.split('.');
  const digits = int + fraction;
  const point = int.length + Number(exponent);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A USD figure from the API (a JSON number, never an amount of money math) as Intl's en-US
 * currency format writes it, in every language: "$1,234.56", "-$0.50", the number's shortest
 * decimal text rounded half up to cents; `missing` when there is no finite figure. Written out
 * because a page's first Intl formatter loads the locale data: 50-150 ms here, four times that
 * on a phone, inside the task that draws the figures (the pools table, the pair's figures).
 */
export function formatUsd(value: number | null | undefined, missing = '-'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return missing;
  const [int = '0', fraction = ''] = plainDecimal(String(Math.abs(value))).split('.');
  const cents = BigInt(int + fraction.slice(0, 2).padEnd(2, '0')) + (fraction[2]! >= '5' ? 1n : 0n);
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** USD per whole token, as a price from the API (a JSON number), in units of 10^-18 USD. */
const USD_SCALE = 18;

/** A finite, positive price as an exact decimal scaled by 10^18; undefined otherwise. */
function scaledPrice(priceUsd: number): bigint | undefined {
  if (!Number.isFinite(priceUsd) || priceUsd <= 0) return undefined;
  const [int = '0', fraction = ''] = plainDecimal(String(priceUsd)).split('.');
  return BigInt(int + fraction.slice(0, USD_SCALE).padEnd(USD_SCALE, '0'));
}

/**
 * What `amount` base units of a token with `decimals` are worth at `priceUsd` (the API's USD
 * price of one whole token), in 10^-18 USD; undefined without a price (never a guess). The
 * amount stays an exact bigint: only the API's price was ever a float.
 */
export function usdValueOf(
  amount: bigint,
  decimals: number,
  priceUsd: number | null | undefined,
): bigint | undefined {
  if (priceUsd === null || priceUsd === undefined) return undefined;
  const price = scaledPrice(priceUsd);
  if (price === undefined) return undefined;
  return (amount * price) / 10n ** BigInt(decimals);
}

/**
 * A value of usdValueOf as the line under an amount reads: "$1,234.56", "<$0.01" for a value
 * above 0 that rounds to no cent, "$0.00" for none. Cents are rounded half up.
 */
export function formatUsdValue(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const unit = 10n ** BigInt(USD_SCALE - 2);
  const cents = (abs + unit / 2n) / unit;
  if (cents === 0n && abs > 0n) return `${sign}<$0.01`;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/**
 * A network fee worth more than the trade it pays for (a dust swap: 11 TRX of fee to swap
 * 0.000005 TRX): both values as the dollar lines read them; undefined when the fee is worth no
 * more than the trade, or either has no price.
 */
export function feeOutweighsTrade(
  fee: { amount: bigint; decimals: number; priceUsd: number | null | undefined },
  tradeUsd: bigint | undefined,
): { fee: string; trade: string } | undefined {
  const feeUsd = usdValueOf(fee.amount, fee.decimals, fee.priceUsd);
  if (feeUsd === undefined || tradeUsd === undefined || feeUsd <= tradeUsd) return undefined;
  return { fee: formatUsdValue(feeUsd), trade: formatUsdValue(tradeUsd) };
}

/**
 * The dollars a price impact of `impactBps` costs on a trade: that share of what the input is
 * worth (else of what the output would be worth without the impact); undefined when neither
 * token has a price.
 */
export function impactUsd(
  impactBps: bigint,
  valueIn: bigint | undefined,
  valueOut: bigint | undefined,
): bigint | undefined {
  if (impactBps <= 0n) return valueIn !== undefined || valueOut !== undefined ? 0n : undefined;
  if (valueIn !== undefined) return (valueIn * impactBps) / 10_000n;
  if (valueOut !== undefined && impactBps < 10_000n)
    return (valueOut * impactBps) / (10_000n - impactBps);
  return undefined;
}
