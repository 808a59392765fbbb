// Loaded on demand (Chart's React.lazy), once the figures around the chart are on screen.
// Highcharts, its Stock module (candlesticks), its accessibility module and the first render,
// evaluated in one go, were one main-thread task of about 300 ms on a phone (Lighthouse's 4x CPU):
// each step runs in a task of its own, so a tap or a keystroke waits for one step at most. The
// modules come in this chunk ("eager"): one download, evaluated only when asked for.

/** Lets the browser handle input and paint before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function loadChartView() {
  // The page's shared Highcharts singleton (Module Federation), its own chunk.
  await import('highcharts');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'highcharts/modules/stock');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'highcharts/modules/accessibility');
  await nextTask();
  // Highcharts formats the axis dates and the screen reader's values with Intl; the page's first
  // Intl formatter loads the locale data (50-150 ms here, four times that on a phone): in a task
  // of its own, not inside the first draw's.
  new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(0);
  new Intl.NumberFormat(document.documentElement.lang || undefined).format(1.5);
  await nextTask();
  return import(/* webpackMode: "eager" */ './HighchartsView');
}
