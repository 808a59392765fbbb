import type { FastifyInstance } from 'fastify';
import { NETWORK_IDS, type IndexedNetwork, type Pool } from '../config';
import { HttpError } from '../plugins/errors';

export const netParam = {
  type: 'string',
  enum: NETWORK_IDS.map((n) => n.toLowerCase()),
} as const;
export const symbolParam = { type: 'string', pattern: '^[A-Za-z0-9]{1,20}$' } as const;
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

/** The configured pool of two symbols in either order, and whether the request is inverted. */
export function poolOfSymbols(n: IndexedNetwork, a: string, b: string): [Pool, boolean] {
  for (const p of n.pools.values()) {
    if (p.symbolA === a && p.symbolB === b) return [p, false];
    if (p.symbolA === b && p.symbolB === a) return [p, true];
  }
  throw new HttpError(404, `No ${a}/${b} pool on ${n.id}`);
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
