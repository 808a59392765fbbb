import { formatBps } from '@jmswap/shared-chain';

/**
 * A pool share in percent to 2 decimals. A share that is there but below 0.01% reads "<0.01",
 * as Uniswap writes it: "0.00" beside a position would say it holds nothing.
 */
export function shareText(bps: bigint, holds: boolean): string {
  return bps === 0n && holds ? '<0.01' : formatBps(bps);
}
