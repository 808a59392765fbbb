/**
 * The indexer's operator routes on the admin listener (PGlite only, behind the admin token; see
 * listing/admin.ts): what `npm run reindex` uses while an api holds the PGlite directory.
 */
import type { FastifyPluginAsync } from 'fastify';
import { NETWORK_IDS } from '../config';
import type { Db } from '../db/db';
import { indexerStates, requestReindex } from './control';

const nullable = (type: string) => ({ type: [type, 'null'] });
const stateSchema = {
  type: 'object',
  properties: {
    network: { type: 'string' },
    cursor: nullable('integer'),
    halted: {
      type: ['object', 'null'],
      properties: {
        reason: { type: 'string' },
        block: nullable('integer'),
        at: { type: 'string' },
      },
    },
    reindexFrom: nullable('integer'),
    lastOutcome: nullable('string'),
  },
} as const;

export const indexerAdminRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/v1/admin/indexer',
    { schema: { response: { 200: { type: 'array', items: stateSchema } } } },
    async () => indexerStates(db),
  );

  app.post<{ Body: { network: string; from: number } }>(
    '/v1/admin/indexer/reindex',
    {
      schema: {
        body: {
          type: 'object',
          required: ['network', 'from'],
          additionalProperties: false,
          properties: {
            network: { type: 'string', enum: [...NETWORK_IDS] },
            from: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
          },
        },
      },
    },
    async (req, reply) => {
      await requestReindex(db, req.body.network, req.body.from);
      return reply.code(202).send({ network: req.body.network, from: req.body.from });
    },
  );
};
