import type Highcharts from 'highcharts';

/**
 * Highcharts' accessibility module's options for a chart labelled `label` (the pair and the
 * period): the SVG and its region carry the label instead of "Chart", Tab moves into the candles
 * and the arrow keys from one to the next, and each candle or point is described with the
 * chart's own decimals (its date, then open/high/low/close or the value).
 */
export function accessibilityOptions(label: string, decimals: number): Highcharts.Options {
  return {
    accessibility: {
      enabled: true,
      point: { valueDecimals: decimals, dateFormat: '%Y-%m-%d %H:%M UTC' },
      // Every candle gets its description: above Highcharts' default 200 points a screen reader
      // would hear nothing while the keyboard moves through them.
      series: { pointDescriptionEnabledThreshold: false, describeSingleSeries: true },
      keyboardNavigation: { enabled: true },
      // The figures around the chart already say what it is; no "Highcharts" landmark wording.
      screenReaderSection: { beforeChartFormat: '<div>{chartTitle}</div>' },
    },
    lang: {
      accessibility: {
        defaultChartTitle: label,
        svgContainerLabel: '{chartTitle}',
        chartContainerLabel: '{title}',
      },
    },
  };
}
