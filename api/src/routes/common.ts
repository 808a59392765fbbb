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
