/**
 * `GET {api}/v1/history/...`: candles, line points, a pair's trades and an account's trades.
 * Every answer is checked against the contract; one bad row (a missing field, a NaN, a huge
 * number, a non-array) refuses the whole answer, which the screens show as "no data" rather than
 * as a broken chart. Answers are cached in memory (candles and line 10 min, trades 1 min) so
 * refreshes and several charts of one pair cost one request.
 */
import * as v from 'valibot';
import type { NetworkId } from '../config/types';
import {
  CANDLES_CACHE_MS,
  CHART_BUCKET_SECONDS,
  HISTORY_CACHE_MS,
  LINE_CACHE_MS,
} from '../core/constants';
import { learnApiClock } from './apiClock';
import { freshnessAfterLanding } from './landed';
import { withinAnswerTime } from './answerTime';
import { readEarlyOr } from './early';

/** Look-back windows the API accepts. */
export const CHART_WINDOWS = ['1d', '1w', '1m', '3m', '1y', 'all'] as const;
export type ChartWindow = (typeof CHART_WINDOWS)[number];

/** One chart bucket: 4 hours. */
export const CHART_BUCKET_MS = CHART_BUCKET_SECONDS * 1000;

/**
 * Above this a price or USD figure is a bug upstream, not a market. A quote in a meme token gets
 * far: 1 BNB is a quadrillion (1e15) units of a token with a quadrillion in its pool, more of one
 * with a larger supply. From 1e21 on JavaScript writes numbers with an exponent.
 */
export const MAX_API_NUMBER = 1e20;

const price = v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_API_NUMBER));
// Year 2000 .. 2200: a date outside is a unit mistake (seconds for milliseconds) or garbage.
const MIN_MS = 946_684_800_000;
const MAX_MS = 7_258_118_400_000;
const ms = v.pipe(v.number(), v.safeInteger(), v.minValue(MIN_MS), v.maxValue(MAX_MS));
/** Exact decimal string in human units, as the API writes token amounts and trade prices. */
const decimal = v.pipe(v.string(), v.regex(/^\d{1,40}(\.\d{1,40})?$/));
const hash = v.pipe(v.string(), v.regex(/^(0x)?[0-9a-fA-F]{64}$/));
const text = v.pipe(v.string(), v.minLength(1));

/** `v`: the bucket's trades' worth in USD; absent from an older api, null when none had a price. */
export const candleSchema = v.object({
  o: price,
  h: price,
  l: price,
  c: price,
  v: v.optional(v.nullable(price)),
  dt: ms,
});
export const linePointSchema = v.object({ value: price, dt: ms });
export const tradeSchema = v.object({
  type: v.picklist(['buy', 'sell']),
  price: decimal,
  buyAmount: decimal,
  sellAmount: decimal,
  date: ms,
  hash,
  trader: text,
});
export const accountTradeSchema = v.object({
  date: ms,
  hash,
  pair: text,
  symbolIn: text,
  symbolOut: text,
  amountIn: decimal,
  amountOut: decimal,
  price: decimal,
  usd: v.nullable(price),
});

export type Candle = v.InferOutput<typeof candleSchema>;
export type LinePoint = v.InferOutput<typeof linePointSchema>;
export type Trade = v.InferOutput<typeof tradeSchema>;
export type AccountTrade = v.InferOutput<typeof accountTradeSchema>;

const byDate = <T extends { dt: number }>(rows: T[]) => [...rows].sort((x, y) => x.dt - y.dt);

const isPrice = (x: unknown): x is number => typeof x === 'number' && x >= 0 && x <= MAX_API_NUMBER;
const CONTRACT = 'answer does not match the history contract';

/**
 * The candles in time order (only their o, h, l, c, v and dt; a v that is absent or null left
 * out); throws which candle and field break the contract (`candleSchema`'s rules: an array of
 * objects whose o, h, l and c, and v when given, are numbers from 0 to MAX_API_NUMBER and whose
 * dt is a whole ms time in 2000..2200). A plain loop: valibot's
 * check of the 540 candles of a 3-month chart was about 59 ms of a phone's main thread (4x CPU)
 * inside the charts page's load.
 */
