/**
 * The swap box's refresh rules (product.md section 4), apart from the box so fake timers can
 * test them: prices and the estimate every 15 s (8 s in launchPad) while the page is visible,
 * but only when the last update is older than the interval minus 5 s; on becoming visible again,
 * 10 s later; the wallet's balances every 12 s, the second token's 6 s after the first. Each
 * skipped refresh is a node request saved.
 */
import { useEffect, useRef, useState } from 'react';

/** A refresh is skipped when the last update is younger than the interval minus this. */
export const REFRESH_MARGIN_MS = 5_000;
/** How long after the page becomes visible again the box refreshes. */
export const VISIBLE_REFRESH_DELAY_MS = 10_000;
/** The second token's balance is read this long after the first's. */
export const SECOND_BALANCE_DELAY_MS = 6_000;

const visible = (): boolean =>
  typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Is a refresh due at `now`, the last update having been at `lastUpdate`? */
export const refreshDue = (now: number, lastUpdate: number, intervalMs: number): boolean =>
  now - lastUpdate >= intervalMs - REFRESH_MARGIN_MS;

/**
 * A counter that goes up when the box should read again: every `intervalMs` while visible if
 * `lastUpdate()` (ms) is old enough, and once `VISIBLE_REFRESH_DELAY_MS` after the page becomes
 * visible again (if it stays so). Each bump counts as an update.
 */
export function useRefreshTick(intervalMs: number, lastUpdate: () => number | undefined): number {
  const [tick, setTick] = useState(0);
  const latest = useRef(lastUpdate);
  useEffect(() => {
    latest.current = lastUpdate;
  });
  useEffect(() => {
    let bumpedAt = Date.now();
    const bump = () => {
      bumpedAt = Date.now();
      setTick((n) => n + 1);
    };
    const timer = setInterval(() => {
      const last = Math.max(bumpedAt, latest.current() ?? 0);
      if (visible() && refreshDue(Date.now(), last, intervalMs)) bump();
    }, intervalMs);
    let back: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      clearTimeout(back);
      back = undefined;
      if (visible()) back = setTimeout(() => visible() && bump(), VISIBLE_REFRESH_DELAY_MS);
    };
    const page = typeof document === 'undefined' ? undefined : document;
    page?.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      clearTimeout(back);
      page?.removeEventListener('visibilitychange', onVisibility);
    };
  }, [intervalMs]);
  return tick;
}

/**
 * Reads the first token's balance at once and the second's `SECOND_BALANCE_DELAY_MS` later,
 * each time `tick` or the inputs change; a newer run cancels the older one's second read.
 * `both` (after a swap) reads the two at once.
 */
export function useStaggeredBalances(
  read: (symbols: string[]) => Promise<Record<string, bigint> | undefined>,
  first: string | undefined,
  second: string | undefined,
  tick: number,
  both = 0,
): Record<string, bigint> {
  const [balances, setBalances] = useState<Record<string, bigint>>({});
  // Another account or network: nothing of the last one's shows while the new ones are read.
  useEffect(() => setBalances({}), [read]);
  useEffect(() => {
    if (!first || !second) {
      setBalances({});
      return undefined;
    }
    let live = true;
    const merge = (got: Record<string, bigint> | undefined, symbol: string) => {
      if (!live) return;
      setBalances((b) => {
        const next = { ...b };
        if (got?.[symbol] === undefined) delete next[symbol];
        else next[symbol] = got[symbol] as bigint;
        return next;
      });
    };
    void read([first]).then((got) => merge(got, first));
    const readSecond = () => void read([second]).then((got) => merge(got, second));
    const later = setTimeout(readSecond, SECOND_BALANCE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(later);
    };
  }, [read, first, second, tick]);
  useEffect(() => {
    if (both === 0 || !first || !second) return undefined;
    let live = true;
    void read([first, second]).then((got) => {
      if (live && got) setBalances((b) => ({ ...b, ...got }));
    });
    return () => {
      live = false;
    };
  }, [both]); // eslint-disable-line react-hooks/exhaustive-deps -- only on demand
  return balances;
}
