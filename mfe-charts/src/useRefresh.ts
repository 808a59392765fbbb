import { useEffect, useRef, useState } from 'react';

/**
 * A counter that moves every `everyMs` while `active` and the page is visible, if the last move
 * is older than `staleMs`; also when the page becomes visible again with stale data. Effects
 * that depend on it reload their data.
 */
export function useRefresh(everyMs: number, staleMs: number, active: boolean): number {
  const [tick, setTick] = useState(0);
  const last = useRef(Date.now());
  useEffect(() => {
    last.current = Date.now();
  }, [tick]);
  useEffect(() => {
    if (!active) return;
    const maybe = () => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - last.current > staleMs) setTick((t) => t + 1);
    };
    const timer = setInterval(maybe, everyMs);
    document.addEventListener('visibilitychange', maybe);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', maybe);
    };
  }, [everyMs, staleMs, active]);
  return tick;
}