export function checkCandles(raw: unknown): Candle[] {
  if (!Array.isArray(raw)) throw new Error(`${CONTRACT}: candles: not an array`);
  const rows: Candle[] = [];
  for (let i = 0; i < raw.length; i++) {
    const row: unknown = raw[i];
    if (typeof row !== 'object' || row === null)
      throw new Error(`${CONTRACT}: candle ${i}: not an object`);
    const { o, h, l, c, v: volume, dt } = row as Record<string, unknown>;
    for (const [name, value] of [
      ['o', o],
      ['h', h],
      ['l', l],
      ['c', c],
    ] as const)
      if (!isPrice(value))
        throw new Error(
          `${CONTRACT}: candle ${i}: ${name} ${JSON.stringify(value) ?? 'missing'} is not a price from 0 to ${MAX_API_NUMBER}`,
        );
    if (!Number.isSafeInteger(dt) || (dt as number) < MIN_MS || (dt as number) > MAX_MS)
      throw new Error(
        `${CONTRACT}: candle ${i}: dt ${JSON.stringify(dt) ?? 'missing'} is not a ms time in 2000..2200`,
      );
    if (volume != null && !isPrice(volume))
      throw new Error(
        `${CONTRACT}: candle ${i}: v ${JSON.stringify(volume)} is not a USD volume from 0 to ${MAX_API_NUMBER}`,
      );
    const candle: Candle = {
      o: o as number,
      h: h as number,
      l: l as number,
      c: c as number,
      dt: dt as number,
    };
    if (volume != null) candle.v = volume as number;
    rows.push(candle);
  }
  return byDate(rows);
}

/** Parsers: the rows in time order, or undefined when the answer breaks the contract. */
export const parseCandles = (raw: unknown): Candle[] | undefined => {
  try {
    return checkCandles(raw);
  } catch {
    return undefined;
  }
};
export const parseLine = (raw: unknown): LinePoint[] | undefined => {
  const parsed = v.safeParse(v.array(linePointSchema), raw);
  return parsed.success ? byDate(parsed.output) : undefined;
};
export const parseTrades = (raw: unknown): Trade[] | undefined => {
  const parsed = v.safeParse(v.array(tradeSchema), raw);
  return parsed.success ? parsed.output : undefined;
};
export const parseAccountTrades = (raw: unknown): AccountTrade[] | undefined => {
  const parsed = v.safeParse(v.array(accountTradeSchema), raw);
  return parsed.success ? parsed.output : undefined;
};

