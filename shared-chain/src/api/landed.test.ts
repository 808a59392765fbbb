/**
 * @jest-environment jsdom
 */
import { clearHistoryCache, fetchAccountTrades, fetchCandles } from './history';
import { fetchInfo } from './info';
import {
  freshnessAfterLanding,
  LANDED_EVENT,
  LANDED_KEY_PREFIX,
  landedAt,
  noteLanded,
  onLandedReadAgain,
  SETTLED_AFTER_LANDED_MS,
} from './landed';
import { resetUsdPricesForTests, usdPricesOf } from './usdPrices';

const T0 = Date.UTC(2026, 11, 7, 12);
const HASH = 'ab'.repeat(32);
const trade = {
  date: T0,
  hash: HASH,
  pair: 'BNB/USDT',
  symbolIn: 'BNB',
  symbolOut: 'USDT',
  amountIn: '0.5',
  amountOut: '299.9',
  price: '599.8',
  usd: 300,
};
const info = {
  updatedAt: T0,
  networks: { BSC: { pairs: [], tokens: { BNB: { priceUsd: 600 } } } },
};

/** A fetch answering `body` (jsdom has no Response): its calls' cache modes in `modes`. */
function api(body: unknown) {
  const modes: Array<RequestCache | undefined> = [];
  const fetchImpl = jest.fn(async (_url: string, init?: RequestInit) => {
    modes.push(init?.cache);
    return { ok: true, status: 200, headers: new Headers(), json: async () => body };
  }) as unknown as jest.Mock & typeof fetch;
  return { fetchImpl, modes };
}

let now: jest.SpyInstance<number>;
beforeEach(() => {
  localStorage.clear();
  clearHistoryCache();
  resetUsdPricesForTests();
  now = jest.spyOn(Date, 'now').mockReturnValue(T0);
});
afterEach(() => jest.restoreAllMocks());

describe('what is stored', () => {
  const stored = (id: string) => localStorage.getItem(`${LANDED_KEY_PREFIX}${id}`);

  it("keeps each network's last landing, for every tab", () => {
    noteLanded('BSC', T0 - 5_000);
    noteLanded('TRON', T0 - 1_000);
    noteLanded('BSC', T0);
    expect([stored('BSC'), stored('TRON'), stored('ETH')]).toEqual([
      String(T0),
      String(T0 - 1_000),
      null,
    ]);
    expect(landedAt('BSC')).toBe(T0);
    expect(landedAt('ETH')).toBeUndefined();
    // The info answer covers every network: the latest of all.
    expect(landedAt()).toBe(T0);
  });

  it.each([
    ['a word', 'soon'],
    ['JSON', JSON.stringify({ at: T0 })],
    ['a fraction', `${T0}.5`],
    ['an exponent', '1.7e12'],
    ['a time far ahead of the clock', String(T0 + 3_600_000)],
    ['a negative time', '-1'],
    ['zero', '0'],
  ])('reads %s as no landing, and a later landing still stores', (_, raw) => {
    localStorage.setItem(`${LANDED_KEY_PREFIX}BSC`, raw);
    expect(landedAt('BSC')).toBeUndefined();
    expect(landedAt()).toBeUndefined();
    expect(freshnessAfterLanding('BSC', 60_000).revalidate).toBe(false);
    noteLanded('BSC');
    expect(landedAt('BSC')).toBe(T0);
  });
});

