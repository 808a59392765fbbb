import { useRef } from 'react';
import { act, render } from '@testing-library/react';
import type Highcharts from 'highcharts';
import { useDeferredStockChart, whenQuiet } from './deferredChart';

function View({
  hc,
  options,
  onDrawn,
}: {
  hc: typeof Highcharts;
  options: Highcharts.Options;
  onDrawn?: (chart: Highcharts.Chart) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  useDeferredStockChart(hc, container, options, onDrawn);
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
    const onDrawn = jest.fn();
    const view = render(<View hc={hc} options={options} onDrawn={onDrawn} />);
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

    expect(onDrawn).not.toHaveBeenCalled();
    act(() => jest.advanceTimersToNextTimer());
    expect(chart.update).toHaveBeenCalledWith(
      { accessibility: options.accessibility },
      true,
      false,
      false,
    );
    // Whole and accessible: the light chart can give way.
    expect(onDrawn).toHaveBeenCalledWith(chart);

    const next = { ...options, title: { text: 'b' } };
    view.rerender(<View hc={hc} options={next} />);
    expect(chart.update).toHaveBeenLastCalledWith(next, true, true);
    expect(stockChart).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(chart.destroy).toHaveBeenCalledTimes(1);
  });

  it('new options during the first draw update the whole chart and stop the remaining steps', () => {
    const { hc, chart, series } = fakeHighcharts();
    const onDrawn = jest.fn();
    const view = render(<View hc={hc} options={options} onDrawn={onDrawn} />);
    act(() => jest.advanceTimersToNextTimer());
    const next = { ...options, title: { text: 'b' } };
    view.rerender(<View hc={hc} options={next} onDrawn={onDrawn} />);
    expect(chart.update).toHaveBeenCalledWith(next, true, true);
    // That update drew everything: the chart is whole, told once.
    expect(onDrawn).toHaveBeenCalledTimes(1);
    act(() => jest.runAllTimers());
    expect(series.setData).not.toHaveBeenCalled();
    expect(chart.update).toHaveBeenCalledTimes(1);
    view.rerender(<View hc={hc} options={{ ...next }} onDrawn={onDrawn} />);
    expect(onDrawn).toHaveBeenCalledTimes(1);
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

describe('whenQuiet', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
  });

  it('waits until the page has had 5 s without a long task, each long task starting the wait again', () => {
    let longTask = () => {};
    class FakeObserver {
      static supportedEntryTypes = ['longtask'];
      constructor(callback: () => void) {
        longTask = callback;
      }
      observe() {}
      disconnect() {
        longTask = () => {};
      }
    }
    (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver = FakeObserver;
    const work = jest.fn();
    whenQuiet(work);
    jest.advanceTimersByTime(4000);
    longTask();
    jest.advanceTimersByTime(4000);
    expect(work).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1001);
    jest.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    const work = jest.fn();
    whenQuiet(work, 100)();
    jest.runAllTimers();
    expect(work).not.toHaveBeenCalled();
  });
});
