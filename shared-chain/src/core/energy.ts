/**
 * The TRON energy rule (product.md section 5): with less free energy than the route needs
 * (250000 for routes of more than 2 tokens, 160000 for direct ones) the user must keep a TRX
 * reserve for the fees: 65 TRX for longer routes, 47 for direct ones; when selling TRX the
 * amount must not exceed the balance minus that reserve.
 *
 * Which message (decided here, both reachable):
 * - variant 2, "You should have free energy or at least N TRX for the fees.", when the TRX
 *   balance itself is below the reserve: nothing the user sells can fix it; they need energy or
 *   TRX (the toast links to buying energy);
 * - variant 1, "You don't have enough energy or TRX for the transaction. Try to leave at least N
 *   TRX for the fees.", when the balance covers the reserve but the TRX being sold would leave
 *   less than it: selling less ("leave at least N TRX") fixes it.
 */
import {
  DIRECT_HOP_LENGTH,
  ENERGY_THRESHOLD_DIRECT,
  ENERGY_THRESHOLD_MULTI_HOP,
  FEE_RESERVE_TRX_DIRECT,
  FEE_RESERVE_TRX_MULTI_HOP,
  SUN_PER_TRX,
} from './constants';
import { freeEnergyOrTrxMessage, notEnoughEnergyOrTrxMessage } from './errors';

export interface TronFeeCheckInput {
  /** Free energy (energy limit minus energy used). */
  energy: number;
  /** Tokens in the swap path (2 = direct). */
  pathLength: number;
  /** TRX balance in sun. */
  trxBalance: bigint;
  /** The user sells TRX (the base coin). */
  sellingBase: boolean;
  /** The sell amount in sun when selling TRX (ignored otherwise). */
  sellAmount: bigint;
}

export type TronFeeCheck =
  | { ok: true; reserveTrx: number }
  | { ok: false; variant: 1 | 2; reserveTrx: number; message: string };

/** TRX (whole) the user must keep for fees given their energy and the route; 0 when energy suffices. */
export function feeReserveTrx(energy: number, pathLength: number): number {
  if (pathLength > DIRECT_HOP_LENGTH) {
    return energy < ENERGY_THRESHOLD_MULTI_HOP ? FEE_RESERVE_TRX_MULTI_HOP : 0;
  }
  return energy < ENERGY_THRESHOLD_DIRECT ? FEE_RESERVE_TRX_DIRECT : 0;
}

export function checkTronFees(input: TronFeeCheckInput): TronFeeCheck {
  const reserveTrx = feeReserveTrx(input.energy, input.pathLength);
  if (reserveTrx === 0) return { ok: true, reserveTrx };
  const reserveSun = BigInt(reserveTrx) * SUN_PER_TRX;
  if (input.trxBalance < reserveSun) {
    return { ok: false, variant: 2, reserveTrx, message: freeEnergyOrTrxMessage(reserveTrx) };
  }
  if (input.sellingBase && input.sellAmount > input.trxBalance - reserveSun) {
    return { ok: false, variant: 1, reserveTrx, message: notEnoughEnergyOrTrxMessage(reserveTrx) };
  }
  return { ok: true, reserveTrx };
}
