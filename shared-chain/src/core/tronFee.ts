/**
 * TRON fees from simulation: the fee limit of a contract call comes from the
 * simulated energy_used, and the TRX a send will burn from the account's free energy and
 * bandwidth. bigint sun throughout.
 */
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/setup';

/** Margin on the simulated energy for the fee limit: +20%. */
export const FEE_LIMIT_MARGIN_PERCENT = 20n;

/**
 * The fee limit (sun) for a call whose simulation used `energyUsed`: (energy + 20%) x the energy
 * price, at least one energy's price, at most `cap` (the spec's fee limit of that kind of send).
 */
export function feeLimitFromEnergy(energyUsed: bigint, energyPrice: bigint, cap: bigint): bigint {
  const withMargin = (energyUsed * (100n + FEE_LIMIT_MARGIN_PERCENT) + 99n) / 100n;
  const limit = (withMargin > 0n ? withMargin : 1n) * energyPrice;
  return limit > cap ? cap : limit;
}

export interface TronFeeInput {
  /** Energy the call needs (simulated energy_used). */
  energyUsed: bigint;
  /** Bytes of the signed transaction (bandwidth it uses). */
  bandwidthBytes: bigint;
  /** Staked energy left (EnergyLimit - EnergyUsed). */
  freeEnergy: bigint;
  /** Bandwidth left: staked, or else the daily free bandwidth (either covers all or nothing). */
  freeBandwidth: { staked: bigint; free: bigint };
  /** Sun per energy (chain parameter getEnergyFee). */
  energyPrice: bigint;
  /** Sun per byte of bandwidth (getTransactionFee). */
  bandwidthPrice: bigint;
}

/** Sun burned: energy beyond the staked energy at the energy price, plus the bytes when no bandwidth covers them. */
export function tronBurnSun(input: TronFeeInput): bigint {
  const burnedEnergy =
    input.energyUsed > input.freeEnergy ? input.energyUsed - input.freeEnergy : 0n;
  const { staked, free } = input.freeBandwidth;
  const bandwidthCovered = staked >= input.bandwidthBytes || free >= input.bandwidthBytes;
  const netFee = bandwidthCovered ? 0n : input.bandwidthBytes * input.bandwidthPrice;
  return burnedEnergy * input.energyPrice + netFee;
}

/** "12.4" from 12_400_000 sun: one decimal, rounded up (a fee shown is never less than burned). */
export function formatTrxOneDecimal(sun: bigint): string {
  const tenths = (sun + 99_999n) / 100_000n;
  return `${tenths / 10n}.${tenths % 10n}`;
}

/** "Estimated network fee: 12.4 TRX (you have 0 energy)". */
export function estimatedFeeText(sun: bigint, freeEnergy: bigint): string {
  const fee = formatTrxOneDecimal(sun);
  const energy = freeEnergy.toString();
  return i18n._(msg`Estimated network fee: ${fee} TRX (you have ${energy} energy)`);
}
