import { formatFixed, HEADER_BALANCE_DISPLAY_DECIMALS } from '@jmswap/shared-chain';

/** Header balance: base units shown to 6 decimals, truncated (shared-chain's formatter). */
export function formatHeaderBalance(
  balance: bigint,
  decimals = 6,
  places = HEADER_BALANCE_DISPLAY_DECIMALS,
): string {
  return formatFixed(balance, decimals, places);
}
