/**
 * A token's transfer tax as the chain takes it, next to the tax its config states.
 * The probe (services/taxDetection.ts) simulates a small buy from the base coin through the
 * router and reads, in the router's own answer, what the last pair sent and what the recipient
 * received; these functions turn that pair of amounts into basis points and compare.
 */
import { BPS_DENOMINATOR, MAX_TAX_PERCENT, PERCENT_DENOMINATOR } from './constants';
import { formatBps } from './amounts';

/** A detection is reused this long; the next quote after it detects again (a tax can change). */
export const TAX_RECHECK_MS = 5 * 60_000;
/** The probe buys this fraction of the base side of the first pool: 1/1000 (0.1%). */
export const PROBE_RESERVE_DIVISOR = 1000n;
/** Below this many base units sent, 1 bp of tax rounds away and the reading is not exact. */
export const MIN_PROBE_SENT = BPS_DENOMINATOR;
export interface DetectedTax {
  /** Tax in basis points of the amount sent (300n = 3%). */
  bps: bigint;
  /** False when no whole number of basis points gives exactly the fee seen (then `bps` is rounded up). */
  exact: boolean;
  /**
   * The highest rate, in basis points, that takes the same fee from the amount sent: a transfer
   * of few base units (a token with no or few decimals) fits a range of rates, 2.93% to 3.01%
   * for 30 of 1027 units. Undefined: the reading fits `bps` only.
   */
  maxBps?: bigint;
}

/**
 * The tax of one transfer of `sent` that delivered `received`: the smallest b with
 * floor(sent * b / 10000) = sent - received, which is the token's rate whenever its rate is a
 * whole number of basis points and `sent` >= 10000. Undefined for an impossible reading.
 */
export function taxOfTransfer(sent: bigint, received: bigint): DetectedTax | undefined {
  if (sent <= 0n || received < 0n || received > sent) return undefined;
  const fee = sent - received;
  const bps = (fee * BPS_DENOMINATOR + sent - 1n) / sent;
  const exact = sent >= MIN_PROBE_SENT && (sent * bps) / BPS_DENOMINATOR === fee;
  const highest = ((fee + 1n) * BPS_DENOMINATOR - 1n) / sent;
  const maxBps = highest > BPS_DENOMINATOR ? BPS_DENOMINATOR : highest;
  return { bps, exact, maxBps };
}

/** True when a token taking `bps` takes the fee this reading saw. */
export function fitsTax(tax: DetectedTax, bps: bigint): boolean {
  return bps >= tax.bps && bps <= (tax.maxBps ?? tax.bps);
}

/**
 * The rate a reading shows: a whole percent when one takes the fee seen (most tokens' rates are
 * whole percents, and a reading of few base units fits a range: "3%", not 2.92%), else the
 * lowest rate that does.
 */
export function shownTaxBps(tax: DetectedTax): bigint {
  const whole = ((tax.bps + PERCENT_DENOMINATOR - 1n) / PERCENT_DENOMINATOR) * PERCENT_DENOMINATOR;
  return fitsTax(tax, whole) ? whole : tax.bps;
}

/** What a token's tax line shows and what the estimate uses. */
export interface TaxCheck {
  symbol: string;
  /** The config's integer percent. */
  configuredPercent: number;
  /** Undefined when the chain could not be asked (no pool from the base coin, node down). */
  detected?: DetectedTax;
  /**
   * Integer percent the estimate and the router's taxes array use: the detected tax when it
   * differs from the config (a fraction of a percent rounded up, so the estimate never promises
   * more than arrives), else the config's.
   */
  usedPercent: number;
  /** The chain takes a different tax than the config says. */
  differs: boolean;
  /** What the tax line shows: the detected tax when it differs ("4%", "2.5%"), else the config's. */
  label: string;
  /** The sentence under a differing tax line (see taxWarning). */
  warning?: string;
}

export function checkTax(
  symbol: string,
  configuredPercent: number,
  detected: DetectedTax | undefined,
): TaxCheck {
  const configuredBps = BigInt(configuredPercent) * PERCENT_DENOMINATOR;
  if (detected === undefined || fitsTax(detected, configuredBps)) {
    const label = `${configuredPercent}%`;
    return {
      symbol,
      configuredPercent,
      detected,
      usedPercent: configuredPercent,
      differs: false,
      label,
    };
  }
  const up = (detected.bps + PERCENT_DENOMINATOR - 1n) / PERCENT_DENOMINATOR;
  const capped = up > BigInt(MAX_TAX_PERCENT) ? MAX_TAX_PERCENT : Number(up);
  const check = { symbol, configuredPercent, detected, usedPercent: capped, differs: true };
  const withLabel = { ...check, label: formatTaxBps(shownTaxBps(detected)) };
  return { ...withLabel, warning: taxWarning(withLabel) };
}

/** "3%" or "2.5%": basis points as the tax line writes them. */
export function formatTaxBps(bps: bigint): string {
  return `${formatBps(bps).replace(/\.?0+$/, '')}%`;
}

/** The warning under a tax line whose chain tax differs from the config; undefined otherwise. */
export function taxWarning(check: Omit<TaxCheck, 'warning'>): string | undefined {
  if (!check.differs || check.detected === undefined) return undefined;
  // English for the listing api; the swap box words its own in the language shown.
  /* eslint-disable lingui/no-unlocalized-strings */
  return (
    `${check.symbol} now takes ${formatTaxBps(shownTaxBps(check.detected))} on every transfer, not the ` +
    `${check.configuredPercent}% listed for it. The estimate uses ${check.usedPercent}%.`
  );
  /* eslint-enable lingui/no-unlocalized-strings */
}

const withTaxesMade = new WeakMap<object, Map<string, Readonly<Record<string, unknown>>>>();

/**
 * The tokens with each differing token's tax replaced by the one the chain takes: the same
 * table when none differs, and the same copy for the same differing taxes. Routes found over a
 * table are kept per table (core/paths), so a new copy of a thousand tokens on every estimate
 * would also make every route again.
 */
export function withDetectedTaxes<T extends { tax: number }>(
  tokens: Readonly<Record<string, T>>,
  checks: Readonly<Record<string, TaxCheck | undefined>>,
): Readonly<Record<string, T>> {
  const differing = Object.entries(checks)
    .filter(([symbol, check]) => check?.differs && tokens[symbol])
    .map(([symbol, check]) => [symbol, (check as TaxCheck).usedPercent] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (differing.length === 0) return tokens;
  const key = differing.map(([symbol, percent]) => `${symbol}:${percent}`).join(' ');
  let made = withTaxesMade.get(tokens);
  if (made === undefined) withTaxesMade.set(tokens, (made = new Map()));
  const known = made.get(key);
  if (known !== undefined) return known as Readonly<Record<string, T>>;
  const out: Record<string, T> = { ...tokens };
  for (const [symbol, tax] of differing) out[symbol] = { ...(tokens[symbol] as T), tax };
  made.set(key, out);
  return out;
}
