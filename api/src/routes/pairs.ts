/**
 * GET /v1/pairs/{net}: every pair the network's factory created that the api indexes, the
 * configured ones first, then the others in the order they were created: paged (`offset`,
 * `limit`) and searchable (`q`: a token's symbol, name or address, any case; prefix matches
 * first). Each with its two tokens (address, symbol and name as escaped text, decimals), its
 * reserves and whether the config lists it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { IndexedNetwork, Pool } from '../config';
import type { Queryable } from '../db/db';
import { displayAddress } from '../chain/address';
import { loadPairs, loadReserves } from '../indexer/store';
import { formatUnits } from '../units';
import { errorSchema } from '../plugins/errors';
import { cacheFor, netParam, networkOf, refreshDiscovered } from './common';

export const PAIRS_MAX_LIMIT = 100;

const tokenSchema = {
  type: 'object',
  properties: {
    address: { type: 'string' },
    symbol: { type: 'string' },
    name: { type: 'string' },
    decimals: { type: 'integer' },
  },
} as const;

/** One pair as GET /v1/pairs answers it. */
export type ListedPair = Omit<PairItem, 'search'>;

interface PairItem {
  address: string;
  listed: boolean;
  tokenA: { address: string; symbol: string; name: string; decimals: number };
  tokenB: { address: string; symbol: string; name: string; decimals: number };
  reserveA: string;
  reserveB: string;
  /** Lower-case texts searched. */
  search: { symbols: string[]; names: string[]; addresses: string[] };
}

async function pairItems(db: Queryable, n: IndexedNetwork): Promise<PairItem[]> {
  const [token0, reserves, names] = await Promise.all([
    loadPairs(db, n.id),
    loadReserves(db, n.id),
    db.query<{ address: string; name: string }>(
      'SELECT address, name FROM pair_tokens WHERE network = $1',
      [n.id],
    ),
  ]);
  const nameOf = new Map(names.rows.map((r) => [r.address, r.name]));
  const items: PairItem[] = [];
  const token = (t: Pool['tokenA']) => ({
    address: displayAddress(n.platform, t.key),
    symbol: t.symbol,
    name: nameOf.get(t.key) ?? t.symbol,
    decimals: t.decimals,
  });
  for (const pool of n.pools.values()) {
    const t0 = token0.get(pool.address);
    if (!t0) continue; // not (yet) announced by the factory
    const r = reserves.get(pool.address) ?? { reserve0: 0n, reserve1: 0n };
    const aIs0 = pool.tokenA.key === t0;
    const a = token(pool.tokenA);
    const b = token(pool.tokenB);
    items.push({
      address: displayAddress(n.platform, pool.address),
      listed: !pool.discovered,
      tokenA: a,
      tokenB: b,
      reserveA: formatUnits(aIs0 ? r.reserve0 : r.reserve1, pool.tokenA.decimals),
      reserveB: formatUnits(aIs0 ? r.reserve1 : r.reserve0, pool.tokenB.decimals),
      search: {
        symbols: [a.symbol.toLowerCase(), b.symbol.toLowerCase()],
        names: [a.name.toLowerCase(), b.name.toLowerCase()],
        addresses: [a.address.toLowerCase(), b.address.toLowerCase(), pool.address.toLowerCase()],
      },
    });
  }
  // Configured pools first (the config's order), then the discovered ones (creation order).
  return items.sort((x, y) => Number(y.listed) - Number(x.listed));
}

/** How well a pair matches (lower is better), or -1. */
export function matchTier(search: PairItem['search'], query: string): number {
  if (query === '') return 0;
  if (search.symbols.includes(query)) return 0;
  if (search.symbols.some((s) => s.startsWith(query))) return 1;
  if (search.names.some((s) => s.startsWith(query))) return 2;
  if (query.length >= 3 && search.addresses.some((s) => s.startsWith(query))) return 3;
  if (search.symbols.some((s) => s.includes(query)) || search.names.some((s) => s.includes(query)))
    return 4;
  return -1;
}

const kept = new WeakMap<IndexedNetwork, { at: number; items: Promise<PairItem[]> }>();
/** The list is made again at most this often (the indexer adds pairs block by block). */
export const PAIRS_TTL_MS = 2000;

export const pairsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{
    Params: { net: string };
    Querystring: { q?: string; limit?: number; offset?: number };
  }>(
    '/v1/pairs/:net',
    {
      schema: {
        params: {
          type: 'object',
          required: ['net'],
          additionalProperties: false,
          properties: { net: netParam },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            q: { type: 'string', maxLength: 64 },
            limit: { type: 'integer', minimum: 1, maximum: PAIRS_MAX_LIMIT, default: 50 },
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['total', 'pairs'],
            properties: {
              total: { type: 'integer' },
              offset: { type: 'integer' },
              pairs: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    address: { type: 'string' },
                    listed: { type: 'boolean' },
                    tokenA: tokenSchema,
                    tokenB: tokenSchema,
                    reserveA: { type: 'string' },
                    reserveB: { type: 'string' },
                  },
                },
              },
            },
          },
          '4xx': errorSchema,
        },
      },
    },
    async (req, reply) => {
      const n = networkOf(app, req.params.net);
      await refreshDiscovered(app.db, n).catch(() => undefined);
      let entry = kept.get(n);
      if (!entry || Date.now() - entry.at > PAIRS_TTL_MS) {
        entry = { at: Date.now(), items: pairItems(app.db, n) };
        kept.set(n, entry);
        entry.items.catch(() => kept.get(n) === entry && kept.delete(n));
      }
      const items = await entry.items;
      const query = (req.query.q ?? '').trim().toLowerCase();
      const matching = items
        .map((item, order) => ({ item, order, tier: matchTier(item.search, query) }))
        .filter((m) => m.tier >= 0)
        .sort((x, y) => x.tier - y.tier || x.order - y.order);
      const offset = req.query.offset ?? 0;
      const limit = req.query.limit ?? 50;
      void reply.header('Cache-Control', cacheFor(2));
      return {
        total: matching.length,
        offset,
        pairs: matching.slice(offset, offset + limit).map(({ item }) => {
          const { search: _search, ...pair } = item;
          return pair;
        }),
      };
    },
  );
};
