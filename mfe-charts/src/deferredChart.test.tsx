import { useRef } from 'react';
import { act, render } from '@testing-library/react';
import type Highcharts from 'highcharts';
import { useDeferredStockChart } from './deferredChart';

function View({ hc, options }: { hc: typeof Highcharts; options: Highcharts.Options }) {
  const container = useRef<HTMLDivElement>(null);
  useDeferredStockChart(hc, container, options);
  return <div ref={container} />;
}

function fakeHighcharts() {
  const series = { setData: jest.fn() };
  const box = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  box.setAttribute('aria-label', '');
  const chart = {
    series: [series],
    renderer: { box },
    update: jest.fn(),
    redraw: jest.fn(),
    destroy: jest.fn(),
  };
  const stockChart = jest.fn((_: HTMLElement, _options: Highcharts.Options) => chart);
  return { hc: { stockChart } as unknown as typeof Highcharts, stockChart, chart, series };
}

const candles = [
  [1, 1, 2, 0.5, 1.5],
  [2, 1.5, 2, 1, 1],
];
const options: Highcharts.Options = {
  title: { text: 'a' },
  lang: { accessibility: { defaultChartTitle: 'TRX/JM price, 4-hour candles, last 3 months' } },
  accessibility: { enabled: true, keyboardNavigation: { enabled: true } },
  series: [{ type: 'candlestick', name: 'TRX/JM', data: candles }],
};

describe('useDeferredStockChart', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('draws after the commit in three tasks: frame, candles, accessibility', () => {
    const { hc, stockChart, chart, series } = fakeHighcharts();
    const view = render(<View hc={hc} options={options} />);
    // The commit is over and nothing was drawn in it: the page paints first.
    expect(stockChart).not.toHaveBeenCalled();

    act(() => jest.advanceTimersToNextTimer());
    expect(stockChart).toHaveBeenCalledTimes(1);
    const frame = stockChart.mock.calls[0]![1];
    expect(frame.title).toEqual({ text: 'a' });
    expect(frame.series).toEqual([{ type: 'candlestick', name: 'TRX/JM', data: [] }]);
    expect(frame.accessibility).toEqual({ enabled: false, keyboardNavigation: { enabled: true } });
    expect(series.setData).not.toHaveBeenCalled();
    // Before the accessibility module's step a screen reader hears the chart's label already.
    expect(chart.renderer.box).toHaveAttribute(
      'aria-label',
      'TRX/JM price, 4-hour candles, last 3 months',
    );

    act(() => jest.advanceTimersToNextTimer());
    expect(series.setData).toHaveBeenCalledWith(candles, false, false, false);
    expect(chart.redraw).toHaveBeenCalledTimes(1);
    expect(chart.update).not.toHaveBeenCalled();

    act(() => jest.advanceTimersToNextTimer());
    expect(chart.update).toHaveBeenCalledWith(
      { accessibility: options.accessibility },
      true,
      false,
      false,
    );

    const next = { ...options, title: { text: 'b' } };
    view.rerender(<View hc={hc} options={next} />);
    expect(chart.update).toHaveBeenLastCalledWith(next, true, true);
    expect(stockChart).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(chart.destroy).toHaveBeenCalledTimes(1);
  });

  it('new options during the first draw update the whole chart and stop the remaining steps', () => {
    const { hc, chart, series } = fakeHighcharts();
    const view = render(<View hc={hc} options={options} />);
    act(() => jest.advanceTimersToNextTimer());
    const next = { ...options, title: { text: 'b' } };
    view.rerender(<View hc={hc} options={next} />);
    expect(chart.update).toHaveBeenCalledWith(next, true, true);
    act(() => jest.runAllTimers());
    expect(series.setData).not.toHaveBeenCalled();
    expect(chart.update).toHaveBeenCalledTimes(1);
  });

  it('draws nothing when the view is gone before its turn, and stops mid-draw on unmount', () => {
    const early = fakeHighcharts();
    render(<View hc={early.hc} options={options} />).unmount();
    act(() => jest.runAllTimers());
    expect(early.stockChart).not.toHaveBeenCalled();

    const mid = fakeHighcharts();
    const view = render(<View hc={mid.hc} options={options} />);
    act(() => jest.advanceTimersToNextTimer());
    view.unmount();
    act(() => jest.runAllTimers());
    expect(mid.chart.destroy).toHaveBeenCalledTimes(1);
    expect(mid.series.setData).not.toHaveBeenCalled();
  });
});
