import { useRef } from 'react';
import { act, render } from '@testing-library/react';
import type Highcharts from 'highcharts';
import { useDeferredStockChart } from './deferredChart';

function View({ hc, options }: { hc: typeof Highcharts; options: Highcharts.Options }) {
  const container = useRef<HTMLDivElement>(null);
  useDeferredStockChart(hc, container, options);
  return <div ref={container} />;
}

describe('useDeferredStockChart', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('draws after the commit, in a task of its own, then updates and destroys that chart', () => {
    const chart = { update: jest.fn(), destroy: jest.fn() };
    const stockChart = jest.fn(() => chart);
    const hc = { stockChart } as unknown as typeof Highcharts;
    const first = { title: { text: 'a' } };
    const view = render(<View hc={hc} options={first} />);
    // The commit is over and nothing was drawn in it: the page paints first.
    expect(stockChart).not.toHaveBeenCalled();
    act(() => jest.runOnlyPendingTimers());
    expect(stockChart).toHaveBeenCalledWith(expect.any(HTMLDivElement), first);

    const next = { title: { text: 'b' } };
    view.rerender(<View hc={hc} options={next} />);
    expect(chart.update).toHaveBeenCalledWith(next, true, true);
    expect(stockChart).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(chart.destroy).toHaveBeenCalledTimes(1);
  });

  it('draws nothing when the view is gone before its turn', () => {
    const stockChart = jest.fn();
    const hc = { stockChart } as unknown as typeof Highcharts;
    render(<View hc={hc} options={{}} />).unmount();
    act(() => jest.runOnlyPendingTimers());
    expect(stockChart).not.toHaveBeenCalled();
  });
});
