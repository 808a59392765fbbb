import { useEffect } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { HighchartsViewProps } from './HighchartsView';
import type Highcharts from 'highcharts';
import { ONLINE_SETTLE_MS, ReadyChart } from './ReadyChart';

// Highcharts does not draw in jsdom: the stand-in says it drew.
function MockHighcharts({ onDrawn }: HighchartsViewProps) {
  useEffect(() => onDrawn?.({ container: null } as unknown as Highcharts.Chart), [onDrawn]);
  return <div data-testid="highcharts" />;
}
const mockLoad = jest.fn();
jest.mock('./chartLibrary', () => ({ loadChartView: () => mockLoad() }));

const chart = {
  kind: 'line' as const,
  name: 'TRX/JM',
  label: 'TRX/JM price',
  points: [{ dt: 1, open: 1, high: 1, low: 1, close: 1 }],
  height: 140,
  decimals: 2,
  language: 'en',
};

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('Highcharts that could not load (the connection dropped) leaves the light chart, and comes when the browser is online again', async () => {
  mockLoad.mockRejectedValueOnce(new Error('Loading chunk 6811 failed.'));
  mockLoad.mockResolvedValue({ default: MockHighcharts });
  render(<ReadyChart {...chart} />);
  const light = screen.getByRole('img', { name: 'TRX/JM price' });
  fireEvent.pointerDown(light);
  await act(async () => undefined);
  expect(console.error).toHaveBeenCalledWith(
    '[charts] the interactive chart could not load; the light chart stays:',
    expect.objectContaining({ message: 'Loading chunk 6811 failed.' }),
  );
  expect(screen.getByRole('img', { name: 'TRX/JM price' })).toBeInTheDocument();
  expect(screen.queryByTestId('highcharts')).toBeNull();

  // Online: tried again a moment later, not in the instant the browser says so.
  jest.useFakeTimers();
  try {
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    act(() => jest.advanceTimersByTime(ONLINE_SETTLE_MS - 100));
    expect(mockLoad).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(100));
  } finally {
    jest.useRealTimers();
  }
  expect(await screen.findByTestId('highcharts')).toBeInTheDocument();
  expect(mockLoad).toHaveBeenCalledTimes(2);
  // Drawn: Highcharts alone is the chart.
  await waitFor(() => expect(screen.queryByRole('img')).toBeNull());
});
