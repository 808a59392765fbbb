import { useEffect, useRef, type RefObject } from 'react';
import type Highcharts from 'highcharts';

/**
 * Runs `work` in a task of its own once the browser has painted and is idle (at most `timeout`
 * ms later); returns its cancel.
 */
function whenIdle(work: () => void, timeout = 200): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}

/**
 * A Highcharts Stock chart in `container`, drawn with `options`. The first draw (340-490 ms on a
 * phone, Lighthouse's 4x CPU) runs in a task of its own after React's commit and the paint of
 * what is around it, not inside the commit (highcharts-react draws in a layout effect): the
 * page's figures show, and taps are answered, before it. Later options update the chart.
 */
export function useDeferredStockChart(
  highcharts: typeof Highcharts,
  container: RefObject<HTMLDivElement | null>,
  options: Highcharts.Options,
): void {
  const chart = useRef<Highcharts.Chart | undefined>(undefined);
  useEffect(() => {
    if (chart.current) {
      chart.current.update(options, true, true);
      return undefined;
    }
    return whenIdle(() => {
      if (container.current) chart.current = highcharts.stockChart(container.current, options);
    });
  }, [highcharts, container, options]);
  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = undefined;
    },
    [],
  );
}
