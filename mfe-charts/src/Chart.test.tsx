import { useEffect, useRef } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { activateLanguage, parseNetworksFile } from '@jmswap/shared-chain';
import { clearHistoryCache } from '@jmswap/shared-chain/history';
import { Chart, ChartView } from './Chart';
import type { ChartPoint } from './chartRules';
import type { HighchartsViewProps } from './HighchartsView';
import type Highcharts from 'highcharts';

// Highcharts itself does not draw in jsdom; the stand-in shows what the chart would be given.
const mockDrawn: ChartPoint[][] = [];
function MockHighcharts(props: HighchartsViewProps) {
  mockDrawn.push(props.points);
  const container = useRef<HTMLDivElement>(null);
  const { onDrawn } = props;
  useEffect(() => {
    onDrawn?.({ container: container.current } as unknown as Highcharts.Chart);
  }, [onDrawn]);
  return (
    <div
      ref={container}
      tabIndex={0}
      data-testid="highcharts"
      data-kind={props.kind}
      data-decimals={props.decimals}
      data-closes={props.points.map((p) => p.close).join(' ')}
      aria-label={props.label}
    />
  );
}
jest.mock('./HighchartsView', () => ({ __esModule: true, default: MockHighcharts }));
// The staged loader evaluates Highcharts' modules before the view; here the view comes at once.
jest.mock('./chartLibrary', () => ({ loadChartView: () => import('./HighchartsView') }));

const { networks } = parseNetworksFile(production);
const tron = { ...networks.TRON, api: { ...networks.TRON.api, url: 'http://api.test' } };
const NOW = Date.UTC(2026, 10, 23, 13);
const H4 = 4 * 3_600_000;
const p = (dt: number, close: number): ChartPoint => ({
  dt,
  open: close,
  high: close,
  low: close,
  close,
});

const answer = (body: unknown, status = 200) =>
  jest.fn(async () => new Response(JSON.stringify(body), { status }));

/** The user's pointer reaches the light chart: Highcharts is asked for and takes its place. */
async function reach(name?: string) {
  fireEvent.pointerDown(await screen.findByRole('img', name ? { name } : {}));
  return screen.findByTestId('highcharts');
}

