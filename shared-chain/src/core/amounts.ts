/**
 * Decimal strings <-> bigint base units, per token decimals. No floats anywhere.
 *
 * Accepted input (parseAmount): plain ASCII decimal numbers, "1", "1.5", ".5", "1.", with
 * surrounding whitespace ignored (String.prototype.trim: pasted values often carry a trailing
 * space or newline). Everything else is an invalid result, never an exception: exponents
 * ("1e18"), hex ("0x10"), grouping ("1,000"), signs ("+1"; "-1" is reported as 'negative'),
 * inner whitespace, non-ASCII digits (Arabic-Indic, full-width, ...), a lone ".", more than one
 * decimal point, and values above the uint256 maximum.
 *
 * Digits beyond the token's decimals are truncated (spec rule); `truncated` tells the caller a
 * non-zero digit was dropped so it is never silent. `{ strict: true }` rejects them instead.
 */
import {
  LP_DECIMALS,
  MAX_DISPLAY_DECIMALS,
  PRICE_DECIMALS,
  PRICE_DISPLAY_DECIMALS,
  UINT256_MAX,
} from './constants';
import { ChainError, INVALID_VALUE, TOO_MANY_DECIMAL_POINTS } from './errors';

export type ParseFailureReason =
  'empty' | 'invalid' | 'too-many-decimal-points' | 'negative' | 'too-large' | 'too-many-decimals';

export type ParseResult =
  { ok: true; value: bigint; truncated: boolean } | { ok: false; reason: ParseFailureReason };

export interface ParseOptions {
  /** Reject (reason 'too-many-decimals') instead of truncating digits beyond the decimals. */
  strict?: boolean;
}

const ASCII_DIGITS = /^[0-9]*$/;
/** uint256 max has 78 digits: anything longer (without leading zeros) is too large. */
const UINT256_MAX_DIGITS = UINT256_MAX.toString().length;

/** Token decimals must be an integer 0..255 (ERC-20 `uint8`); anything else is a programming error. */
export function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`Invalid token decimals: ${decimals}`);
  }
}

function fail(reason: ParseFailureReason): ParseResult {
  return { ok: false, reason };
}

/** Parse a user-typed decimal amount into base units. Never throws for any `input`. */
export function parseAmount(
  input: string,
  decimals: number,
  options: ParseOptions = {},
): ParseResult {
  assertDecimals(decimals);
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return fail('empty');

  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const parts = body.split('.');
  if (!parts.every((part) => ASCII_DIGITS.test(part))) return fail('invalid');
  if (parts.length > 2) return fail('too-many-decimal-points');
  const whole = parts[0] as string;
  const fraction = parts[1] ?? '';
  if (whole === '' && fraction === '') return fail('invalid'); // "." or "-"
  if (negative) return fail('negative');

  const kept = fraction.slice(0, decimals);
  const dropped = fraction.slice(decimals);
  const truncated = /[1-9]/.test(dropped);
  if (truncated && options.strict === true) return fail('too-many-decimals');

  const digits = (whole + kept.padEnd(decimals, '0')).replace(/^0+/, '');
  if (digits.length > UINT256_MAX_DIGITS) return fail('too-large');
  const value = digits === '' ? 0n : BigInt(digits);
  if (value > UINT256_MAX) return fail('too-large');
  return { ok: true, value, truncated };
}

/** The spec's amount-to-wei conversion: throws ChainError "invalid value" / "too many decimal points". */
export function toBaseUnits(input: string, decimals: number): bigint {
  const result = parseAmount(input, decimals);
  if (result.ok) return result.value;
  if (result.reason === 'too-many-decimal-points') {
    throw new ChainError('TOO_MANY_DECIMAL_POINTS', TOO_MANY_DECIMAL_POINTS);
  }
  throw new ChainError('INVALID_VALUE', INVALID_VALUE);
}

/**
 * What an amount input field accepts while the user types: ASCII digits with at most one
 * decimal point, possibly empty or ending in "." (so "1." and "." are fine mid-typing), and no
 * more fraction digits than `decimals` when given. No signs, exponents, separators or spaces.
 */
export function isValidAmountInput(text: string, decimals?: number): boolean {
  if (!/^[0-9]*(\.[0-9]*)?$/.test(text)) return false;
  if (decimals === undefined) return true;
  const fraction = text.split('.')[1] ?? '';
  return fraction.length <= decimals;
}

