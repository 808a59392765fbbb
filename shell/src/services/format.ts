/** Header balance: base units to 6 decimals, truncated (display only; no money math here). */
export function formatHeaderBalance(balance: bigint, decimals = 6, places = 6): string {
  const negative = balance < 0n;
  const abs = negative ? -balance : balance;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  let fraction = (abs % scale).toString().padStart(decimals, '0').slice(0, places);
  fraction = fraction.padEnd(places, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
