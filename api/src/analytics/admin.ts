/**
 * `GET /v1/admin/analytics?days` on the admin listener (PGlite only, behind the admin token; see
 * listing/admin.ts): what `npm run analytics` reads while an api holds the PGlite directory.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/db';
import { eventSummary } from './store';

/** The longest window: a year and a day. */
export const MAX_SINCE_DAYS = 366;

export const analyticsAdminRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Querystring: { days: number } }>(
    '/v1/admin/analytics',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            days: { type: 'integer', minimum: 1, maximum: MAX_SINCE_DAYS, default: 7 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              counts: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    event: { type: 'string' },
                    network: { type: 'string' },
                    count: { type: 'integer' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (req) => ({ counts: await eventSummary(db, req.query.days) }),
  );
};
