import { EARLY_ANSWER_MAX_AGE_MS } from './early';
import { clearHistoryCache, fetchCandles } from './history';
import { fetchInfo } from './info';

const T0 = Date.UTC(2026, 10, 1);
const candle = (dt: number, c = 0.5) => ({ o: c, h: c, l: c, c, dt });
const INFO = {
  updatedAt: T0,
  networks: { TRON: { pairs: [], tokens: { TRX: { priceUsd: 0.1 } } } },
};
const CANDLES_URL = 'http://api.test/v1/history/tron/candles/3m/TRX/JM?limit=42';
const INFO_URL = 'http://api.test/v1/info';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const answer = (body: unknown) => jest.fn(async () => json(body)) as jest.Mock & typeof fetch;
const firstCandles = (fetchImpl: typeof fetch) =>
  fetchCandles('http://api.test', 'TRON', '3m', 'TRX', 'JM', { fetchImpl, range: { limit: 42 } });

/** What the page's head script leaves (shell/src/headStart.ts). */
function earlyAnswers(responses: Record<string, Promise<Response>>) {
  (globalThis as { __jmswapEarly?: unknown }).__jmswapEarly = { responses, started: undefined };
  return responses;
}

beforeEach(() => {
  clearHistoryCache();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(performance, 'now').mockReturnValue(1_500);
});
afterEach(() => {
  delete (globalThis as { __jmswapEarly?: unknown }).__jmswapEarly;
  jest.restoreAllMocks();
});

describe("the head script's answers", () => {
  it('the first candles of the same url come from the early answer, with no request of their own', async () => {
    const left = earlyAnswers({ [CANDLES_URL]: Promise.resolve(json([candle(T0, 2)])) });
    const fetchImpl = answer([candle(T0, 9)]);
    expect(await firstCandles(fetchImpl)).toEqual([candle(T0, 2)]);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(left).toEqual({});
  });

  it('is used once: a fresh read (a refresh) asks the api', async () => {
    earlyAnswers({ [CANDLES_URL]: Promise.resolve(json([candle(T0, 2)])) });
    const fetchImpl = answer([candle(T0, 9)]);
    await firstCandles(fetchImpl);
    const again = await fetchCandles('http://api.test', 'TRON', '3m', 'TRX', 'JM', {
      fetchImpl,
      range: { limit: 42 },
      fresh: true,
    });
    expect(again).toEqual([candle(T0, 9)]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('an early answer for another url is left alone', async () => {
    const left = earlyAnswers({
      'http://api.test/v1/history/tron/candles/3m/JM/TRX?limit=42': Promise.resolve(
        json([candle(T0, 2)]),
      ),
    });
    const fetchImpl = answer([candle(T0, 9)]);
    expect(await firstCandles(fetchImpl)).toEqual([candle(T0, 9)]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(Object.keys(left)).toHaveLength(1);
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an error status', () => Promise.resolve(json({ error: 'busy' }, 503))],
    ['an answer that breaks the contract', () => Promise.resolve(json([{ o: 'NaN' }]))],
  ])('%s falls back to one normal request, silently', async (_, early) => {
    earlyAnswers({ [CANDLES_URL]: early() });
    const fetchImpl = answer([candle(T0, 9)]);
    expect(await firstCandles(fetchImpl)).toEqual([candle(T0, 9)]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('an early answer taken later than the page start allows is not used', async () => {
    earlyAnswers({ [CANDLES_URL]: Promise.resolve(json([candle(T0, 2)])) });
    jest.spyOn(performance, 'now').mockReturnValue(EARLY_ANSWER_MAX_AGE_MS + 1);
    const fetchImpl = answer([candle(T0, 9)]);
    expect(await firstCandles(fetchImpl)).toEqual([candle(T0, 9)]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("the info of the same url comes from the early answer once, checked by the info's schema", async () => {
    earlyAnswers({ [INFO_URL]: Promise.resolve(json(INFO)) });
    const fetchImpl = answer({ ...INFO, updatedAt: T0 + 1 });
    expect((await fetchInfo('http://api.test/', { fetchImpl }))?.updatedAt).toBe(T0);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect((await fetchInfo('http://api.test/', { fetchImpl }))?.updatedAt).toBe(T0 + 1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('an early info that breaks the contract falls back to one request', async () => {
    earlyAnswers({ [INFO_URL]: Promise.resolve(json({ updatedAt: 'now' })) });
    const fetchImpl = answer(INFO);
    expect((await fetchInfo('http://api.test', { fetchImpl }))?.updatedAt).toBe(T0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

it("an early answer that never comes (a hung api) is /v1/info's failure after 10 s, not a wait without end", async () => {
  jest.useFakeTimers();
  try {
    earlyAnswers({ [INFO_URL]: new Promise<Response>(() => undefined) });
    const fetchImpl = answer(INFO);
    const info = fetchInfo('http://api.test', { fetchImpl });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(await info).toBeUndefined();
    expect(console.error).toHaveBeenCalledWith('[api] info unavailable:', 'no answer within 10 s');
    // Asked again (the next refresh), the api's own answer counts.
    expect(await fetchInfo('http://api.test', { fetchImpl })).toEqual(INFO);
  } finally {
    jest.useRealTimers();
  }
});
