// Loaded on demand (Chart's React.lazy), once the figures around the chart are on screen.
// Highcharts, its Stock module (candlesticks), its accessibility module and the first render,
// evaluated in one go, were one main-thread task of about 300 ms on a phone (Lighthouse's 4x CPU):
// each step runs in a task of its own, so a tap or a keystroke waits for one step at most. The
// modules come in this chunk ("eager"): one download, evaluated only when asked for.

/** Lets the browser handle input and paint before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Makes the Intl date and number formatters Highcharts makes, so that the locale data they load
 * (the page's first Intl formatter of a locale: 50-150 ms here, four times that on a phone) is
 * in a task of its own: Highcharts' evaluation makes the month and weekday names of the page's
 * language (its `Time`), and every draw reads dates through a Spanish formatter (`toParts`).
 */
export function loadDateFormats(language = document.documentElement.lang || undefined): void {
  for (const month of ['long', 'short'] as const)
    new Intl.DateTimeFormat(language, { month, timeZone: 'UTC' }).format(0);
  for (const weekday of ['long', 'short'] as const)
    new Intl.DateTimeFormat(language, { weekday, timeZone: 'UTC' }).format(0);
  new Intl.DateTimeFormat('es', {
    weekday: 'narrow',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    timeZone: 'UTC',
  }).format(0);
  new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(0);
  new Intl.NumberFormat(language).format(1.5);
}

export async function loadChartView() {
  // Before Highcharts' evaluation, which makes date formatters (loadDateFormats).
  loadDateFormats();
  await nextTask();
  // The page's shared Highcharts singleton (Module Federation), its own chunk.
  await import('highcharts');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'highcharts/modules/stock');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'highcharts/modules/accessibility');
  await nextTask();
  return import(/* webpackMode: "eager" */ './HighchartsView');
}