export interface HistoryFetchOptions {
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** Skip the cache (a user's explicit reload, an export). */
  fresh?: boolean;
}

interface Entry {
  at: number;
  value: Promise<unknown>;
}
const cache = new Map<string, Entry>();

/** Forgets every cached answer (tests; a network switch does not need it: urls differ). */
export const clearHistoryCache = (): void => cache.clear();

async function getJson<T>(
  url: string,
  network: NetworkId,
  parse: (raw: unknown) => T | undefined,
  ttlMs: number,
  options: HistoryFetchOptions,
): Promise<T | undefined> {
  const now = Date.now();
  // The API's max-age is the memory's time to live: after a trade of this browser, neither copy
  // read before it has settled is used (see landed.ts).
  const landing = freshnessAfterLanding(network, ttlMs, now);
  const fresh = options.fresh || landing.revalidate;
  const hit = cache.get(url);
  if (!options.fresh && hit && now - hit.at < ttlMs && landing.keeps(hit.at))
    return hit.value as Promise<T>;
  const read = async (response: Promise<Response>) => {
    const res = await response;
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    learnApiClock(res.headers.get('date'));
    const data = parse(await res.json());
    if (data === undefined) throw new Error(CONTRACT);
    return data;
  };
  const fetchIt = (signal: AbortSignal) => () =>
    (options.fetchImpl ?? fetch)(url, {
      headers: { Accept: 'application/json' },
      signal,
      // The API lets browsers keep answers (max-age); a fresh read must get past that too.
      cache: fresh ? 'no-cache' : 'default',
    });
  // The page's head script may have asked already (the charts page's first candles): that
  // answer is read with the same checks, and a failed one asks again here.
  const value = withinAnswerTime(
    (signal) => (fresh ? read(fetchIt(signal)()) : readEarlyOr(url, read, fetchIt(signal))),
    options.signal,
  );
  cache.set(url, { at: now, value });
  try {
    return await value;
  } catch (error) {
    // A failure is never cached: the next refresh asks again.
    if (cache.get(url)?.value === value) cache.delete(url);
    if (!options.signal?.aborted)
      console.error(`[api] ${url} unavailable:`, error instanceof Error ? error.message : error);
    return undefined;
  }
}

/**
 * The part of a chart window to fetch (optional): candles whose bucket start is in [from, to]
 * (ms), then the last `limit` of them (1..20 000). The API answers a range with its own small
 * answer, so a chart asks for what it draws first and more when the user zooms out.
 */
export interface ChartRange {
  from?: number;
  to?: number;
  limit?: number;
}

/** `?from&to&limit` of a range ('' without one). */
const rangeQuery = (range?: ChartRange) => {
  const q = new URLSearchParams();
  if (range?.from !== undefined) q.set('from', String(range.from));
  if (range?.to !== undefined) q.set('to', String(range.to));
  if (range?.limit !== undefined) q.set('limit', String(range.limit));
  const text = q.toString();
  return text ? `?${text}` : '';
};

const base = (apiUrl: string, network: NetworkId) =>
  `${apiUrl.replace(/\/+$/, '')}/v1/history/${network.toLowerCase()}`;
const seg = encodeURIComponent;
const page = (limit?: number, before?: number) => {
  const q = new URLSearchParams();
  if (limit !== undefined) q.set('limit', String(limit));
  if (before !== undefined) q.set('before', String(before));
  const text = q.toString();
  return text ? `?${text}` : '';
};

/**
 * 4 h candles of the price of B in A (A per 1 B); ask (B, A) for the inverse. `range`: only part
 * of the window (see ChartRange).
 */
export function fetchCandles(
  apiUrl: string,
  network: NetworkId,
  window: ChartWindow,
  symbolA: string,
  symbolB: string,
  options: HistoryFetchOptions & { range?: ChartRange } = {},
): Promise<Candle[] | undefined> {
  if (!apiUrl) return Promise.resolve(undefined);
  const url = `${base(apiUrl, network)}/candles/${window}/${seg(symbolA)}/${seg(symbolB)}${rangeQuery(options.range)}`;
  return getJson(url, network, checkCandles, CANDLES_CACHE_MS, options);
}

/** The close of each 4 h bucket, price of B in A (`range`: only part of the window). */
export function fetchLine(
  apiUrl: string,
  network: NetworkId,
  window: ChartWindow,
  symbolA: string,
  symbolB: string,
  options: HistoryFetchOptions & { range?: ChartRange } = {},
): Promise<LinePoint[] | undefined> {
  if (!apiUrl) return Promise.resolve(undefined);
  const url = `${base(apiUrl, network)}/line/${window}/${seg(symbolA)}/${seg(symbolB)}${rangeQuery(options.range)}`;
  return getJson(url, network, parseLine, LINE_CACHE_MS, options);
}

/**
 * The range of the page before the rows held, whose first row is at `first` (ms): up to `count`
 * rows ending one bucket before it; without `count`, the rest of the window. Both numbers come
 * from the rows held, so the same zoom asks the same url (the API's and this client's caches).
 */
export const earlierRange = (first: number, count?: number): ChartRange =>
  count === undefined ? { to: first - 1 } : { to: first - 1, limit: count };

/** The rows of an earlier page when every one is before `first`; undefined otherwise. */
const before = <T extends { dt: number }>(rows: T[] | undefined, first: number) =>
  rows?.every((row) => row.dt < first) ? rows : undefined;

/** A page of a chart's rows (fetchCandles, fetchLine). */
type FetchRows<T> = (
  apiUrl: string,
  network: NetworkId,
  window: ChartWindow,
  symbolA: string,
  symbolB: string,
  options?: HistoryFetchOptions & { range?: ChartRange },
) => Promise<T[] | undefined>;

/** `fetchPage`'s rows before `first` (see fetchEarlierCandles). */
const fetchEarlier =
  <T extends { dt: number }>(fetchPage: FetchRows<T>) =>
  async (
    apiUrl: string,
    network: NetworkId,
    window: ChartWindow,
    symbolA: string,
    symbolB: string,
    first: number,
    options: HistoryFetchOptions & { count?: number } = {},
  ): Promise<T[] | undefined> => {
    const { count, ...rest } = options;
    const range = earlierRange(first, count);
    return before(
      await fetchPage(apiUrl, network, window, symbolA, symbolB, { ...rest, range }),
      first,
    );
  };

/**
 * The candles before `first` (the first candle held, ms): up to `count` of them, or the rest of
 * the window. The same checks as every answer (checkCandles), and a page that reaches `first` or
 * later breaks the contract; undefined when the page could not be read (then what is drawn stays).
 */
export const fetchEarlierCandles = fetchEarlier(fetchCandles);

/** The line's points before `first` (see fetchEarlierCandles). */
export const fetchEarlierLine = fetchEarlier(fetchLine);

/**
 * Two pages of rows in time order as one, each time once: where both hold a time, the row of
 * `later` stays (the newer answer: a refresh of the last candles). Both must be in time order.
 */
export function mergeByDate<T extends { dt: number }>(
  earlier: readonly T[],
  later: readonly T[],
): T[] {
  if (earlier.length === 0) return later as T[];
  if (later.length === 0) return earlier as T[];
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < earlier.length || j < later.length) {
    const a = earlier[i];
    const b = later[j];
    if (b === undefined || (a !== undefined && a.dt < b.dt)) out.push(earlier[i++]!);
    else {
      if (a?.dt === b.dt) i++;
      out.push(later[j++]!);
    }
  }
  return out;
}