describe('the api clients after a landing', () => {
  it("read the user's own trade at once, though the page read the list before it", async () => {
    const before = api([]);
    expect(await fetchAccountTrades('http://api.test', 'BSC', '0xme', before)).toEqual([]);
    noteLanded('BSC');
    now.mockReturnValue(T0 + 2_000);
    const after = api([trade]);
    expect(await fetchAccountTrades('http://api.test', 'BSC', '0xme', after)).toEqual([trade]);
    // Past the browser's copy too (max-age): a revalidation.
    expect(after.modes).toEqual(['no-cache']);
  });

  it('use their copies again once the landing has settled and its answers expired', async () => {
    noteLanded('BSC');
    const reads = api([trade]);
    now.mockReturnValue(T0 + 1_000);
    await fetchAccountTrades('http://api.test', 'BSC', '0xme', reads);
    // Screens asking at once share the read.
    await fetchAccountTrades('http://api.test', 'BSC', '0xme', reads);
    expect(reads.fetchImpl).toHaveBeenCalledTimes(1);
    // Read before the api may have stored the trade: not kept for the next read, 4 s on.
    now.mockReturnValue(T0 + 4_000);
    await fetchAccountTrades('http://api.test', 'BSC', '0xme', reads);
    now.mockReturnValue(T0 + SETTLED_AFTER_LANDED_MS + 1);
    await fetchAccountTrades('http://api.test', 'BSC', '0xme', reads);
    await fetchAccountTrades('http://api.test', 'BSC', '0xme', reads);
    expect(reads.fetchImpl).toHaveBeenCalledTimes(3);
    // A trade list is kept a minute: until then the browser's copy may predate the trade.
    now.mockReturnValue(T0 + SETTLED_AFTER_LANDED_MS + 60_001);
    clearHistoryCache();
    await fetchAccountTrades('http://api.test', 'BSC', '0xme', reads);
    expect(reads.modes).toEqual(['no-cache', 'no-cache', 'no-cache', 'default']);
  });

  it('revalidate candles for the ten minutes the browser keeps them', async () => {
    noteLanded('TRON');
    now.mockReturnValue(T0 + SETTLED_AFTER_LANDED_MS + 599_000);
    const reads = api([]);
    await fetchCandles('http://api.test', 'TRON', '1w', 'TRX', 'JM', reads);
    now.mockReturnValue(T0 + SETTLED_AFTER_LANDED_MS + 601_000);
    clearHistoryCache();
    await fetchCandles('http://api.test', 'TRON', '1w', 'TRX', 'JM', reads);
    expect(reads.modes).toEqual(['no-cache', 'default']);
  });

  it("leave other networks' answers alone", async () => {
    noteLanded('TRON');
    const reads = api([]);
    await fetchAccountTrades('http://api.test', 'BSC', '0xme', reads);
    await fetchAccountTrades('http://api.test', 'BSC', '0xme', reads);
    expect(reads.modes).toEqual(['default']);
  });

  it('read the figures (one answer for every network) past the browser, and the USD prices again', async () => {
    const reads = api(info);
    global.fetch = reads.fetchImpl;
    const bsc = { id: 'BSC' as const, api: { url: 'http://api.test', ownerAddress: '' } };
    expect((await usdPricesOf(bsc, T0))?.BNB).toBe(600);
    noteLanded('BSC');
    now.mockReturnValue(T0 + 1_000);
    await fetchInfo('http://api.test');
    // The prices read a second before are read again, not kept their minute.
    await usdPricesOf(bsc, T0 + 1_000);
    now.mockReturnValue(T0 + SETTLED_AFTER_LANDED_MS + 30_001);
    await fetchInfo('http://api.test');
    expect(reads.modes).toEqual(['default', 'no-cache', 'no-cache', 'default']);
  });
});

describe('reading again after a landing', () => {
  beforeEach(() => {
    now.mockRestore();
    jest.useFakeTimers({ now: T0 });
  });
  afterEach(() => jest.useRealTimers());

  it('at 4, 12, 30, 60 and 90 s (the api waits for a block to be deep enough), for a landing in this page while subscribed', () => {
    const readAgain = jest.fn();
    const stop = onLandedReadAgain('BSC', readAgain);
    noteLanded('POLY');
    // Junk told as a landing (the event is any script's) schedules nothing.
    for (const at of [Number.MAX_SAFE_INTEGER, T0 + 0.5, '1'])
      window.dispatchEvent(new CustomEvent(LANDED_EVENT, { detail: { network: 'BSC', at } }));
    jest.advanceTimersByTime(1);
    expect(readAgain).not.toHaveBeenCalled();
    noteLanded('BSC');
    jest.advanceTimersByTime(3_999);
    expect(readAgain).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(readAgain).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(26_000);
    expect(readAgain).toHaveBeenCalledTimes(3);
    jest.advanceTimersByTime(60_000);
    expect(readAgain).toHaveBeenCalledTimes(5);
    stop();
  });

  it('the reads still to come of a landing before the page opened (a trade, then the charts page)', () => {
    noteLanded('BSC', T0 - 10_000);
    const readAgain = jest.fn();
    const stop = onLandedReadAgain('BSC', readAgain);
    jest.advanceTimersByTime(2_000);
    expect(readAgain).toHaveBeenCalledTimes(1); // at 12 s
    jest.advanceTimersByTime(18_000);
    expect(readAgain).toHaveBeenCalledTimes(2); // at 30 s
    jest.advanceTimersByTime(60_000);
    expect(readAgain).toHaveBeenCalledTimes(4); // at 60 and 90 s
    jest.advanceTimersByTime(600_000);
    expect(readAgain).toHaveBeenCalledTimes(4);
    stop();
  });

  it("for another tab's landing, once, and not after the unsubscribe", () => {
    const readAgain = jest.fn();
    const stop = onLandedReadAgain('BSC', readAgain);
    const key = `${LANDED_KEY_PREFIX}BSC`;
    localStorage.setItem(key, String(T0));
    const told = () => window.dispatchEvent(new StorageEvent('storage', { key, newValue: '' }));
    told();
    told(); // the same landing told again
    jest.advanceTimersByTime(90_000);
    expect(readAgain).toHaveBeenCalledTimes(5);
    noteLanded('BSC');
    stop();
    jest.advanceTimersByTime(90_000);
    expect(readAgain).toHaveBeenCalledTimes(5);
  });
});
