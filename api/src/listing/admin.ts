/**
 * Operator routes for listing requests, for the CLI while the API holds an embedded PGlite
 * directory (one process only): the CLI cannot open the database itself, so it asks the API.
 * Served only when the API was given an admin token, and only on the API's admin listener: a
 * fastify instance of their own (`buildAdminApp`) that startApi binds to 127.0.0.1 on its own
 * port, never on the public listener (where a reverse proxy on the same host would make every
 * client look local). Clients must send `Authorization: Bearer <token>`. On PostgreSQL there is
 * no token and no admin listener: the CLI opens the database directly.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { indexerAdminRoutes } from '../indexer/admin';
import { clientReportAdminRoutes } from '../reports/admin';
import { analyticsAdminRoutes } from '../analytics/admin';
import { errorBody } from '../plugins/errors';
import {
  getListing,
  LISTING_STATUSES,
  listListings,
  setListingStatus,
  type ListingStatus,
} from './store';

export const newAdminToken = (): string => randomBytes(32).toString('hex');

/** Where a running API on PGlite leaves its admin url and token for the CLI. */
export const adminFile = (dataDir: string): string =>
  join(dirname(resolve(dataDir)), 'api-admin.json');

export interface AdminAccess {
  url: string;
  token: string;
  /** The PGlite directory the API holds (the CLI checks it is the one it was asked for). */
  dataDir: string;
}

/** Written at start-up, readable by the operator's account only. */
export function writeAdminFile(access: AdminAccess): string {
  const path = adminFile(access.dataDir);
  // A file left by a crashed API keeps its mode on rewrite: start from a new file.
  rmSync(path, { force: true });
  writeFileSync(path, `${JSON.stringify({ ...access, dataDir: resolve(access.dataDir) })}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  return path;
}

export function readAdminFile(dataDir: string): AdminAccess | undefined {
  try {
    const access = JSON.parse(readFileSync(adminFile(dataDir), 'utf8')) as AdminAccess;
    return access.dataDir === resolve(dataDir) ? access : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the file only when it is still this API's (a newer API may have replaced it). */
export function removeAdminFile(access: AdminAccess): void {
  if (readAdminFile(access.dataDir)?.token === access.token)
    rmSync(adminFile(access.dataDir), { force: true });
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  const a = (address ?? '').replace(/^::ffff:/i, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

// Hashing first gives equal lengths, so the compare takes the same time for any guess.
const digest = (text: string) => createHash('sha256').update(text).digest();
const sameToken = (given: string, token: string) => timingSafeEqual(digest(given), digest(token));

const nullable = (type: string) => ({ type: [type, 'null'] });
const rowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    network: { type: 'string' },
    contract: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string' },
    tax: { type: 'number' },
    supply: { type: 'string' },
    website: { type: 'string' },
    email: { type: 'string' },
    telegram: { type: 'string' },
    chainName: nullable('string'),
    chainSymbol: nullable('string'),
    chainDecimals: nullable('integer'),
    status: { type: 'string', enum: LISTING_STATUSES },
    note: nullable('string'),
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export interface AdminOptions {
  db: Db;
  /** Bearer token of the operator routes; without one, no route of this plugin exists. */
  adminToken?: string;
}

export const adminPlugin: FastifyPluginAsync<AdminOptions> = async (app, opts) => {
  const { db, adminToken: token } = opts;
  // On PostgreSQL the CLI opens the database itself: no token, no routes.
  if (!token) return;

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    // The listener is bound to 127.0.0.1; checked again on the socket's own address (no
    // proxy header is read here) in case it is ever bound elsewhere.
    if (!isLoopback(req.socket.remoteAddress))
      return reply.code(403).send(errorBody(403, 'Operator routes answer this machine only'));
    const auth = req.headers.authorization ?? '';
    const given = /^Bearer (\S+)$/.exec(auth)?.[1];
    if (!given || !sameToken(given, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody(401, 'Send Authorization: Bearer <the token in api-admin.json>'));
  });

  // The indexer's operator routes, behind the same token.
  await app.register(indexerAdminRoutes, { db });
  // The client reports' (npm run reports), behind the same token.
  await app.register(clientReportAdminRoutes, { db });
  // The site's analytics counts (npm run analytics), behind the same token.
  await app.register(analyticsAdminRoutes, { db });

  const notFound = (reply: FastifyReply, id: number) =>
    reply.code(404).send(errorBody(404, `No listing request ${id}.`));

  app.get<{ Querystring: { status?: ListingStatus; limit: number } }>(
    '/v1/admin/listings',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: LISTING_STATUSES },
            limit: { type: 'integer', minimum: 1, maximum: 10000, default: 100 },
          },
        },
        response: { 200: { type: 'array', items: rowSchema } },
      },
    },
    async (req) => listListings(db, req.query),
  );

  app.get<{ Params: { id: number } }>(
    '/v1/admin/listings/:id',
    { schema: { params: idParams, response: { 200: rowSchema } } },
    async (req, reply) => (await getListing(db, req.params.id)) ?? notFound(reply, req.params.id),
  );

  app.post<{ Params: { id: number }; Body: { status: ListingStatus; note?: string } }>(
    '/v1/admin/listings/:id/status',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['status'],
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: LISTING_STATUSES },
            note: { type: 'string', maxLength: 2000 },
          },
        },
        response: { 200: rowSchema },
      },
    },
    async (req, reply) =>
      (await setListingStatus(db, req.params.id, req.body.status, req.body.note)) ??
      notFound(reply, req.params.id),
  );
};
