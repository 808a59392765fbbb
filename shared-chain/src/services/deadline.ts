import { deadlineFromNow, readerFor } from '../singleton';
import { sendTimeMs } from '../core/sendTime';
import type { NetworkConfig } from '../config/types';

/**
 * The deadline a send on `network` carries: the user's minutes from now, "now" counted from the
 * chain's time where this device's clock is behind it (core/sendTime.ts). A copy of this module
 * in each feature entry is harmless: it keeps no state.
 */
export async function sendDeadline(network: NetworkConfig): Promise<bigint> {
  const reader = await readerFor(network);
  return deadlineFromNow(sendTimeMs(Date.now(), reader.chainTimeMs?.()));
}
