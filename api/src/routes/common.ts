import type { FastifyInstance } from 'fastify';
import { NETWORK_IDS, type IndexedNetwork, type Pool } from '../config';
import { HttpError } from '../plugins/errors';
import { parseNetworkAddress } from '../chain/address';
import type { Queryable } from '../db/db';
import { refreshDiscoveredPools } from '../indexer/pairTokens';

export const netParam = {
  type: 'string',
  enum: NETWORK_IDS.map((n) => n.toLowerCase()),
} as const;
/** A configured token's symbol, or a token's address (a pair the factory created). */
export const symbolParam = { type: 'string', pattern: '^[A-Za-z0-9]{1,42}$' } as const;
/** Either format here; the route checks the network's own format. */
export const addressParam = { type: 'string', minLength: 34, maxLength: 42 } as const;
/** A route without query parameters: any parameter is refused (400) rather than ignored. */
export const noQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

export const pagingQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    before: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
  },
} as const;

/** The network of a `{net}` path parameter, or 404 when it is not indexed here. */
export function networkOf(app: FastifyInstance, net: string): IndexedNetwork {
  const n = app.networks.find((x) => x.id.toLowerCase() === net);
  if (!n) throw new HttpError(404, `Network ${net} is not indexed by this api`);
  return n;
}

/**
 * The pool of two tokens in either order, and whether the request is inverted: tokens named by
 * the config's symbols (configured pools), or by their addresses (any indexed pair, the factory's
 * pairs of tokens the config does not list included).
 */
export function poolOfSymbols(n: IndexedNetwork, a: string, b: string): [Pool, boolean] {
  const ka = parseNetworkAddress(n.platform, a);
  const kb = parseNetworkAddress(n.platform, b);
  if (ka && kb) {
    for (const p of n.pools.values()) {
      if (p.tokenA.key === ka && p.tokenB.key === kb) return [p, false];
      if (p.tokenA.key === kb && p.tokenB.key === ka) return [p, true];
    }
  } else {
    for (const p of n.pools.values()) {
      if (p.discovered) continue; // a symbol names a configured token only
      if (p.symbolA === a && p.symbolB === b) return [p, false];
      if (p.symbolA === b && p.symbolB === a) return [p, true];
    }
  }
  throw new HttpError(404, `No ${a}/${b} pool on ${n.id}`);
}

const refreshed = new WeakMap<IndexedNetwork, number>();
/** How often an api without this network's indexer reads the discovered pairs again. */
export const DISCOVERED_REFRESH_MS = 5000;

/**
 * The pairs discovered by whichever process indexes the network, read from the database at most
 * every DISCOVERED_REFRESH_MS (an api process without an indexer learns of them so, and of the
 * ones a rollback took away or gave to another token).
 */
export async function refreshDiscovered(db: Queryable, n: IndexedNetwork): Promise<void> {
  const at = refreshed.get(n) ?? 0;
  if (Date.now() - at < DISCOVERED_REFRESH_MS) return;
  refreshed.set(n, Date.now());
  await refreshDiscoveredPools(db, n);
}

export function cacheFor(seconds: number) {
  return `public, max-age=${seconds}`;
}

/**
 * limit and before as safe integers. The schema's integer coercion lets "1e309" through as
 * Infinity, so the numbers are checked once more here.
 */
/** A trades page's order and size (`$3`: the limit), newest first as the indexes hold them. */
export const NEWEST_TRADES_FIRST =
  'ORDER BY trades.time DESC, block_number DESC, log_index DESC LIMIT $3';

export function paging(q: { limit?: number; before?: number }): {
  limit: number;
  before: number | null;
} {
  const limit = q.limit ?? 50;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 200)
    throw new HttpError(400, 'querystring/limit must be an integer from 1 to 200');
  if (q.before !== undefined && (!Number.isSafeInteger(q.before) || q.before < 0))
    throw new HttpError(400, 'querystring/before must be a time in ms (a non-negative integer)');
  return { limit, before: q.before === undefined ? null : Math.floor(q.before / 1000) };
}
