import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { displayAddress, parseNetworkAddress } from '../chain/address';
import { NETWORK_IDS } from '../config';
import { errorSchema, HttpError } from '../plugins/errors';
import { addressParam, networkOf } from './common';

export interface ApprovalsOptions {
  /** Requests per client and window (default 120 per minute). */
  rateLimit?: { max: number; timeWindow: number | string };
}

const approvalsQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['network', 'owner'],
  properties: {
    // The network's id as networks.json writes it (BSC), or lower case as in the history urls.
    network: { type: 'string', enum: [...NETWORK_IDS, ...NETWORK_IDS.map((n) => n.toLowerCase())] },
    owner: addressParam,
  },
} as const;

const approvalsAnswer = {
  type: 'object',
  required: ['approvals'],
  properties: {
    approvals: {
      type: 'array',
      items: {
        type: 'object',
        required: ['token', 'spender', 'blockNumber'],
        properties: {
          token: { type: 'string' },
          spender: { type: 'string' },
          blockNumber: { type: 'integer' },
        },
      },
    },
  },
} as const;

/**
 * `GET /v1/approvals?network&owner`: the tokens an owner approved towards the
 * exchange's routers, so the Approvals view also finds allowances given before this browser.
 * The latest Approval per token and spender, whatever its value: the view reads the amount
 * from the chain (a later transferFrom lowers an allowance without any Approval event).
 */
export const approvalsPlugin: FastifyPluginAsync<{ approvals?: ApprovalsOptions }> = async (
  app,
  opts,
) => {
  await app.register(rateLimit, {
    global: false,
    max: opts.approvals?.rateLimit?.max ?? 120,
    timeWindow: opts.approvals?.rateLimit?.timeWindow ?? '1 minute',
  });

  app.get<{ Querystring: { network: string; owner: string } }>(
    '/v1/approvals',
    {
      config: { rateLimit: {} },
      schema: {
        querystring: approvalsQuery,
        response: { 200: approvalsAnswer, '4xx': errorSchema },
      },
    },
    async (req, reply) => {
      const n = networkOf(app, req.query.network.toLowerCase());
      const owner = parseNetworkAddress(n.platform, req.query.owner);
      if (!owner)
        throw new HttpError(
          400,
          `owner must be ${n.platform === 'tron' ? 'a TRON base58 address (T...)' : '0x + 40 hex digits (EIP-55 checksum when mixed case)'} on ${n.id}`,
        );
      const { rows } = await app.db.query<{ token: string; spender: string; block: string }>(
        `SELECT DISTINCT ON (token, spender) token, spender, block_number::text AS block
         FROM approvals WHERE network = $1 AND owner = $2
         ORDER BY token, spender, block_number DESC, log_index DESC`,
        [n.id, owner],
      );
      // Revalidated every time (ETag -> 304): a revoke is seen at the next look.
      void reply.header('cache-control', 'no-cache');
      return {
        approvals: rows
          // Tokens and routers the configuration no longer lists are not the exchange's.
          .filter((r) => n.tokens.has(r.token) && n.routers.includes(r.spender))
          .map((r) => ({
            token: displayAddress(n.platform, r.token),
            spender: displayAddress(n.platform, r.spender),
            blockNumber: Number(r.block),
          })),
      };
    },
  );
};
