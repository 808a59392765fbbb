import {
  clearHistoryCache,
  fetchAccountTrades,
  fetchAllPages,
  fetchCandles,
  fetchEarlierCandles,
  fetchEarlierLine,
  mergeByDate,
  fetchLine,
  fetchTrades,
  candleSchema,
  checkCandles,
  parseCandles,
  parseLine,
  parseTrades,
} from './history';
import * as v from 'valibot';

const T0 = Date.UTC(2026, 10, 1);
const HOUR = 3_600_000;
const candle = (dt: number, c = 0.5) => ({ o: c, h: c, l: c, c, dt });
const trade = (date: number, hash: string) => ({
  type: 'buy',
  price: '0.000123456789',
  buyAmount: '100',
  sellAmount: '0.0123456789',
  date,
  hash,
  trader: 'TXyz',
});
const hashOf = (n: number) => n.toString(16).padStart(64, '0');

const answer = (body: unknown, status = 200) =>
  jest.fn(async () => new Response(JSON.stringify(body), { status })) as jest.Mock & typeof fetch;

beforeEach(() => {
  clearHistoryCache();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('schema', () => {
  it('accepts candles that fit and returns them in time order', () => {
    const rows = parseCandles([candle(T0 + 4 * HOUR, 2), candle(T0, 1)]);
    expect(rows?.map((r) => r.c)).toEqual([1, 2]);
  });

  it.each([
    ['a non-array', { o: 1, h: 1, l: 1, c: 1, dt: T0 }],
    ['a missing field', [{ o: 1, h: 1, l: 1, dt: T0 }]],
    ['a NaN written as text', [{ ...candle(T0), c: 'NaN' }]],
    ['a huge number', [{ ...candle(T0), h: 1e300 }]],
    ['a negative price', [{ ...candle(T0), l: -1 }]],
    ['seconds instead of milliseconds', [candle(T0 / 1000)]],
    ['one bad row among good ones', [candle(T0), { ...candle(T0 + HOUR), o: null }]],
    ['a row that is not an object', [candle(T0), 7]],
    ['an infinite price', [{ ...candle(T0), o: Infinity }]],
    ['a fractional time', [candle(T0 + 0.5)]],
    ['a time after 2200', [candle(7_258_118_400_001)]],
  ])('refuses candles with %s', (_, raw) => {
    expect(parseCandles(raw)).toBeUndefined();
    // The same rows the contract's schema refuses.
    expect(v.is(v.array(candleSchema), raw)).toBe(false);
  });

  it('says which candle and which field break the contract', () => {
    expect(() => checkCandles([candle(T0), { ...candle(T0 + HOUR), h: 'NaN' }])).toThrow(
      'answer does not match the history contract: candle 1: h "NaN" is not a price from 0 to 100000000000000000000',
    );
    expect(() => checkCandles([{ o: 1, h: 1, l: 1, c: 1 }])).toThrow(
      'candle 0: dt missing is not a ms time in 2000..2200',
    );
    expect(() => checkCandles({ rows: [] })).toThrow('candles: not an array');
  });

  it("accepts a quote in a meme token: 1 BNB is 1.005e15 of a quadrillion-supply token's units", () => {
    const meme = { o: 1.005e15, h: 1.2e15, l: 9.9e14, c: 1.005e15, dt: T0 };
    expect(parseCandles([meme])).toEqual([meme]);
    expect(parseLine([{ value: 1_005_025_125_628_140.8, dt: T0 }])).toHaveLength(1);
    expect(parseLine([{ value: 1e21, dt: T0 }])).toBeUndefined();
  });

  it('keeps only the contract fields of a candle', () => {
    expect(checkCandles([{ ...candle(T0), extra: 'x' }])).toEqual([candle(T0)]);
  });

  it("keeps a candle's USD volume; an older api's candle without one, or an unpriced one, has none", () => {
    expect(
      checkCandles([
        { ...candle(T0), v: 1234.5 },
        { ...candle(T0 + 4 * HOUR), v: 0 },
      ]),
    ).toEqual([
      { ...candle(T0), v: 1234.5 },
      { ...candle(T0 + 4 * HOUR), v: 0 },
    ]);
    expect(checkCandles([{ ...candle(T0), v: null }])).toEqual([candle(T0)]);
    for (const bad of [-1, 'NaN', 1e300]) {
      expect(parseCandles([candle(T0 - 4 * HOUR), { ...candle(T0), v: bad }])).toBeUndefined();
      expect(v.is(v.array(candleSchema), [{ ...candle(T0), v: bad }])).toBe(false);
    }
    expect(() => checkCandles([{ ...candle(T0), v: -1 }])).toThrow(
      'candle 0: v -1 is not a USD volume from 0 to 100000000000000000000',
    );
  });

  it('tells in the console why a candle answer counts as no data', async () => {
    const rows = await fetchCandles('http://api.test', 'TRON', '3m', 'TRX', 'JM', {
      fetchImpl: answer([{ ...candle(T0), l: -1 }]),
    });
    expect(rows).toBeUndefined();
    expect(console.error).toHaveBeenCalledWith(
      '[api] http://api.test/v1/history/tron/candles/3m/TRX/JM unavailable:',
      'answer does not match the history contract: candle 0: l -1 is not a price from 0 to 100000000000000000000',
    );
  });

  it('refuses trades whose amounts are not exact decimals or whose hash is not a hash', () => {
    expect(parseTrades([trade(T0, hashOf(1))])).toHaveLength(1);
    expect(parseTrades([{ ...trade(T0, hashOf(1)), buyAmount: '1e21' }])).toBeUndefined();
    expect(parseTrades([{ ...trade(T0, hashOf(1)), price: 'NaN' }])).toBeUndefined();
    expect(parseTrades([{ ...trade(T0, hashOf(1)), type: 'mint' }])).toBeUndefined();
    expect(parseTrades([trade(T0, 'not-a-hash')])).toBeUndefined();
  });
});

describe('fetch and cache', () => {
  it('asks the contract url with the network in lower case and caches candles', async () => {
    const fetchImpl = answer([candle(T0)]);
    const first = await fetchCandles('http://api.test/', 'TRON', '1m', 'TRX', 'JM', { fetchImpl });
    const second = await fetchCandles('http://api.test/', 'TRON', '1m', 'TRX', 'JM', { fetchImpl });
    expect(first).toEqual([candle(T0)]);
    expect(second).toEqual(first);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0][0]).toBe('http://api.test/v1/history/tron/candles/1m/TRX/JM');
  });

  it('asks for part of a window (from/to in ms, the last N) and caches each range apart', async () => {
    const fetchImpl = answer([candle(T0)]);
    const range = { from: T0, to: T0 + 8 * HOUR, limit: 2 };
    await fetchCandles('http://api.test', 'BSC', '1y', 'BNB', 'USDT', { fetchImpl, range });
    await fetchCandles('http://api.test', 'BSC', '1y', 'BNB', 'USDT', { fetchImpl });
    await fetchLine('http://api.test', 'BSC', '1y', 'BNB', 'USDT', {
      fetchImpl,
      range: { limit: 500 },
    });
    await fetchCandles('http://api.test', 'BSC', '1y', 'BNB', 'USDT', { fetchImpl, range });
    expect(fetchImpl.mock.calls.map((c) => c[0])).toEqual([
      `http://api.test/v1/history/bsc/candles/1y/BNB/USDT?from=${T0}&to=${T0 + 8 * HOUR}&limit=2`,
      'http://api.test/v1/history/bsc/candles/1y/BNB/USDT',
      'http://api.test/v1/history/bsc/line/1y/BNB/USDT?limit=500',
    ]);
  });

  it('keeps line points 10 min and trades 1 min', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(T0);
    const line = answer([{ value: 1, dt: T0 }]);
    const trades = answer([trade(T0, hashOf(1))]);
    const read = () =>
      Promise.all([
        fetchLine('http://api.test', 'BSC', '1w', 'BNB', 'JM', { fetchImpl: line }),
        fetchTrades('http://api.test', 'BSC', '0xa', '0xb', { fetchImpl: trades, limit: 50 }),
      ]);
    await read();
    now.mockReturnValue(T0 + 61_000);
    await read();
    expect(line).toHaveBeenCalledTimes(1);
    expect(trades).toHaveBeenCalledTimes(2);
    now.mockReturnValue(T0 + 601_000);
    await read();
    expect(line).toHaveBeenCalledTimes(2);
    expect(trades.mock.calls[0][0]).toBe('http://api.test/v1/history/bsc/trades/0xa/0xb?limit=50');
  });

  it('shows bad data, error statuses and an unreachable API as no data, and asks again next time', async () => {
    expect(
      await fetchLine('http://api.test', 'POLY', '1d', 'A', 'B', {
        fetchImpl: answer({ value: 1 }),
      }),
    ).toBeUndefined();
    expect(
      await fetchTrades('http://api.test', 'POLY', '0xa', '0xb', {
        fetchImpl: answer({ error: 'Not Found', statusCode: 404 }, 404),
      }),
    ).toBeUndefined();
    const down = jest.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(await fetchAccountTrades('http://api.test', 'TRON', 'TAbc', { fetchImpl: down })).toBe(
      undefined,
    );
    const up = answer([]);
    expect(await fetchAccountTrades('http://api.test', 'TRON', 'TAbc', { fetchImpl: up })).toEqual(
      [],
    );
  });

  it('an api that takes the request and never answers is no data after 10 s; its answer counts again the next time', async () => {
    jest.useFakeTimers();
    try {
      // A hung api: the request stays open until the page gives up on it.
      const hung = jest.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          ),
      ) as unknown as jest.Mock & typeof fetch;
      const candles = fetchCandles('http://api.test', 'BSC', '3m', 'BNB', 'USDT', {
        fetchImpl: hung,
      });
      await jest.advanceTimersByTimeAsync(9_999);
      expect(hung.mock.calls[0][1].signal.aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await candles).toBeUndefined();
      expect(hung.mock.calls[0][1].signal.aborted).toBe(true);
      expect(console.error).toHaveBeenCalledWith(
        expect.stringContaining('unavailable'),
        'no answer within 10 s',
      );
      // The next refresh asks again, and the api now answers.
      const up = answer([candle(T0)]);
      expect(
        await fetchCandles('http://api.test', 'BSC', '3m', 'BNB', 'USDT', { fetchImpl: up }),
      ).toEqual([candle(T0)]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads past both caches when asked for fresh data', async () => {
    const fetchImpl = answer([]);
    await fetchTrades('http://api.test', 'TRON', 'TA', 'TB', { fetchImpl });
    await fetchTrades('http://api.test', 'TRON', 'TA', 'TB', { fetchImpl, fresh: true });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(fetchImpl.mock.calls[1][1]).toMatchObject({ cache: 'no-cache' });
  });

  it('has no data without an api url', async () => {
    const fetchImpl = answer([]);
    expect(await fetchCandles('', 'ETH', 'all', 'ETH', 'JM', { fetchImpl })).toBeUndefined();
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('earlier pages of a chart', () => {
  const H4 = 4 * HOUR;
  /** The API's candles of a 3-month window: one per 4-hour bucket up to `last`, sliced as it does. */
  const api = (last: number, buckets = 540) =>
    jest.fn(async (url: string) => {
      const q = new URL(url).searchParams;
      const to = Math.min(last, Number(q.get('to') ?? last));
      const end = to - (to % H4);
      const first = last - (buckets - 1) * H4;
      const limit = Number(q.get('limit') ?? Infinity);
      const rows = [];
      for (let dt = end; dt >= first && rows.length < limit; dt -= H4)
        rows.unshift(candle(dt, dt / H4));
      return new Response(JSON.stringify(rows));
    }) as jest.Mock & typeof fetch;
  const LAST = T0 + 90 * 6 * H4;

  it('asks for the last N first, then the candles before the first one held, and merges them without gaps or duplicates', async () => {
    const fetchImpl = api(LAST);
    const args = ['http://api.test', 'TRON', '3m', 'TRX', 'JM'] as const;
    const latest = (await fetchCandles(...args, { fetchImpl, range: { limit: 180 } }))!;
    expect(latest).toHaveLength(180);
    const older = (await fetchEarlierCandles(...args, latest[0]!.dt, { fetchImpl, count: 42 }))!;
    const rest = (await fetchEarlierCandles(...args, older[0]!.dt, { fetchImpl }))!;
    expect(fetchImpl.mock.calls.map((c) => c[0])).toEqual([
      'http://api.test/v1/history/tron/candles/3m/TRX/JM?limit=180',
      `http://api.test/v1/history/tron/candles/3m/TRX/JM?to=${latest[0]!.dt - 1}&limit=42`,
      `http://api.test/v1/history/tron/candles/3m/TRX/JM?to=${older[0]!.dt - 1}`,
    ]);
    const all = mergeByDate(rest, mergeByDate(older, latest));
    expect(all).toHaveLength(540);
    expect(all.every((c, i) => i === 0 || c.dt - all[i - 1]!.dt === H4)).toBe(true);
    expect(all[all.length - 1]!.dt).toBe(LAST);
  });

  it('refuses an earlier page that reaches the first candle held or breaks the candle checks', async () => {
    const args = ['http://api.test', 'TRON', '3m', 'TRX', 'JM', T0 + 10 * H4] as const;
    const overlapping = answer([candle(T0 + 9 * H4), candle(T0 + 10 * H4)]);
    expect(await fetchEarlierCandles(...args, { fetchImpl: overlapping })).toBeUndefined();
    clearHistoryCache();
    const broken = answer([candle(T0 + 9 * H4), { ...candle(T0 + 8 * H4), l: -1 }]);
    expect(await fetchEarlierCandles(...args, { fetchImpl: broken })).toBeUndefined();
    const line = answer([{ value: 2, dt: T0 + 9 * H4 }]);
    expect(await fetchEarlierLine(...args, { fetchImpl: line, count: 1 })).toEqual([
      { value: 2, dt: T0 + 9 * H4 },
    ]);
    expect(line.mock.calls[0][0]).toBe(
      `http://api.test/v1/history/tron/line/3m/TRX/JM?to=${T0 + 10 * H4 - 1}&limit=1`,
    );
  });

  it('merges pages in time order, each time once, the later answer winning', () => {
    const older = [candle(T0, 1), candle(T0 + H4, 2), candle(T0 + 2 * H4, 3)];
    const newer = [candle(T0 + 2 * H4, 30), candle(T0 + 3 * H4, 4)];
    expect(mergeByDate(older, newer)).toEqual([
      candle(T0, 1),
      candle(T0 + H4, 2),
      candle(T0 + 2 * H4, 30),
      candle(T0 + 3 * H4, 4),
    ]);
    expect(mergeByDate([], newer)).toBe(newer);
    expect(mergeByDate(older, [])).toBe(older);
  });
});

describe('fetchAllPages', () => {
  it('reads every page once even when trades of one block share a time', async () => {
    // 5 trades, 3 of them in the same second; pages of 3; the API compares whole seconds.
    const S = 1000;
    const all = [
      trade(T0 + 5 * S, hashOf(5)),
      trade(T0 + 4 * S, hashOf(4)),
      trade(T0 + 4 * S, hashOf(3)),
      trade(T0 + 4 * S, hashOf(2)),
      trade(T0 + 1 * S, hashOf(1)),
    ];
    const pages: (number | undefined)[] = [];
    const rows = await fetchAllPages(async (before) => {
      pages.push(before);
      const limit = before === undefined ? Infinity : Math.floor(before / S) * S;
      return all.filter((t) => t.date < limit).slice(0, 3);
    }, 3);
    expect(rows?.map((r) => r.hash)).toEqual(all.map((t) => t.hash));
    expect(pages[0]).toBeUndefined();
  });

  it('returns no data when the first page fails', async () => {
    expect(await fetchAllPages(async () => undefined, 50)).toBeUndefined();
  });
});
