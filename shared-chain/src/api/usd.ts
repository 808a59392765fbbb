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
