/**
 * How far ahead of this device's clock the chain's time is believed: a day. A node whose head
 * says more is not (a far deadline would let a send wait for a worse moment to be mined).
 */
export const CHAIN_TIME_LEAD_MS = 24 * 60 * 60_000;

/**
 * "Now" for a send's deadline: the later of this device's clock and the chain's time (its latest
 * block seen, carried forward by the clock). With a device clock minutes behind, every send
 * expired before it was mined; a chain that makes a block only for a transaction (a local one)
 * has a head older than now, where the device's clock counts.
 */
export function sendTimeMs(deviceNowMs: number, chainNowMs: number | undefined): number {
  if (chainNowMs === undefined) return deviceNowMs;
  return Math.max(deviceNowMs, Math.min(chainNowMs, deviceNowMs + CHAIN_TIME_LEAD_MS));
}