/** A pair's trades, newest first (`before`: only trades older than this ms time). */
export function fetchTrades(
  apiUrl: string,
  network: NetworkId,
  addressA: string,
  addressB: string,
  options: HistoryFetchOptions & { limit?: number; before?: number } = {},
): Promise<Trade[] | undefined> {
  if (!apiUrl || !addressA || !addressB) return Promise.resolve(undefined);
  const url = `${base(apiUrl, network)}/trades/${seg(addressA)}/${seg(addressB)}${page(options.limit, options.before)}`;
  return getJson(url, network, parseTrades, HISTORY_CACHE_MS, options);
}

/** One wallet's trades on a network, newest first. */
export function fetchAccountTrades(
  apiUrl: string,
  network: NetworkId,
  address: string,
  options: HistoryFetchOptions & { limit?: number; before?: number } = {},
): Promise<AccountTrade[] | undefined> {
  if (!apiUrl || !address) return Promise.resolve(undefined);
  const url = `${base(apiUrl, network)}/account/${seg(address)}/trades${page(options.limit, options.before)}`;
  return getJson(url, network, parseAccountTrades, HISTORY_CACHE_MS, options);
}

/**
 * Every page of a newest-first list, up to `maxRows` (exports). Trades of one block share a
 * time and the API compares whole seconds, so the next page starts within the last second again
 * (`before` = last + 1 s) and rows are kept once by hash; only when a page brings nothing new
 * does it move past that time. Stops at a short page or at a failure (then what was read so far
 * is returned).
 */
export async function fetchAllPages<T extends { date: number; hash: string }>(
  fetchPage: (before?: number) => Promise<T[] | undefined>,
  pageSize: number,
  maxRows = 5000,
): Promise<T[] | undefined> {
  const rows = new Map<string, T>();
  let before: number | undefined;
  for (;;) {
    const batch = await fetchPage(before);
    if (batch === undefined) return rows.size ? [...rows.values()] : undefined;
    const size = rows.size;
    for (const row of batch) if (!rows.has(row.hash)) rows.set(row.hash, row);
    const last = batch[batch.length - 1];
    if (batch.length < pageSize || !last || rows.size >= maxRows)
      return [...rows.values()].slice(0, maxRows);
    if (rows.size === size && before === last.date) return [...rows.values()];
    before = rows.size > size ? last.date + 1000 : last.date;
  }
}
