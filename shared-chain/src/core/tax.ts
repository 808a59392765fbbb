/**
 * The tax rule of docs/taxes.md, exactly as the contracts implement it.
 * A token's tax is an integer percent 0..99 taken on every (non-exempt) transfer.
 */
import { MAX_TAX_PERCENT, PERCENT_DENOMINATOR } from './constants';

/** What the tax rule needs to know about a token (a TokenConfig fits). */
export interface TaxedToken {
  tax: number;
  /** The network's base coin: wrapped and sent by the router untaxed. */
  isBase?: boolean;
}

export function assertTaxPercent(taxPercent: number): void {
  if (!Number.isInteger(taxPercent) || taxPercent < 0 || taxPercent > MAX_TAX_PERCENT) {
    throw new RangeError(`Invalid tax percent: ${taxPercent}`);
  }
}

function assertNonNegative(amount: bigint): void {
  if (amount < 0n) throw new RangeError(`Negative amount: ${amount}`);
}

/** The tax taken from a transfer of `amount`: floor(amount * tax / 100). */
export function taxOn(amount: bigint, taxPercent: number): bigint {
  assertTaxPercent(taxPercent);
  assertNonNegative(amount);
  return (amount * BigInt(taxPercent)) / PERCENT_DENOMINATOR;
}

/** net(amount) = amount - floor(amount * tax / 100): what the recipient of a transfer gets. */
export function netAfterTax(amount: bigint, taxPercent: number): bigint {
  return amount - taxOn(amount, taxPercent);
}

/**
 * grossFor(net) = the smallest x with net(x) >= net: start at ceil(net * 100 / (100 - tax)) and
 * step down while net(x - 1) >= net. Identity for tax 0.
 */
export function grossForNet(net: bigint, taxPercent: number): bigint {
  assertTaxPercent(taxPercent);
  assertNonNegative(net);
  const keep = PERCENT_DENOMINATOR - BigInt(taxPercent);
  let gross = (net * PERCENT_DENOMINATOR + keep - 1n) / keep;
  while (gross > 0n && netAfterTax(gross - 1n, taxPercent) >= net) gross -= 1n;
  return gross;
}

/** The tax a path token pays in a swap: its tax, except the base coin which is never taxed. */
export function effectiveTax(token: TaxedToken): number {
  return token.isBase === true ? 0 : token.tax;
}

/** The router's `taxes` argument: one entry per path token (the adapters encode each as bytes32). */
export function taxesArray(pathTokens: readonly TaxedToken[]): bigint[] {
  return pathTokens.map((token) => {
    const tax = effectiveTax(token);
    assertTaxPercent(tax);
    return BigInt(tax);
  });
}

/**
 * Receives the tax probe's simulated buy (services/taxDetection.ts): an address
 * nobody holds a key for, so no token exempts it (TRON: 41 + these 20 bytes). Nothing is ever
 * sent there.
 */
export const TAX_PROBE_RECIPIENT = '0x0000000000000000000000000000000000007a85';

/** What the probe read: what the last pair sent towards the recipient, and what arrived. */
export interface TransferReading {
  sent: bigint;
  received: bigint;
}
