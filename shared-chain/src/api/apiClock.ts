/**
 * "Now" by the api's clock where this device's is set wrong by a quarter of an hour or more (a
 * clock a time zone off, a battery-dead phone): the chart's current point goes in the 4-hour bucket
 * the api's candles use, not hours ahead of or behind them. Read from the answers' `Date` header.
 * Smaller gaps are left alone: a browser-cached answer's Date is as old as the cache (minutes),
 * and the header counts whole seconds. A gap of more than two days is not believed either.
 * Like the answers' cache, each remote's copy of `/history` keeps its own: a chart learns it from
 * the answers that brought its candles.
 */
export const API_CLOCK_TRUSTED = { fromMs: 15 * 60_000, toMs: 2 * 24 * 3_600_000 };

let offsetMs = 0;

/** Takes the api's time from an answer's `Date` header (answered at about `deviceNow`). */
export function learnApiClock(dateHeader: string | null, deviceNow: number = Date.now()): void {
  const at = dateHeader === null ? NaN : Date.parse(dateHeader);
  if (!Number.isFinite(at)) return;
  const gap = Math.abs(at - deviceNow);
  offsetMs = gap >= API_CLOCK_TRUSTED.fromMs && gap <= API_CLOCK_TRUSTED.toMs ? at - deviceNow : 0;
}

/** Now, in ms, by the api's clock when this device's is far off it; else this device's. */
export const apiNow = (): number => Date.now() + offsetMs;
