import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../db/db';
import type { IndexedNetwork } from '../config';
import { displayAddress } from '../chain/address';
import { loadPairs, loadReserves } from '../indexer/store';
import { UsdPricer } from '../indexer/usd';
import { formatUnits, toFloat } from '../units';
import { cacheFor, noQuery } from './common';

/** The liquidity providers' share of every trade (0.25% of the 0.30% fee). */
export const LP_FEE = 0.0025;
/** JM's fixed supply base, whole tokens. */
export const JM_SUPPLY_BASE = 100_000_000_000n;

const num = (v: number | null) => (v === null || !Number.isFinite(v) ? null : v);

export async function networkInfo(db: Queryable, n: IndexedNetwork, nowS: number) {
  const token0 = await loadPairs(db, n.id);
  const reserves = await loadReserves(db, n.id);
  const pricer = new UsdPricer(n, token0, reserves);
  const { rows: day } = await db.query<{
    pair: string;
    usd: number | null;
    trades: string;
    unpriced: string;
  }>(
    // Per pair through trades_pair_time: a range scan of the last day, not a scan of all trades.
    `SELECT p.address AS pair, d.usd, d.trades, d.unpriced FROM pairs p
     CROSS JOIN LATERAL (SELECT sum(usd) AS usd, count(*)::text AS trades,
       count(*) FILTER (WHERE usd IS NULL)::text AS unpriced
       FROM trades WHERE network = p.network AND pair = p.address AND time > $2) d
     WHERE p.network = $1`,
    [n.id, nowS - 86400],
  );
  const dayBy = new Map(day.map((r) => [r.pair, r]));
  const tokens: Record<string, { priceUsd: number | null }> = {};
  for (const t of n.tokensBySymbol.values())
    tokens[t.symbol] = { priceUsd: num(pricer.priceUsd(t.symbol)) };

  const pairs = [];
  for (const pool of n.pools.values()) {
    // The factory's other pairs are listed by GET /v1/pairs (paged): /v1/info stays the size of
    // the config, whatever anyone creates.
    if (pool.discovered) continue;
    const t0 = token0.get(pool.address);
    if (!t0) continue; // not (yet) announced by the factory
    const r = reserves.get(pool.address) ?? { reserve0: 0n, reserve1: 0n };
    const aIs0 = pool.tokenA.key === t0;
    const ra = aIs0 ? r.reserve0 : r.reserve1;
    const rb = aIs0 ? r.reserve1 : r.reserve0;
    // Priced by a configured token only: a discovered token's symbol may copy a listed one's.
    const pa = n.tokens.has(pool.tokenA.key) ? (tokens[pool.symbolA]?.priceUsd ?? null) : null;
    const pb = n.tokens.has(pool.tokenB.key) ? (tokens[pool.symbolB]?.priceUsd ?? null) : null;
    const fa = toFloat(ra, pool.tokenA.decimals);
    const fb = toFloat(rb, pool.tokenB.decimals);
    const liquidityUsd =
      pa !== null && pb !== null
        ? fa * pa + fb * pb
        : pa !== null
          ? 2 * fa * pa
          : pb !== null
            ? 2 * fb * pb
            : null;
    const d = dayBy.get(pool.address);
    const trades24H = d ? Number(d.trades) : 0;
    const priced = pa !== null || pb !== null;
    const volume24HUsd = !priced
      ? null
      : d && Number(d.unpriced) === trades24H
        ? trades24H
          ? null
          : 0
        : Number(d?.usd ?? 0);
    const fees24HUsd = volume24HUsd === null ? null : volume24HUsd * LP_FEE;
    const aprPercent =
      fees24HUsd === null || !liquidityUsd ? null : (fees24HUsd * 365 * 100) / liquidityUsd;
    pairs.push({
      address: displayAddress(n.platform, pool.address),
      symbolA: pool.symbolA,
      symbolB: pool.symbolB,
      tokenA: displayAddress(n.platform, pool.tokenA.key),
      tokenB: displayAddress(n.platform, pool.tokenB.key),
      decimalsA: pool.tokenA.decimals,
      decimalsB: pool.tokenB.decimals,
      reserveA: formatUnits(ra, pool.tokenA.decimals),
      reserveB: formatUnits(rb, pool.tokenB.decimals),
      price: fb > 0 ? fa / fb : 0,
      volume24HUsd: num(volume24HUsd),
      liquidityUsd: num(liquidityUsd),
      fees24HUsd: num(fees24HUsd),
      aprPercent: num(aprPercent),
      trades24H,
    });
  }

  let jm;
  const jmToken = n.tokensBySymbol.get('JM');
  if (jmToken) {
    const { rows } = await db.query<{ burned: string; total: string }>(
      `SELECT burned::text AS burned, total_supply::text AS total FROM token_stats
       WHERE network = $1 AND symbol = 'JM'`,
      [n.id],
    );
    const s = rows[0];
    if (s) {
      const unit = 10n ** BigInt(jmToken.decimals);
      const burned = BigInt(s.burned);
      const supply = JM_SUPPLY_BASE * unit - burned;
      const circulating = BigInt(s.total) - burned;
      const priceUsd = tokens.JM?.priceUsd ?? null;
      jm = {
        burned: formatUnits(burned, jmToken.decimals),
        supply: formatUnits(supply, jmToken.decimals),
        circulatingSupply: formatUnits(circulating < 0n ? 0n : circulating, jmToken.decimals),
        priceUsd,
        marketcapUsd: priceUsd === null ? null : num(toFloat(supply, jmToken.decimals) * priceUsd),
      };
    }
  }
  return { pairs, tokens, ...(jm ? { jm } : {}) };
}

const nullableNumber = { type: ['number', 'null'] } as const;

/** Pool, token and JM figures of every network. */
export const infoRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v1/info',
    {
      schema: {
        querystring: noQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              updatedAt: { type: 'integer' },
              networks: {
                type: 'object',
                additionalProperties: {
                  type: 'object',
                  properties: {
                    pairs: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          address: { type: 'string' },
                          symbolA: { type: 'string' },
                          tokenA: { type: 'string' },
                          tokenB: { type: 'string' },
                          decimalsA: { type: 'integer' },
                          decimalsB: { type: 'integer' },
                          symbolB: { type: 'string' },
                          reserveA: { type: 'string' },
                          reserveB: { type: 'string' },
                          price: { type: 'number' },
                          volume24HUsd: nullableNumber,
                          liquidityUsd: nullableNumber,
                          fees24HUsd: nullableNumber,
                          aprPercent: nullableNumber,
                          trades24H: { type: 'integer' },
                        },
                      },
                    },
                    tokens: {
                      type: 'object',
                      additionalProperties: {
                        type: 'object',
                        properties: { priceUsd: nullableNumber },
                      },
                    },
                    jm: {
                      type: 'object',
                      properties: {
                        burned: { type: 'string' },
                        supply: { type: 'string' },
                        circulatingSupply: { type: 'string' },
                        priceUsd: nullableNumber,
                        marketcapUsd: nullableNumber,
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (_req, reply) => {
      const nowS = Math.floor(Date.now() / 1000);
      const networks: Record<string, unknown> = {};
      for (const n of app.networks) networks[n.id] = await networkInfo(app.db, n, nowS);
      void reply.header('cache-control', cacheFor(30));
      return { updatedAt: nowS * 1000, networks };
    },
  );
};
