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
 * Lighthouse's and the web's "time to interactive" rule: a page is loaded once its main thread
 * has had 5 s without a long task (>= 50 ms).
 */
export const QUIET_MS = 5000;

/**
 * Runs `work` once the page has had `quietMs` without a long task since the call, in an idle
 * task: work that should not count in the page's load (its time to interactive and the blocking
 * time before it). Returns the cancel.
 */
export function whenQuiet(work: () => void, quietMs = QUIET_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle = () => {};
  let observer: PerformanceObserver | undefined;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      observer?.disconnect();
      cancelIdle = whenIdle(work);
    }, quietMs);
  };
  if (
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('longtask')
  ) {
    observer = new PerformanceObserver(wait);
    observer.observe({ type: 'longtask' });
  }
  wait();
  return () => {
    clearTimeout(timer);
    observer?.disconnect();
    cancelIdle();
  };
}

/** Runs the steps one after the other, each in a task of its own (whenIdle); returns the cancel. */
export function inIdleSteps(steps: readonly (() => void)[]): () => void {
  let cancel = () => {};
  const run = (at: number) => {
    if (at >= steps.length) return;
    cancel = whenIdle(() => {
      steps[at]!();
      run(at + 1);
    });
  };
  run(0);
  return () => cancel();
}

type SeriesWithData = Highcharts.SeriesOptionsType & { data?: Highcharts.PointOptionsType[] };

/**
 * The first draw of a chart with `options`, in three steps of about a third each: the frame
 * (axes, labels) with empty series and without the accessibility module's work, then the series'
 * points, then the accessibility module (the SVG's and region's labels, the keyboard, every
 * candle's description; meanwhile the SVG carries the chart's label). At 4x CPU the whole draw
 * was one task of 650 ms to 1.6 s on this machine, the accessibility module more than half of it. Highcharts' update paths (`setData`, `update`)
 * make the same chart as drawing it with every option at once.
 */
export function firstDrawSteps(
  highcharts: typeof Highcharts,
  container: RefObject<HTMLDivElement | null>,
  options: Highcharts.Options,
  drawn: (chart: Highcharts.Chart) => void,
  done?: (chart: Highcharts.Chart) => void,
): (() => void)[] {
  let chart: Highcharts.Chart | undefined;
  const series = (options.series ?? []) as SeriesWithData[];
  return [
    () => {
      if (!container.current) return;
      chart = highcharts.stockChart(container.current, {
        ...options,
        accessibility: { ...options.accessibility, enabled: false },
        series: series.map((s) => ({ ...s, data: [] }) as Highcharts.SeriesOptionsType),
      });
      // Until the accessibility module's step the SVG is an image with an empty label: it gets
      // the chart's label at once (the module's step labels it the same way).
      const label = options.lang?.accessibility?.defaultChartTitle;
      if (label) chart.renderer?.box?.setAttribute('aria-label', label);
      drawn(chart);
    },
    () => {
      series.forEach((s, i) => chart?.series[i]?.setData(s.data ?? [], false, false, false));
      chart?.redraw(false);
    },
    () => {
      if (!chart) return;
      chart.update({ accessibility: options.accessibility ?? {} }, true, false, false);
      done?.(chart);
    },
  ];
}

/**
 * A Highcharts Stock chart in `container`, drawn with `options`. The first draw runs after
 * React's commit and the paint of what is around it, not inside the commit (highcharts-react
 * draws in a layout effect), and in steps (firstDrawSteps) with the browser free between them:
 * the page's figures show, and taps are answered, before and during it. Later options update
 * the chart (and stop the first draw's remaining steps: the update draws everything).
 */
export function useDeferredStockChart(
  highcharts: typeof Highcharts,
  container: RefObject<HTMLDivElement | null>,
  options: Highcharts.Options,
  onDrawn?: (chart: Highcharts.Chart) => void,
): void {
  const chart = useRef<Highcharts.Chart | undefined>(undefined);
  // The first draw's end is told once, to the latest callback: after its last step, or after
  // the update that stopped the steps.
  const tell = useRef(onDrawn);
  const told = useRef(false);
  useEffect(() => {
    tell.current = onDrawn;
  }, [onDrawn]);
  useEffect(() => {
    const finished = (drawn: Highcharts.Chart) => {
      if (told.current) return;
      told.current = true;
      tell.current?.(drawn);
    };
    if (chart.current) {
      chart.current.update(options, true, true);
      finished(chart.current);
      return undefined;
    }
    return inIdleSteps(
      firstDrawSteps(
        highcharts,
        container,
        options,
        (drawn) => {
          chart.current = drawn;
        },
        finished,
      ),
    );
  }, [highcharts, container, options]);
  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = undefined;
    },
    [],
  );
}
