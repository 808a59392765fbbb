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
