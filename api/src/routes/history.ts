import type { FastifyPluginAsync } from 'fastify';
import type { AnswerCacheOptions } from './microcache';
import { cachedAnswers } from './answers';
import { errorSchema } from '../plugins/errors';
import { parseNetworkAddress, displayAddress } from '../chain/address';
import { formatUnits, priceOf } from '../units';
import { BUCKET_SECONDS } from '../indexer/store';
import {
  addressParam,
  netParam,
  networkOf,
  NEWEST_TRADES_FIRST,
  pagingQuery,
  paging,
  poolOfSymbols,
  refreshDiscovered,
  symbolParam,
} from './common';
import { HttpError } from '../plugins/errors';

/** Look-back windows of `{time}`, in seconds (`all`: everything). */
export const WINDOWS: Record<string, number> = {
  '1d': 86400,
  '1w': 7 * 86400,
  '1m': 30 * 86400,
  '3m': 90 * 86400,
  '1y': 365 * 86400,
  all: Number.POSITIVE_INFINITY,
};

interface Candle {
  o: number;
  h: number;
  l: number;
  c: number;
  /** The bucket's trades' worth in US dollars; null when none of them had a price. */
  v: number | null;
  dt: number;
}

const pairParams = {
  type: 'object',
  required: ['net', 'time', 'a', 'b'],
  properties: {
    net: netParam,
    time: { type: 'string', enum: Object.keys(WINDOWS) },
    a: symbolParam,
    b: symbolParam,
  },
} as const;

const PAIR_COLUMNS = `SELECT side, amount_a::text AS a, amount_b::text AS b, time::text AS time,
  tx_hash, trader FROM trades WHERE network = $1 AND pair = $2`;
/** A pair's trades page, first or before a time: prepared statements, as a wallet's pages. */
const PAIR_PAGE = `${PAIR_COLUMNS} ${NEWEST_TRADES_FIRST}`;
const PAIR_PAGE_BEFORE = `${PAIR_COLUMNS} AND time < $4 ${NEWEST_TRADES_FIRST}`;

/** Candles asked for at most (`limit`): a few years of 4-hour buckets. */
export const MAX_CANDLES = 20_000;

/**
 * The part of the window a chart asks for: candles whose `dt` is in [from, to] (ms), then the
 * last `limit` of them. The charts page asks for what it draws first, and more on zoom out.
 */
const rangeQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    to: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    limit: { type: 'integer', minimum: 1, maximum: MAX_CANDLES },
  },
} as const;

export interface CandleRange {
  from?: number;
  to?: number;
  limit?: number;
}

/**
 * The range as safe integers, from <= to. The schema's integer coercion lets "1e309" through as
 * Infinity, so the numbers are checked once more here.
 */
export function candleRange(q: CandleRange): CandleRange {
  for (const k of ['from', 'to', 'limit'] as const) {
    const v = q[k];
    if (v !== undefined && (!Number.isSafeInteger(v) || v < (k === 'limit' ? 1 : 0)))
      throw new HttpError(
        400,
        k === 'limit'
          ? `querystring/limit must be an integer from 1 to ${MAX_CANDLES}`
          : `querystring/${k} must be a time in ms (a non-negative integer)`,
      );
  }
  if (q.from !== undefined && q.to !== undefined && q.from > q.to)
    throw new HttpError(400, 'querystring/from must not be after querystring/to');
  return q;
}

/** The candles of a series inside a range (the series is ascending by dt). */
export function sliceCandles<T extends { dt: number }>(series: T[], r: CandleRange): T[] {
  let lo = 0;
  let hi = series.length;
  if (r.from !== undefined) while (lo < hi && series[lo]!.dt < r.from) lo++;
  if (r.to !== undefined) while (hi > lo && series[hi - 1]!.dt > r.to) hi--;
  if (r.limit !== undefined) lo = Math.max(lo, hi - r.limit);
  return lo === 0 && hi === series.length ? series : series.slice(lo, hi);
}

const candleItem = {
  type: 'object',
  properties: {
    o: { type: 'number' },
    h: { type: 'number' },
    l: { type: 'number' },
    c: { type: 'number' },
    v: { type: ['number', 'null'] },
    dt: { type: 'integer' },
  },
} as const;

/**
 * The 4-hour candles of the window, B in A. Buckets without a trade repeat the previous close
 * with no volume (from the first bucket with a price up to the current bucket), so the series has
 * no holes.
 * A candle opens at the previous candle's close, not at its first trade: between two trades a
 * pool's price does not move, so a thin market draws one line of bodies rather than scattered
 * dashes (Uniswap's info site opens each candle at the pool's price when it starts). The stored
 * candles keep their first trade's price.
 */
