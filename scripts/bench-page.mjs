// What the browser benches measure a page with (Chromium over CDP).

/** Main-thread busy time so far (ms), from Chromium's own counters (`Performance.enable` first). */
export async function taskMs(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration').value * 1000;
}

/**
 * Waits until the page's main thread is idle (five idle periods in a row with their whole 50 ms
 * free), at least 500 ms and at most 3 s: what the page still does after its load (the charts
 * remote's first draw after the box's prices) is not what is measured next.
 */
export const settled = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const started = performance.now();
        let quiet = 0;
        const check = (deadline) => {
          quiet = deadline.timeRemaining() >= 49 ? quiet + 1 : 0;
          const waited = performance.now() - started;
          if ((quiet >= 5 && waited >= 500) || waited >= 3000) resolve();
          else requestIdleCallback(check, { timeout: 100 });
        };
        // The timeout: a page that is never idle (a starved CPU) still ends the wait at 3 s.
        requestIdleCallback(check, { timeout: 100 });
      }),
  );
