/**
 * What MAX keeps of the base coin for the send's own fees, for the swap box and the liquidity
 * panel alike: on TRON the energy rule's reserve; on EVM the send's estimated gas cost (gas
 * limit x gas price, with GAS_RESERVE_MARGIN_PERCENT), else a fallback amount of gas at the
 * network's fixed gas price, else 1/100 of a coin. A fixed coin amount alone is not enough: on
 * BTTC (gas price 1e15) 0.01 BTT pays for about 10 gas.
 */
import type { NetworkConfig, TokenConfig } from '../config/types';
import { DIRECT_HOP_LENGTH, SUN_PER_TRX } from './constants';
import { feeReserveTrx } from './energy';

/** Room kept for gas price moves between MAX and the send (50%). */
export const GAS_RESERVE_MARGIN_PERCENT = 150n;
/** Gas units kept when the node cannot estimate a swap or a liquidity add. */
export const FALLBACK_SEND_GAS = 400_000n;

/** A gas cost (limit x price) with the MAX margin. */
export const withGasMargin = (cost: bigint): bigint => (cost * GAS_RESERVE_MARGIN_PERCENT) / 100n;

export interface FeeReserveOptions {
  /** TRON: the account's free energy. */
  energy?: bigint;
  /** TRON: tokens in the route (2 = direct). */
  pathLength?: number;
  /** EVM: the estimated cost of the send, margin included (undefined: not estimable). */
  gasReserve?: bigint;
  /** EVM: gas units to keep when there is no estimate. */
  fallbackGas?: bigint;
}

export function baseFeeReserve(network: NetworkConfig, options: FeeReserveOptions = {}): bigint {
  if (network.platform === 'tron') {
    const energy = Number(options.energy ?? 0n);
    return BigInt(feeReserveTrx(energy, options.pathLength ?? DIRECT_HOP_LENGTH)) * SUN_PER_TRX;
  }
  if (options.gasReserve !== undefined) return options.gasReserve;
  // The fallback gas is already generous for the send it stands for: no margin on top.
  if (network.gasPrice)
    return (options.fallbackGas ?? FALLBACK_SEND_GAS) * BigInt(network.gasPrice);
  const base = network.tokens[network.baseToken];
  return 10n ** BigInt(Math.max((base?.decimals ?? 18) - 2, 0));
}

/** MAX of an amount field: the whole token balance; for the base coin, less the fee reserve. */
export function maxSpendable(
  network: NetworkConfig,
  token: TokenConfig,
  balance: bigint,
  options: FeeReserveOptions = {},
): bigint {
  if (!token.isBase) return balance;
  const reserve = baseFeeReserve(network, options);
  return balance > reserve ? balance - reserve : 0n;
}