export function fillCandles(
  rows: Array<{ bucket: number; o: number; h: number; l: number; c: number; v: number | null }>,
  since: number,
  now: number,
  invert: boolean,
): Candle[] {
  const out: Candle[] = [];
  const end = Math.floor(now / BUCKET_SECONDS) * BUCKET_SECONDS;
  let i = 0;
  let prev: number | null = null;
  // A candle before the window only seeds the first close.
  while (i < rows.length && rows[i]!.bucket < since) prev = rows[i++]!.c;
  let t = prev !== null ? since : (rows[i]?.bucket ?? end + 1);
  for (; t <= end; t += BUCKET_SECONDS) {
    const r = rows[i];
    let c: Candle;
    if (r && r.bucket === t) {
      const o = prev ?? r.o;
      c = { o, h: Math.max(r.h, o), l: Math.min(r.l, o), c: r.c, v: r.v, dt: t * 1000 };
      i++;
    } else if (prev !== null) c = { o: prev, h: prev, l: prev, c: prev, v: 0, dt: t * 1000 };
    else continue;
    prev = c.c;
    out.push(invert ? { o: 1 / c.o, h: 1 / c.l, l: 1 / c.h, c: 1 / c.c, v: c.v, dt: c.dt } : c);
  }
  return out;
}