beforeEach(() => {
  mockDrawn.length = 0;
  clearHistoryCache();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('ChartView states', () => {
  const base = { network: 'TRON', symbolA: 'TRX', symbolB: 'JM', now: NOW };

  it('shows "Loading Chart..." with a spinner until the data arrives', () => {
    render(<ChartView {...base} loading points={[]} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Chart...');
    expect(screen.queryByTestId('highcharts')).not.toBeInTheDocument();
  });

  it('shows "No chart data available" when there is nothing to draw', () => {
    render(<ChartView {...base} loading={false} points={[]} />);
    expect(screen.getByText('No chart data available')).toBeInTheDocument();
  });

  it('draws the points, with a current point once the last is more than 4 h old', async () => {
    const t = NOW - (NOW % H4);
    render(
      <ChartView
        {...base}
        kind="candle"
        loading={false}
        points={[p(t - 3 * H4, 0.0123456), p(t - 2 * H4, 0.02)]}
      />,
    );
    const chart = await reach();
    expect(chart).toHaveAttribute('data-kind', 'candle');
    expect(chart).toHaveAttribute('data-closes', '0.0123456 0.02 0.02');
    expect(chart).toHaveAttribute('data-decimals', '5');
  });

  it('links to the charts page of the pair, by default 470 wide', () => {
    const { container } = render(<ChartView {...base} loading={false} points={[]} />);
    expect(screen.getByRole('link', { name: 'TRX/JM chart' })).toHaveAttribute(
      'href',
      '/charts?n=TRON&symbolA=TRX&symbolB=JM',
    );
    expect(container.querySelector('figure')).toHaveStyle({ maxWidth: '470px' });
  });

  it('hands the drawn chart the same points on a later render: it is not drawn again', async () => {
    const t = NOW - (NOW % H4);
    const points = [p(t - 3 * H4, 1), p(t - 2 * H4, 2)];
    const view = render(<ChartView {...base} loading={false} points={points} />);
    await reach();
    const drawn = mockDrawn.length;
    view.rerender(<ChartView {...base} now={NOW + 60_000} loading={false} points={points} />);
    expect(mockDrawn).toHaveLength(drawn + 1);
    expect(mockDrawn[drawn]).toBe(mockDrawn[0]);
    expect(mockDrawn[drawn]!.map((x) => x.close)).toEqual([1, 2, 2]);
    // A new bucket moves the current point: that is drawn.
    view.rerender(<ChartView {...base} now={NOW + H4} loading={false} points={points} />);
    expect(mockDrawn[drawn + 1]).not.toBe(mockDrawn[0]);
    expect(mockDrawn[drawn + 1]!.map((x) => x.dt)).toEqual([t - 3 * H4, t - 2 * H4, t + H4]);
  });

  it('gives a first close too small for 8 decimals its 4 significant digits', async () => {
    render(<ChartView {...base} loading={false} points={[p(NOW - 1000, 1.234e-11)]} />);
    expect(await reach()).toHaveAttribute('data-decimals', '14');
  });

  it('paints the light chart of the points at once and keeps Highcharts for when the user reaches for the chart', async () => {
    const t = NOW - (NOW % H4);
    render(
      <ChartView
        {...base}
        kind="candle"
        window="3m"
        loading={false}
        points={[p(t - 2 * H4, 1), p(t - H4, 2)]}
      />,
    );
    const light = screen.getByRole('img', { name: 'TRX/JM price, 4-hour candles, last 3 months' });
    expect(light.querySelectorAll('path')).not.toHaveLength(0);
    expect(screen.queryByTestId('highcharts')).not.toBeInTheDocument();
    fireEvent.pointerEnter(light);
    await screen.findByTestId('highcharts');
    // Once Highcharts has drawn, it alone is the chart.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('moves a keyboard user who tabbed into the light chart into Highcharts', async () => {
    render(<ChartView {...base} loading={false} points={[p(NOW - 1000, 2)]} />);
    act(() => screen.getByRole('img').focus());
    expect(document.activeElement).toBe(await screen.findByTestId('highcharts'));
  });

  it('brings Highcharts by itself once the page has been 5 s without a long task', async () => {
    jest.useFakeTimers();
    try {
      render(<ChartView {...base} loading={false} points={[p(NOW - 1000, 2)]} />);
      act(() => jest.advanceTimersByTime(4900));
      expect(screen.queryByTestId('highcharts')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(await screen.findByTestId('highcharts')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('ChartView in Chinese', () => {
  const base = { network: 'TRON', symbolA: 'TRX', symbolB: 'JM', now: NOW };
  beforeEach(() => act(() => activateLanguage('zh-CN')));
  afterEach(() => act(() => activateLanguage('en')));

  it('labels the candles with the pair and the period, and says when there is nothing to draw', async () => {
    const { rerender } = render(
      <ChartView {...base} kind="candle" window="3m" loading={false} points={[p(NOW - 1000, 2)]} />,
    );
    const label = 'TRX/JM 价格，4 小时 K 线，近 3 个月';
    expect(await screen.findByRole('img')).toHaveAccessibleName(label);
    expect(await reach()).toHaveAccessibleName(label);
    expect(screen.getByRole('link', { name: 'TRX/JM 图表' })).toBeInTheDocument();
    rerender(<ChartView {...base} loading={false} points={[]} />);
    expect(screen.getByText('暂无图表数据')).toBeInTheDocument();
  });
});

describe('Chart on the history API', () => {
  it('asks the line of the pair and draws it', async () => {
    // Chart adds a point for the current 4-hour bucket after a gap: the data here is fresh.
    const fetchMock = answer([{ value: 2.5, dt: Date.now() - 1000 }]);
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<Chart network={tron} symbolA="TRX" symbolB="JM" window="1w" />);
    // JM priced in TRX (the base coin): the API is asked (TRX, JM), the chart reads JM/TRX
    const chart = await reach('JM/TRX price, 4-hour line, last week');
    expect(chart).toHaveAttribute('data-closes', '2.5');
    expect(chart).toHaveAccessibleName('JM/TRX price, 4-hour line, last week');
    expect(fetchMock).toHaveBeenCalledWith(
      'http://api.test/v1/history/tron/line/1w/TRX/JM',
      expect.anything(),
    );
  });

  it('keeps the chart drawn when a refresh cannot be read, and says so until one can', async () => {
    jest.useFakeTimers();
    try {
      let close: number | undefined = 2.5;
      global.fetch = jest.fn(async () =>
        close === undefined
          ? new Response('{"error":"down"}', { status: 503 })
          : new Response(JSON.stringify([{ value: close, dt: Date.now() - 1000 }])),
      ) as unknown as typeof fetch;
      render(<Chart network={tron} symbolA="TRX" symbolB="JM" window="1w" />);
      const figure = () => document.querySelector('figure')!;
      await act(() => jest.advanceTimersByTimeAsync(0));
      expect(figure()).toHaveAttribute('data-last-close', '2.5');
      // The api goes down; the answers cached for 10 minutes run out and the refresh fails.
      close = undefined;
      await act(() => jest.advanceTimersByTimeAsync(11 * 60_000));
      expect(figure()).toHaveAttribute('data-state', 'ready');
      expect(figure()).toHaveAttribute('data-last-close', '2.5');
      expect(
        screen.getByText('Prices could not be refreshed; the chart shows the last ones read.'),
      ).toBeVisible();
      // Back: the next refresh draws the new price and the line goes.
      close = 2.6;
      await act(() => jest.advanceTimersByTimeAsync(11 * 60_000));
      expect(figure()).toHaveAttribute('data-last-close', '2.6');
      expect(screen.queryByText(/could not be refreshed/)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['bad data', () => answer([{ value: 'NaN', dt: NOW }])],
    ['an error status', () => answer({ error: 'Not Found' }, 404)],
    [
      'an API that is down',
      () =>
        jest.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
    ],
  ])('shows no data on %s', async (_, make) => {
    global.fetch = make() as unknown as typeof fetch;
    render(<Chart network={tron} symbolA="TRX" symbolB="JM" kind="candle" />);
    expect(await screen.findByText('No chart data available')).toBeInTheDocument();
  });
});

describe('Chart that zooms out (the charts page)', () => {
  const LAST = Date.now() - (Date.now() % H4);
  let FIRST = LAST - 539 * H4;
  let last = LAST;
  beforeEach(() => {
    FIRST = LAST - 539 * H4;
    last = LAST;
  });
  /** The API's 540 candles of the 3-month window, sliced by `to` and `limit` as it does. */
  const api = (fail?: (url: URL) => boolean) =>
    jest.fn(async (input: string) => {
      const url = new URL(input);
      if (fail?.(url)) return new Response('{"error":"boom"}', { status: 500 });
      const to = Math.min(last, Number(url.searchParams.get('to') ?? last));
      const limit = Number(url.searchParams.get('limit') ?? Infinity);
      const rows = [];
      for (let dt = to - (to % H4); dt >= FIRST && rows.length < limit; dt -= H4)
        rows.unshift({ o: 1, h: 2, l: 0.5, c: 1 + (dt - FIRST) / H4, dt });
      return new Response(JSON.stringify(rows));
    });
  const figure = () => document.querySelector('figure')!;
  const asked = (fetchMock: jest.Mock) =>
    fetchMock.mock.calls.map((c) => String(c[0]).replace('http://api.test/v1/history/tron', ''));
  const chart = (
    <Chart
      network={tron}
      symbolA="TRX"
      symbolB="JM"
      kind="candle"
      window="3m"
      firstSpan="1w"
      hideLink
    />
  );

  it("draws the html head script's last week without a request of its own, and asks the api for more", async () => {
    // What shell/src/headStart.ts starts on /charts, for the url this chart asks first.
    const head = api();
    const url = 'http://api.test/v1/history/tron/candles/3m/TRX/JM?limit=42';
    const early = { responses: { [url]: head(url) } as Record<string, Promise<Response>> };
    (globalThis as { __jmswapEarly?: typeof early }).__jmswapEarly = early;
    jest.spyOn(performance, 'now').mockReturnValue(1_000);
    const fetchMock = api();
    global.fetch = fetchMock as unknown as typeof fetch;
    try {
      render(chart);
      await screen.findByRole('img');
      expect(figure()).toHaveAttribute('data-points', '42');
      expect(asked(fetchMock)).toEqual([]);
      expect(early.responses).toEqual({});
      fireEvent.click(screen.getByRole('button', { name: '3M' }));
      await waitFor(() => expect(figure()).toHaveAttribute('data-points', '540'));
      expect(asked(fetchMock)).toEqual([`/candles/3m/TRX/JM?to=${LAST - 41 * H4 - 1}&limit=498`]);
    } finally {
      delete (globalThis as { __jmswapEarly?: unknown }).__jmswapEarly;
    }
  });

  it('asks only for the last week first and draws it, with buttons to zoom out', async () => {
    const fetchMock = api();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(chart);
    await screen.findByRole('img');
    expect(asked(fetchMock)).toEqual(['/candles/3m/TRX/JM?limit=42']);
    expect(figure()).toHaveAttribute('data-points', '42');
    const spans = screen.getByRole('group', { name: 'Chart range' });
    // Under the chart: Tab reaches the chart first, then the zoom.
    expect(
      screen.getByRole('img').compareDocumentPosition(spans) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      within(spans)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1W', '1M', '3M']);
    expect(within(spans).getByRole('button', { name: '1W' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // A screen reader hears the range shown, not the three months that can be shown.
    expect(screen.getByRole('img')).toHaveAccessibleName('JM/TRX price, 4-hour candles, last week');
    // A month needs the 138 candles before the week, and no more.
    fireEvent.click(within(spans).getByRole('button', { name: '1M' }));
    await waitFor(() => expect(figure()).toHaveAttribute('data-points', '180'));
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'JM/TRX price, 4-hour candles, last month',
    );
    expect(asked(fetchMock)[1]).toBe(`/candles/3m/TRX/JM?to=${LAST - 41 * H4 - 1}&limit=138`);
    // Zooming back in needs nothing more from the API.
    fireEvent.click(within(spans).getByRole('button', { name: '1W' }));
    expect(figure()).toHaveAttribute('data-points', '42');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads the candles before the week on zoom out and draws the window in order, each candle once', async () => {
    const fetchMock = api();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(chart);
    await screen.findByRole('img');
    fireEvent.click(screen.getByRole('button', { name: '3M' }));
    await waitFor(() => expect(figure()).toHaveAttribute('data-points', '540'));
    expect(asked(fetchMock)).toEqual([
      '/candles/3m/TRX/JM?limit=42',
      `/candles/3m/TRX/JM?to=${LAST - 41 * H4 - 1}&limit=498`,
    ]);
    expect(figure()).not.toHaveAttribute('aria-busy');
    const closes = (await reach()).getAttribute('data-closes')!.split(' ').map(Number);
    expect(closes).toEqual(Array.from({ length: 540 }, (_, i) => i + 1));
    // Back to the week and out again: the candles held are enough.
    fireEvent.click(screen.getByRole('button', { name: '1W' }));
    fireEvent.click(screen.getByRole('button', { name: '3M' }));
    expect(figure()).toHaveAttribute('data-points', '540');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the week drawn and says so when the earlier candles cannot be read; Try again reads them', async () => {
    let down = true;
    const fetchMock = api((url) => down && url.searchParams.has('to'));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(chart);
    await screen.findByRole('img');
    fireEvent.click(screen.getByRole('button', { name: '3M' }));
    expect(
      await screen.findByText(
        'Earlier prices could not be loaded; the chart shows the ones it has.',
      ),
    ).toBeInTheDocument();
    expect(figure()).toHaveAttribute('data-points', '42');
    expect(screen.getByRole('img')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figure()).toHaveAttribute('data-points', '540'));
    expect(screen.queryByText(/Earlier prices could not be loaded/)).not.toBeInTheDocument();
  });

  it('asks for nothing more when the first page already holds the whole history of the pair', async () => {
    FIRST = LAST - 20 * H4;
    const fetchMock = api();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(chart);
    await screen.findByRole('img');
    fireEvent.click(screen.getByRole('button', { name: '3M' }));
    expect(figure()).toHaveAttribute('data-points', '21');
    expect(figure()).not.toHaveAttribute('aria-busy');
    expect(asked(fetchMock)).toEqual(['/candles/3m/TRX/JM?limit=42']);
  });

  it('keeps every candle held when a refresh brings a new bucket: no gap between the pages', async () => {
    const fetchMock = api();
    global.fetch = fetchMock as unknown as typeof fetch;
    render(chart);
    await screen.findByRole('img');
    fireEvent.click(screen.getByRole('button', { name: '3M' }));
    await waitFor(() => expect(figure()).toHaveAttribute('data-points', '540'));
    // Four hours later the last week starts one bucket later; the page refreshes.
    last = LAST + H4;
    clearHistoryCache();
    const realNow = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(realNow + 20_000);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(asked(fetchMock)).toHaveLength(3));
    expect(asked(fetchMock)[2]).toBe('/candles/3m/TRX/JM?limit=42');
    const closes = async () => (await reach()).getAttribute('data-closes')!.split(' ').map(Number);
    await waitFor(async () =>
      expect(await closes()).toEqual(Array.from({ length: 540 }, (_, i) => i + 2)),
    );
  });
});