/**
 * Digits and marks a Chinese or Japanese input method types in its full-width mode, as ASCII:
 * ０-９ as 0-9, the full stops ． and 。 as ".", the comma ， as ",". Typed into an amount they
 * would otherwise be refused, and the field would stay empty without a word.
 */
export function asciiNumberText(text: string): string {
  return text
    .replace(/[\uff10-\uff19]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/[\uff0e\u3002]/g, '.')
    .replace(/\uff0c/g, ',');
}

/** Thousands-grouped numbers where the separator cannot be the decimal mark: [shape, separator]. */
const GROUPED: readonly [RegExp, string][] = [
  [/^\d{1,3}(?:,\d{3})+\.\d+$|^\d{1,3}(?:,\d{3}){2,}$/, ','],
  [/^\d{1,3}(?:\.\d{3})+,\d+$|^\d{1,3}(?:\.\d{3}){2,}$/, '.'],
  // A space is never a decimal mark.
  [/^\d{1,3}(?: \d{3})+(?:[.,]\d+)?$/, ' '],
];

/**
 * A pasted amount as the amount field's text, or undefined when it is not one. Pasted text comes
 * from explorers, exchanges and spreadsheets: surrounding spaces go, and thousands separators go
 * where they cannot be a decimal point ("1,000,000", "1,000.50", "1.000.000", "1.000,50",
 * "1 000 000"). A lone "1,000" stays what typing it gives, 1.000: read as a thousand it would be a
 * thousand times the amount for the many who write a decimal comma.
 */
export function pastedAmount(text: string): string | undefined {
  const t = asciiNumberText(text)
    .replace(/[\s\u00a0\u202f\u3000]+/g, ' ')
    .trim();
  const grouping = GROUPED.find(([shape]) => shape.test(t));
  const amount = (grouping ? t.split(grouping[1]).join('') : t).replace(',', '.');
  return amount !== '' && isValidAmountInput(amount) ? amount : undefined;
}

function splitUnits(
  value: bigint,
  decimals: number,
): { sign: string; whole: string; fraction: string } {
  assertDecimals(decimals);
  const sign = value < 0n ? '-' : '';
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, '0');
  return {
    sign,
    whole: digits.slice(0, digits.length - decimals),
    fraction: digits.slice(digits.length - decimals),
  };
}

/** Exact decimal string of a base-unit amount: no trailing zeros, no exponent, never rounded. */
export function formatUnits(value: bigint, decimals: number): string {
  const { sign, whole, fraction } = splitUnits(value, decimals);
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed === '' ? `${sign}${whole}` : `${sign}${whole}.${trimmed}`;
}

export interface AmountTextOptions {
  /**
   * An amount that is there but too small for the places shown reads as tiny prices and pool
   * tokens do, four significant digits and its zeros counted ("0.0₁₅596"), not "0": a balance
   * of dust that MAX sells, a minimum received of a few wei. Never for a field's text, which
   * must stay a number the field reads back.
   */
  dust?: boolean;
}

/**
 * Display string of an amount: truncated (toward zero, never rounded up) to
 * min(displayDecimals, decimals, 12) decimals, trailing zeros removed, never an exponent.
 */
export function formatAmount(
  value: bigint,
  decimals: number,
  displayDecimals: number = MAX_DISPLAY_DECIMALS,
  { dust = false }: AmountTextOptions = {},
): string {
  const places = Math.min(Math.max(0, Math.trunc(displayDecimals)), decimals, MAX_DISPLAY_DECIMALS);
  const { sign, whole, fraction } = splitUnits(value, decimals);
  const shown = fraction.slice(0, places).replace(/0+$/, '');
  const text = shown === '' ? whole : `${whole}.${shown}`;
  if (dust && value > 0n && !/[1-9]/.test(text))
    return smallFractionText(fraction, /^0*/.exec(fraction)?.[0].length ?? 0);
  return sign !== '' && /[1-9]/.test(text) ? `${sign}${text}` : text;
}

/**
 * Like formatAmount, but rounded up at the last place shown: a "Maximum sold" never reads less
 * than the bound that is sent.
 */
export function formatAmountUp(
  value: bigint,
  decimals: number,
  displayDecimals: number = MAX_DISPLAY_DECIMALS,
): string {
  const places = Math.min(Math.max(0, Math.trunc(displayDecimals)), decimals, MAX_DISPLAY_DECIMALS);
  const step = 10n ** BigInt(decimals - places);
  const up = value > 0n ? ((value + step - 1n) / step) * step : value;
  return formatAmount(up, decimals, places);
}

