import { deadlineFromNow, readerFor } from '../singleton';
import type { NetworkConfig } from '../config/types';

/**
 * The deadline a send on `network` carries: the user's minutes from now, "now" being the later
 * of this device's clock and the chain's (its latest block seen, carried forward by the clock).
 * With a device clock minutes behind, every send expired before it was mined; a chain that makes
 * a block only for a transaction (a local one) has a head older than now. A copy of this module
 * in each feature entry is harmless: it keeps no state.
 */
export async function sendDeadline(network: NetworkConfig): Promise<bigint> {
  const reader = await readerFor(network);
  return deadlineFromNow(Math.max(Date.now(), reader.chainTimeMs?.() ?? -Infinity));
}