export const historyRoutes: FastifyPluginAsync<{ answerCache?: AnswerCacheOptions }> = async (
  app,
  opts,
) => {
  // Pairs another process discovered (the factory's pairs the config does not list).
  app.addHook('preHandler', async (req) => {
    const net = (req.params as { net?: string } | undefined)?.net;
    const n = net ? app.networks.find((x) => x.id.toLowerCase() === net) : undefined;
    if (n) await refreshDiscovered(app.db, n).catch(() => undefined);
  });
  const cached = cachedAnswers(app, opts.answerCache);

  /** The cache key and tag of a chart request (the pool's address: what the indexer names). */
  const chartKey = (
    kind: string,
    p: { net: string; time: string; a: string; b: string },
    q: CandleRange,
  ): [string, string] => {
    const n = networkOf(app, p.net);
    const [pool] = poolOfSymbols(n, p.a, p.b);
    return [
      `${kind}/${p.net}/${p.time}/${p.a}/${p.b}?${q.from ?? ''}&${q.to ?? ''}&${q.limit ?? ''}`,
      `${n.id}/${pool.address}`,
    ];
  };

  /**
   * The window's candles inside the range. Only the buckets the range can show are read (plus
   * the candle before them, whose close fills the first empty buckets): the series has one
   * candle per bucket from its first trade on, so the last `limit` candles are the last `limit`
   * buckets. A year's chart of 2 190 candles asked for its last 300 reads about 300 rows.
   */
  const loadCandles = async (
    params: { net: string; time: string; a: string; b: string },
    range: CandleRange,
  ): Promise<Candle[]> => {
    const n = networkOf(app, params.net);
    const [pool, invert] = poolOfSymbols(n, params.a, params.b);
    let now = Math.floor(Date.now() / 1000);
    if (range.to !== undefined) now = Math.min(now, Math.floor(range.to / 1000));
    const window = WINDOWS[params.time]!;
    let since = Number.isFinite(window)
      ? Math.floor((Date.now() / 1000 - window) / BUCKET_SECONDS) * BUCKET_SECONDS + BUCKET_SECONDS
      : 0;
    if (range.from !== undefined)
      since = Math.max(since, Math.ceil(range.from / 1000 / BUCKET_SECONDS) * BUCKET_SECONDS);
    if (range.limit !== undefined)
      since = Math.max(
        since,
        (Math.floor(now / BUCKET_SECONDS) - range.limit + 1) * BUCKET_SECONDS,
      );
    const end = Math.floor(now / BUCKET_SECONDS) * BUCKET_SECONDS;
    if (since > end) return [];
    const { rows } = await app.db.query<{
      bucket: string;
      o: number;
      h: number;
      l: number;
      c: number;
      v: number | null;
    }>(
      `(SELECT bucket::text AS bucket, o, h, l, c, volume_usd AS v FROM candles
         WHERE network = $1 AND pair = $2 AND bucket < $3 ORDER BY candles.bucket DESC LIMIT 1)
       UNION ALL
       (SELECT bucket::text, o, h, l, c, volume_usd FROM candles
         WHERE network = $1 AND pair = $2 AND bucket >= $3 AND bucket <= $4
         ORDER BY candles.bucket)`,
      [n.id, pool.address, since, end],
    );
    const parsed = rows
      .map((r) => ({ ...r, bucket: Number(r.bucket) }))
      .sort((x, y) => x.bucket - y.bucket);
    return fillCandles(parsed, since, now, invert);
  };

  app.get<{
    Params: { net: string; time: string; a: string; b: string };
    Querystring: CandleRange;
  }>(
    '/v1/history/:net/candles/:time/:a/:b',
    {
      compress: false,
      schema: {
        params: pairParams,
        querystring: rangeQuery,
        response: { 200: { type: 'array', items: candleItem }, '4xx': errorSchema },
      },
    },
    async (req, reply) => {
      const range = candleRange(req.query);
      const [key, tag] = chartKey('candles', req.params, range);
      return cached(key, tag, req, reply, 600, async () =>
        sliceCandles(await loadCandles(req.params, range), range),
      );
    },
  );

  app.get<{
    Params: { net: string; time: string; a: string; b: string };
    Querystring: CandleRange;
  }>(
    '/v1/history/:net/line/:time/:a/:b',
    {
      compress: false,
      schema: {
        params: pairParams,
        querystring: rangeQuery,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: { value: { type: 'number' }, dt: { type: 'integer' } },
            },
          },
          '4xx': errorSchema,
        },
      },
    },
    async (req, reply) => {
      const range = candleRange(req.query);
      const [key, tag] = chartKey('line', req.params, range);
      return cached(key, tag, req, reply, 600, async () =>
        sliceCandles(await loadCandles(req.params, range), range).map((c) => ({
          value: c.c,
          dt: c.dt,
        })),
      );
    },
  );

  app.get<{
    Params: { net: string; addressA: string; addressB: string };
    Querystring: { limit: number; before?: number };
  }>(
    '/v1/history/:net/trades/:addressA/:addressB',
    {
      compress: false,
      schema: {
        params: {
          type: 'object',
          required: ['net', 'addressA', 'addressB'],
          properties: { net: netParam, addressA: addressParam, addressB: addressParam },
        },
        querystring: pagingQuery,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                type: { type: 'string' },
                price: { type: 'string' },
                buyAmount: { type: 'string' },
                sellAmount: { type: 'string' },
                date: { type: 'integer' },
                hash: { type: 'string' },
                trader: { type: 'string' },
              },
            },
          },
          '4xx': errorSchema,
        },
      },
    },
    async (req, reply) => {
      const n = networkOf(app, req.params.net);
      const a = parseNetworkAddress(n.platform, req.params.addressA);
      const b = parseNetworkAddress(n.platform, req.params.addressB);
      if (!a || !b)
        throw new HttpError(
          400,
          `Token addresses must be ${n.platform === 'tron' ? 'TRON base58 (T...)' : '0x + 40 hex digits (EIP-55 checksum when mixed case)'} on ${n.id}`,
        );
      // The addresses as written: poolOfSymbols reads each network's own format.
      const [pool, invert] = poolOfSymbols(n, req.params.addressA, req.params.addressB);
      const { limit, before } = paging(req.query);
      const key = `trades/${n.id}/${pool.address}/${invert}?${limit}&${before ?? ''}`;
      return cached(key, `${n.id}/${pool.address}`, req, reply, 60, async () => {
        const { rows } = await app.db.query<{
          side: string;
          a: string;
          b: string;
          time: string;
          tx_hash: string;
          trader: string;
        }>(
          before === null ? PAIR_PAGE : PAIR_PAGE_BEFORE,
          before === null ? [n.id, pool.address, limit] : [n.id, pool.address, limit, before],
          before === null ? 'pair-page' : 'pair-page-before',
        );
        // Requested A/B may be the pool's B/A: then the trader who received the pool's B
        // received the requested A.
        const [da, db] = [pool.tokenA.decimals, pool.tokenB.decimals];
        return rows.map((r) => {
          const amountA = BigInt(r.a);
          const amountB = BigInt(r.b);
          const receivedPoolB = r.side === 'buy';
          const receivedReqB = invert ? !receivedPoolB : receivedPoolB;
          const [reqA, reqB, decA, decB] = invert
            ? [amountB, amountA, db, da]
            : [amountA, amountB, da, db];
          return {
            type: receivedReqB ? 'buy' : 'sell',
            price: priceOf(reqA, decA, reqB, decB),
            buyAmount: receivedReqB ? formatUnits(reqB, decB) : formatUnits(reqA, decA),
            sellAmount: receivedReqB ? formatUnits(reqA, decA) : formatUnits(reqB, decB),
            date: Number(r.time) * 1000,
            hash: r.tx_hash,
            trader: displayAddress(n.platform, r.trader),
          };
        });
      });
    },
  );
};
