import { priceText } from '@jmswap/shared-chain';
import { formatUsd as usd } from '@jmswap/shared-chain/history';

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

/**
 * A JSON number as a plain decimal text, never an exponent (1.013e-15 -> "0.000000000000001013"),
 * from its 15 significant digits (what a double holds).
 */
export function plainDecimal(value: number): string {
  const [digits = '0', exponent = '0'] = Math.abs(value).toExponential(14).split('e');
  const sign = value < 0 ? '-' : '';
  const [lead = '0', rest = ''] = digits.split('.');
  const all = `${lead}${rest}`;
  const point = 1 + Number.parseInt(exponent, 10);
  const text =
    point <= 0
      ? `0.${'0'.repeat(-point)}${all}`
      : point >= all.length
        ? `${all}${'0'.repeat(point - all.length)}`
        : `${all.slice(0, point)}.${all.slice(point)}`;
  return `${sign}${text.includes('.') ? text.replace(/\.?0+$/, '') : text}`;
}

/** Whole digits with commas between thousands: "1234567" -> "1,234,567". */
export const groupThousands = (whole: string): string =>
  whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** From a million up a figure is written in these units, as the chart's axis writes its ticks. */
export const COMPACT_UNITS: readonly (readonly [number, string])[] = [
  [1e15, 'Q'],
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
];

/**
 * From a million up, a figure with two decimals of its unit: 980325167976266.75 -> "980.33T".
 * A double holds 15 digits, so the fixed places of such a price were noise, and its 22 digits
 * broke the charts page's heading at 320 px. Undefined below a million.
 */
export function compactFigure(value: number): string | undefined {
  const at = COMPACT_UNITS.findIndex(([size]) => Math.abs(value) >= size);
  if (at < 0) return undefined;
  // Two decimals may round up to the next unit: 999.999M is "1.00B", not "1000.00M".
  const roundsUp =
    at > 0 && Math.abs(value) / (COMPACT_UNITS[at] as readonly [number, string])[0] >= 999.995;
  const [size, unit] = COMPACT_UNITS[roundsUp ? at - 1 : at] as readonly [number, string];
  const [whole = '0', fraction = ''] = (value / size).toFixed(2).split('.');
  return `${groupThousands(whole)}.${fraction}${unit}`;
}

/**
 * A price the API sent as a JSON number, rounded to `places` decimals; a price so small that
 * they would show fewer than two of its digits as `priceText` writes it ("0.0₁₄1013"); from a
 * million up compact ("980.33T"); "-" when the API has no figure.
 */
export const priceFigure = (value: number | null | undefined, places: number): string =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '-'
    : value === 0 || Math.abs(value) >= 10 ** (1 - places)
      ? (compactFigure(value) ?? value.toFixed(places))
      : priceText(plainDecimal(value), places);

/** A token's USD price: cents from $1 up, else 4 significant digits ($0.00001234). */
export const usdPrice = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '-'
    : value >= 1 || value === 0
      ? usd(value)
      : `$${value.toFixed(3 - Math.floor(Math.log10(value))).replace(/\.?0+$/, '')}`;

/** USD with thousands separators, as Intl's en-US writes it: 1234.5 -> "$1,234.50"; "-" for none. */
export { usd };

/**
 * Local date and time of a trade, short, with the month as a word so that no reader takes
 * 4 December for 12 April: "4 Dec, 22:02" in English (a 24-hour clock: the time column fits a
 * phone's width), "12月4日 22:02" in Chinese.
 */
export const tradeTime = (ms: number, language = 'en'): string =>
  new Date(ms).toLocaleString(language === 'en' ? 'en-GB' : language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
