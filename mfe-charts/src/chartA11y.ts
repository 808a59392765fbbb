import type Highcharts from 'highcharts';
import { plural, t } from '@lingui/core/macro';
import { currentLanguage } from '@jmswap/shared-chain';

const DATE_FORMAT = '%Y-%m-%d %H:%M UTC';

type CandlePoint = Highcharts.Point & {
  open?: number;
  high?: number;
  low?: number;
  close?: number;
};

/**
 * A candle or point as a screen reader hears it in another language than English (English keeps
 * Highcharts' own wording: an empty answer falls back to it): its date, then its values.
 */
function describePoint(point: CandlePoint, decimals: number): string {
  if (currentLanguage() === 'en') return '';
  const { chart } = point.series;
  const value = (n: number | undefined | null) => chart.numberFormatter(n ?? 0, decimals);
  const date = chart.time.dateFormat(DATE_FORMAT, point.x);
  if (point.open === undefined) {
    const close = value(point.y);
    return t`${date}, ${close}.`;
  }
  const open = value(point.open);
  const high = value(point.high);
  const low = value(point.low);
  const close = value(point.close);
  return t`${date}, open: ${open}, high: ${high}, low: ${low}, close: ${close}.`;
}

/** The series as a screen reader hears it in another language than English (see describePoint). */
function describeSeries(series: Highcharts.Series): string {
  if (currentLanguage() === 'en') return '';
  const name = series.name;
  const count = series.points.length;
  return series.type === 'line'
    ? plural(count, {
        one: `${name}, line 1 of 1 with # data point.`,
        other: `${name}, line 1 of 1 with # data points.`,
      })
    : plural(count, {
        one: `${name}, series 1 of 1 with # data point.`,
        other: `${name}, series 1 of 1 with # data points.`,
      });
}

/**
 * Highcharts' accessibility module's options for a chart labelled `label` (the pair and the
 * period): the SVG and its region carry the label instead of "Chart", Tab moves into the candles
 * and the arrow keys from one to the next, and each candle or point is described with the
 * chart's own decimals (its date, then open/high/low/close or the value). Another language than
 * English gives the chart its locale (month and weekday names, separators, from Intl) and the
 * words a screen reader hears; the chart is drawn anew when the language changes (Chart's key).
 */
export function accessibilityOptions(label: string, decimals: number): Highcharts.Options {
  const language = currentLanguage();
  return {
    accessibility: {
      enabled: true,
      point: {
        valueDecimals: decimals,
        dateFormat: DATE_FORMAT,
        descriptionFormatter: (point) => describePoint(point, decimals),
      },
      // Every candle gets its description: above Highcharts' default 200 points a screen reader
      // would hear nothing while the keyboard moves through them.
      series: {
        pointDescriptionEnabledThreshold: false,
        describeSingleSeries: true,
        descriptionFormatter: describeSeries,
      },
      keyboardNavigation: { enabled: true },
      // The figures around the chart already say what it is; no "Highcharts" landmark wording.
      screenReaderSection: { beforeChartFormat: '<div>{chartTitle}</div>' },
    },
    lang: {
      ...(language === 'en' ? {} : { locale: language }),
      // The candle tooltip's words (Stock's lang options, missing from the typings).
      ...({
        stockOpen: t`Open`,
        stockHigh: t`High`,
        stockLow: t`Low`,
        stockClose: t`Close`,
      } as Highcharts.LangOptions),
      accessibility: {
        defaultChartTitle: label,
        svgContainerLabel: '{chartTitle}',
        chartContainerLabel: '{title}',
        screenReaderSection: { endOfChartMarker: t`End of interactive chart.` },
      },
    },
  };
}
