/** 10^n for the decimals tokens have (taken once: the indexer asks for them per swap). */
const POW10 = Array.from({ length: 80 }, (_, n) => 10n ** BigInt(n));
const pow10 = (n: number): bigint => POW10[n] ?? 10n ** BigInt(n);

/**
 * Exact decimal text of a base-unit amount: 1500000n, 6 -> "1.5". The point is placed in the
 * amount's digits (one bigint to text, no division: a trades page formats 150 of them).
 */
export function formatUnits(amount: bigint, decimals: number): string {
  const neg = amount < 0n;
  const digits = (neg ? -amount : amount).toString();
  const sign = neg ? '-' : '';
  if (decimals <= 0) return sign + digits;
  const cut = digits.length - decimals;
  const whole = cut > 0 ? digits.slice(0, cut) : '0';
  const frac = cut > 0 ? digits.slice(cut) : digits.padStart(decimals, '0');
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48 /* '0' */) end--;
  return end ? `${sign}${whole}.${frac.slice(0, end)}` : sign + whole;
}

/** Digits kept after the point in stored prices. */
export const PRICE_DECIMALS = 18;

/**
 * Price of 1 unit of `den` expressed in `num` (human units), as an exact decimal string with
 * PRICE_DECIMALS digits rounded down; "0" when den is zero.
 */
export function priceOf(
  num: bigint,
  numDecimals: number,
  den: bigint,
  denDecimals: number,
): string {
  if (den === 0n) return '0';
  const scaled = (num * pow10(denDecimals + PRICE_DECIMALS)) / (den * pow10(numDecimals));
  return formatUnits(scaled, PRICE_DECIMALS);
}

/** A base-unit amount as a float in human units (USD math only, never stored amounts). */
export function toFloat(amount: bigint, decimals: number): number {
  return Number(formatUnits(amount, decimals));
}
