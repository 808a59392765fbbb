/**
 * An exact decimal string cut (never rounded) to `places` decimals and padded with zeros:
 * ("0.1234567", 6) -> "0.123456". The API sends amounts and prices as such strings.
 */
export function fixedDecimal(text: string, places: number): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return places === 0 ? whole : `${whole}.${fraction.slice(0, places).padEnd(places, '0')}`;
}

/** A JSON number with `places` decimals, or "-" when the API has no figure. */
export const fixedNumber = (value: number | null | undefined, places: number): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(places);

/** A token's USD price: cents from $1 up, else 4 significant digits ($0.00001234). */
export const usdPrice = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '-'
    : value >= 1 || value === 0
      ? usd(value)
      : `$${value.toFixed(3 - Math.floor(Math.log10(value))).replace(/\.?0+$/, '')}`;

/** A number's shortest decimal text ("1.005", "1e+21") without its exponent. */
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
 * USD with thousands separators: 1234.5 -> "$1,234.50", as toLocaleString('en-US') writes it
 * (the number's shortest decimal text rounded half up to cents). Written out because a page's
 * first Intl formatter loads the locale data, 50-150 ms here and four times that on a phone, in
 * the task that shows the pair's figures.
 */
export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const [int = '0', fraction = ''] = plainDecimal(String(Math.abs(value))).split('.');
  const cents = BigInt(int + fraction.slice(0, 2).padEnd(2, '0')) + (fraction[2]! >= '5' ? 1n : 0n);
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `$${sign}${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/**
 * Local date and time of a trade, short, in the language's order: "23/11 12:34" in English,
 * "11/23 12:34" in Chinese.
 */
export const tradeTime = (ms: number, language = 'en'): string =>
  new Date(ms).toLocaleString(language === 'en' ? 'en-GB' : language, {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
