import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import {
  chartLabel,
  chartPrecision,
  chartSpans,
  historyPair,
  missingBuckets,
  pairName,
  pointsOfSpan,
  samePoints,
  withCurrentPoint,
  type ChartPoint,
} from './chartRules';
import { arrived } from './useChartData';

const H4 = 4 * 3_600_000;
const T0 = Date.UTC(2026, 10, 1); // a bucket start
const point = (dt: number, close: number): ChartPoint => ({
  dt,
  open: close,
  high: close,
  low: close,
  close,
});

describe('precision: the first close to 4 significant digits', () => {
  it.each([
    [0.000123456789, 7],
    [0.5, 4],
    [1.5, 3],
    [12.345, 2],
    [1234.5, 0],
    [98765.4, 0],
  ])('first close %p -> %p decimals', (close, decimals) => {
    expect(chartPrecision([point(T0, close), point(T0 + H4, 99999)], 10)).toBe(decimals);
  });

  it('never shows more than the chart allows, and the default when there is nothing', () => {
    expect(chartPrecision([point(T0, 0.00000123)], 8)).toBe(8);
    expect(chartPrecision([], 8)).toBe(8);
    expect(chartPrecision([point(T0, 0)], 10)).toBe(10);
  });

  it('gives a price too small for the chart its 4 significant digits, up to the API’s 18', () => {
    // At 8 decimals 1.2e-8 would read 0.00000001, and a meme token's 1e-15 0.00000000.
    expect(chartPrecision([point(T0, 1.234e-8)], 8)).toBe(11);
    expect(chartPrecision([point(T0, 1.013e-15)], 10)).toBe(18);
    expect(chartPrecision([point(T0, 1e-20)], 8)).toBe(18);
  });
});

describe('a new point once the last one is more than 4 h old', () => {
  const points = [point(T0, 1), point(T0 + H4, 2)];

  it('adds nothing while the last bucket is at most 4 h old', () => {
    expect(withCurrentPoint(points, T0 + H4 + 1000)).toEqual(points);
    expect(withCurrentPoint(points, T0 + 2 * H4)).toEqual(points);
  });

  it('appends the last close at the start of the current bucket', () => {
    const now = T0 + 3 * H4 + 5 * 60_000;
    expect(withCurrentPoint(points, now)).toEqual([...points, point(T0 + 3 * H4, 2)]);
  });

  it('has nothing to extend without data', () => {
    expect(withCurrentPoint([], T0)).toEqual([]);
  });
});

describe('a refresh that brings the same points', () => {
  const points = [point(T0, 1), point(T0 + H4, 2)];

  it('is told from one that moved a candle, added one or lost one', () => {
    expect(
      samePoints(
        points,
        points.map((p) => ({ ...p })),
      ),
    ).toBe(true);
    expect(samePoints(points, [point(T0, 1), { ...point(T0 + H4, 2), high: 2.5 }])).toBe(false);
    expect(samePoints(points, [...points, point(T0 + 2 * H4, 2)])).toBe(false);
    expect(samePoints(points, points.slice(1))).toBe(false);
    expect(samePoints([], [])).toBe(true);
  });

  it('keeps the chart data as it was, so the chart is not drawn again', () => {
    const shown = { loading: false, points };
    expect(arrived(points.map((p) => ({ ...p })))(shown)).toBe(shown);
    const moved = [point(T0, 1), point(T0 + H4, 3)];
    expect(arrived(moved)(shown)).toEqual({ loading: false, points: moved });
    // The first answer always lands, even an empty one.
    expect(arrived([])({ loading: true, points: [] })).toEqual({ loading: false, points: [] });
    // No answer: what is drawn stays, said to be stale, until an answer comes (the same points).
    const stale = arrived(undefined)(shown);
    expect(stale).toEqual({ loading: false, points, stale: true });
    expect(arrived(undefined)(stale)).toBe(stale);
    expect(arrived(points)(stale)).toEqual({ loading: false, points });
    expect(arrived(undefined)({ loading: true, points: [] })).toEqual({
      loading: false,
      points: [],
    });
  });
});

