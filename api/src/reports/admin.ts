/**
 * `GET /v1/admin/client-reports?since&kind&remote&limit` on the admin listener (PGlite only,
 * behind the admin token; see listing/admin.ts): what `npm run reports` reads while an api holds
 * the PGlite directory.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/db';
import { REPORT_KINDS, REPORT_REMOTES, type ReportKind, type ReportRemote } from './report';
import { reportGroups } from './store';

/** The longest window asked for: a year, in seconds. */
export const MAX_SINCE_SECONDS = 366 * 86_400;

const nullable = (type: string) => ({ type: [type, 'null'] });
export const groupSchema = {
  type: 'object',
  properties: {
    kind: { type: 'string' },
    remote: nullable('string'),
    version: nullable('string'),
    cause: { type: 'string' },
    count: { type: 'integer' },
    firstSeen: { type: 'string' },
    lastSeen: { type: 'string' },
  },
} as const;

export const clientReportAdminRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{
    Querystring: { since: number; kind?: ReportKind; remote?: ReportRemote; limit: number };
  }>(
    '/v1/admin/client-reports',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            since: { type: 'integer', minimum: 1, maximum: MAX_SINCE_SECONDS, default: 86_400 },
            kind: { type: 'string', enum: REPORT_KINDS },
            remote: { type: 'string', enum: REPORT_REMOTES },
            limit: { type: 'integer', minimum: 1, maximum: 10_000, default: 100 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              groups: { type: 'array', items: groupSchema },
              more: { type: 'boolean' },
            },
          },
        },
      },
    },
    async (req) =>
      reportGroups(db, {
        sinceSeconds: req.query.since,
        kind: req.query.kind,
        remote: req.query.remote,
        limit: req.query.limit,
      }),
  );
};
