import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MicroCache, encodingFor } from './microcache';
import { errorSchema } from '../plugins/errors';
import { parseNetworkAddress, displayAddress } from '../chain/address';
import { formatUnits, priceOf } from '../units';
import { BUCKET_SECONDS } from '../indexer/store';
import {
  addressParam,
  cacheFor,
  netParam,
  networkOf,
  noQuery,
  pagingQuery,
  paging,
  poolOfSymbols,
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

const candleItem = {
  type: 'object',
  properties: {
    o: { type: 'number' },
    h: { type: 'number' },
    l: { type: 'number' },
    c: { type: 'number' },
    dt: { type: 'integer' },
  },
} as const;

/**
 * The 4-hour candles of the window, B in A. Buckets without a trade repeat the previous close
 * (from the first bucket with a price up to the current bucket), so the series has no holes.
 */
export function fillCandles(
  rows: Array<{ bucket: number; o: number; h: number; l: number; c: number }>,
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
      c = { o: r.o, h: r.h, l: r.l, c: r.c, dt: t * 1000 };
      i++;
    } else if (prev !== null) c = { o: prev, h: prev, l: prev, c: prev, dt: t * 1000 };
    else continue;
    prev = c.c;
    out.push(invert ? { o: 1 / c.o, h: 1 / c.l, l: 1 / c.h, c: 1 / c.c, dt: c.dt } : c);
  }
  return out;
}

export const historyRoutes: FastifyPluginAsync = async (app) => {
  const cache = new MicroCache(5000);
  /**
   * A chart answer from the cache (schema-serialised on a miss): 304 when the client holds it,
   * else the ready-compressed body its Accept-Encoding takes best. These routes opt out of
   * @fastify/compress, which would compress the same 200 KB again on every request.
   */
  const cached = async (
    key: string,
    req: FastifyRequest,
    reply: FastifyReply,
    load: () => Promise<unknown>,
  ): Promise<Buffer | FastifyReply> => {
    const hit = await cache.get(key, async () => reply.serialize(await load()) as string);
    void reply
      .header('cache-control', cacheFor(600))
      .header('etag', hit.etag)
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8');
    if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
    const encoding = encodingFor(req.headers['accept-encoding']);
    if (!encoding) return hit.identity;
    void reply.header('content-encoding', encoding);
    return hit[encoding];
  };

  const loadCandles = async (params: {
    net: string;
    time: string;
    a: string;
    b: string;
  }): Promise<Candle[]> => {
    const n = networkOf(app, params.net);
    const [pool, invert] = poolOfSymbols(n, params.a, params.b);
    const now = Math.floor(Date.now() / 1000);
    const window = WINDOWS[params.time]!;
    const since = Number.isFinite(window)
      ? Math.floor((now - window) / BUCKET_SECONDS) * BUCKET_SECONDS + BUCKET_SECONDS
      : 0;
    const { rows } = await app.db.query<{
      bucket: string;
      o: number;
      h: number;
      l: number;
      c: number;
    }>(
      `(SELECT bucket::text AS bucket, o, h, l, c FROM candles
         WHERE network = $1 AND pair = $2 AND bucket < $3 ORDER BY candles.bucket DESC LIMIT 1)
       UNION ALL
       (SELECT bucket::text, o, h, l, c FROM candles
         WHERE network = $1 AND pair = $2 AND bucket >= $3 ORDER BY candles.bucket)`,
      [n.id, pool.address, since],
    );
    const parsed = rows
      .map((r) => ({ ...r, bucket: Number(r.bucket) }))
      .sort((x, y) => x.bucket - y.bucket);
    return fillCandles(parsed, since, now, invert);
  };

  app.get<{ Params: { net: string; time: string; a: string; b: string } }>(
    '/v1/history/:net/candles/:time/:a/:b',
    {
      compress: false,
      schema: {
        params: pairParams,
        querystring: noQuery,
        response: { 200: { type: 'array', items: candleItem }, '4xx': errorSchema },
      },
    },
    async (req, reply) => {
      const { net, time, a, b } = req.params;
      return cached(`candles/${net}/${time}/${a}/${b}`, req, reply, () => loadCandles(req.params));
    },
  );

  app.get<{ Params: { net: string; time: string; a: string; b: string } }>(
    '/v1/history/:net/line/:time/:a/:b',
    {
      compress: false,
      schema: {
        params: pairParams,
        querystring: noQuery,
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
      const { net, time, a, b } = req.params;
      return cached(`line/${net}/${time}/${a}/${b}`, req, reply, async () =>
        (await loadCandles(req.params)).map((c) => ({ value: c.c, dt: c.dt })),
      );
    },
  );

  app.get<{
    Params: { net: string; addressA: string; addressB: string };
    Querystring: { limit: number; before?: number };
  }>(
    '/v1/history/:net/trades/:addressA/:addressB',
    {
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
      const ta = n.tokens.get(a);
      const tb = n.tokens.get(b);
      if (!ta || !tb) throw new HttpError(404, `Unknown token on ${n.id}`);
      const [pool, invert] = poolOfSymbols(n, ta.symbol, tb.symbol);
      const { limit, before } = paging(req.query);
      const { rows } = await app.db.query<{
        side: string;
        a: string;
        b: string;
        time: string;
        tx_hash: string;
        trader: string;
      }>(
        `SELECT side, amount_a::text AS a, amount_b::text AS b, time::text AS time, tx_hash, trader
         FROM trades WHERE network = $1 AND pair = $2 AND ($3::bigint IS NULL OR time < $3)
         ORDER BY trades.time DESC, block_number DESC, log_index DESC LIMIT $4`,
        [n.id, pool.address, before, limit],
      );
      void reply.header('cache-control', cacheFor(60));
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
    },
  );
};
