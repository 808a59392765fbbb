// Loaded on demand (Chart's React.lazy), once the figures around the chart are on screen.
// Highcharts, its Stock module (candlesticks), its accessibility module and the first render,
// evaluated in one go, were one main-thread task of about 300 ms on a phone (Lighthouse's 4x CPU):
// each step runs in a task of its own, so a tap or a keystroke waits for one step at most. The
// modules come in this chunk ("eager"): one download, evaluated only when asked for.

/** Lets the browser handle input and paint before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const ES_PARTS: Intl.DateTimeFormatOptions = {
  weekday: 'narrow',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/**
 * The Intl date and number formatters Highcharts makes, one function each: the first formatter of
 * a locale loads its data and each new pattern is built (50-150 ms here, four times that on a
 * phone; together 830 ms in one task of a 4x profile), so each is made in a task of its own
 * before Highcharts needs it. Highcharts' evaluation makes the month and weekday names of the
 * page's language (its `Time`), and every draw reads dates through a Spanish formatter
 * (`toParts`).
 */
export function dateFormats(language = document.documentElement.lang || undefined): (() => void)[] {
  const date = (locale: string | undefined, options: Intl.DateTimeFormatOptions) => () =>
    void new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(0);
  return [
    date(language, { month: 'long' }),
    date(language, { month: 'short' }),
    date(language, { weekday: 'long' }),
    date(language, { weekday: 'short' }),
    date('es', ES_PARTS),
    date(language, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
    () => void new Intl.NumberFormat(language).format(1.5),
  ];
}

export async function loadChartView() {
  // Before Highcharts' evaluation, which makes date formatters (dateFormats).
  for (const make of dateFormats()) {
    make();
    await nextTask();
  }
  // The page's shared Highcharts singleton (Module Federation), its own chunk.
  await import('highcharts');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'highcharts/modules/stock');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'highcharts/modules/accessibility');
  await nextTask();
  return import(/* webpackMode: "eager" */ './HighchartsView');
}
