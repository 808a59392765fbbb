/**
 * What the buy-and-sell probe (adapters/tokenReads, TokenProbe.sol) says about a token (pure):
 * its buy and sell tax in basis points, or why they could not be measured, and whether its sale
 * fails (a honeypot).
 */
import { decodeResult } from '../abi';
import { MAX_TAX_PERCENT, PERCENT_DENOMINATOR } from './constants';
import { taxOfTransfer, type DetectedTax } from './taxDetection';

/** TokenProbe's answer (devnet/contracts/TokenProbe.sol), as the readers decode it. */
export interface TokenProbeReading {
  bought: boolean;
  /** What the last pair sent in the buy. */
  buySent: bigint;
  /** What arrived at the buyer. */
  buyReceived: bigint;
  sold: boolean;
  /** What reached the pair when all of buyReceived was sold. */
  sellArrived: bigint;
  /** Revert data of the step that failed ('0x' when none). */
  reason: string;
}

export type TokenTaxes =
  | { kind: 'measured'; buy: DetectedTax; sell?: DetectedTax; sellFails: boolean; reason?: string }
  | { kind: 'unmeasured'; reason: 'no-pool' | 'buy-failed' | 'unreachable'; detail?: string };

/** The revert reason in a call's revert data (Error(string)), else the data's selector. */
export function revertReason(data: string): string | undefined {
  const body = data.startsWith('0x') ? data.slice(2) : data;
  if (body.length === 0) return undefined;
  if (body.startsWith('08c379a0')) {
    try {
      return decodeResult(['string'], body.slice(8))[0] as string;
    } catch {
      return undefined;
    }
  }
  return `0x${body.slice(0, 8)}`;
}

export function taxesOfProbe(reading: TokenProbeReading): TokenTaxes {
  const reason = revertReason(reading.reason);
  if (!reading.bought)
    return { kind: 'unmeasured', reason: 'buy-failed', ...(reason ? { detail: reason } : {}) };
  const buy = taxOfTransfer(reading.buySent, reading.buyReceived);
  if (buy === undefined) return { kind: 'unmeasured', reason: 'buy-failed' };
  if (!reading.sold)
    return { kind: 'measured', buy, sellFails: true, ...(reason ? { reason } : {}) };
  const sell = taxOfTransfer(reading.buyReceived, reading.sellArrived);
  return { kind: 'measured', buy, ...(sell ? { sell } : {}), sellFails: false };
}

/**
 * A tax in basis points as the whole percent the estimate and the router's taxes array use:
 * rounded up (an estimate never promises more than arrives), at most 99.
 */
export function taxPercentOf(tax: DetectedTax): number {
  const up = (tax.bps + PERCENT_DENOMINATOR - 1n) / PERCENT_DENOMINATOR;
  return up > BigInt(MAX_TAX_PERCENT) ? MAX_TAX_PERCENT : Number(up);
}