/**
 * Fixed places (prices 8, share 2, price impact 2, header balance 6): truncated, never rounded
 * up, padded with zeros to exactly `places` decimals, never an exponent.
 */
export function formatFixed(value: bigint, decimals: number, places: number): string {
  if (!Number.isInteger(places) || places < 0) throw new RangeError(`Invalid places: ${places}`);
  const { sign, whole, fraction } = splitUnits(value, decimals);
  const shown = fraction.slice(0, places).padEnd(places, '0');
  const text = places === 0 ? whole : `${whole}.${shown}`;
  return sign !== '' && /[1-9]/.test(text) ? `${sign}${text}` : text;
}

/** Basis points as a percent string with 2 decimals: 1234n -> "12.34". */
export function formatBps(bps: bigint): string {
  return formatFixed(bps, 2, 2);
}

/**
 * A price scaled by 10^PRICE_DECIMALS, with the swap box's 8 decimals (truncated); a tiny price
 * as `priceText` writes it.
 */
export function formatPrice(price: bigint, places: number = PRICE_DISPLAY_DECIMALS): string {
  return priceText(formatUnits(price, PRICE_DECIMALS), places);
}

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

/** A run of zeros after a price's point as a tiny price writes it: 14 -> "0₁₄". */
export function zeroRunText(zeros: number): string {
  return `0${[...String(zeros)].map((d) => SUBSCRIPT_DIGITS['0123456789'.indexOf(d)]).join('')}`;
}

/** Significant digits of a price too small for its fixed places. */
const SMALL_PRICE_DIGITS = 4;
/** From this many zeros after the point on, the run is written as a count. */
const ZERO_RUN_COUNTED = 4;

/**
 * A price (an exact decimal text, as the API and formatUnits write them) at `places` fixed
 * decimals, truncated. A price so small that fewer than two significant digits would show there
 * (a meme token's price in the base coin, 0.000000000000001013) gets four significant digits
 * instead, truncated, and its run of zeros after the point is written with its count in
 * subscript, as DEX screeners write such prices: "0.0₁₄1013". Zero stays "0.00000000".
 */
export function priceText(exact: string, places: number): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(exact.trim());
  if (!match) return exact;
  const [, sign = '', whole = '', fraction = ''] = match;
  const zeros = /^0*/.exec(fraction)?.[0].length ?? 0;
  const tiny = /^0*$/.test(whole) && zeros < fraction.length && zeros + 2 > places;
  if (!tiny) {
    const shown = fraction.slice(0, places).padEnd(places, '0');
    const text = `${whole || '0'}${places > 0 ? `.${shown}` : ''}`;
    return sign && /[1-9]/.test(text) ? `${sign}${text}` : text;
  }
  return `${sign}${smallFractionText(fraction, zeros)}`;
}

/** Four significant digits of a value below 1, truncated, its long zero run counted. */
function smallFractionText(fraction: string, zeros: number): string {
  const digits = fraction.slice(zeros, zeros + SMALL_PRICE_DIGITS).replace(/0+$/, '');
  const run = zeros >= ZERO_RUN_COUNTED ? zeroRunText(zeros) : '0'.repeat(zeros);
  return `0.${run}${digits}`;
}

/**
 * An amount with up to 12 decimals, like every amount; one below 1 that would show fewer than
 * four significant digits there gets four, as `priceText` writes tiny prices ("0.0₁₂4472"), so
 * an amount that is there never reads "0".
 */
export function significantAmountText(value: bigint, decimals: number): string {
  const { whole, fraction } = splitUnits(value, decimals);
  const zeros = /^0*/.exec(fraction)?.[0].length ?? 0;
  const tiny =
    value > 0n && /^0*$/.test(whole) && zeros + SMALL_PRICE_DIGITS > MAX_DISPLAY_DECIMALS;
  return tiny ? smallFractionText(fraction, zeros) : formatAmount(value, decimals);
}

/**
 * Pool tokens (18 decimals) as the liquidity views write them. A pair of TRON tokens with 6 and 0
 * decimals mints about 1e-13 of them for 100 TRX, which 12 decimals would write as "0".
 */
export const lpTokensText = (value: bigint): string => significantAmountText(value, LP_DECIMALS);
