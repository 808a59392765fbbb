import {
  clearHistoryCache,
  fetchAccountTrades,
  fetchAllPages,
  fetchCandles,
  fetchLine,
  fetchTrades,
  candleSchema,
  checkCandles,
  parseCandles,
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
      'answer does not match the history contract: candle 1: h "NaN" is not a price from 0 to 1000000000000000',
    );
    expect(() => checkCandles([{ o: 1, h: 1, l: 1, c: 1 }])).toThrow(
      'candle 0: dt missing is not a ms time in 2000..2200',
    );
    expect(() => checkCandles({ rows: [] })).toThrow('candles: not an array');
  });

  it('keeps only the contract fields of a candle', () => {
    expect(checkCandles([{ ...candle(T0), extra: 'x' }])).toEqual([candle(T0)]);
  });

  it('tells in the console why a candle answer counts as no data', async () => {
    const rows = await fetchCandles('http://api.test', 'TRON', '3m', 'TRX', 'JM', {
      fetchImpl: answer([{ ...candle(T0), l: -1 }]),
    });
    expect(rows).toBeUndefined();
    expect(console.error).toHaveBeenCalledWith(
      '[api] http://api.test/v1/history/tron/candles/3m/TRX/JM unavailable:',
      'answer does not match the history contract: candle 0: l -1 is not a price from 0 to 1000000000000000',
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