describe('history pair: prices read quote per base', () => {
  const { networks } = parseNetworksFile(production);
  it('the stablecoin is the quote side, in either order: BNB/USDT is USDT per BNB', () => {
    expect(historyPair(networks.BSC, 'BNB', 'USDT')).toEqual(['USDT', 'BNB']);
    expect(historyPair(networks.BSC, 'USDT', 'BNB')).toEqual(['USDT', 'BNB']);
    expect(historyPair(networks.BSC, 'BUSD', 'BNB')).toEqual(['BUSD', 'BNB']);
    expect(historyPair(networks.TRON, 'JM', 'USDT')).toEqual(['USDT', 'JM']);
    expect(pairName(historyPair(networks.BSC, 'USDT', 'BNB'))).toBe('BNB/USDT');
  });

  it('else the base coin: TRX/JM is TRX per JM', () => {
    expect(historyPair(networks.TRON, 'TRX', 'JM')).toEqual(['TRX', 'JM']);
    expect(historyPair(networks.TRON, 'JM', 'TRX')).toEqual(['TRX', 'JM']);
    expect(historyPair(networks.BSC, 'TRX', 'BNB')).toEqual(['BNB', 'TRX']);
  });

  it("else the pool's invert flag (symbolB in symbolA, inverted the other way round)", () => {
    const net = {
      ...networks.TRON,
      pools: [{ symbolA: 'JM', symbolB: 'NOLE', address: '' }],
    };
    expect(historyPair(net, 'NOLE', 'JM')).toEqual(['JM', 'NOLE']);
    const inverted = { ...net, pools: [{ ...net.pools[0]!, invert: true }] };
    expect(historyPair(inverted, 'JM', 'NOLE')).toEqual(['NOLE', 'JM']);
    // a stablecoin or the base coin wins over the flag
    const flagged = {
      ...networks.TRON,
      pools: networks.TRON.pools.map((p) => ({ ...p, invert: true })),
    };
    expect(historyPair(flagged, 'TRX', 'USDT')).toEqual(['USDT', 'TRX']);
    expect(historyPair(flagged, 'TRX', 'JM')).toEqual(['TRX', 'JM']);
  });

  it("the charts page's toggle turns it round", () => {
    expect(historyPair(networks.BSC, 'BNB', 'USDT', true)).toEqual(['BNB', 'USDT']);
    expect(pairName(historyPair(networks.BSC, 'BNB', 'USDT', true))).toBe('USDT/BNB');
  });
});

describe('the label a screen reader hears for a chart', () => {
  it('names the pair as shown and the period drawn', () => {
    expect(chartLabel('TRX', 'JM', 'candle', '3m')).toBe(
      'TRX/JM price, 4-hour candles, last 3 months',
    );
    expect(chartLabel('BNB', 'USDT', 'line', '1w')).toBe('BNB/USDT price, 4-hour line, last week');
  });
});

describe('zoom spans', () => {
  const month = Array.from({ length: 180 }, (_, i) => point(T0 + i * H4, i));

  it('offers the shorter spans and the whole window', () => {
    expect(chartSpans('3m')).toEqual(['1w', '1m', '3m']);
    expect(chartSpans('1y')).toEqual(['1w', '1m', '3m', '1y']);
    expect(chartSpans('1w')).toEqual(['1w']);
  });

  it('draws the last buckets of a span, and says how many earlier ones it lacks', () => {
    expect(pointsOfSpan(month, '1w').map((p) => p.close)).toEqual(
      Array.from({ length: 42 }, (_, i) => 138 + i),
    );
    expect(pointsOfSpan(month, '1m')).toBe(month);
    expect(pointsOfSpan(month, '3m')).toBe(month);
    expect(missingBuckets(month, '1m')).toBe(0);
    expect(missingBuckets(month, '3m')).toBe(360);
    expect(missingBuckets(month, 'all')).toBe(Infinity);
    expect(missingBuckets([], '3m')).toBe(0);
  });
});
